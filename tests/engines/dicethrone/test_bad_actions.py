"""Issue 10 §7: whatever action JSON a player, a menu or a referee sends, Dice Throne
applies it or refuses it with a declared, localised error, and a refusal changes
nothing. States come from random legal play (the base heroes in a duel and in King of
the Hill, and the test heroes whose cards ask choices and manual steps)."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from engines.core import Action, Decision, IllegalActionError, RiggedDice, Seat, SeededDice
from engines.dicethrone import ENGINE
from engines.dicethrone.content import Content
from engines.dicethrone.rules.state import State
from tests.engines.dicethrone.helpers import MINI, SEATS
from tests.engines.dicethrone.test_properties import CONTENT
from tests.engines.dicethrone.test_properties import _candidates as legal
from tests.engines.malformed import JUNK_SETTINGS, Spot, throw_junk, walked_spots


def _candidates(state: State, decision: Decision, rng: random.Random) -> list[Action]:
    return legal(state, decision.seat, decision.kinds, rng)


def _start(content: Content, heroes: list[str], seed: int) -> State:
    options = {f"hero{i + 1}": hero for i, hero in enumerate(heroes)}
    seats = [*SEATS, Seat(2, "Carla")][: len(heroes)]
    state: State = ENGINE.new_match(options, seats, content, SeededDice(bytes([seed]), 0))
    return state


@cache
def places() -> tuple[Spot, ...]:
    """States of a few random games (computed once)."""
    minis = sorted(MINI.heroes)
    starts = [
        (_start(CONTENT, ["barbarian", "paladin"], 1), 2),
        (_start(MINI, minis[:2], 2), 2),
        (_start(CONTENT, ["gunslinger", "barbarian", "paladin"], 3), 3),
    ]
    return walked_spots(ENGINE, starts, _candidates, 70)


@JUNK_SETTINGS
@given(st.data())
def test_any_action_json_is_applied_or_refused_with_a_declared_error(data: st.DataObject) -> None:
    throw_junk(ENGINE, data, places())


def test_a_referee_cannot_resolve_or_choose_when_nothing_is_open() -> None:
    """`/ref act` with `resolved` or `choose` and no open choice used to trip an assert."""
    state = _start(CONTENT, ["barbarian", "paladin"], 1)
    before = ENGINE.state_to_json(state)
    for data in ({"kind": "resolved"}, {"kind": "choose", "option": 1}, {"kind": "no_ability"}):
        try:
            ENGINE.referee_apply(state, 0, ENGINE.parse_action(data), RiggedDice())
        except IllegalActionError as exc:
            assert exc.key == "core.error.not_now_anyone"
        else:
            raise AssertionError(f"{data} was applied with nothing open")
    assert ENGINE.state_to_json(state) == before
