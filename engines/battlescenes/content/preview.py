"""Previews of a Battle Scenes pack's entries (``engines.core.entry``): each card as
printed (type, alter ego, alignment, energy and shield, powers, texts, actions) with
what the engine reads in each text and action, in the pack's vocabulary; each deck
with its list. Card texts stay in the printed card's language."""

from __future__ import annotations

from typing import Any

from engines.battlescenes.content.schema import CardDef, DeckList, Pack
from engines.core.entry import message, section, sheet, vocabulary

GAME = "battlescenes"


def _k(key: str, **params: Any) -> dict[str, Any]:
    return message(f"battlescenes.entry.{key}", **params)


def entry_ids(pack: Pack) -> list[str]:
    """Every card, then every deck, in the pack's order."""
    return [*pack.cards, *(d for d in pack.decks if d not in pack.cards)]


def entry_data(pack: Pack, entry_id: str) -> dict[str, Any] | None:
    """A card's or a deck's preview sheet, or ``None``."""
    if entry_id in pack.cards:
        return _card(pack.cards[entry_id])
    if entry_id in pack.decks:
        return _deck(pack, pack.decks[entry_id])
    return None


def _card(card: CardDef) -> dict[str, Any]:
    kind = message(f"battlescenes.render.type.{card.type.value}")
    # Powers, alignment and action kinds in the reader's language; names and texts
    # stay as printed (Battle Scenes cards exist in Portuguese only).
    alignments = [message(f"battlescenes.alignment.{a}") for a in card.alignments]
    subtitle = {"join": [x for x in (card.code, card.alter_ego, *alignments) if x], "sep": " · "}
    stats: list[Any] = []
    if card.type.value in ("character", "support"):
        stats.append(message("battlescenes.lookup.stats", energy=card.energy, shield=card.shield))
    if card.powers:
        powers = {"join": [_power(p) for p in card.powers], "sep": ", "}
        stats.append(message("battlescenes.lookup.powers", powers=powers))
    if card.ev_requirement:
        stats.append(message("battlescenes.lookup.ev", req=card.ev_requirement, acc=card.accretion))
    facts = [", ".join(card.affiliations)] if card.affiliations else []
    if card.keywords:
        numbers = dict(card.keyword_numbers)
        facts.append(", ".join(f"{k} {numbers[k]}" if k in numbers else k for k in card.keywords))
    texts: list[Any] = []
    for text in card.texts:
        texts.append(text.text)
        texts.append({"sub": _reads(text, frozenset({"text"}))})
    actions: list[Any] = []
    for action in card.actions:
        cost = "X" if action.cost == -1 else ("" if action.cost is None else str(action.cost))
        head = [
            action.name,
            _power(action.power) if action.power else "",
            message(f"battlescenes.lookup.kind.{action.kind.value}"),
            message("battlescenes.lookup.cost", cost=cost) if cost else "",
        ]
        actions.append({"strong": {"join": [h for h in head if h], "sep": " · "}})
        actions.append(action.text)
        actions.append({"sub": _reads(action, ACTION_SHOWN)})
    return sheet(
        GAME,
        card.key,
        kind=kind,
        title=card.title,
        subtitle=subtitle,
        stats=stats,
        sections=[
            section(_k("affiliations"), facts),
            section(_k("texts"), texts),
            section(_k("actions"), actions),
        ],
        verified=card.verified,
        source=card.source,
    )


#: An action's fields already on its heading line and its printed text.
ACTION_SHOWN = frozenset({"name", "power", "kind", "cost", "text"})


def _reads(item: Any, shown: frozenset[str]) -> Any:
    """What the engine reads in a text or an action: its fields other than those the
    sheet already shows, in the pack's vocabulary (``manual=true``: applied by hand)."""
    return _k("reads", what=vocabulary(item, shown) or "—")


def _deck(pack: Pack, deck: DeckList) -> dict[str, Any]:
    lines = []
    for key, count in deck.cards:
        card = pack.cards.get(key)
        lines.append(_k("deck_line", count=count, card=card.title if card else key))
    return sheet(
        GAME,
        deck.key,
        kind=_k("deck"),
        title=deck.name,
        subtitle=_k("deck_size", count=sum(n for _, n in deck.cards)),
        sections=[section(_k("cards"), lines)],
        verified=deck.verified,
        source=deck.source,
    )


def _power(power: str) -> Any:
    """A power's name in the reader's language (its id when the catalogue lacks it)."""
    return message(f"battlescenes.power.{power}")
