"""The Pyromancer with rigged dice: every ability of her board at each level and the
alternate abilities her upgrades add, Molten Armor at its three levels, her tokens
(Fire Mastery cooling off once per Upkeep, Burn, Knockdown, Stun and its extra
Offensive Roll Phase) and her cards; whole matches in 1 v 1, King of the Hill and
2 v 2; and what stays hidden."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core import EngineError, IllegalActionError
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import DamageKind
from engines.dicethrone.content.words import said
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import (
    act,
    close_upkeep,
    defend,
    keys,
    replace,
    start,
    with_player,
)
from tests.engines.dicethrone.helpers import announce as _announce
from tests.engines.dicethrone.helpers import pass_pauses as _pass_pauses
from tests.engines.dicethrone.test_new_heroes import _play_to_end

UPGRADES = {
    "scorch": {"hot_streak": "hot_streak_2"},
    "blazing_soul": {"ignite": "ignite_2"},
    "meteoroid": {"meteorite": "meteorite_2"},
}


def _pyro(foe: str = "barbarian", **changes: object) -> State:
    state = start("pyromancer", foe)
    return with_player(state, 0, **changes) if changes else state


def _level(slot: str, card: str, **changes: object) -> State:
    return _pyro(upgrades={slot: card}, board=(card,), **changes)


def _attacks(state: State) -> list[tuple[int, DamageKind]]:
    return [(i.amount, i.kind) for i in state.ledger if i.attack]


def _to_opponent(state: State) -> list[tuple[int, DamageKind]]:
    return [(i.amount, i.kind) for i in state.ledger if i.target == 1]


def _fm(state: State, seat: int = 0) -> int:
    return state.players[seat].statuses.get("fire_mastery", 0)


# -- the board --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "damage"), [((1, 2, 3, 4, 6), 4), ((1, 2, 3, 1, 6), 6), ((1, 2, 3, 1, 2), 8)]
)
def test_fireball_deals_4_6_8_and_gains_fire_mastery(dice: tuple[int, ...], damage: int) -> None:
    state = _announce(_pyro(), dice, "fireball")
    assert _attacks(state) == [(damage, DamageKind.NORMAL)] and _fm(state) == 1
    two = _announce(_level("fireball", "fireball_2"), dice, "fireball")
    assert _attacks(two) == [(damage, DamageKind.NORMAL)] and _fm(two) == 2


def test_burning_soul_gains_two_per_fiery_soul_and_hits_every_opponent_collaterally() -> None:
    state = _announce(_pyro(), (5, 5, 5, 1, 2), "burning_soul")
    assert _fm(state) == 5  # 6 capped at the stack limit
    assert _to_opponent(state) == [(3, DamageKind.COLLATERAL)]
    assert not _attacks(state) and state.step is Step.FINAL  # no Attack, no defence
    assert not state.players[1].statuses


def test_burning_soul_ii_burns_on_three_and_raises_the_limit_on_four() -> None:
    three = _announce(_level("burning_soul", "burning_soul_2"), (5, 5, 5, 1, 2), "burning_soul")
    assert three.players[1].statuses == {"burn": 1} and _fm(three) == 5
    four = _announce(_level("burning_soul", "burning_soul_2"), (5, 5, 5, 5, 2), "burning_soul")
    assert four.players[0].stack_bonus == {"fire_mastery": 1} and _fm(four) == 6
    assert _to_opponent(four) == [(4, DamageKind.COLLATERAL)]


def _combustion(state: State) -> State:
    state = _announce(state, (1, 4, 5, 6, 2), "combustion")
    return _pass_pauses(state)


def test_combustion_removes_up_to_four_fire_mastery_for_3_undefendable_each() -> None:
    state = _combustion(_pyro(statuses={"fire_mastery": 4}))
    assert _fm(state) == 5  # gained 1 first
    labels = [o.text["en-US"] for o in state.choice.options]
    assert labels == [f"Remove {n} Fire Mastery" for n in (4, 3, 2, 1, 0)]
    assert ENGINE.pending(state)[0].prompt.key.endswith("choose_spend_for")
    most, _ = act(state, 0, a.Choose(1))
    assert _attacks(most) == [(12, DamageKind.UNDEFENDABLE)] and _fm(most) == 1
    assert most.step is Step.FINAL  # undefendable: no Defensive Roll
    two, _ = act(state, 0, a.Choose(3))
    assert _attacks(two) == [(6, DamageKind.UNDEFENDABLE)] and _fm(two) == 3
    none, _ = act(state, 0, a.Choose(5))
    assert not none.ledger and _fm(none) == 5


def test_combustion_ii_deals_4_per_token_and_one_token_asks_nothing_more() -> None:
    state = _combustion(_level("combustion", "combustion_2"))
    assert [o.text["en-US"] for o in state.choice.options] == [
        "Remove 1 Fire Mastery",
        "Remove 0 Fire Mastery",
    ]
    state, _ = act(state, 0, a.Choose(1))
    assert _attacks(state) == [(4, DamageKind.UNDEFENDABLE)] and _fm(state) == 0


@pytest.mark.parametrize(
    ("die", "damage", "mine", "theirs"),
    [
        (2, 9, {}, {}),
        (4, 6, {}, {"burn": 1}),
        (5, 6, {"fire_mastery": 2}, {}),
        (6, 6, {}, {"knockdown": 1}),
    ],
)
def test_pyroblast_deals_6_and_its_die_adds_damage_burn_mastery_or_knockdown(
    die: int, damage: int, mine: dict[str, int], theirs: dict[str, int]
) -> None:
    state = _announce(_pyro(), (1, 2, 3, 6, 4), "pyroblast", die)
    assert sum(n for n, _ in _attacks(state)) == damage
    assert state.players[0].statuses == mine and state.players[1].statuses == theirs


def test_pyroblast_ii_rolls_two_dice() -> None:
    state = _announce(_level("pyroblast", "pyroblast_2"), (1, 2, 3, 6, 4), "pyroblast", 1, 5)
    assert sum(n for n, _ in _attacks(state)) == 9 and _fm(state) == 2
    flames = _announce(_level("pyroblast", "pyroblast_2"), (1, 2, 3, 6, 4), "pyroblast", 3, 3)
    assert sum(n for n, _ in _attacks(flames)) == 12
    souls = _announce(_level("pyroblast", "pyroblast_2"), (1, 2, 3, 6, 4), "pyroblast", 5, 5)
    assert _fm(souls) == 4 and sum(n for n, _ in _attacks(souls)) == 6


def test_pyroblast_iii_may_re_roll_one_of_its_two_dice() -> None:
    upgraded = _pyro(upgrades={"pyroblast": "pyroblast_3"}, board=("pyroblast_2", "pyroblast_3"))
    state = _announce(upgraded, (1, 2, 3, 6, 4), "pyroblast", 6, 4)
    assert state.choice is not None and state.choice.options[0].text["en-US"] == "Keep the dice"
    state, events = act(state, 0, a.Choose(3), 1)  # die 2: blaze -> flame
    assert "die_rerolled" in keys(events)
    assert sum(n for n, _ in _attacks(state)) == 9
    assert state.players[1].statuses == {"knockdown": 1}


def test_hot_streak_gains_two_then_deals_5_plus_1_per_fire_mastery() -> None:
    state = _pass_pauses(
        _announce(_pyro(statuses={"fire_mastery": 1}), (1, 2, 3, 4, 6), "hot_streak")
    )
    assert _fm(state) == 3 and sum(n for n, _ in _attacks(state)) == 8
    two = _level("hot_streak", "hot_streak_2", statuses={"fire_mastery": 1})
    two = _pass_pauses(_announce(two, (1, 2, 3, 4, 6), "hot_streak"))
    assert sum(n for n, _ in _attacks(two)) == 9


def test_ignite_gains_two_then_deals_4_plus_2_per_fire_mastery() -> None:
    state = _pass_pauses(_announce(_pyro(), (1, 2, 3, 4, 5), "ignite"))
    assert _fm(state) == 2 and sum(n for n, _ in _attacks(state)) == 8
    assert not state.players[1].statuses
    two = _pass_pauses(_announce(_level("ignite", "ignite_2"), (1, 2, 3, 4, 5), "ignite"))
    assert sum(n for n, _ in _attacks(two)) == 9 and two.players[1].statuses == {"burn": 1}


def test_meteorite_stuns_deals_1_undefendable_per_fire_mastery_and_2_collateral() -> None:
    state = _announce(_pyro(statuses={"fire_mastery": 1}), (6, 6, 6, 6, 1), "meteorite")
    assert state.players[1].statuses == {"pyro_stun": 1}
    state = _pass_pauses(state)
    # 3 tokens (1 + 2 gained) x 1 undefendable, one Attack; then the collateral damage.
    assert _to_opponent(state) == [(3, DamageKind.UNDEFENDABLE), (2, DamageKind.COLLATERAL)]
    two = _announce(_level("meteorite", "meteorite_2"), (6, 6, 6, 6, 1), "meteorite")
    two = _pass_pauses(two)
    assert _to_opponent(two)[-1] == (3, DamageKind.COLLATERAL)


def test_scorch_the_earth_is_her_ultimate() -> None:
    state = _announce(_pyro(), (6, 6, 6, 6, 6), "scorch_the_earth")
    assert state.roll.ultimate and _fm(state) == 3
    assert state.players[1].statuses == {"knockdown": 1, "burn": 1}
    # 12 + 2 collateral: an Ultimate's damage to the opponent is all Ultimate damage
    # (single.py), so nothing reduces either part.
    assert _to_opponent(state) == [(14, DamageKind.ULTIMATE)]


# -- alternate abilities ----------------------------------------------------------------

ALT_DICE = {
    "scorch": (1, 2, 4, 4, 6),
    "blazing_soul": (4, 4, 5, 5, 1),
    "meteoroid": (6, 6, 6, 1, 2),
}


@pytest.mark.parametrize("ability", sorted(UPGRADES))
def test_an_alternate_ability_needs_its_upgrade_card(ability: str) -> None:
    state, _ = act(_pyro(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *ALT_DICE[ability])
    with pytest.raises(IllegalActionError):
        act(state, 0, a.Announce(ability))
    assert ability not in {
        ab["id"] for ab in ENGINE.view(state, None).data["players"][0]["abilities"]
    }
    state, _ = act(_pyro(upgrades=UPGRADES[ability]), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *ALT_DICE[ability])
    state, _ = act(state, 0, a.Announce(ability))
    assert ability in {ab["id"] for ab in ENGINE.view(state, None).data["players"][0]["abilities"]}


def test_scorch_gains_two_burns_and_deals_6() -> None:
    state = _announce(_pyro(upgrades=UPGRADES["scorch"]), ALT_DICE["scorch"], "scorch")
    assert _fm(state) == 2 and state.players[1].statuses == {"burn": 1}
    assert _attacks(state) == [(6, DamageKind.NORMAL)] and state.step is Step.DEFENSE


def test_blazing_soul_raises_the_limit_then_gains_five_and_knocks_down() -> None:
    state = _announce(
        _pyro(upgrades=UPGRADES["blazing_soul"], statuses={"fire_mastery": 3}),
        ALT_DICE["blazing_soul"],
        "blazing_soul",
    )
    assert state.players[0].stack_bonus == {"fire_mastery": 1}
    state = _pass_pauses(state)
    assert _fm(state) == 6 and state.players[1].statuses == {"knockdown": 1}
    assert not state.ledger


def test_meteoroid_knocks_down_burns_and_stuns_for_another_roll_phase() -> None:
    state = _announce(_pyro(upgrades=UPGRADES["meteoroid"]), ALT_DICE["meteoroid"], "meteoroid")
    assert state.players[1].statuses == {"knockdown": 1, "burn": 1, "pyro_stun": 1}
    assert not state.ledger and state.step is Step.FINAL
    state, events = act(state, 0, a.Pass())  # Bruno, stunned, is not asked
    assert "extra_roll_phase" in keys(events)
    assert state.phase is Phase.OFFENSIVE and state.step is Step.ROLLING and state.active == 0
    assert state.players[1].statuses == {"knockdown": 1, "burn": 1}


# -- Stun -------------------------------------------------------------------------------


def test_a_stunned_player_does_nothing_for_the_rest_of_the_attack_then_is_attacked_again() -> None:
    state = _announce(_pyro(), (6, 6, 6, 6, 1), "meteorite")
    assert state.choice is not None and state.choice.pause  # "Then"
    decisions = ENGINE.pending(state)
    assert {d.seat for d in decisions} == {0}  # Bruno, stunned, is not asked nor offered
    state, _ = act(state, 0, a.Pass())  # the pause closes without Bruno
    assert state.choice is None and state.step is Step.FINAL
    assert {d.seat for d in ENGINE.pending(state)} == {0}
    state, events = act(state, 0, a.Pass())
    assert keys(events)[-1] == "extra_roll_phase"
    assert state.players[1].health == 46 and "pyro_stun" not in state.players[1].statuses
    assert state.phase is Phase.OFFENSIVE and state.roll.attempts == 0
    # The extra phase is a whole Offensive Roll Phase: Bruno may answer again.
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("fireball"))
    assert ENGINE.pending(state)[0].seat == 1
    state, _ = act(state, 1, a.Pass())
    state, _ = defend(state, 1, 4, 4, 4)
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    assert state.phase is Phase.MAIN2


def test_a_stunned_player_may_neither_spend_nor_play_during_the_attack() -> None:
    state = _pyro("ninja")
    state = with_player(state, 1, statuses={"smoke_bomb": 1}, hand=("train",))
    state = _announce(state, (6, 6, 6, 6, 1), "meteorite")
    for action in (a.Spend("smoke_bomb"), a.PlayCard("train")):
        with pytest.raises(EngineError):
            act(state, 1, action)
    state = _pass_pauses(state)
    state, _ = act(state, 0, a.Pass())  # the extra roll phase: he may act again
    assert state.phase is Phase.OFFENSIVE and state.players[1].statuses == {"smoke_bomb": 1}
    assert any(d.seat == 1 and d.optional for d in ENGINE.pending(state))


def test_the_stun_keeps_the_target_in_king_of_the_hill() -> None:
    from engines.core import RiggedDice, Seat

    seats = [Seat(0, "Alice"), Seat(1, "Bruno"), Seat(2, "Carla")]
    options = {"hero1": "pyromancer", "hero2": "barbarian", "hero3": "paladin"}
    state = ENGINE.new_match(options, seats, ENGINE.load_content(None), RiggedDice([6, 1, 1]))
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 6, 6, 6, 6, 1)
    state, _ = act(state, 0, a.Announce("meteorite"))
    while state.step is Step.RESPONSE and state.choice is None:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    state, _ = act(state, 0, a.Target(3))  # Carla
    state = _pass_pauses(state)
    while state.step is Step.FINAL:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    assert state.phase is Phase.OFFENSIVE and state.target == 2
    assert state.players[2].health == 31  # 35 - 2 undefendable - 2 collateral


# -- defence ----------------------------------------------------------------------------


def _attacked(**pyro: object) -> State:
    """The Barbarian (seat 0) attacks the Pyromancer (seat 1) with Smack (3 swords)."""
    state = start("barbarian", "pyromancer")
    if pyro:
        state = with_player(state, 1, **pyro)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE
    return state


def _back(state: State) -> list[int]:
    return [i.amount for i in state.ledger if i.target == 0]


def test_molten_armor_gains_per_fiery_soul_and_hits_back_per_flame() -> None:
    state, _ = defend(_attacked(), 1, 1, 2, 5, 4, 6)
    assert _fm(state, 1) == 1 and _back(state) == [2] and not state.players[0].statuses


def test_molten_armor_ii_burns_on_a_flame_and_a_blaze() -> None:
    upgraded = {"upgrades": {"molten_armor": "molten_armor_2"}, "board": ("molten_armor_2",)}
    state, _ = defend(_attacked(**upgraded), 1, 1, 4, 5, 5, 6)
    assert _fm(state, 1) == 2 and _back(state) == [1]
    assert state.players[0].statuses == {"burn": 1}
    none, _ = defend(_attacked(**upgraded), 1, 1, 2, 5, 5, 6)
    assert not none.players[0].statuses


def test_molten_armor_iii_also_counts_meteors() -> None:
    upgraded = {"upgrades": {"molten_armor": "molten_armor_3"}, "board": ("molten_armor_3",)}
    state, _ = defend(_attacked(**upgraded), 1, 1, 4, 5, 6, 6)
    assert _fm(state, 1) == 3 and sum(_back(state)) == 3
    assert state.players[0].statuses == {"burn": 1}


# -- tokens -----------------------------------------------------------------------------


def _next_upkeep(state: State, seat: int) -> State:
    """The turn before ``seat``'s ends; its Upkeep has run (and its window closed)."""
    other = 1 - seat
    state = replace(state, active=other, phase=Phase.DISCARD, step=None)
    state, _ = act(state, other, a.EndPhase())
    state, _ = close_upkeep(state)
    return state


def test_fire_mastery_cools_off_by_one_token_per_upkeep_whatever_the_count() -> None:
    state = _next_upkeep(_pyro(statuses={"fire_mastery": 4}), 0)
    assert state.active == 0 and _fm(state) == 3
    state = _next_upkeep(state, 0)
    assert _fm(state) == 2


def test_burn_deals_2_in_each_upkeep_of_its_holder_and_stays() -> None:
    state = with_player(_pyro(), 1, statuses={"burn": 1})
    state = _next_upkeep(state, 1)
    assert state.players[1].health == 48 and state.players[1].statuses == {"burn": 1}
    state = _next_upkeep(state, 1)
    assert state.players[1].health == 46


def test_knockdown_from_the_pyromancer_skips_the_roll_phase_unless_paid() -> None:
    state = with_player(_pyro(), 1, statuses={"knockdown": 1})
    state = replace(state, active=1, phase=Phase.MAIN1, step=None)
    skipped, events = act(state, 1, a.EndPhase())
    assert "roll_phase_skipped" in keys(events) and skipped.phase is Phase.MAIN2
    paid, _ = act(state, 1, a.Spend("knockdown"))
    assert paid.players[1].cp == 0 and not paid.players[1].statuses


def test_the_raised_limit_holds_for_the_rest_of_the_match() -> None:
    state = _pyro(stack_bonus={"fire_mastery": 1}, statuses={"fire_mastery": 6})
    state = _next_upkeep(_next_upkeep(state, 0), 0)
    assert _fm(state) == 4
    state, _ = act(with_player(state, 0, hand=("fire_up",), cp=3), 0, a.PlayCard("fire_up"))
    state = _pass_pauses(state)
    assert _fm(state) == 6 and state.players[0].stack_bonus == {"fire_mastery": 2}
    chips = str(ENGINE.view(state, None).data["players"][0])
    assert "7" in chips  # the board shows the raised limit


# -- cards ------------------------------------------------------------------------------


def test_warm_up_gains_one_then_one_per_cp_paid() -> None:
    state, _ = act(_pyro(hand=("warm_up",), cp=3), 0, a.PlayCard("warm_up"))
    assert _fm(state) == 1
    state = _pass_pauses(state)
    labels = [o.text["en-US"] for o in state.choice.options]
    assert labels == ["Spend 0 CP", "Spend 1 CP", "Spend 2 CP", "Spend 3 CP"]
    state, events = act(state, 0, a.Choose(3))
    assert _fm(state) == 3 and state.players[0].cp == 1 and "cp_paid" in keys(events)


def test_fire_up_raises_the_limit_then_gains_two() -> None:
    state, events = act(
        _pyro(hand=("fire_up",), cp=3, statuses={"fire_mastery": 4}), 0, a.PlayCard("fire_up")
    )
    assert "limit_raised" in keys(events) and state.players[0].stack_bonus == {"fire_mastery": 1}
    state = _pass_pauses(state)
    assert _fm(state) == 6 and state.players[0].cp == 0


def test_red_hot_adds_1_damage_per_fire_mastery_to_her_attack() -> None:
    state = _announce(
        _pyro(hand=("red_hot",), cp=2, statuses={"fire_mastery": 2}), (1, 1, 2, 4, 6), "fireball"
    )
    state, _ = act(state, 0, a.PlayCard("red_hot"))
    assert state.ledger[0].added == 3 and state.players[0].cp == 1


@pytest.mark.parametrize(
    ("die", "added", "mine", "theirs"),
    [(1, 3, 1, {}), (4, 0, 1, {"burn": 1}), (5, 0, 3, {}), (6, 0, 1, {"knockdown": 1})],
)
def test_huzzah_rolls_for_damage_burn_mastery_or_knockdown(
    die: int, added: int, mine: int, theirs: dict[str, int]
) -> None:
    state = _announce(_pyro(hand=("huzzah",), cp=1), (1, 1, 2, 4, 6), "fireball")
    state, _ = act(state, 0, a.PlayCard("huzzah"), die)
    assert state.ledger[0].added == added and _fm(state) == mine
    assert state.players[1].statuses == theirs


def test_her_cards_read_as_their_steps_in_three_locales() -> None:
    hero = ENGINE.load_content(None).heroes["pyromancer"]
    warm_up = said(hero, hero.card("warm_up") or hero.cards[0])
    assert warm_up["en-US"] == ("gain Fire Mastery, then spend any CP; for each: gain Fire Mastery")
    assert "PC" in warm_up["pt-BR"] and "PC" in warm_up["it"]
    red_hot = said(hero, hero.card("red_hot") or hero.cards[0])
    assert red_hot["en-US"] == "Attack Modifier: for each Fire Mastery you have: +1 damage"
    combustion = said(hero, hero.card("combustion_2") or hero.cards[0])
    assert combustion["pt-BR"] == "Aprimoramento: Combustion ao nível 2"


# -- hidden information -----------------------------------------------------------------


def test_the_public_board_does_not_depend_on_her_hidden_cards() -> None:
    base = start("barbarian", "pyromancer")
    one = with_player(
        base, 1, hand=("warm_up", "huzzah", "red_hot", "fire_up"), deck=("fireball_2",) * 5
    )
    two = with_player(base, 1, hand=("combustion_2",) * 4, deck=("molten_armor_3",) * 5)
    for seat in (None, 0):
        assert ENGINE.view(one, seat) == ENGINE.view(two, seat)
    assert ENGINE.render(ENGINE.view(one, None)) == ENGINE.render(ENGINE.view(two, None))


def test_the_cp_choice_of_warm_up_is_public_and_names_no_card() -> None:
    def warm(hand: tuple[str, ...]) -> State:
        state, _ = act(_pyro(hand=("warm_up", *hand), cp=2), 0, a.PlayCard("warm_up"))
        return _pass_pauses(state)

    one, two = warm(("huzzah", "red_hot")), warm(("fire_up", "fireball_2"))
    assert ENGINE.pending(one) == ENGINE.pending(two)
    for seat in (None, 1):
        assert ENGINE.view(one, seat) == ENGINE.view(two, seat)


# -- whole matches ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("others", "seed"),
    [(["barbarian"], 11), (["gunslinger", "ninja"], 12), (["paladin", "ninja", "barbarian"], 13)],
    ids=["1v1", "king", "2v2"],
)
def test_a_seeded_match_with_the_pyromancer_ends(others: list[str], seed: int) -> None:
    state, used = _play_to_end(["pyromancer", *others], seed)
    assert ENGINE.result(state) is not None
    assert used["activated"] and used["Fire Mastery"], Counter(used).most_common(15)
