"""``/match lookup`` for Krosmaster Arena: a figure's printed card, or the arena.

Everything a lookup can find is public: every figure in play stands on the board
(or lies knocked out beside it) in front of both players, and the arena is the
table itself. Face-down rewards are never found (they are not figures).
"""

from __future__ import annotations

from typing import Any

from engines.core import Choice, Message
from engines.core.i18n import fold
from engines.krosmaster import entry
from engines.krosmaster.content.schema import FigureDef
from engines.krosmaster.geometry import label
from engines.krosmaster.names import local_name
from engines.krosmaster.rules.state import State, Unit

LIMIT = 25


def _names(fig: FigureDef) -> list[str]:
    return [fig.id, fig.name, *(name for _, name in fig.names)]


def _units(state: State, text: str) -> list[Unit]:
    """The units whose id, figure id or name (in any language) holds ``text``."""
    return [
        unit
        for unit in state.units
        if unit.figure in state.figures
        and any(text in fold(name) for name in [unit.id, *_names(state.figures[unit.figure])])
    ]


def lookup(state: State, query: str) -> dict[str, Any] | None:
    """The preview sheet of the figure (or the arena) ``query`` names, or ``None``."""
    text = fold(query.strip())
    if not text:
        return None
    exact = [u for u in state.units if fold(u.id) == text]
    found = exact or _units(state, text)
    if found:
        return entry.figure_sheet(state.figures[found[0].figure])
    arena = state.arena
    if any(text in fold(name) for name in [arena.id, arena.name, *(n for _, n in arena.names)]):
        return entry.arena_sheet(arena)
    return None


def choices(state: State, current: str) -> list[Choice]:
    """Autocomplete: the figures in play (with owner and square), then the arena."""
    text = fold(current.strip())
    found = []
    for unit in _units(state, text) if text else list(state.units):
        fig = state.figures.get(unit.figure)
        if fig is None:
            continue
        where = label(unit.pos) if unit.pos is not None else "KO"
        owner = state.players[unit.owner].name if unit.owner < len(state.players) else "—"
        shown = local_name(fig)
        found.append(
            Choice(
                Message(
                    "krosmaster.choice.lookup", {"name": shown, "owner": owner, "where": where}
                ),
                unit.id,
            )
        )
    arena = state.arena
    if not text or text in fold(arena.name):
        found.append(
            Choice(Message("krosmaster.choice.plain", {"text": local_name(arena)}), arena.id)
        )
    return found[:LIMIT]
