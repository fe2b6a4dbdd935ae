"""Card text applied by hand (1.5.1): once the last note is done, the paused spell and
the activation go on."""

from __future__ import annotations

from typing import Any

from engines.core import Dice, Event
from engines.core.model import replace
from engines.krosmaster.errors import invalid
from engines.krosmaster.rules import play
from engines.krosmaster.rules.casting import resume
from engines.krosmaster.rules.state import Phase, State


def applied(state: State, seat: int, dice: Dice) -> tuple[State, list[Any]]:
    """1.5.1: the first card text waiting is done; play goes on once none is left."""
    if not state.manual:
        raise invalid("no_manual", "No card text is waiting to be applied.")
    note, rest = state.manual[0], state.manual[1:]
    event = Event(
        "krosmaster.event.manual_applied",
        {"author": state.players[seat].name, "unit": note.unit, "text": note.text},
        rule="1.5.1",
    )
    state, events = replace(state, manual=rest), [event]
    if rest:
        return state, events
    if state.suspended is not None:  # the paused spell goes on (7.2.4)
        state, more = resume(state, dice)
        events += more
    if state.phase not in (Phase.ACTIVATION, Phase.PENDING):
        return state, events
    return play.after_activation(state, events, dice)
