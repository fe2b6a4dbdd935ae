"""Every Battle Scenes render kind as PNG: the scene (any view), the hand and its cards' texts
(seat views only), one looked-up card."""

from __future__ import annotations

from collections.abc import Callable

from engines.battlescenes.render.board import board
from engines.battlescenes.render.card import render_card
from engines.battlescenes.render.hand import render_cards, render_hand
from engines.battlescenes.render.kinds import cards_page
from engines.battlescenes.view import parse
from engines.core import View
from engines.core.i18n import Catalog

#: The image of each render kind but the scene's (drawn for any other kind, any view).
_IMAGES: dict[str, Callable[[View, Catalog, str], bytes]] = {
    "card": render_card,  # a lookup view (interface/lookup.py)
    "hand": render_hand,
}


def render(view: View, kind: str, catalog: Catalog, locale: str) -> bytes:
    """PNG of the scene (any view), of the hand or a page of its cards' texts (seat views
    only), or of one card."""
    page = cards_page(kind)
    if page is not None:
        return render_cards(view, catalog, locale, page)
    image = _IMAGES.get(kind)
    if image is not None:
        return image(view, catalog, locale)
    return board(parse(view), view.seat, catalog.translate, locale)
