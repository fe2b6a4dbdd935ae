"""By-hand actions card text needs (1.5.1): a knocked-out figure back, a marker placed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.core import EngineError, RiggedDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.geometry import parse_label
from engines.krosmaster.rules.state import Marker, Phase, State
from tests.engines.krosmaster.helpers import act, events, position


def board() -> State:
    return position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3"},
                {"id": "0.vigg-arysta", "square": "A1"},
                {"id": "1.quentin-flush", "square": "C5", "wounds": 4},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.tristepan",
        }
    )


def _ko_quentin() -> State:
    return act(board(), A.Adjust("1.quentin-flush", "wounds", "+9", "card text"))


def test_a_knocked_out_figure_is_put_back_unwounded_and_plays_again() -> None:
    """Card text returning a figure: `adjust square` on a KO'd figure puts it back."""
    state = _ko_quentin()
    assert state.unit("1.quentin-flush").ko
    state, keys = events(state, A.Adjust("1.quentin-flush", "square", "E6", "Resurrection"))
    quentin = state.unit("1.quentin-flush")
    assert not quentin.ko and quentin.pos == parse_label("E6") and quentin.wounds == 0
    assert keys == ["krosmaster.event.adjusted"]
    view = ENGINE.view(state, None)
    assert "E6" in str(view)
    # Other adjustments still need the figure in the arena first.
    with pytest.raises(EngineError):
        act(_ko_quentin(), A.Adjust("1.quentin-flush", "wounds", "+1", "card text"))
    with pytest.raises(EngineError):  # the square must be free (4.17.3)
        act(_ko_quentin(), A.Adjust("1.quentin-flush", "square", "C3", "Resurrection"))


def test_a_referee_puts_a_figure_back_outside_the_activation() -> None:
    state = replace(_ko_quentin(), phase=Phase.TENSION, active_unit=None)
    out = ENGINE.referee_apply(
        state, 1, A.Adjust("1.quentin-flush", "square", "H8", "ruling"), RiggedDice([])
    )
    assert out.state.unit("1.quentin-flush").pos == parse_label("H8")
    assert out.state.phase is Phase.TENSION


def test_autocomplete_offers_knocked_out_figures_only_for_a_square() -> None:
    state = _ko_quentin()
    values = [c.value for c in ENGINE.autocomplete(state, 1, "adjust", "unit", "", {})]
    assert "1.quentin-flush" not in values
    values = [
        c.value for c in ENGINE.autocomplete(state, 1, "adjust", "unit", "", {"what": "square"})
    ]
    assert "1.quentin-flush" in values


def test_a_marker_is_placed_by_the_active_krosmaster_or_a_named_one() -> None:
    """4.13.1–4.13.2: `+Name` places it (by the active figure, or `+Name@figure`)."""
    state, keys = events(board(), A.Adjust("1.gultar", "marker", "+Mark", "card text"))
    assert state.markers == (Marker("Mark", "0.tristepan", "1.gultar"),)
    assert keys == ["krosmaster.event.adjusted"]
    # The same team's marker of that name moves to the new bearer (4.13.2).
    state = act(state, A.Adjust("1.quentin-flush", "marker", "+Mark@Vigg Arysta", "text"))
    assert state.markers == (Marker("Mark", "0.vigg-arysta", "1.quentin-flush"),)
    # It shows on the bearer, and this side may remove it by name.
    assert "Mark" in str(ENGINE.view(state, None))
    state = act(state, A.Adjust("1.quentin-flush", "marker", "Mark", "text"))
    assert state.markers == ()


def test_a_marker_needs_a_krosmaster_of_the_acting_side() -> None:
    with pytest.raises(EngineError) as err:  # Gultar is not seat 0's
        act(board(), A.Adjust("1.quentin-flush", "marker", "+Mark@Gultar", "text"))
    assert err.value.rule == "4.13.1"
    state = replace(board(), phase=Phase.TENSION, active_unit=None)
    with pytest.raises(EngineError):  # no active figure to place it: name one
        ENGINE.referee_apply(
            state, 0, A.Adjust("1.gultar", "marker", "+Mark", "ruling"), RiggedDice([])
        )
    out = ENGINE.referee_apply(
        state, 0, A.Adjust("1.gultar", "marker", "+Mark@tristepan", "ruling"), RiggedDice([])
    )
    assert out.state.markers == (Marker("Mark", "0.tristepan", "1.gultar"),)


def test_autocomplete_offers_a_typed_new_marker() -> None:
    choices = ENGINE.autocomplete(board(), 0, "adjust", "value", "+Mark", {"what": "marker"})
    assert [c.value for c in choices] == ["+Mark"]
