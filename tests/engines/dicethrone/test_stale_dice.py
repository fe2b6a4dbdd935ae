"""The board shows no previous player's dice in Upkeep, Income or Main (1)."""

from __future__ import annotations

import io

from PIL import Image

from engines.core import RiggedDice
from engines.core.model import replace
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.rules.state import Phase, Roll, State, Step
from tests.engines.dicethrone.helpers import SEATS, act, start, with_player

#: Alice's (seat 0) offensive dice on turn 1.
ALICE_DICE = (1, 1, 2, 3, 5)


def _alices_turn(state: State) -> State:
    """Alice rolls, uses no ability and ends her turn."""
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *ALICE_DICE)
    state, _ = act(state, 0, a.NoAbility())
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.EndPhase())
    return state


def _no_dice(state: State) -> None:
    roll = ENGINE.view(state, None).data["roll"]
    assert roll["dice"] == [] and roll["attempts"] == 0 and roll["defense_dice"] == []
    assert ENGINE.view(state, None).data["abilities_met"] == []


def test_the_next_player_sees_no_stale_dice_in_main_1() -> None:
    state = _alices_turn(with_player(start(), 1, hand=(), deck=("absolution",)))
    assert state.phase is Phase.MAIN1 and state.active == 1
    _no_dice(state)
    # Bruno's own roll shows once he rolls.
    state, _ = act(state, 1, a.EndPhase())
    state, _ = act(state, 1, a.RollDice(), 6, 6, 6, 1, 2)
    assert ENGINE.view(state, None).data["roll"]["dice"] == [6, 6, 6, 1, 2]


def test_no_stale_dice_in_the_income_window() -> None:
    options = {"hero1": "barbarian", "hero2": "paladin", "income_window": True}
    state = ENGINE.new_match(options, SEATS, ENGINE.load_content(None), RiggedDice([6, 1]))
    state = _alices_turn(with_player(state, 1, hand=(), deck=("absolution",)))
    assert state.phase is Phase.INCOME and state.step is Step.INCOME_END
    _no_dice(state)


def test_a_saved_match_with_a_stale_roll_hides_it_outside_the_roll_phases() -> None:
    # Matches saved before the roll was reset each turn still hold the old dice.
    stale = Roll(dice=ALICE_DICE, kept=(False,) * 5, attempts=3, defense_dice=(2, 3))
    for phase in (Phase.UPKEEP, Phase.INCOME, Phase.MAIN1):
        state = replace(start(), phase=phase, active=1, roll=stale)
        _no_dice(state)
        board = Image.open(io.BytesIO(ENGINE.render(ENGINE.view(state, None), "board", "en-US")))
        fresh = replace(start(), phase=phase, active=1, roll=Roll())
        clean = Image.open(io.BytesIO(ENGINE.render(ENGINE.view(fresh, None), "board", "en-US")))
        assert board.height == clean.height  # no dice row drawn
    # In the roll phases the current dice show.
    state = replace(start(), phase=Phase.OFFENSIVE, step=Step.ROLLING, roll=stale)
    assert ENGINE.view(state, None).data["roll"]["dice"] == list(ALICE_DICE)
