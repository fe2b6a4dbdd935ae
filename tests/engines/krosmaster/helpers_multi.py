"""Four-player matches (chapter 9): seats, custom duos and positions on a four-sided arena."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engines.core import RiggedDice, Seat
from engines.krosmaster import ENGINE
from engines.krosmaster.content.schema import ArenaDef
from engines.krosmaster.rules.state import State
from tests.engines.krosmaster.helpers import examples

SEATS4 = (Seat(0, "Alice"), Seat(1, "Bruno"), Seat(2, "Carla"), Seat(3, "Davi"))

#: Duos whose initiatives decide the play order 0, 1, 2, 3 (14, 9, 7, 5).
DUOS = {
    "team1": "evangelyne, vigg-arysta",  # initiative 8 + 4
    "team2": "cavaleiro-nuvem, luk-ylook",  # 5 + 4
    "team3": "tristepan, gui-yermetel",  # 2 + 5
    "team4": "koa-gullar, quentin-flush",  # 2 + 3
}


def new4(mode: str = "ffa", dice: Sequence[Any] = (), seats: int = 4, **options: Any) -> State:
    """A fresh multiplayer match (in deployment) with the duos above."""
    opts: dict[str, Any] = {"mode": mode, **{k: v for k, v in DUOS.items() if k <= f"team{seats}"}}
    opts.update(options)
    state: State = ENGINE.new_match(opts, SEATS4[:seats], examples(), RiggedDice(dice))
    return state


def open_arena() -> ArenaDef:
    """A 12×12 arena without scenery; sides 1-4 (clockwise) on rows 1, columns L, row 12, A."""
    top = tuple((x, 0) for x in range(2, 10))
    right = tuple((11, y) for y in range(2, 10))
    bottom = tuple((x, 11) for x in range(2, 10))
    left = tuple((0, y) for y in range(2, 10))
    return ArenaDef(
        id="open",
        name="Open",
        width=12,
        height=12,
        source="test",
        verified=False,
        starts=(top, right, bottom, left),
    )


def position4(setup: Mapping[str, Any], mode: str = "ffa", seats: int = 4) -> State:
    """A multiplayer match on the open arena (player k on side k), then ``setup``."""
    state = new4(mode, seats=seats)
    arena = open_arena()
    by_seat = tuple(arena.starts[state.turn_order.index(s)] for s in range(seats))
    state = replace(state, arena=replace(arena, starts=by_seat), floor_kamas={})
    result: State = ENGINE.apply_setup(state, setup)
    return result
