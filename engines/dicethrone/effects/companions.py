"""Companions ("Companheiros"): tokens, discs or other components of a hero that are
not status effects, so cards and abilities that change status effects never touch
them; they are gained, lost or removed only as their own rules say."""

from __future__ import annotations

from engines.core import Event
from engines.core.model import replace
from engines.dicethrone.effects.env import DTHandlers, DTRun
from engines.dicethrone.effects.steps import Companion
from engines.dicethrone.rules.state import State

HANDLERS: DTHandlers = DTHandlers()


@HANDLERS.on(Companion)
def companion(run: DTRun, state: State, st: Companion) -> State:
    """A companion joins or leaves its owner's board, only by its own hero's rules
    (never moved to another player)."""
    ctx = run.ctx
    definition = ctx.hero.companion(st.companion)
    if definition is None:  # another hero's companion: only its own rules change it
        return state
    player = state.players[ctx.owner]
    have = player.companions.get(definition.id, 0)
    new = min(definition.limit, have + st.amount) if st.gain else max(0, have - st.amount)
    if new == have:
        return state
    key = "companion_gained" if new > have else "companion_lost"
    params = {
        "player": state.seats[ctx.owner].name,
        "companion": dict(definition.name),
        "total": new,
        "limit": definition.limit,
    }
    run.env.events.append(Event(f"dicethrone.event.{key}", params, rule="Companheiros"))
    companions = {**player.companions, definition.id: new}
    player = replace(player, companions={k: v for k, v in companions.items() if v})
    players = (*state.players[: ctx.owner], player, *state.players[ctx.owner + 1 :])
    return replace(state, players=players)
