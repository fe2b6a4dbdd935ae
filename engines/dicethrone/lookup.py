"""``/match lookup`` for Dice Throne: a hero's card, or a hero's board.

A player may look up the cards of their own hand and every card face up on the
table (each discard pile, the upgrades on each hero board), and any hero at the
table (a printed board everyone sees). An opponent's hand and every deck stay
hidden: a name is searched among those visible cards only.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engines.core import Choice, Message
from engines.core.entry import message, section, sheet
from engines.core.i18n import fold
from engines.dicethrone import entry
from engines.dicethrone.content import CardDef, Content, Hero
from engines.dicethrone.rules.state import State

LIMIT = 25
GAME = "dicethrone"


def _hero(content: Content, state: State, seat: int) -> Hero:
    player = state.players[seat]
    return content.heroes[player.hero].on_side(player.flipped)


def visible(content: Content, state: State, seat: int | None) -> Iterator[tuple[CardDef, str]]:
    """Every card ``seat`` may look at, with where it lies (``hand``, ``discard``,
    ``upgrade``); a card seen in several places once."""
    seen: set[str] = set()
    for owner, player in enumerate(state.players):
        hero = _hero(content, state, owner)
        places = [
            ("discard", player.discard),
            ("upgrade", (*player.board, *player.upgrades.values())),
        ]
        if owner == seat:
            places.insert(0, ("hand", player.hand))
        for where, cards in places:
            for card_id in cards:
                card = hero.card(card_id)
                if card is not None and card.id not in seen:
                    seen.add(card.id)
                    yield card, where


def _matches(text: str, names: Any, *ids: str) -> bool:
    values = [*ids, *(names.values() if isinstance(names, dict) else [str(names)])]
    return any(text in fold(str(v)) for v in values)


def lookup(content: Content, state: State, seat: int | None, query: str) -> dict[str, Any] | None:
    """The sheet of the card (or hero board) ``query`` names, among what ``seat`` may
    see; ``None`` when nothing visible matches."""
    text = fold(query.strip())
    if not text:
        return None
    for card, where in visible(content, state, seat):
        if fold(card.id) == text or _matches(text, dict(card.name), card.id):
            return card_sheet(card, where)
    for owner in range(len(state.players)):
        hero = _hero(content, state, owner)
        if _matches(text, dict(hero.name), hero.id):
            return entry.hero_sheet(hero)
    return None


def card_sheet(card: CardDef, where: str) -> dict[str, Any]:
    """One card as a sheet: its name, cost, timing, where it lies, and its text."""
    timing = message(f"dicethrone.render.timing.{card.timing.value}")
    return sheet(
        GAME,
        card.id,
        kind=message("dicethrone.entry.card_kind"),
        title=dict(card.name),
        subtitle=message("dicethrone.entry.card_line", cost=card.cost, timing=timing),
        stats=[message(f"dicethrone.entry.where.{where}")],
        sections=[section(message("dicethrone.entry.card_text"), [dict(card.text)])],
        verified=card.verified,
        source=card.source,
    )


def choices(content: Content, state: State, seat: int | None, current: str) -> list[Choice]:
    """Autocomplete: the visible cards whose name matches, then the heroes at the table."""
    text = fold(current.strip())
    found = []
    for card, where in visible(content, state, seat):
        if text and not _matches(text, dict(card.name), card.id):
            continue
        label = Message(
            "dicethrone.choice.lookup",
            {"name": dict(card.name), "where": Message(f"dicethrone.entry.where.{where}")},
        )
        found.append(Choice(label, card.id))
    for owner in range(len(state.players)):
        hero = _hero(content, state, owner)
        if not text or _matches(text, dict(hero.name), hero.id):
            found.append(
                Choice(Message("dicethrone.choice.hero", {"name": dict(hero.name)}), hero.id)
            )
    return found[:LIMIT]
