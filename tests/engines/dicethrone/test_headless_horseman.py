"""The Headless Horseman with rigged dice: his set-up, the Haunted Head passed between
players (Headless Mayhem in his Upkeep, Terrorize, the end of his turn, Rolling
Pumpkin!), Grim Pursuit after a roll phase without damage and its two once-a-turn uses
(one more roll attempt, a 5-dice Attack Modifier), every ability of his board and of
his upgrade cards (the alternate abilities they add), his defence rolling one more die
per Dreadful, and his fourteen cards; whole seeded matches with him in 1 v 1, King of
the Hill and 2 v 2; a save and load; the lookup's printed names."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import EngineError, IllegalActionError
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import DamageKind
from engines.dicethrone.content.words import said
from engines.dicethrone.lookup import lookup
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
from tests.engines.dicethrone.helpers import attack_damage as _attack
from tests.engines.dicethrone.helpers import pass_pauses as _then
from tests.engines.dicethrone.helpers import pass_windows as _pass_windows
from tests.engines.dicethrone.helpers import upgrades as _up
from tests.engines.dicethrone.test_new_heroes import ended_matches

HEAD, DREAD, GRIM = "haunted_head", "dreadful", "grim_pursuit"
HH = "headless_horseman"
CONTENT = ENGINE.load_content(None)
#: Headless Mayhem's options in his Upkeep.
TAKE_BACK, SEND, TERRORIZE = 1, 2, 3


def _hh(foe: str = "barbarian", **changes: Any) -> State:
    """The Horseman (seat 0) in his first Main phase, having kept the Haunted Head."""
    state = start(HH, foe)
    assert state.phase is Phase.UPKEEP and state.choice is not None
    state, _ = act(state, 0, a.Choose(TAKE_BACK))
    assert state.phase is Phase.MAIN1
    return with_player(state, 0, **changes)


def _statuses(state: State, seat: int) -> dict[str, int]:
    return dict(state.players[seat].statuses)


def _next_upkeep(state: State, **hh: Any) -> State:
    """From the Horseman's Main phase, around the table to his next Upkeep choice (the
    Barbarian's turn passes without a roll; the Horseman's tokens set by ``hh``)."""
    state = replace(state, phase=Phase.DISCARD, step=None)
    state, _ = act(state, 0, a.EndPhase())  # his turn ends
    state, _ = act(state, 1, a.EndPhase())  # the Barbarian's Main (1)
    state, _ = act(state, 1, a.RollDice(), 1, 2, 3, 4, 4)
    state, _ = act(state, 1, a.NoAbility())
    state, _ = act(state, 1, a.EndPhase())
    state = with_player(state, 0, **hh)
    assert state.active == 1 and state.phase is Phase.DISCARD
    state, _ = act(state, 1, a.EndPhase())
    assert state.active == 0 and state.phase is Phase.UPKEEP and state.choice is not None
    return state


# -- set-up and the Haunted Head --------------------------------------------------------


def test_he_starts_with_the_head_and_a_dreadful_unless_he_is_first() -> None:
    assert _statuses(_hh(), 0) == {HEAD: 1}
    second = start("barbarian", HH)
    assert _statuses(second, 1) == {HEAD: 1, DREAD: 1}


def test_his_upkeep_may_send_the_head_to_the_opponent_for_a_dreadful() -> None:
    state = start(HH, "barbarian")
    state, events = act(state, 0, a.Choose(SEND))
    assert _statuses(state, 0) == {DREAD: 1} and _statuses(state, 1) == {HEAD: 1}
    assert "relocated" in keys(events)


def test_sending_the_head_to_whoever_holds_it_gives_nothing() -> None:
    state, _ = act(start(HH, "barbarian"), 0, a.Choose(SEND))
    state = _next_upkeep(state, statuses={})
    state, _ = act(state, 0, a.Choose(SEND))
    assert _statuses(state, 0) == {} and _statuses(state, 1) == {HEAD: 1}


def test_taking_the_head_back() -> None:
    state, _ = act(start(HH, "barbarian"), 0, a.Choose(SEND))
    state = _next_upkeep(state, statuses={})
    state, _ = act(state, 0, a.Choose(TAKE_BACK))
    assert _statuses(state, 0) == {HEAD: 1} and _statuses(state, 1) == {}


def test_his_turn_ending_with_the_head_on_an_opponent_gives_a_dreadful() -> None:
    state, _ = act(start(HH, "barbarian"), 0, a.Choose(SEND))
    state = replace(state, phase=Phase.DISCARD, step=None)
    state, _ = act(state, 0, a.EndPhase())
    assert _statuses(state, 0) == {DREAD: 2}
    kept = replace(_hh(), phase=Phase.DISCARD, step=None)
    kept, _ = act(kept, 0, a.EndPhase())
    assert _statuses(kept, 0) == {HEAD: 1}


def test_terrorize_spends_4_dreadful_for_the_head_3_undefendable_grim_pursuit_and_cp() -> None:
    state, _ = act(start(HH, "barbarian"), 0, a.Choose(SEND))
    state = _next_upkeep(state, statuses={DREAD: 5}, cp=2)
    state, _ = act(state, 0, a.Choose(TERRORIZE))
    state, _ = close_upkeep(state)
    assert _statuses(state, 0) == {DREAD: 1, HEAD: 1, GRIM: 1} and _statuses(state, 1) == {}
    assert state.players[1].health == 47 and state.players[0].cp == 2 + 1 + 1  # + Income


def test_terrorize_without_4_dreadful_does_nothing() -> None:
    state, _ = act(start(HH, "barbarian"), 0, a.Choose(SEND))
    state = _next_upkeep(state, statuses={DREAD: 3})
    state, events = act(state, 0, a.Choose(TERRORIZE))
    assert "cost_unpaid_status" in keys(events)
    assert _statuses(state, 0) == {DREAD: 3} and state.players[1].health == 50


def test_the_head_is_not_a_status_others_may_remove() -> None:
    definition = CONTENT.status(HEAD)
    assert not definition.pickable("barbarian") and not definition.removable_by("paladin")


# -- Grim Pursuit -----------------------------------------------------------------------


def test_a_roll_phase_without_damage_gives_grim_pursuit() -> None:
    state, _ = act(_hh(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 4, 4, 6)
    state, _ = act(state, 0, a.NoAbility())
    assert _statuses(state, 0) == {HEAD: 1, GRIM: 1}
    hit = _pass_windows(_announce(_hh(), (1, 1, 2, 4, 6), "cleave"))
    assert state.phase is Phase.MAIN2 and _statuses(hit, 0) == {HEAD: 1}


def test_a_roll_phase_whose_damage_is_all_prevented_gives_grim_pursuit() -> None:
    state = with_player(_hh(), 1, statuses={})
    state = _announce(state, (1, 1, 2, 4, 6), "cleave")  # 4 damage
    state = replace(state, ledger=(replace(state.ledger[0], prevented=4),))
    state, _ = defend(state, 1, 1, 1, 1)
    state = _pass_windows(state)
    assert state.players[1].health == 50 and _statuses(state, 0)[GRIM] == 1


def test_grim_pursuit_buys_a_fourth_roll_attempt_once_a_turn() -> None:
    state, _ = act(_hh(statuses={HEAD: 1, GRIM: 2}), 0, a.EndPhase())
    for _ in range(3):
        state, _ = act(state, 0, a.RollDice(), 1, 2, 4, 4, 6)
    with pytest.raises(EngineError):
        act(state, 0, a.RollDice(), 1, 1, 1, 1, 1)
    state, events = act(state, 0, a.Spend(GRIM))
    assert "roll_attempt_gained" in keys(events) and _statuses(state, 0)[GRIM] == 1
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 1, 1)
    assert state.roll.attempts == 4
    # Its other use needs an Attack: nothing is left to spend it on now.
    with pytest.raises(EngineError):
        act(state, 0, a.Spend(GRIM))


def test_grim_pursuit_rolls_5_dice_for_1_damage_per_horseshoe_once_a_turn() -> None:
    state = _announce(_hh(statuses={HEAD: 1, GRIM: 3}), (1, 1, 2, 4, 6), "cleave")
    state, _ = act(state, 0, a.Spend(GRIM), 4, 5, 4, 1, 6)
    assert _attack(state) == (4 + 3, DamageKind.NORMAL) and _statuses(state, 0)[GRIM] == 2
    with pytest.raises(EngineError):
        act(state, 0, a.Spend(GRIM), 4, 4, 4, 4, 4)


def test_grim_pursuit_offers_both_uses_when_both_can_act() -> None:
    # An Attack of his in the ledger while he still rolls (an earlier roll phase's,
    # rigged): both uses are offered as an "Or".
    state, _ = act(_hh(statuses={HEAD: 1, GRIM: 1}), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 4, 4, 6)
    attack = _announce(_hh(), (1, 1, 2, 4, 6), "cleave").ledger
    state = replace(state, ledger=attack)
    state, _ = act(state, 0, a.Spend(GRIM))
    assert state.choice is not None and len(state.choice.options) == 2


# -- the board ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "damage", "dread"),
    [
        ((1, 2, 3, 4, 6), 4, 0),
        ((1, 2, 3, 1, 6), 5, 0),
        ((1, 2, 3, 1, 2), 7, 0),
        ((2, 2, 2, 2, 6), 5, 1),
    ],
)
def test_cleave_deals_4_5_7_and_a_dreadful_on_4_of_a_kind(
    dice: tuple[int, ...], damage: int, dread: int
) -> None:
    state = _announce(_hh(), dice, "cleave")
    assert _attack(state) == (damage, DamageKind.NORMAL)
    assert _statuses(state, 0).get(DREAD, 0) == dread


def test_cleave_ii_deals_5_6_8_and_a_dreadful_on_3_of_a_kind() -> None:
    state = _announce(_hh(**_up("cleave_2")), (3, 3, 3, 4, 6), "cleave")
    assert _attack(state)[0] == 5 and _statuses(state, 0)[DREAD] == 1
    assert _attack(_announce(_hh(**_up("cleave_2")), (1, 2, 3, 1, 6), "cleave"))[0] == 6
    assert _attack(_announce(_hh(**_up("cleave_2")), (1, 2, 3, 1, 2), "cleave"))[0] == 8


def test_ghostly_charge_needs_cleave_ii_and_deals_2_pure() -> None:
    state, _ = act(_hh(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 4, 6, 5)
    with pytest.raises(IllegalActionError):
        act(state, 0, a.Announce("ghostly_charge"))
    state = _announce(_hh(**_up("cleave_2")), (1, 2, 4, 6, 5), "ghostly_charge")
    assert _attack(state) == (2, DamageKind.PURE) and _statuses(state, 0)[GRIM] == 2


def test_reap_draws_only_with_the_head() -> None:
    state = _announce(_hh(deck=("dark_surprise",)), (4, 4, 5, 6, 1), "reap")
    assert _attack(state) == (3, DamageKind.UNDEFENDABLE) and _statuses(state, 0)[DREAD] == 2
    assert state.players[0].hand[-1] == "dark_surprise"
    headless = _announce(_hh(statuses={}, deck=("dark_surprise",)), (4, 4, 5, 6, 1), "reap")
    assert "dark_surprise" not in headless.players[0].hand
    two = _announce(_hh(**_up("reap_2")), (4, 4, 5, 6, 1), "reap")
    assert _attack(two) == (4, DamageKind.UNDEFENDABLE)


def test_the_reaper_needs_reap_ii() -> None:
    state = _hh(statuses={}, deck=("dark_surprise",), **_up("reap_2"))
    state = _announce(state, (4, 4, 5, 6, 6), "the_reaper")
    assert _attack(state) == (4, DamageKind.UNDEFENDABLE) and _statuses(state, 0)[DREAD] == 3
    assert "dark_surprise" in state.players[0].hand


def test_ride_down_gains_grim_pursuit_then_deals_6() -> None:
    state = _then(_announce(_hh(), (1, 2, 3, 4, 5), "ride_down"))
    assert _statuses(state, 0)[GRIM] == 2 and _attack(state) == (6, DamageKind.NORMAL)
    two = _then(_announce(_hh(**_up("ride_down_2")), (1, 2, 3, 4, 5), "ride_down"))
    assert _statuses(two, 0)[GRIM] == 3


def test_cursed_gallop_needs_ride_down_ii() -> None:
    state = _announce(_hh(**_up("ride_down_2")), (4, 4, 5, 1, 6), "cursed_gallop")
    assert _statuses(state, 0)[GRIM] == 1 and _attack(state) == (1, DamageKind.UNDEFENDABLE)


def test_sow_despair_small_and_large_and_ii() -> None:
    small = _announce(_hh(), (1, 2, 3, 4, 6), "sow_despair")
    assert _attack(small)[0] == 7 and _statuses(small, 0)[DREAD] == 1
    large = _announce(_hh(), (2, 3, 4, 5, 6), "sow_despair")
    assert _attack(large)[0] == 9 and _statuses(large, 0)[DREAD] == 2
    two = _announce(_hh(**_up("sow_despair_2")), (2, 3, 4, 5, 6), "sow_despair")
    assert _attack(two)[0] == 10 and _statuses(two, 0)[DREAD] == 3
    two_small = _announce(_hh(**_up("sow_despair_2")), (1, 2, 3, 4, 6), "sow_despair")
    assert _attack(two_small)[0] == 7 and _statuses(two_small, 0)[DREAD] == 2


def _incoming(state: State) -> int:
    return sum(i.amount + i.added for i in state.ledger if i.target == 1)


def test_spectral_assault_rolls_a_die_per_dreadful_after_gaining_one() -> None:
    # One Dreadful, one gained: two bonus dice; an axe +1, a scare 1 Grim Pursuit.
    rolled = _announce(_hh(statuses={HEAD: 1, DREAD: 1}), (1, 2, 3, 6, 6), "spectral_assault")
    rolled = _then_with(rolled, 1, 6)
    assert _incoming(rolled) == 8 + 1 and _statuses(rolled, 0)[GRIM] == 1
    assert all(i.kind is DamageKind.NORMAL for i in rolled.ledger)


def test_spectral_assault_is_undefendable_on_2_horseshoes_and_ii_deals_9() -> None:
    state = _announce(_hh(statuses={HEAD: 1, DREAD: 1}), (1, 2, 3, 6, 6), "spectral_assault")
    state = _then_with(state, 4, 5)
    assert _incoming(state) == 8 and {i.kind for i in state.ledger} == {DamageKind.UNDEFENDABLE}
    two = _announce(_hh(**_up("spectral_assault_2")), (1, 2, 3, 6, 6), "spectral_assault")
    two = _then_with(two, 2)  # no Dreadful before: one die
    assert _incoming(two) == 9 + 1


def test_spectral_assault_rolls_at_most_5_dice() -> None:
    state = _announce(_hh(statuses={HEAD: 1, DREAD: 5}), (1, 2, 3, 6, 6), "spectral_assault")
    state = _then_with(state, 1, 1, 1, 1, 1)
    assert _incoming(state) == 8 + 5


def _then_with(state: State, *dice: int) -> State:
    """Everyone lets the "Then" pause pass; its end rolls ``dice``."""
    assert state.choice is not None and state.choice.pause
    state, _ = act(state, 0, a.Pass())  # the Horseman, then his opponent
    state, _ = act(state, 1, a.Pass(), *dice)
    return _then(state)


def test_haunted_strike_needs_spectral_assault_ii() -> None:
    state = _announce(_hh(**_up("spectral_assault_2")), (1, 2, 6, 6, 4), "haunted_strike")
    assert _attack(state) == (4, DamageKind.UNDEFENDABLE)


def test_horrify_with_the_head_gains_both_else_one_of_them() -> None:
    state = _then(_announce(_hh(), (6, 6, 6, 6, 1), "horrify"))
    assert _statuses(state, 0) == {HEAD: 1, DREAD: 3, GRIM: 1}
    assert _attack(state) == (6, DamageKind.UNDEFENDABLE)
    headless = _announce(_hh(statuses={}), (6, 6, 6, 6, 1), "horrify")
    dread, _ = act(headless, 0, a.Choose(1))
    assert _statuses(_then(dread), 0) == {DREAD: 3}
    grim, _ = act(headless, 0, a.Choose(2))
    assert _statuses(_then(grim), 0) == {GRIM: 1}


def test_horrify_ii_gains_3_dreadful_and_2_grim_pursuit() -> None:
    state = _then(_announce(_hh(statuses={}, **_up("horrify_2")), (6, 6, 6, 6, 1), "horrify"))
    assert _statuses(state, 0) == {DREAD: 3, GRIM: 2}
    assert _attack(state) == (6, DamageKind.UNDEFENDABLE)


def test_spooky_needs_horrify_ii() -> None:
    state = _announce(_hh(**_up("horrify_2")), (6, 6, 6, 1, 4), "spooky")
    assert _statuses(state, 0)[GRIM] == 2 and _attack(state) == (7, DamageKind.NORMAL)


def test_dreadful_charge_is_his_ultimate() -> None:
    state = _announce(_hh(), (6, 6, 6, 6, 6), "dreadful_charge")
    assert _statuses(state, 0)[DREAD] == 4 and _attack(state) == (14, DamageKind.ULTIMATE)


# -- the defence ------------------------------------------------------------------------


def _attacked(**hh: Any) -> State:
    """The Barbarian (seat 0) attacks the Horseman (seat 1) with Slap (4 damage)."""
    state = start("barbarian", HH)
    state = with_player(state, 1, **hh)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    assert state.step is Step.DEFENSE
    return state


def test_hallowed_reckoning_rolls_1_die_plus_1_per_dreadful() -> None:
    one, events = defend(_attacked(statuses={HEAD: 1}), 1, 6)
    assert _statuses(one, 1)[DREAD] == 1 and "defended" in keys(events)
    three, _ = defend(_attacked(statuses={DREAD: 2}), 1, 1, 4, 4)
    back = [i for i in three.ledger if i.target == 0]
    assert sum(i.amount for i in back) == 1
    assert [i.prevented for i in three.ledger if i.target == 1] == [1]
    five, _ = defend(_attacked(statuses={DREAD: 5}), 1, 4, 4, 5, 5, 2)
    assert [i.prevented for i in five.ledger if i.target == 1] == [2]


def test_hallowed_reckoning_ii_rolls_2_and_2_scares_give_grim_pursuit() -> None:
    state, _ = defend(_attacked(statuses={}, **_up("hallowed_reckoning_2")), 1, 6, 6)
    assert _statuses(state, 1) == {DREAD: 2, GRIM: 1}


# -- cards ------------------------------------------------------------------------------


def _main(hand: tuple[str, ...], cp: int = 5, **changes: Any) -> State:
    return _hh(hand=hand, cp=cp, **changes)


def test_dark_surprise_gains_2_dreadful() -> None:
    state, _ = act(_main(("dark_surprise",)), 0, a.PlayCard("dark_surprise"))
    assert _statuses(state, 0)[DREAD] == 2 and state.players[0].cp == 3


def test_unescapable_spends_grim_pursuit_to_make_the_attack_undefendable() -> None:
    state = _main(("unescapable", "unescapable"), statuses={HEAD: 1, GRIM: 1})
    state = _announce(state, (1, 1, 2, 4, 6), "cleave")
    state, _ = act(state, 0, a.PlayCard("unescapable"))
    assert _attack(state) == (4, DamageKind.UNDEFENDABLE) and GRIM not in _statuses(state, 0)
    none = _announce(_main(("unescapable",)), (1, 1, 2, 4, 6), "cleave")
    none, _ = act(none, 0, a.PlayCard("unescapable"))
    assert _attack(none) == (4, DamageKind.NORMAL)


def test_spirited_reprisal_prevents_3_only_with_the_head() -> None:
    state = _attacked(hand=("spirited_reprisal",), cp=3)
    state, _ = act(state, 1, a.PlayCard("spirited_reprisal"))
    assert state.ledger[0].prevented == 3
    headless = _attacked(hand=("spirited_reprisal",), cp=3, statuses={})
    headless, _ = act(headless, 1, a.PlayCard("spirited_reprisal"))
    assert headless.ledger[0].prevented == 0


def test_cranial_assist_adds_3_when_the_opponent_holds_the_head() -> None:
    state = with_player(_main(("cranial_assist",), statuses={}), 1, statuses={HEAD: 1})
    state = _announce(state, (1, 1, 2, 4, 6), "cleave")
    state, _ = act(state, 0, a.PlayCard("cranial_assist"))
    assert _attack(state)[0] == 4 + 3
    mine = _announce(_main(("cranial_assist",)), (1, 1, 2, 4, 6), "cleave")
    mine, _ = act(mine, 0, a.PlayCard("cranial_assist"))
    assert _attack(mine)[0] == 4


def test_dancing_pumpkin_gains_dreadful_with_the_head_else_grim_pursuit() -> None:
    state, _ = act(_main(("dancing_pumpkin",)), 0, a.PlayCard("dancing_pumpkin"))
    assert _statuses(state, 0) == {HEAD: 1, DREAD: 2}
    other, _ = act(_main(("dancing_pumpkin",), statuses={}), 0, a.PlayCard("dancing_pumpkin"))
    assert _statuses(other, 0) == {GRIM: 2}


def test_thundering_hooves_turns_up_to_3_cp_into_grim_pursuit() -> None:
    state, _ = act(_main(("thundering_hooves",), cp=5), 0, a.EndPhase())
    state, _ = act(state, 0, a.PlayCard("thundering_hooves"))
    assert state.choice is not None and len(state.choice.options) == 4  # 0 to 3 CP
    state, _ = act(state, 0, a.Choose(4))
    assert _statuses(state, 0)[GRIM] == 3 and state.players[0].cp == 2


def test_rolling_pumpkin_sends_the_head_to_a_named_player() -> None:
    state, _ = act(_main(("rolling_pumpkin",)), 0, a.PlayCard("rolling_pumpkin", target="2"))
    assert _statuses(state, 0) == {} and _statuses(state, 1) == {HEAD: 1}


# -- whole matches, saves, lookup, words -----------------------------------------------


@pytest.mark.parametrize(
    ("others", "seeds"),
    [
        (["barbarian"], range(2)),  # 1 v 1
        (["sun_elf", "ninja"], range(2, 3)),  # King of the Hill
        (["gunslinger", "duelist", "paladin"], range(3, 4)),  # 2 v 2
    ],
)
def test_seeded_matches_with_the_headless_horseman_end(others: list[str], seeds: range) -> None:
    used = ended_matches([HH, *others], seeds)
    assert used["activated"] and used["Haunted Head"]


def test_his_new_state_fields_survive_a_save() -> None:
    state, _ = act(_hh(statuses={HEAD: 1, GRIM: 1}), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 4, 4, 6)
    state, _ = act(state, 0, a.Spend(GRIM))
    assert state.roll.bonus_attempts == 1 and state.turn_used
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


def test_lookup_names_his_printed_pieces() -> None:
    state = _main(("rolling_pumpkin",))
    card = lookup(CONTENT, state, 0, "Rolling Pumpkin!")
    assert card is not None and "Rolling Pumpkin!" in str(card)
    board = lookup(CONTENT, state, None, "Headless Horseman")
    assert board is not None
    for name in ("Dreadful Charge!", "Hallowed Reckoning", "Headless Mayhem", "Grim Pursuit"):
        assert name in str(board), name


def test_two_horsemen_keep_their_own_heads() -> None:
    state, _ = act(start(HH, HH), 0, a.Choose(TAKE_BACK))
    assert _statuses(state, 0)[HEAD] == 1 and _statuses(state, 1)[HEAD] == 1
    state, _ = act(start(HH, HH), 0, a.Choose(SEND))
    assert HEAD in _statuses(state, 0) and _statuses(state, 1)[HEAD] == 1  # he has one


def test_thundering_hooves_says_it_spends_cp_in_each_language() -> None:
    # Our words for "spend up to N CP" (the Treant's spend_for pays statuses, this one CP).
    hero = ENGINE.load_content(None).heroes["headless_horseman"]
    words = said(hero, hero.card("thundering_hooves"))
    assert words["en-US"] == "spend up to 3 CP; for each: gain Grim Pursuit"
    assert words["pt-BR"].startswith("gaste até 3 PC")
    assert words["it"].startswith("spendi fino a 3 PC")
