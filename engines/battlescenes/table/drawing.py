"""Drawing cards: the top of the deck into the hand (6.2 B, effects), or what a replacement
effect (5.5) makes happen instead; a draw owed from an empty deck loses the game (4.9.2)."""

from __future__ import annotations

from engines.battlescenes.effects import replacements
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import zones
from engines.core import Event
from engines.core.model import replace


def draw(state: State, seat: int, count: int) -> tuple[State, list[Event]]:
    """Draw ``count`` cards; an empty deck when a draw is owed loses the game (4.9.2). A
    replacement effect (5.5) may make something else happen instead."""
    instead = replacements.draw(state, seat, count)
    if instead is not None:
        return instead
    player = state.players[seat]
    events: list[Event] = []
    take = player.deck[:count]
    player = replace(player, deck=player.deck[len(take) :], hand=player.hand + take)
    state = zones.set_player(state, seat, player)
    if take:
        events.append(
            Event(
                "battlescenes.event.drew",
                {
                    "player": player.name,
                    "count": len(take),
                    "cards": ", ".join(zones.title(state, c) for c in take),
                },
                redact=True,
                audience=(seat,),
                public_params=("player", "count"),
            )
        )
    if len(take) < count:
        state, lost = zones.decked_out(state, seat)
        events.extend(lost)
    return state, events
