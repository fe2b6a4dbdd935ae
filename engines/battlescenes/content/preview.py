"""Previews of a Battle Scenes pack's entries (``engines.core.entry``): each card as
printed (type, alter ego, alignment, energy and shield, powers, actions), what each text
and action does in our words in every language (``wording.py``) and what the engine reads
in it, in the pack's vocabulary; each deck with its list."""

from __future__ import annotations

from typing import Any

from engines.battlescenes.content.database import OfficialDeck, automated_codes, database
from engines.battlescenes.content.loader import BUILTIN_PACKS
from engines.battlescenes.content.schema import CardDef, DeckList, Pack
from engines.battlescenes.content.wording import (
    as_json,
    describe_action,
    describe_keywords,
    describe_text,
    told,
)
from engines.core.entry import message, section, sheet, vocabulary
from engines.core.i18n import LOCALES, Catalog
from engines.core.model import Message

GAME = "battlescenes"
#: The built-in packs: their previews also know every printed card and official deck.
BUILTIN = BUILTIN_PACKS


def _k(key: str, **params: Any) -> dict[str, Any]:
    return message(f"battlescenes.entry.{key}", **params)


def entry_ids(pack: Pack) -> list[str]:
    """Every card, then every deck, in the pack's order; for a built-in pack, every other
    printed card (by its collection code) after its cards and every official deck (by
    its collection, ``BSET DECK``) after its decks."""
    cards = list(pack.cards)
    decks = [d for d in pack.decks if d not in pack.cards]
    if pack.name in BUILTIN:
        own = {c.code for c in pack.cards.values() if c.code}
        cards += [k for k, c in database().cards.items() if not own & set(c.codes)]
        decks += [d.id for d in database().decks]
    return [*cards, *decks]


def entry_data(pack: Pack, entry_id: str, catalog: Catalog | None = None) -> dict[str, Any] | None:
    """A card's or a deck's preview sheet, or ``None``; ``catalog`` words what its texts
    do in every language (the engine's own)."""
    if entry_id in pack.cards:
        return _card(pack.cards[entry_id], catalog=catalog)
    if entry_id in pack.decks:
        return _deck(pack, pack.decks[entry_id])
    if pack.name in BUILTIN:
        printed = database().find(entry_id)
        if printed is not None:
            return _card(printed, printed_only=True)
        official = database().deck(entry_id)
        if official is not None:
            return _official(pack, official)
    return None


def _told(catalog: Catalog | None, said: Message) -> Any:
    """A described text as sheet TEXT: written out in every locale (each sentence with
    its capital), or the bare message when no catalog is at hand."""
    if catalog is None:
        return as_json(said)
    return {loc: told(catalog.translate, loc, said) for loc in LOCALES}


def _card(
    card: CardDef, printed_only: bool = False, catalog: Catalog | None = None
) -> dict[str, Any]:
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
    texts: list[Any] = [_told(catalog, k) for k in describe_keywords(card)]
    for text in card.texts:
        if not text.generated:  # a generated effect is told by the step that makes it
            texts.append(_told(catalog, describe_text(text, card)))
        texts.append({"sub": _reads(text, frozenset({"text", "words"}))})
    actions: list[Any] = []
    for action in card.actions:
        cost = "X" if action.cost == -1 else ("" if action.cost is None else str(action.cost))
        head = [
            _power(action.power) if action.power else "",
            message(f"battlescenes.lookup.kind.{action.kind.value}"),
            message("battlescenes.lookup.cost", cost=cost) if cost else "",
        ]
        # The name on a line of its own: a bold line is not wrapped, and names are long.
        actions.append({"strong": action.name})
        actions.append({"join": [h for h in head if h], "sep": " · "})
        if not printed_only:
            actions.append(_told(catalog, describe_action(action, card)))
            actions.append({"sub": _reads(action, ACTION_SHOWN)})
    if printed_only:  # a printed card's facts only: the engine does not play it yet
        texts.append(_k("not_automated"))
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
ACTION_SHOWN = frozenset({"name", "power", "kind", "cost", "text", "words"})


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


def _official(pack: Pack, deck: OfficialDeck) -> dict[str, Any]:
    """An official deck: its printed cards, whether the bot plays each one."""
    played = automated_codes(pack)
    lines = []
    for code in deck.cards:
        card = database().cards[code]
        mark = "" if code in played else " ✗"
        lines.append(_k("official_line", code=code, card=card.title, mark=mark))
    playable = all(code in played for code in deck.cards)
    return sheet(
        GAME,
        deck.id,
        kind=_k("official"),
        title=deck.name,
        subtitle=_k("official_playable" if playable else "official_not_playable"),
        sections=[section(_k("cards"), lines)],
        verified=False,
        source=deck.source,
    )


def _power(power: str) -> Any:
    """A power's name in the reader's language (its id when the catalogue lacks it)."""
    return message(f"battlescenes.power.{power}")
