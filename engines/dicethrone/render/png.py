"""The Dice Throne images: a render kind to its picture."""

from __future__ import annotations

from engines.core import View
from engines.core.i18n import Catalog
from engines.dicethrone.render.board import draw_board
from engines.dicethrone.render.hand import draw_hand
from engines.dicethrone.view import SeatView, typed


def render(view: View, kind: str, catalog: Catalog, locale: str) -> bytes:
    """PNG of the hero boards (any view) or the seat's hand (seat views only)."""
    data = typed(view)
    if kind == "hand":
        if not isinstance(data, SeatView):
            raise ValueError("the public view has no hand")
        return draw_hand(data, catalog.translate, locale)
    return draw_board(data, catalog.translate, locale)
