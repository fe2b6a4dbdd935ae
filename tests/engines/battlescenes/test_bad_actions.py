"""Issue 10 §7: whatever action JSON a player, a menu or a referee sends, Battle Scenes
applies it or refuses it with a declared, localised error, and a refusal changes
nothing. States come from random legal play with the scripted villains' deck."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.battlescenes import ENGINE
from engines.battlescenes.rules.state import State
from engines.core import Action, Decision, EngineError, RiggedDice, Seat, SeededDice
from tests.engines.battlescenes.test_properties import candidates, menu_actions, play_pack
from tests.engines.malformed import JUNK_SETTINGS, Spot, throw_junk, walked_spots

SEATS = [Seat(0, "Ana"), Seat(1, "Bruno")]


def _candidates(state: State, decision: Decision, rng: random.Random) -> list[Action]:
    return candidates(state, decision.seat, decision.kinds, rng) + menu_actions(decision, rng)


def _start(seed: int) -> State:
    state: State = ENGINE.new_match({}, SEATS, play_pack(), SeededDice(bytes([seed]), 0))
    return state


@cache
def places() -> tuple[Spot, ...]:
    """States of a few random games (computed once)."""
    return walked_spots(ENGINE, [(_start(seed), 2) for seed in range(3)], _candidates, 80)


@JUNK_SETTINGS
@given(st.data())
def test_any_action_json_is_applied_or_refused_with_a_declared_error(data: st.DataObject) -> None:
    throw_junk(ENGINE, data, places())


@pytest.mark.parametrize("referee", [False, True])
@pytest.mark.parametrize("card", [1000, -5, 2**63])
def test_playing_a_card_number_that_does_not_exist_is_refused(referee: bool, card: int) -> None:
    """`/battlescenes play card:1000` used to raise IndexError."""
    state = next(p.state for p in places() if "play" in ENGINE.pending(p.state)[0].kinds)
    seat = ENGINE.pending(state)[0].seat
    before = ENGINE.state_to_json(state)
    apply = ENGINE.referee_apply if referee else ENGINE.apply
    with pytest.raises(EngineError) as refused:
        apply(state, seat, ENGINE.parse_action({"kind": "play", "card": card}), RiggedDice())
    assert refused.value.key == "battlescenes.error.manual_card"
    assert refused.value.params == {"card": card}
    assert ENGINE.state_to_json(state) == before
