"""Card lookup: one card's full printed data, for an ephemeral "show me this card" reply.

Only cards the asking seat may see can be looked up: the scene (bases and what they carry),
the scenario, both players' resources and prizes (public zones, 3), and the seat's own
hand and set-aside cards. Decks and the opponent's hand stay hidden — and since a match
only knows the cards of its two decks, a lookup by name searches those visible cards only
(a name search over every card of the match would tell what an opponent's deck holds).
"""

from __future__ import annotations

from engines.battlescenes.rules.state import State
from engines.battlescenes.table import zones
from engines.battlescenes.view import LookupView, lookup_card
from engines.core import Choice, Message
from engines.core.i18n import fold

LIMIT = 25


def visible(state: State, seat: int | None) -> dict[int, str]:
    """Card instance → the zone it is in, for every card ``seat`` may look at."""
    found: dict[int, str] = {}
    for item in state.scene:
        found[item.card] = "scene"
        found.update((c, "loaded") for c in item.loaded)
    if state.scenario is not None:
        found[state.scenario] = "scenario"
    for player in state.players:
        found.update((c, "resources") for c in player.resources)
        found.update((c, "prizes") for c in player.prizes)
    if seat is not None:
        own = state.players[seat]
        found.update((c, "hand") for c in own.hand)
        found.update((c, "set_aside") for c in own.set_aside)
    return found


def find(state: State, seat: int | None, query: str) -> int | None:
    """The card a query names: an instance number ("12", "#12") or part of a title."""
    seen = visible(state, seat)
    text = fold(query.strip().lstrip("#"))
    if text.isdigit():
        return int(text) if int(text) in seen else None
    for card in seen:
        if text and text in fold(zones.title(state, card)):
            return card
    return None


def lookup(state: State, seat: int | None, query: str) -> LookupView | None:
    """The looked-up card (with the zone it is in), or ``None`` when no card ``seat``
    may see matches."""
    card = find(state, seat, query)
    if card is None:
        return None
    return LookupView(lookup_card(state, card, visible(state, seat)[card]))


def choices(state: State, seat: int | None, current: str) -> list[Choice]:
    """Autocomplete: visible cards whose number or title matches what is typed."""
    text = fold(current.strip().lstrip("#"))
    found = []
    for card in visible(state, seat):
        title = zones.title(state, card)
        if text and not (str(card).startswith(text) or text in fold(title)):
            continue
        label = Message("battlescenes.choice.card", {"card": title, "id": card})
        found.append(Choice(label, str(card)))
    return found[:LIMIT]
