"""The Ninja with rigged dice: every ability of his board and of his upgrade cards
(the alternate abilities they add), his defence with its re-roll, his three tokens
(Delayed Poison at the end of its holder's turn, Ninjutsu, Smoke Bomb) and his cards."""

from __future__ import annotations

import pytest

from engines.core import IllegalActionError, RiggedDice, Seat, SeededDice
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import DamageKind
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import (
    act,
    defend,
    keys,
    replace,
    start,
    through_first_roll,
    with_player,
)
from tests.engines.dicethrone.helpers import announce as _announce
from tests.engines.dicethrone.helpers import pass_windows as _pass_windows

UPGRADES = {
    "kuji_kiri": {"smoke_screen": "smoke_screen_2"},
    "tip_of_the_blade": {"walk_the_line": "walk_the_line_2"},
    "misdirect": {"shadow_fang": "shadow_fang_2"},
    "jugulate": {"shadewalk": "shadewalk_2"},
}


def _ninja(foe: str = "barbarian", **changes: object) -> State:
    state = start("ninja", foe)
    return with_player(state, 0, **changes) if changes else state


def _attack(ledger_state: State) -> tuple[int, DamageKind]:
    (inc,) = [i for i in ledger_state.ledger if i.attack]
    return inc.amount, inc.kind


# -- the board ------------------------------------------------------------------------


@pytest.mark.parametrize(("dice", "damage"), [((1, 1, 2, 4, 6), 5), ((1, 2, 3, 1, 6), 6)])
def test_slash_deals_5_6_7_by_ninjato(dice: tuple[int, ...], damage: int) -> None:
    state = _announce(_ninja(), dice, "slash")
    assert _attack(state) == (damage, DamageKind.NORMAL) and state.step is Step.DEFENSE
    five = _announce(_ninja(), (1, 2, 3, 1, 2), "slash")
    assert _attack(five)[0] == 7


def test_slash_ii_gains_ninjutsu_on_three_of_a_kind_only() -> None:
    upgraded = {"upgrades": {"slash": "slash_2"}, "board": ("slash_2",)}
    state = _announce(_ninja(**upgraded), (2, 2, 2, 4, 6), "slash")
    assert _attack(state)[0] == 4 and state.players[0].statuses == {"ninjutsu": 1}
    mixed = _announce(_ninja(**upgraded), (1, 2, 3, 4, 6), "slash")
    assert _attack(mixed)[0] == 4 and mixed.players[0].statuses == {}


def test_death_blossom_counts_its_own_five_dice_and_a_mask_makes_it_undefendable() -> None:
    state = _announce(_ninja(), (1, 2, 3, 4, 5), "death_blossom", 1, 1, 4, 5, 6)
    # 2 ninjato x1 + 2 shuriken x2 = 6; the mask: undefendable, so no defence (6.2).
    assert _attack(state) == (6, DamageKind.UNDEFENDABLE) and state.step is Step.FINAL
    plain = _announce(_ninja(), (1, 2, 3, 4, 5), "death_blossom", 1, 2, 4, 5, 5)
    assert _attack(plain) == (8, DamageKind.NORMAL) and plain.step is Step.DEFENSE


def test_death_blossom_ii_re_rolls_up_to_two_dice_each_once() -> None:
    upgraded = {"upgrades": {"death_blossom": "death_blossom_2"}, "board": ("death_blossom_2",)}
    state = _announce(_ninja(**upgraded), (1, 2, 3, 4, 5), "death_blossom", 1, 1, 1, 6, 2)
    labels = [o.text["en-US"] for o in state.choice.options]
    assert labels[0] == "Keep the dice" and labels[4] == "Re-roll die 4 (shows 6)"
    state, events = act(state, 0, a.Choose(2), 6)  # die 1: 1 -> 6
    assert "die_rerolled" in keys(events)
    # Die 1 is not offered again; one more re-roll left.
    assert [o.text["en-US"][:13] for o in state.choice.options[1:]] == [
        "Re-roll die 2",
        "Re-roll die 3",
        "Re-roll die 4",
        "Re-roll die 5",
    ]
    state, _ = act(state, 0, a.Choose(1))  # keep (6, 1, 1, 6, 2)
    # 3 ninjato + 0 shuriken = 3, undefendable; two masks inflict Delayed Poison.
    assert _attack(state) == (3, DamageKind.UNDEFENDABLE)
    assert state.players[1].statuses == {"delayed_poison": 1}


def test_smoke_screen_gives_tokens_to_a_chosen_player_and_poisons_an_opponent() -> None:
    state = _announce(_ninja(), (1, 4, 5, 6, 2), "smoke_screen")
    decision = ENGINE.pending(state)[0]
    assert decision.kinds == ("choose",) and decision.prompt.key.endswith("choose_player")
    assert [o.text["en-US"] for o in state.choice.options] == ["1. Alice", "2. Bruno"]
    mine, _ = act(state, 0, a.Choose(1))
    assert mine.players[0].statuses == {"smoke_bomb": 1, "ninjutsu": 2}
    assert mine.players[1].statuses == {"delayed_poison": 1} and not mine.ledger
    theirs, _ = act(state, 0, a.Choose(2))
    assert theirs.players[1].statuses == {"smoke_bomb": 1, "ninjutsu": 2, "delayed_poison": 1}


def test_smoke_screen_ii_gives_three_ninjutsu() -> None:
    upgraded = {"upgrades": {"smoke_screen": "smoke_screen_2"}, "board": ("smoke_screen_2",)}
    state = _announce(_ninja(**upgraded), (1, 4, 5, 6, 2), "smoke_screen")
    state, _ = act(state, 0, a.Choose(1))
    assert state.players[0].statuses == {"smoke_bomb": 1, "ninjutsu": 3}


@pytest.mark.parametrize(
    ("rolled", "damage", "kind"), [((2, 3), 5, "undefendable"), ((4, 5), 9, "normal")]
)
def test_walk_the_line_deals_the_sum_undefendable_at_6_or_less(
    rolled: tuple[int, int], damage: int, kind: str
) -> None:
    state = _announce(_ninja(), (4, 4, 5, 5, 1), "walk_the_line", *rolled)
    assert _attack(state) == (damage, DamageKind(kind))


def test_walk_the_line_ii_may_re_roll_one_of_its_dice() -> None:
    upgraded = {"upgrades": {"walk_the_line": "walk_the_line_2"}, "board": ("walk_the_line_2",)}
    state = _announce(_ninja(**upgraded), (4, 4, 5, 5, 1), "walk_the_line", 6, 6)
    state, _ = act(state, 0, a.Choose(2), 1)  # die 1: 6 -> 1, so 1 + 6 = 7
    assert state.choice is None and _attack(state) == (7, DamageKind.NORMAL)
    low = _announce(_ninja(**upgraded), (4, 4, 5, 5, 1), "walk_the_line", 5, 6)
    low, _ = act(low, 0, a.Choose(3), 1)  # 5 + 1 = 6: undefendable
    assert _attack(low) == (6, DamageKind.UNDEFENDABLE)


def test_poison_blade_poisons_then_deals_5() -> None:
    state = _announce(_ninja(), (1, 2, 3, 4, 6), "poison_blade")
    assert state.players[1].statuses == {"delayed_poison": 1} and _attack(state)[0] == 5


@pytest.mark.parametrize(("die", "poison"), [(2, 1), (4, 2), (6, 2)])
def test_poison_blade_ii_rolls_for_one_or_two_poisons(die: int, poison: int) -> None:
    upgraded = {"upgrades": {"poison_blade": "poison_blade_2"}, "board": ("poison_blade_2",)}
    state = _announce(_ninja(**upgraded), (1, 2, 3, 4, 6), "poison_blade", die)
    assert state.players[1].statuses == {"delayed_poison": poison} and _attack(state)[0] == 5


def test_shadow_fang_gains_two_ninjutsu_then_deals_8() -> None:
    state = _announce(_ninja(), (1, 2, 3, 4, 5), "shadow_fang")
    state = _pass_windows(state) if state.choice is not None else state
    assert state.players[0].statuses == {"ninjutsu": 2} and _attack(state)[0] == 8
    upgraded = {"upgrades": {"shadow_fang": "shadow_fang_2"}, "board": ("shadow_fang_2",)}
    two = _announce(_ninja(**upgraded), (1, 2, 3, 4, 5), "shadow_fang")
    two = _pass_windows(two) if two.choice is not None else two
    assert two.players[0].statuses == {"ninjutsu": 2, "smoke_bomb": 1}


def test_shadewalk_is_undefendable_and_poisons() -> None:
    state = _announce(_ninja(), (6, 6, 6, 6, 1), "shadewalk")
    assert _attack(state) == (6, DamageKind.UNDEFENDABLE) and state.step is Step.FINAL
    assert state.players[0].statuses == {"smoke_bomb": 1}
    assert state.players[1].statuses == {"delayed_poison": 1}
    upgraded = {"upgrades": {"shadewalk": "shadewalk_2"}, "board": ("shadewalk_2",)}
    two = _announce(_ninja(**upgraded), (6, 6, 6, 6, 1), "shadewalk")
    assert _attack(two)[0] == 5 and two.players[1].statuses == {"delayed_poison": 2}


def test_assassinate_is_his_ultimate() -> None:
    state = _announce(_ninja(), (6, 6, 6, 6, 6), "assassinate")
    assert state.roll.ultimate and _attack(state) == (10, DamageKind.ULTIMATE)
    assert state.players[1].statuses == {"delayed_poison": 2}  # two, the same opponent
    assert state.players[0].statuses == {"smoke_bomb": 1}


# -- alternate abilities --------------------------------------------------------------


@pytest.mark.parametrize("ability", sorted(UPGRADES))
def test_an_alternate_ability_needs_its_upgrade_card(ability: str) -> None:
    dice = {
        "kuji_kiri": (4, 4, 5, 6, 6),
        "tip_of_the_blade": (4, 4, 5, 1, 2),
        "misdirect": (1, 2, 6, 6, 3),
        "jugulate": (6, 6, 6, 1, 4),
    }[ability]
    state, _ = act(_ninja(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *dice)
    with pytest.raises(IllegalActionError):
        act(state, 0, a.Announce(ability))
    view = ENGINE.view(state, None)
    assert ability not in {ab["id"] for ab in view.data["players"][0]["abilities"]}
    upgraded = with_player(_ninja(), 0, upgrades=UPGRADES[ability])
    state, _ = act(upgraded, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *dice)
    state, _ = act(state, 0, a.Announce(ability))
    view = ENGINE.view(state, None)
    assert ability in {ab["id"] for ab in view.data["players"][0]["abilities"]}


def test_kuji_kiri_deals_4_pure_twice() -> None:
    state = _announce(_ninja(upgrades=UPGRADES["kuji_kiri"]), (4, 4, 5, 6, 6), "kuji_kiri")
    assert _attack(state) == (8, DamageKind.PURE)


def test_tip_of_the_blade_deals_its_die_as_pure_damage() -> None:
    state = _announce(
        _ninja(upgrades=UPGRADES["tip_of_the_blade"]), (4, 4, 5, 1, 2), "tip_of_the_blade", 4
    )
    assert _attack(state) == (4, DamageKind.PURE)


def test_misdirect_and_jugulate() -> None:
    state = _announce(_ninja(upgrades=UPGRADES["misdirect"]), (1, 2, 6, 6, 3), "misdirect")
    assert _attack(state) == (2, DamageKind.UNDEFENDABLE)
    assert state.players[0].statuses == {"smoke_bomb": 1}
    jug = _announce(_ninja(upgrades=UPGRADES["jugulate"]), (6, 6, 6, 1, 4), "jugulate")
    assert jug.players[0].statuses == {"ninjutsu": 3}
    assert jug.players[1].statuses == {"delayed_poison": 1} and not jug.ledger


# -- defence ----------------------------------------------------------------------------


def _attacked(**ninja: object) -> State:
    """The Barbarian (seat 0) attacks the Ninja (seat 1) with Slap (3 swords)."""
    state = start("barbarian", "ninja")
    if ninja:
        state = with_player(state, 1, **ninja)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE
    return state


def test_shade_shift_hits_back_and_may_re_roll_one_die() -> None:
    state, _ = defend(_attacked(), 1, 1, 4, 6)
    assert state.choice is not None and state.choice.options[0].text["en-US"] == "Keep the dice"
    kept, _ = act(state, 1, a.Choose(1))
    back = [i for i in kept.ledger if i.target == 0]
    assert [(i.amount, i.kind) for i in back] == [(3, DamageKind.UNDEFENDABLE)]  # 1 + 2
    rerolled, _ = act(state, 1, a.Choose(2), 6)  # the ninjato becomes a mask
    assert rerolled.roll.defense_dice == (6, 4, 6)
    assert rerolled.players[1].statuses == {"smoke_bomb": 1}
    assert [i.amount for i in rerolled.ledger if i.target == 0] == [2]


def test_shade_shift_ii_deals_1_per_ninjato() -> None:
    upgraded = {"upgrades": {"shade_shift": "shade_shift_2"}, "board": ("shade_shift_2",)}
    state, _ = defend(_attacked(**upgraded), 1, 1, 2, 3)
    state, _ = act(state, 1, a.Choose(1))
    assert [i.amount for i in state.ledger if i.target == 0] == [3]


# -- tokens -----------------------------------------------------------------------------


def test_delayed_poison_hurts_its_holder_when_their_turn_ends() -> None:
    state = _pass_windows(_announce(_ninja(), (6, 6, 6, 6, 1), "shadewalk"))
    assert state.phase is Phase.MAIN2 and state.players[1].health == 44
    state, _ = act(state, 0, a.EndPhase())
    state, events = act(state, 0, a.EndPhase())  # the Ninja's turn ends: nothing for him
    assert state.active == 1 and state.players[1].statuses == {"delayed_poison": 1}
    # Bruno (poisoned twice) ends his own turn: 3 damage per token, all removed.
    state = replace(state, phase=Phase.DISCARD, step=None)
    state = with_player(state, 1, statuses={"delayed_poison": 2})
    state, events = act(state, 1, a.EndPhase())
    assert state.active == 0 and state.players[1].health == 38
    assert "delayed_poison" not in state.players[1].statuses
    assert "status_removed" in keys(events)


def test_delayed_poison_at_turn_end_can_win_the_match() -> None:
    state = with_player(start("barbarian", "ninja"), 0, health=3, statuses={"delayed_poison": 1})
    state = replace(state, phase=Phase.DISCARD, step=None)
    state, _ = act(state, 0, a.EndPhase())
    result = ENGINE.result(state)
    assert state.phase is Phase.OVER and result is not None and result.winners == (1,)


def test_a_spent_smoke_bomb_prevents_the_attack_on_1_to_3() -> None:
    for die, prevented in ((3, True), (4, False)):
        state = _attacked(statuses={"smoke_bomb": 1})
        state, events = act(state, 1, a.Spend("smoke_bomb"))
        assert "queued" in keys(events)  # the Barbarian, active, may answer first
        state, _ = act(state, 0, a.Pass(), die)
        assert state.ledger[0].prevent_all is prevented
        assert "smoke_bomb" not in state.players[1].statuses


@pytest.mark.parametrize(("die", "added"), [(2, 1), (5, 2)])
def test_ninjutsu_adds_damage_by_its_die(die: int, added: int) -> None:
    state = _announce(_ninja(statuses={"ninjutsu": 1}), (1, 1, 2, 4, 6), "slash")
    state, _ = act(state, 0, a.Spend("ninjutsu"), die)
    assert state.ledger[0].added == added and state.players[0].statuses == {}


def test_ninjutsu_on_a_6_may_make_the_attack_undefendable() -> None:
    state = _announce(_ninja(statuses={"ninjutsu": 1}), (1, 1, 2, 4, 6), "slash")
    assert state.step is Step.DEFENSE
    state, _ = act(state, 0, a.Spend("ninjutsu"), 6)
    undefendable, _ = act(state, 0, a.Choose(2))
    assert _attack(undefendable) == (5, DamageKind.UNDEFENDABLE)
    assert undefendable.ledger[0].added == 2 and undefendable.step is Step.FINAL
    poison, _ = act(state, 0, a.Choose(1))
    assert poison.players[1].statuses == {"delayed_poison": 1} and poison.step is Step.DEFENSE


# -- cards ------------------------------------------------------------------------------


def _main(hand: tuple[str, ...], cp: int = 5) -> State:
    return _ninja(hand=hand, cp=cp)


def test_poison_dart_and_train() -> None:
    state, _ = act(_main(("poison_dart", "train")), 0, a.PlayCard("poison_dart"))
    assert state.players[1].statuses == {"delayed_poison": 1} and state.players[0].cp == 3
    state, _ = act(state, 0, a.PlayCard("train"))
    assert state.players[0].statuses == {"ninjutsu": 1}


def test_fan_of_knives_deals_three_undefendable() -> None:
    state, _ = act(_main(("fan_of_knives",)), 0, a.PlayCard("fan_of_knives"))
    assert state.players[1].health == 47 and state.players[0].cp == 3


@pytest.mark.parametrize(("die", "mask"), [(6, True), (3, False)])
def test_dojo_gains_tokens_on_a_mask_else_draws(die: int, mask: bool) -> None:
    state = _main(("dojo",))
    deck = len(state.players[0].deck)
    state, _ = act(state, 0, a.PlayCard("dojo"), die)
    if mask:
        assert state.players[0].statuses == {"smoke_bomb": 1, "ninjutsu": 2}
    else:
        assert not state.players[0].statuses and len(state.players[0].deck) == deck - 1


def test_smoke_offering_costs_a_discarded_card() -> None:
    state = _main(("smoke_offering", "train", "dojo"))
    state, _ = act(state, 0, a.PlayCard("smoke_offering", "1"))
    labels = [o.text["en-US"] for o in state.choice.options]
    # Hand positions, never card names: the choice is public.
    assert labels == [
        "Discard nothing (no effect)",
        "Discard card 1 of your hand",
        "Discard card 2 of your hand",
    ]
    kept, _ = act(state, 0, a.Choose(1))
    assert not kept.players[0].statuses and kept.players[0].hand == ("train", "dojo")
    paid, events = act(state, 0, a.Choose(3))
    assert paid.players[0].statuses == {"smoke_bomb": 1}
    assert paid.players[0].hand == ("train",) and paid.players[0].discard[-1] == "dojo"
    assert "discarded" in keys(events)


def test_throwing_stars_adds_a_damage_per_shuriken_after_re_rolls() -> None:
    state = _announce(_ninja(hand=("throwing_stars",), cp=3), (1, 1, 2, 4, 6), "slash")
    state, _ = act(state, 0, a.PlayCard("throwing_stars"), 4, 5, 1, 2, 3)
    state, _ = act(state, 0, a.Choose(3), 5)  # die 2: 5 -> 5 again
    state, _ = act(state, 0, a.Choose(3), 4)  # die 3: 1 -> 4
    state, _ = act(state, 0, a.Choose(1))
    assert state.ledger[0].added == 3


def test_escape_prevents_by_its_die_when_attacked() -> None:
    state = _attacked(hand=("escape",))
    state, _ = act(state, 1, a.PlayCard("escape"), 5)
    assert state.ledger[0].prevented == 2
    masked = _attacked(hand=("escape",))
    masked, _ = act(masked, 1, a.PlayCard("escape"), 6)
    assert masked.players[1].statuses == {"smoke_bomb": 1}


# -- hidden information -----------------------------------------------------------------


def test_the_public_board_does_not_depend_on_the_ninjas_hidden_cards() -> None:
    base = start("barbarian", "ninja")
    hand = ("train", "dojo", "escape", "slash_2")
    one = with_player(base, 1, hand=hand, deck=("fan_of_knives",) * 5)
    two = with_player(base, 1, hand=("poison_dart",) * 4, deck=("smoke_offering",) * 5)
    for seat in (None, 0):
        assert ENGINE.view(one, seat) == ENGINE.view(two, seat)
    assert ENGINE.render(ENGINE.view(one, None)) == ENGINE.render(ENGINE.view(two, None))


def test_the_discard_choice_names_places_in_the_hand_never_cards() -> None:
    def offering(hand: tuple[str, ...]) -> State:
        state, _ = act(_main(("smoke_offering", *hand)), 0, a.PlayCard("smoke_offering", "1"))
        return state

    one, two = offering(("train", "dojo")), offering(("escape", "poison_dart"))
    assert ENGINE.pending(one) == ENGINE.pending(two)
    for seat in (None, 1):
        assert ENGINE.view(one, seat) == ENGINE.view(two, seat)
    assert ENGINE.render(ENGINE.view(one, None)) == ENGINE.render(ENGINE.view(two, None))


def test_a_waiting_ninja_instant_stays_unnamed() -> None:
    # Bruno's Train! in Alice's turn waits for her answer, hidden in full.
    state = _attacked(hand=("train",))
    action = a.PlayCard("train")
    out = ENGINE.apply(state, 1, action, RiggedDice([]))
    assert "queued" in keys(list(out.events))
    assert ENGINE.secret_fields(state, 1, action, out) == ("kind", "card", "target")
    assert "Train!" not in str(ENGINE.view(out.state, None))


def test_in_2v2_a_chosen_player_may_be_a_teammate_and_a_chosen_opponent_is_asked() -> None:
    seats = [Seat(i, name) for i, name in enumerate(("Alice", "Bruno", "Carla", "Davi"))]
    options = {"hero1": "ninja", "hero2": "barbarian", "hero3": "paladin", "hero4": "gunslinger"}
    state = ENGINE.new_match(options, seats, ENGINE.load_content(None), RiggedDice([6, 1, 1, 1]))
    state = through_first_roll(state)
    assert state.active == 0
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 4, 5, 6, 2)
    state, _ = act(state, 0, a.Announce("smoke_screen"))
    while state.choice is None:  # the windows before activation, the targeting die
        decision = ENGINE.pending(state)[0]
        action = a.Target(state.opponents(0)[0] + 1) if "target" in decision.kinds else a.Pass()
        state = ENGINE.apply(state, decision.seat, action, SeededDice(b"2v2", 0)).state
    picks = [o.steps[0].amount for o in state.choice.options]
    mate = next(s for s in state.teammates(0) if s != 0)
    assert picks[0] == 0 and sorted(picks) == [0, 1, 2, 3] and picks[-1] == mate
    state, _ = act(state, 0, a.Choose(len(picks)))  # the teammate gets the tokens
    assert state.players[mate].statuses == {"smoke_bomb": 1, "ninjutsu": 2}
    assert state.choice is not None and len(state.choice.options) == 2  # which opponent
    foe = state.choice.options[1].steps[0].amount
    state, _ = act(state, 0, a.Choose(2))
    assert state.players[foe].statuses == {"delayed_poison": 1}
