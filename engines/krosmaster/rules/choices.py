"""Choices outside the board: card text applied by hand (1.5.1) and the standing
preference for flexible tension faces (1.6.2)."""

from __future__ import annotations

from typing import Any

from engines.core import Dice, Event
from engines.core.model import replace
from engines.krosmaster.errors import invalid
from engines.krosmaster.rules import actions as A
from engines.krosmaster.rules import play
from engines.krosmaster.rules.casting import resume
from engines.krosmaster.rules.faces import Face
from engines.krosmaster.state import Phase, State


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
    return play.settle(state, events, dice)


def prefer(state: State, seat: int, action: A.Prefer) -> State:
    """1.6.2: the faces this player's flexible tension dice turn to by default."""
    by_value = {f.value: f for f in Face}
    cd, dofus = by_value.get(action.crit_dodge), by_value.get(action.dofus)
    if cd not in (Face.CRIT, Face.DODGE) or dofus not in (
        Face.CRIT,
        Face.ARMOUR,
        Face.LOCK,
        Face.DODGE,
    ):
        raise invalid(
            "bad_face",
            "Choose crit or dodge, and crit, armour, lock or dodge.",
            face=f"{action.crit_dodge}/{action.dofus}",
            rolled="-",
        )
    assert cd is not None and dofus is not None
    players = list(state.players)
    players[seat] = replace(players[seat], prefer_crit_dodge=cd, prefer_dofus=dofus)
    return replace(state, players=tuple(players))
