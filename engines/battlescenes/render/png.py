"""Every Battle Scenes render kind as PNG: the scene (any view), the hand and its cards' texts
(seat views only), one looked-up card."""

from __future__ import annotations

from collections.abc import Callable

from engines.battlescenes.render.board import board
from engines.battlescenes.render.card import render_card
from engines.battlescenes.render.describe import hand as hand_words
from engines.battlescenes.render.hand import card_pages, page_cards, render_cards, render_hand
from engines.battlescenes.render.kinds import cards_kind, cards_page
from engines.battlescenes.view import SeatView, parse
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


def private_kinds(view: View, catalog: Catalog, locale: str) -> tuple[str, ...]:
    """A seat's images: the board, the hand, and each page of the hand's cards
    (``cards``, ``cards-2``…: every card whole on one, :func:`card_pages`)."""
    data = parse(view)
    if not isinstance(data, SeatView) or view.seat is None:
        return ("board",)
    pages = card_pages(data.hand, catalog.translate, locale)
    return ("board", "hand", *(cards_kind(i + 1) for i in range(len(pages))))


def describe_cards(view: View, page: int, catalog: Catalog, locale: str) -> str:
    """Alt text of page ``page`` of the hand's cards: those cards with their texts."""
    data = parse(view)
    assert isinstance(data, SeatView) and view.seat is not None
    shown = page_cards(data, catalog.translate, locale, page)
    return hand_words(data, view.seat, catalog.translate, locale, texts=True, cards=shown)
