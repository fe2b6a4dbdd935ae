"""4.7.5.a: "if a boost gives a spell, that spell must be cast before any other spell,
or it is lost" — and it is lost at the end of the Krosmaster's turn if not cast."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engines.core import EngineError
from engines.krosmaster import actions as A
from engines.krosmaster.rules.board import replace_unit
from engines.krosmaster.rules.state import Held, State
from engines.krosmaster.rules.targeting import spells_of
from tests.engines.krosmaster.helpers import act, position
from tests.engines.krosmaster.test_reward_spells import pack

BOOST = """
rewards:
  - id: test-flare
    name: Test Flare
    tier: jade
    kind: boost
    source: "test"
    verified: false
    spells:
      - {id: flare, name: Flare, kind: attack, element: fire,
         range: {kind: ranged, min: 1, max: 3}, cost: {ap: 1}, amount: 1}
"""


def board(tmp_path: Path) -> State:
    state = position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3", "rewards": []},
                {"id": "1.quentin-flush", "square": "C5"},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.tristepan",
        }
    )
    state = replace(state, rewards={**state.rewards, **pack(tmp_path, BOOST).rewards})
    unit = state.unit("0.tristepan")
    return replace_unit(state, replace(unit, rewards=(Held("test-flare"),)))


def ids(state: State) -> list[str]:
    return [s.id for s in spells_of(state, state.unit("0.tristepan"))]


def test_a_revealed_boosts_spell_is_cast_once_as_the_next_spell(tmp_path: Path) -> None:
    state = board(tmp_path)
    assert "flare" not in ids(state)  # face down: nothing yet
    state = act(state, A.Reveal("test-flare"))
    assert "flare" in ids(state) and state.unit("0.tristepan").rewards == ()  # used up
    state = act(state, A.Cast("flare", "C5"), ["Lock", "Lock"])
    assert state.unit("1.quentin-flush").wounds == 1
    assert "flare" not in ids(state)  # cast: the boost is gone
    with pytest.raises(EngineError):
        act(state, A.Cast("flare", "C5"))


def test_another_spell_first_loses_the_boosts_spell(tmp_path: Path) -> None:
    state = act(board(tmp_path), A.Reveal("test-flare"))
    state = act(state, A.Cast("dark-blade", "C4"), ["Lock"])  # an empty square: still a cast
    assert "flare" not in ids(state)


def test_the_boosts_spell_is_lost_at_the_end_of_the_turn(tmp_path: Path) -> None:
    state = act(board(tmp_path), A.Reveal("test-flare"))
    state = act(state, A.EndTurn())
    assert state.unit("0.tristepan").boost_spells == ()
