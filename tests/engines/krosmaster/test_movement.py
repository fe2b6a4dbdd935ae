"""Movement (6.3.2, 4.17) and lock tests (4.14) with rigged dice."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engines.core import EngineError
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Power
from engines.krosmaster.rules.state import State
from tests.engines.krosmaster.helpers import (
    act,
    empty_arena,
    events,
    new_match,
    position,
    sq,
    with_power,
)


def at(units: dict[str, str], arena: Any = None, **extra: Any) -> State:
    setup = {
        "units": [{"id": u, "square": s} for u, s in units.items()],
        "active": next(iter(units)),
        **extra,
    }
    return position(setup, arena=arena)


def test_move_to_a_destination_spends_one_mp_per_square() -> None:
    state = at({"0.tristepan": "C3", "1.gultar": "J10"})
    state, keys = events(state, A.Move("C5"))
    t = state.unit("0.tristepan")
    assert (t.pos, t.mp, t.ap) == (sq("C5"), 1, 6)
    assert keys == ["krosmaster.event.moved"]
    assert state.last.path == (sq("C3"), sq("C4"), sq("C5"))


def test_the_shortest_path_goes_around_trees_and_bushes() -> None:
    arena = empty_arena(trees=["C4"], bushes=["B4"])
    state = at({"0.vigg-arysta": "C3", "1.gultar": "J10"}, arena=arena)
    state = act(state, A.Move("C5"))  # C3 D3 D4 D5 C5: four steps
    assert state.unit("0.vigg-arysta").mp == 0
    tight = at({"0.tristepan": "C3", "1.gultar": "J10"}, arena=arena)
    with pytest.raises(EngineError, match="Not enough MP"):
        act(tight, A.Move("C5"))


def test_obstacles_cannot_be_entered_but_boxes_can() -> None:
    arena = empty_arena(trees=["C4"], bushes=["D3"], boxes=["B3"])
    state = at({"0.tristepan": "C3", "0.vigg-arysta": "C2", "1.gultar": "J10"}, arena=arena)
    for blocked in ("C4", "D3", "C2"):  # tree, bush, figure (4.17.4)
        with pytest.raises(EngineError) as err:
            act(state, A.Move(blocked, path=blocked))
        assert err.value.rule == "4.17.3"
    assert act(state, A.Move("B3")).unit("0.tristepan").pos == sq("B3")  # 4.17.5.c


def test_blocked_loses_three_mp_and_three_ap_and_stays() -> None:
    state = at({"0.tristepan": "C3", "1.gultar": "C4"})
    # Step 2: Gultar's lock die shows Lock; step 3: Tristepan's dodge die shows Armour.
    state, keys = events(state, A.Move("B3"), ["Lock", "Armour"])
    t = state.unit("0.tristepan")
    assert (t.pos, t.mp, t.ap) == (sq("C3"), 0, 3)  # 4.14.2.d Blocked, 4.14.2.f no move
    assert keys == ["krosmaster.event.lock_blocked"]
    assert state.active_unit == "0.tristepan"  # 4.14.4: the turn goes on


def test_stuck_loses_one_of_each_and_then_moves() -> None:
    state = at({"0.tristepan": "C3", "1.gultar": "C4"})
    state = act(state, A.Move("B3"), ["Lock", "Dodge"])
    t = state.unit("0.tristepan")
    assert (t.pos, t.mp, t.ap) == (sq("B3"), 1, 5)


def test_flexible_faces_count_for_the_roller() -> None:
    # 1.6.2: Dofus turns to Lock for the locker and to Dodge for the dodger: a tie, Stuck.
    state = act(at({"0.tristepan": "C3", "1.gultar": "C4"}), A.Move("B3"), ["Dofus", "Dofus"])
    assert state.unit("0.tristepan").mp == 1
    # Crit/Dodge cannot become Lock, but can become Dodge.
    state = act(
        at({"0.tristepan": "C3", "1.gultar": "C4"}), A.Move("B3"), ["CritDodge", "CritDodge"]
    )
    assert state.unit("0.tristepan").mp == 2


def test_every_adjacent_enemy_character_tests_once_per_step() -> None:
    state = at({"0.tristepan": "C3", "1.gultar": "C4", "1.evangelyne": "D3"})
    state = act(state, A.Move("A3"), ["Lock", "Dodge", "Armour", "Dodge"])
    t = state.unit("0.tristepan")
    # Stuck by the first, escaped the second; B3 is next to neither, so no test leaving it.
    assert (t.pos, t.mp, t.ap) == (sq("A3"), 0, 5)


def test_lock_and_dodge_powers_add_a_die() -> None:
    state = position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3", "inspiration": ["dodge"]},
                {"id": "1.gultar", "square": "C4", "inspiration": ["lock"]},
            ],
            "active": "0.tristepan",
        }
    )
    # Two lock dice (4.14.5) and two dodge dice (4.14.6): 2 locks v 1 dodge = Blocked.
    state = act(state, A.Move("B3"), ["Lock", "Lock", "Dodge", "Crit"])
    assert state.unit("0.tristepan").mp == 0


def test_a_summon_can_only_make_you_stuck() -> None:
    state = position(
        {
            "add": [{"id": "1.tofu", "figure": "tofu", "owner": 1, "square": "C4"}],
            "units": [{"id": "0.tristepan", "square": "C3"}, {"id": "1.gultar", "square": "J10"}],
            "active": "0.tristepan",
        }
    )
    state = act(state, A.Move("B3"), ["Lock", "Armour"])  # would be Blocked: 4.14.3
    t = state.unit("0.tristepan")
    assert (t.pos, t.mp, t.ap) == (sq("B3"), 1, 5)


def test_peketito_ignores_lock() -> None:
    state = with_power(at({"0.tristepan": "C3", "1.gultar": "C4"}), "tristepan", Power.PEKETITO)
    state = act(state, A.Move("B3"))  # no dice at all (4.14.7)
    assert state.unit("0.tristepan").mp == 2


def test_an_explicit_path_is_checked_before_any_die_is_rolled() -> None:
    state = at({"0.tristepan": "C3", "1.gultar": "C4"})
    with pytest.raises(EngineError, match="free adjacent"):
        act(state, A.Move("B5", path="B3 B5"))


def test_an_empty_mp_gauge_cannot_move() -> None:
    state = position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3", "mp_tokens": -3},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.tristepan",
        }
    )
    with pytest.raises(EngineError) as err:
        act(state, A.Move("C4"))
    assert err.value.rule == "6.3.2"


def test_no_successes_on_either_side_is_still_a_tie() -> None:
    # 4.14.2.d read literally: the same number of successes (here none) means Stuck.
    state = act(at({"0.tristepan": "C3", "1.gultar": "C4"}), A.Move("B3"), ["Armour", "Armour"])
    t = state.unit("0.tristepan")
    assert (t.pos, t.mp, t.ap) == (sq("B3"), 1, 5)


def classic(units: dict[str, str]) -> State:
    return replace(at(units), lock_rule="classic")


def test_the_classic_lock_option_empties_the_gauges() -> None:
    assert new_match(lock="classic").lock_rule == "classic"
    # Additional rules: the MP is spent first; one uncancelled lock success empties AP and MP.
    state = act(classic({"0.tristepan": "C3", "1.gultar": "C4"}), A.Move("B3"), ["Lock", "Armour"])
    t = state.unit("0.tristepan")
    assert (t.pos, t.mp, t.ap) == (sq("C3"), 0, 0)
    # A dodge success cancels a lock success: the move goes on, one MP spent in all.
    state = act(classic({"0.tristepan": "C3", "1.gultar": "C4"}), A.Move("B3"), ["Lock", "Dodge"])
    t = state.unit("0.tristepan")
    assert (t.pos, t.mp, t.ap) == (sq("B3"), 2, 6)
