"""Traps (4.19.7): sprung by a character ending a move or forced move on them."""

from __future__ import annotations

from engines.core import Event
from engines.core.model import replace
from engines.krosmaster.geometry import label
from engines.krosmaster.names import local_name
from engines.krosmaster.rules.board import replace_unit
from engines.krosmaster.rules.state import Pending, PendingKind, State


def spring(state: State, trap_id: str) -> tuple[State, list[Event]]:
    """Remove the trap at once and queue its Estalo from that square (4.19.7.e, 7.2.8 ex. 2)."""
    trap = state.unit(trap_id)
    assert trap.pos is not None
    item = Pending(PendingKind.TRAP, trap.id, trap.id, square=trap.pos)
    name = local_name(state.fig(trap))
    state = replace_unit(state, replace(trap, pos=None, ko=True))
    state = replace(state, pending=(*state.pending, item))
    return state, [
        Event(
            "krosmaster.event.trap",
            {"trap": name, "square": label(item.square or (0, 0))},
            rule="4.19.7.c",
        )
    ]
