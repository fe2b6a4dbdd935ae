"""The facts of every printed Battle Scenes card and official deck (our own data file).

``assets/content/battlescenes/database/cards.json`` holds, per printed card, the facts a
player reads on it (name, version, type, collection codes, energy, shield, powers,
alignments, affiliations, extra energy, EV requirement, keywords and their numbers, the
action's name, power, cost and types) and the public record they come from; never a
card's text. ``decks.json`` lists the official preconstructed deck products by their
cards' codes. Both were made by ``scripts/battlescenes_import.py`` from a public record.

The file is read once per process and only when something asks for a card the built-in
pack does not hold (the catalogue, a preview, a deck naming a printed code): a match of
the built-in pack never loads it. A printed card is *automated* when the built-in pack
plays it: a card of the pack with that code, whose printed facts match the record and
with no text left to the players (``manual``).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engines.battlescenes.content.schema import (
    ActionDef,
    ActionKind,
    CardDef,
    CardType,
    DeckList,
    Pack,
)

DATABASE = Path(__file__).resolve().parents[3] / "assets" / "content" / "battlescenes" / "database"


@dataclass(frozen=True)
class OfficialDeck:
    """An official preconstructed deck product: its printed name and its cards' codes."""

    id: str  # its collection code, e.g. "(2014) BSPO DECK"
    name: str  # printed, e.g. "Poderes Ocultos"
    cards: tuple[str, ...]  # each card's own code (the database's key), in deck order
    source: str


@dataclass(frozen=True)
class Database:
    """Every printed card by its own code, any printed code to that code, the decks."""

    cards: dict[str, CardDef]
    by_code: dict[str, str]
    decks: tuple[OfficialDeck, ...]
    source: str

    def find(self, code: str) -> CardDef | None:
        """The printed card with collection code ``code`` (any of its codes)."""
        own = self.by_code.get(code.strip())
        return None if own is None else self.cards[own]

    def deck(self, name: str) -> OfficialDeck | None:
        """An official deck by its id or its printed name (case and accents as typed)."""
        wanted = name.strip().casefold()
        return next((d for d in self.decks if wanted in (d.id.casefold(), d.name.casefold())), None)


@cache
def database() -> Database:
    """The database, read once per process (about 1,300 cards)."""
    cards_file = json.loads((DATABASE / "cards.json").read_text(encoding="utf-8"))
    decks_file = json.loads((DATABASE / "decks.json").read_text(encoding="utf-8"))
    source = str(cards_file["source"])
    cards: dict[str, CardDef] = {}
    by_code: dict[str, str] = {}
    for record in cards_file["cards"]:
        card = _card(record, source)
        cards[card.key] = card
        by_code[card.key] = card.key
    for card in cards.values():
        for code in card.codes[1:]:  # a code printed on two cards: the one it is own to
            by_code.setdefault(code, card.key)
    decks = tuple(
        OfficialDeck(d["collection"], d["name"], tuple(d["cards"]), f"{source} {d['file']}")
        for d in decks_file["decks"]
    )
    return Database(cards, by_code, decks, source)


def _card(record: dict[str, Any], source: str) -> CardDef:
    """Our card definition of one record: facts only, its action without steps."""
    actions: tuple[ActionDef, ...] = ()
    action = record.get("action")
    if action is not None:
        cost = action.get("cost")
        actions = (
            ActionDef(
                name=action["name"],
                power=action.get("power", ""),
                kind=ActionKind(action["kind"]),
                cost=-1 if cost == "X" else cost,
                text="",
                manual=True,  # facts only: no engine steps
            ),
        )
    return CardDef(
        key=record["codes"][0],
        type=CardType(record["type"]),
        name=record["name"],
        version=record["version"],
        alter_ego=record.get("alter_ego", ""),
        alignments=tuple(record.get("alignments", ())),
        affiliations=tuple(record.get("affiliations", ())),
        powers=tuple(record.get("powers", ())),
        energy=record.get("energy", 0),
        shield=record.get("shield", 0),
        ev_requirement=record.get("ev", ""),
        accretion=record.get("accretion", 0),
        keywords=tuple(record.get("keywords", ())),
        actions=actions,
        source=f"{source}: {record['record']}",
        codes=tuple(record["codes"]),
        keyword_numbers=tuple(record.get("keyword_numbers", {}).items()),
    )


def facts(card: CardDef) -> dict[str, Any]:
    """What a player reads on a card, to compare ours with the printed record."""
    action = card.actions[0] if card.actions else None
    return {
        "type": card.type.value,
        "name": card.name,
        "version": card.version,
        "alter_ego": card.alter_ego,
        "alignments": sorted(card.alignments),
        "affiliations": sorted(card.affiliations),
        "energy": card.energy,
        "shield": card.shield,
        "powers": sorted(card.powers) if card.type is CardType.CHARACTER else [],
        "keywords": sorted(card.keywords),
        "action": None
        if action is None
        else (action.name, action.power, action.cost, action.kind.value),
    }


def played(card: CardDef) -> bool:
    """Whether the engine plays every text and action of ``card`` (none left to players,
    none it lacks)."""
    manual = any(t.manual for t in card.texts) or any(a.manual for a in card.actions)
    return not manual and not card.incomplete


def automated_codes(pack: Pack) -> frozenset[str]:
    """The database keys of the printed cards ``pack`` plays as printed."""
    return frozenset(
        key
        for key, card in pack_card_by_code(pack).items()
        if played(card) and facts(card) == facts(database().cards[key])
    )


def official_deck_list(pack: Pack, official: OfficialDeck) -> DeckList:
    """The deck list of ``official`` in ``pack``'s cards (one copy of each printed card, as
    the product holds them). Raises ``KeyError`` naming the first code ``pack`` does not
    play as printed: check with ``automated_codes`` first."""
    mine = pack_card_by_code(pack)
    played = automated_codes(pack)
    for code in official.cards:
        if code not in played:
            raise KeyError(code)
    counts = Counter(mine[code].key for code in official.cards)
    return DeckList(official.id, official.name, tuple(counts.items()), official.source, False)


def pack_card_by_code(pack: Pack) -> dict[str, CardDef]:
    """The pack's cards by the database key of their own printed code."""
    found: dict[str, CardDef] = {}
    for card in pack.cards.values():
        printed = database().find(card.code) if card.code else None
        if printed is not None:
            found.setdefault(printed.key, card)
    return found
