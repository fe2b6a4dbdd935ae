"""Cards that cannot stay where they are carried: a card with ``Text.unload_unless_name``
is unloaded whenever a support or a character without that name carries it (Mjölnir).
Checked whenever the Effect Tree moves on (before resolving, after each procedure): such a
card is unloaded to its owner's resources at once — an unload (5.2: its card base's
``unloaded`` texts fire), and a card base left carrying nothing is knocked out or destroyed
(4.7)."""

from __future__ import annotations

from engines.battlescenes.content.schema import CardType, Trigger
from engines.battlescenes.effects import triggers
from engines.battlescenes.rules.state import InScene, State
from engines.battlescenes.table import leaving, zones
from engines.core import Event


def _misplaced(state: State, item: InScene) -> list[int]:
    """The cards ``item`` carries whose own text refuses it as their carrier."""
    character = zones.defn(state, item.card).type is CardType.CHARACTER
    names = zones.names(state, item.card) if character else ()
    return [
        card
        for card in item.loaded
        if not zones.source_lost(state, card)
        and any(
            t.unload_unless_name and t.unload_unless_name not in names
            for t in zones.defn(state, card).texts
        )
    ]


def unload_misplaced(state: State, level: int) -> tuple[State, list[Event]]:
    """Unload every card carried where its text says it cannot stay; effects it triggers
    become pending at ``level``."""
    events: list[Event] = []
    for item in state.scene:
        cards = _misplaced(state, item)
        if not cards:
            continue
        state = zones.unload(state, item.card, cards)
        state = triggers.fire(state, Trigger.UNLOADED, level, base=item.card)
        events.extend(
            Event(
                "battlescenes.event.unloaded_misplaced",
                {"card": zones.title(state, c), "base": zones.title(state, item.card)},
                rule="4.4.2.3",
            )
            for c in cards
        )
    if events:
        state, more = leaving.knock_outs(state, level)
        events.extend(more)
    return state, events
