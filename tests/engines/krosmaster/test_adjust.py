"""Manual adjustments (1.5.1) for card text the engine does not automate."""

from __future__ import annotations

import pytest

from engines.core import EngineError
from engines.krosmaster import actions as A
from engines.krosmaster.geometry import parse_label
from engines.krosmaster.state import State
from tests.engines.krosmaster.helpers import events, position


def board() -> State:
    return position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3"},
                {"id": "1.quentin-flush", "square": "C5", "wounds": 4},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.tristepan",
        }
    )


def test_adjustments_are_logged_with_author_and_reason() -> None:
    state, keys = events(board(), A.Adjust("1.quentin-flush", "wounds", "+1", "Loteria: tails"))
    assert state.unit("1.quentin-flush").wounds == 5
    assert keys == ["krosmaster.event.adjusted"]


def test_wounds_reaching_hp_knock_out() -> None:
    state, keys = events(board(), A.Adjust("1.quentin-flush", "wounds", "+5", "card text"))
    assert state.unit("1.quentin-flush").ko and "krosmaster.event.ko" in keys


def test_tokens_follow_4_11_and_squares_must_be_free() -> None:
    state, _ = events(board(), A.Adjust("1.gultar", "mp_tokens", "-9", "card text"))
    assert state.unit("1.gultar").mp_tokens == -3  # 4.11.7 still applies
    state, _ = events(board(), A.Adjust("0.tristepan", "square", "E6", "Teleport"))
    assert state.unit("0.tristepan").pos == parse_label("E6")
    with pytest.raises(EngineError):
        events(board(), A.Adjust("0.tristepan", "square", "C5", "Teleport"))


def test_kamas_come_from_the_reserve_and_a_reason_is_required() -> None:
    before = board()
    state, _ = events(before, A.Adjust("0.tristepan", "kamas", "2", "Farmer"))
    assert state.players[0].kamas == 2 and state.reserve_kamas == before.reserve_kamas - 2
    with pytest.raises(EngineError) as err:
        events(before, A.Adjust("0.tristepan", "kamas", "2", " "))
    assert err.value.rule == "1.5.1"
    with pytest.raises(EngineError):
        events(before, A.Adjust("0.tristepan", "gg", "2", "why"))
