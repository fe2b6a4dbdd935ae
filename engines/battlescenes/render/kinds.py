"""The names of the render kinds a seat's cards are told on (no drawing here, so the alt
text and the engine read them without Pillow)."""

from __future__ import annotations

#: The first page of the hand's cards; the next are "cards-2", "cards-3"…
CARDS = "cards"


def cards_page(kind: str) -> int | None:
    """The page a cards kind names ("cards": 1, "cards-2": 2), ``None`` for other kinds."""
    name, dash, page = kind.partition("-")
    if name != CARDS or (dash and not (page.isdigit() and int(page) >= 2)):
        return None
    return int(page) if dash else 1


def cards_kind(page: int) -> str:
    """The render kind of page ``page`` (from 1) of the hand's cards."""
    return CARDS if page == 1 else f"{CARDS}-{page}"
