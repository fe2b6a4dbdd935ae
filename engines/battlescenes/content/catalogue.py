"""``python -m bot content list battlescenes --json``: the facts of every printed card and
official deck the built-in pack knows (docs/content.md, "Battle Scenes")."""

from __future__ import annotations

from engines.battlescenes.content.database import automated_codes, database
from engines.battlescenes.content.powers import printed_name
from engines.battlescenes.content.preview import BUILTIN, entry_ids
from engines.battlescenes.content.schema import ActionDef, ActionKind, CardDef, Pack
from engines.core.serde import JSON

#: The printed action types of each kind (4.6.2 C.5).
TYPES = {
    ActionKind.NORMAL: [],
    ActionKind.ANTICIPATE: ["Ação de Antecipar"],
    ActionKind.UNFORESEEN: ["Ação Imprevista"],
    ActionKind.UNFORESEEN_ANTICIPATE: ["Ação Imprevista", "Ação de Antecipar"],
}


def catalogue(pack: Pack) -> list[dict[str, JSON]]:
    """One object per entry of :func:`preview.entry_ids`, in its order: each card's facts
    (a card of the pack by its key, any other printed card by its code), then each deck."""
    db = database() if pack.name in BUILTIN else None
    played = automated_codes(pack) if db is not None else frozenset()
    out: list[dict[str, JSON]] = []
    for entry in entry_ids(pack):
        card = pack.cards.get(entry)
        if card is not None:  # a card of the pack: played when its printed code is
            printed = db.find(card.code) if db is not None and card.code else None
            out.append(_card(entry, card, printed is not None and printed.key in played))
        elif db is not None and entry in db.cards:  # a printed card the pack lacks
            out.append(_card(entry, db.cards[entry], False))
        elif entry in pack.decks:
            deck = pack.decks[entry]
            cards = [pack.cards[k].code or k for k, n in deck.cards for _ in range(n)]
            out.append(_deck(entry, deck.name, cards, True, deck.source))
        elif db is not None and (official := db.deck(entry)) is not None:
            playable = all(code in played for code in official.cards)
            out.append(_deck(entry, official.name, list(official.cards), playable, official.source))
    return out


def _card(entry: str, card: CardDef, automated: bool) -> dict[str, JSON]:
    action = card.actions[0] if card.actions else None
    return {
        "id": entry,
        "kind": "card",
        "code": card.code,
        "name": card.name,
        "version": card.version,
        "type": card.type.value,
        "energy": card.energy,
        "shield": card.shield,
        "powers": [printed_name(p) for p in card.powers],
        "action": None if action is None else _action(action),
        "automated": automated,
        "source": card.source,
    }


def _action(action: ActionDef) -> dict[str, JSON]:
    cost: JSON = "X" if action.cost == -1 else action.cost
    return {
        "name": action.name,
        "power": printed_name(action.power) if action.power else None,
        "cost": cost,
        "types": list(TYPES[action.kind]),
    }


def _deck(entry: str, name: str, cards: list[str], playable: bool, source: str) -> dict[str, JSON]:
    return {
        "id": entry,
        "kind": "deck",
        "name": name,
        "cards": list(cards),
        "playable": playable,
        "source": source,
    }
