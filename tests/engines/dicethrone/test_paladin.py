"""The Paladin rebuilt from public records (issue 22) with rigged dice: every ability of
her board at each level and the alternate abilities her upgrades add, Divine Defense at
each level, her tokens, her cards, and whole matches in 1 v 1, 2 v 2 and King of the
Hill."""

from __future__ import annotations

import pytest

from engines.core import IllegalActionError, NotYourTurnError
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import DamageKind
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import act, defend, keys, start, with_player
from tests.engines.dicethrone.helpers import announce as _announce
from tests.engines.dicethrone.helpers import pass_windows as _pass_windows
from tests.engines.dicethrone.test_new_heroes import _play_to_end

CONTENT = ENGINE.load_content(None)
PALADIN = CONTENT.heroes["paladin"]
#: The upgrade each alternate ability needs (its slot and the card raising it).
ALTERNATES = {
    "steadfast": {"righteous_combat": "righteous_combat_3"},
    "offensive_stance": {"mighty_prayer": "mighty_prayer_2"},
    "requital": {"vengeance": "vengeance_2"},
    "prosperity": {"righteous_prayer": "righteous_prayer_2"},
}


def _paladin(foe: str = "barbarian", **changes: object) -> State:
    state = start("paladin", foe)
    return with_player(state, 0, **changes) if changes else state


def _up(slot: str, card: str, **changes: object) -> State:
    return _paladin(upgrades={slot: card}, board=(card,), **changes)


def _attack(state: State) -> tuple[int, DamageKind]:
    (inc,) = [i for i in state.ledger if i.attack]
    return inc.amount, inc.kind


def _healed(state: State) -> int:
    return sum(h.amount for h in state.heals if h.target == 0)


# -- the board ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rolls", "damage", "healed", "cp"),
    [((3, 1), 5 + 1 + 2, 0, 2), ((5, 6), 5, 2, 3), ((2, 2), 5 + 4, 0, 2)],
)
def test_righteous_combat_deals_5_and_rolls_two_bonus_dice(
    rolls: tuple[int, int], damage: int, healed: int, cp: int
) -> None:
    state = _announce(_paladin(), (1, 2, 1, 3, 4), "righteous_combat", *rolls)
    assert _attack(state) == (damage, DamageKind.NORMAL)
    assert _healed(state) == healed and state.players[0].cp == cp


def test_righteous_combat_ii_and_iii_roll_three_dice() -> None:
    two = _up("righteous_combat", "righteous_combat_2")
    two = _announce(two, (1, 2, 1, 3, 4), "righteous_combat", 1, 3, 6)
    assert _attack(two) == (5 + 2 + 1, DamageKind.NORMAL) and two.players[0].cp == 3
    three = _up("righteous_combat", "righteous_combat_3")
    three = _announce(three, (1, 2, 1, 3, 4), "righteous_combat", 1, 1, 1)
    assert _attack(three) == (6 + 6, DamageKind.NORMAL)


def test_steadfast_heals_2_and_deals_2_undefendable() -> None:
    state = _up("righteous_combat", "righteous_combat_3")
    state = _announce(state, (1, 2, 3, 5, 5), "steadfast")
    assert _attack(state) == (2, DamageKind.UNDEFENDABLE) and _healed(state) == 2


@pytest.mark.parametrize(("card", "damage"), [(None, 3), ("mighty_prayer_2", 4)])
def test_mighty_prayer_deals_undefendable_then_gains_crit_and_accuracy(
    card: str | None, damage: int
) -> None:
    state = _up("mighty_prayer", card) if card else _paladin()
    state = _announce(state, (1, 2, 1, 6, 5), "mighty_prayer")
    assert _attack(state) == (damage, DamageKind.UNDEFENDABLE)
    assert state.choice is not None and state.choice.pause  # "Then"
    assert state.players[0].statuses == {}
    state = _pass_windows(state)
    assert state.players[0].statuses == {"crit": 1, "accuracy": 1}


@pytest.mark.parametrize(("option", "token"), [(1, "crit"), (2, "accuracy")])
def test_offensive_stance_deals_2_undefendable_and_gains_one_token(option: int, token: str) -> None:
    state = _up("mighty_prayer", "mighty_prayer_2")
    state = _announce(state, (1, 2, 6, 5, 5), "offensive_stance")
    assert ENGINE.pending(state)[0].kinds == ("choose",)
    state, _ = act(state, 0, a.Choose(option))
    assert state.players[0].statuses == {token: 1}
    assert _attack(state) == (2, DamageKind.UNDEFENDABLE)


@pytest.mark.parametrize(
    ("dice", "card", "healed", "damage"),
    [
        ((1, 2, 3, 4, 6), None, 1, 6),
        ((1, 2, 3, 4, 5), None, 2, 8),
        ((1, 2, 3, 4, 6), "holy_strike_2", 1, 7),
        ((1, 2, 3, 4, 5), "holy_strike_2", 2, 9),
    ],
)
def test_holy_attack_heals_and_deals_by_straight(
    dice: tuple[int, ...], card: str | None, healed: int, damage: int
) -> None:
    state = _up("holy_strike", card) if card else _paladin()
    state = _announce(state, dice, "holy_strike")
    assert _attack(state) == (damage, DamageKind.NORMAL) and _healed(state) == healed


def test_holy_light_heals_per_heart_and_rolls_two_dice_for_tokens_cards_and_cp() -> None:
    state = _paladin()
    deck = len(state.players[0].deck)
    tokens = _announce(state, (5, 5, 5, 1, 3), "holy_light", 1, 3)  # sword, helm
    assert _healed(tokens) == 3 and tokens.players[0].statuses == {"crit": 1, "protect": 1}
    assert not tokens.ledger  # no damage: no defence either
    other = _announce(state, (5, 5, 1, 2, 3), "holy_light", 5, 6)  # heart, pray
    assert _healed(other) == 2 and other.players[0].cp == 4
    assert len(other.players[0].deck) == deck - 1


def test_holy_light_ii_rolls_three_dice() -> None:
    state = _up("holy_light", "holy_light_2")
    state = _announce(state, (5, 5, 1, 2, 3), "holy_light", 6, 6, 6)
    assert state.players[0].cp == 2 + 6


@pytest.mark.parametrize(("card", "cp"), [(None, 3), ("vengeance_2", 4)])
def test_retaliate_gives_retribution_to_a_chosen_player_and_cp(card: str | None, cp: int) -> None:
    state = _up("vengeance", card) if card else _paladin()
    state = _announce(state, (3, 3, 4, 6, 1), "vengeance")
    decision = ENGINE.pending(state)[0]
    assert decision.kinds == ("choose",) and decision.prompt.key.endswith("choose_player")
    mine, _ = act(state, 0, a.Choose(1))
    assert mine.players[0].statuses == {"retribution": 1} and mine.players[0].cp == 2 + cp
    theirs, _ = act(state, 0, a.Choose(2))
    assert theirs.players[1].statuses == {"retribution": 1} and not theirs.players[0].statuses


def test_requital_gains_retribution_heals_1_and_deals_3_undefendable() -> None:
    state = _up("vengeance", "vengeance_2")
    state = _announce(state, (1, 3, 5, 6, 6), "requital")
    assert state.players[0].statuses == {"retribution": 1} and _healed(state) == 1
    assert _attack(state) == (3, DamageKind.UNDEFENDABLE)


@pytest.mark.parametrize(
    ("card", "kind"), [(None, DamageKind.NORMAL), ("righteous_prayer_2", DamageKind.UNDEFENDABLE)]
)
def test_righteous_prayer_deals_8_then_gains_crit_and_2_cp(
    card: str | None, kind: DamageKind
) -> None:
    state = _up("righteous_prayer", card) if card else _paladin()
    state = _announce(state, (6, 6, 6, 6, 1), "righteous_prayer")
    assert _attack(state) == (8, kind)
    state = _pass_windows(state)
    assert state.players[0].statuses == {"crit": 1} and state.players[0].cp == 4


def test_prosperity_gains_4_cp() -> None:
    state = _up("righteous_prayer", "righteous_prayer_2")
    state = _announce(state, (6, 6, 6, 1, 3), "prosperity")
    assert state.players[0].cp == 6 and not state.ledger


def test_resolute_faith_is_her_ultimate() -> None:
    state = _announce(_paladin(), (6, 6, 6, 6, 6), "unyielding_faith")
    assert _attack(state) == (10, DamageKind.ULTIMATE) and _healed(state) == 5
    assert state.players[0].statuses == {"blessing_of_divinity": 1}


@pytest.mark.parametrize("ability", sorted(ALTERNATES))
def test_an_alternate_ability_needs_its_upgrade_card(ability: str) -> None:
    dice = {
        "steadfast": (1, 2, 3, 5, 5),
        "offensive_stance": (1, 2, 6, 5, 5),
        "requital": (1, 3, 5, 6, 6),
        "prosperity": (6, 6, 6, 1, 3),
    }[ability]
    state, _ = act(_paladin(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *dice)
    with pytest.raises(IllegalActionError):
        act(state, 0, a.Announce(ability))


# -- Divine Defense -------------------------------------------------------------------


def _smacked(level_card: str | None = None, **paladin: object) -> State:
    """The Barbarian's Smack (3 swords: 4 damage) against the Paladin."""
    state = start("barbarian", "paladin")
    if level_card:
        paladin = {"upgrades": {"holy_defense": level_card}, "board": (level_card,), **paladin}
    if paladin:
        state = with_player(state, 1, **paladin)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    return state


def _end(state: State) -> State:
    while state.phase is Phase.DEFENSIVE:
        decision = ENGINE.pending(state)[0]
        state, _ = act(state, decision.seat, a.Pass())
    return state


def test_divine_defense_hits_back_prevents_and_gains_cp_by_its_three_dice() -> None:
    state, _ = defend(_smacked(), 1, 1, 3, 5)  # sword, helm, heart
    state = _end(state)
    assert state.players[1].health == 50 - (4 - 1 - 2)
    assert state.players[0].health == 50 - 1  # the sword's 1 damage back
    prayers, _ = defend(_smacked(), 1, 6, 6, 6)
    prayers = _end(prayers)
    assert prayers.players[1].health == 46 and prayers.players[1].cp == 2 + 3


def test_divine_defense_ii_rolls_four_dice() -> None:
    state, _ = defend(_smacked("holy_defense_2"), 1, 3, 3, 4, 3)  # four helms
    assert _end(state).players[1].health == 50


def test_divine_defense_iii_gains_protect_on_two_helms_and_a_pray() -> None:
    state, _ = defend(_smacked("holy_defense_3"), 1, 3, 3, 6, 2)
    assert state.players[1].statuses == {"protect": 1}
    state = _end(state)
    assert state.players[1].health == 50 - 2 and state.players[0].health == 49
    without, _ = defend(_smacked("holy_defense_3"), 1, 3, 1, 6, 2)
    assert without.players[1].statuses == {}


# -- tokens ---------------------------------------------------------------------------


def test_protect_halves_the_incoming_damage_rounded_up() -> None:
    state = _smacked(statuses={"protect": 1})
    state, _ = act(state, 1, a.Spend("protect"))
    state, _ = act(state, 0, a.Pass())
    state, _ = defend(state, 1, 6, 6, 6)
    assert _end(state).players[1].health == 50 - 2


def test_retribution_sends_half_the_incoming_damage_back() -> None:
    state = _smacked(statuses={"retribution": 1})
    state, _ = act(state, 1, a.Spend("retribution"))
    state, _ = act(state, 0, a.Pass())
    state, _ = defend(state, 1, 6, 6, 6)
    state = _end(state)
    assert state.players[1].health == 46 and state.players[0].health == 48


def test_accuracy_makes_her_attack_undefendable() -> None:
    state = _paladin(statuses={"accuracy": 1})
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 6)
    state, _ = act(state, 0, a.Announce("holy_strike"))
    state, _ = act(state, 1, a.Pass())
    state, _ = act(state, 0, a.Spend("accuracy"))
    assert state.players[0].statuses == {}
    assert _attack(state) == (6, DamageKind.UNDEFENDABLE)
    assert state.step is not Step.DEFENSE


def test_crit_adds_4_to_an_attack_already_dealing_5() -> None:
    state = _paladin(statuses={"crit": 1})
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 6)
    state, _ = act(state, 0, a.Announce("holy_strike"))  # small straight: 6 damage
    state, _ = act(state, 1, a.Pass())
    state, events = act(state, 0, a.Spend("crit"))
    (attack,) = [i for i in state.ledger if i.attack]
    assert attack.amount == 6 and attack.added == 4 and state.players[0].statuses == {}
    assert "manual" not in keys(events)


def test_crit_on_a_weaker_attack_is_spent_for_nothing_and_says_so() -> None:
    state = _up("righteous_combat", "righteous_combat_3", statuses={"crit": 1})
    state = _announce(state, (1, 2, 3, 5, 5), "steadfast")  # 2 undefendable
    state, events = act(state, 0, a.Spend("crit"))
    (attack,) = [i for i in state.ledger if i.attack]
    assert attack.added == 0 and "attack_below" in keys(events)
    assert state.players[0].statuses == {}


def test_blessing_of_divinity_keeps_her_at_1_health_once() -> None:
    blessed = _end(defend(_smacked(health=3, statuses={"blessing_of_divinity": 1}), 1, 6, 6, 6)[0])
    assert blessed.players[1].health == 1 and blessed.phase is not Phase.OVER
    assert "blessing_of_divinity" not in blessed.players[1].statuses
    bare = _end(defend(_smacked(health=3), 1, 6, 6, 6)[0])
    assert bare.players[1].health == 0 and bare.phase is Phase.OVER and bare.winner == 0


def test_blessing_of_divinity_is_unique_and_not_spent_by_hand() -> None:
    status = CONTENT.status("blessing_of_divinity")
    assert status.unique and status.stack_limit == 1 and not status.spendable
    assert status.survives and "Not automated" not in status.text["en-US"]


# -- cards ----------------------------------------------------------------------------


def _main(hand: tuple[str, ...], cp: int = 5) -> State:
    return _paladin(hand=hand, cp=cp)


def test_mighty_gives_crit_to_a_chosen_player() -> None:
    state, _ = act(_main(("mighty",)), 0, a.PlayCard("mighty", "2"))
    assert state.players[1].statuses == {"crit": 1} and state.players[0].cp == 4


def test_consecration_gives_a_chosen_player_four_tokens() -> None:
    state, _ = act(_main(("consecration",)), 0, a.PlayCard("consecration", "1"))
    assert state.players[0].statuses == {"protect": 1, "retribution": 1, "crit": 1, "accuracy": 1}
    assert state.players[0].cp == 1


@pytest.mark.parametrize(
    ("die", "cp", "healed", "drawn"), [(1, 4, 0, 2), (3, 4, 3, 0), (5, 4, 4, 0), (6, 7, 0, 0)]
)
def test_divine_favor_rolls_for_cards_health_or_cp(
    die: int, cp: int, healed: int, drawn: int
) -> None:
    state = with_player(_main(("divine_favor",)), 0, health=40)
    deck = len(state.players[0].deck)
    state, _ = act(state, 0, a.PlayCard("divine_favor"), die)
    assert state.players[0].cp == cp and state.players[0].health == 40 + healed
    assert len(state.players[0].deck) == deck - drawn


@pytest.mark.parametrize(("die", "cp", "drawn"), [(6, 9, 0), (2, 5, 1)])
def test_blessed_gains_4_cp_on_a_pray_else_draws(die: int, cp: int, drawn: int) -> None:
    state = _main(("blessed",))
    deck = len(state.players[0].deck)
    state, _ = act(state, 0, a.PlayCard("blessed"), die)
    assert state.players[0].cp == cp and len(state.players[0].deck) == deck - drawn


@pytest.mark.parametrize(
    ("die", "taken", "back", "cp"), [(3, 1, 0, 4), (5, 0, 0, 4), (6, 2, 0, 6), (1, 4, 3, 4)]
)
def test_absolution_rolls_when_she_is_attacked(die: int, taken: int, back: int, cp: int) -> None:
    state = _smacked(hand=("absolution",), cp=5)
    state, _ = act(state, 1, a.PlayCard("absolution"))
    state, _ = act(state, 0, a.Pass(), die)  # the active player answers; then it rolls
    state, _ = defend(state, 1, 6, 6, 6)  # prayers: 3 CP, nothing prevented
    state = _end(state)
    assert state.players[1].health == 50 - taken and state.players[0].health == 50 - back
    assert state.players[1].cp == cp + 3


def test_absolution_is_only_for_when_she_is_attacked() -> None:
    with pytest.raises((IllegalActionError, NotYourTurnError)):
        act(_main(("absolution",)), 0, a.PlayCard("absolution"))


# Tithe (board actions): tests/engines/dicethrone/test_board_actions.py.


# -- whole matches --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heroes", "seed"),
    [
        (["paladin", "barbarian"], 1),  # 1 v 1
        (["paladin", "gunslinger", "ninja"], 2),  # King of the Hill
        (["paladin", "ninja", "barbarian", "paladin"], 3),  # 2 v 2
    ],
)
def test_whole_matches_with_the_paladin_end(heroes: list[str], seed: int) -> None:
    state, used = _play_to_end(heroes, seed)
    assert ENGINE.result(state) is not None and used["activated"]
