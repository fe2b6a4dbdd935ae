"""Companions ("Companheiros"): tokens, discs or other components of a hero that are
not status effects, so cards and abilities that change status effects never touch
them; they are gained, lost or removed only as their own rules say."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core import Event
from engines.core.model import replace
from engines.dicethrone.content import Step
from engines.dicethrone.state import State

if TYPE_CHECKING:
    from engines.dicethrone.effects import Ctx, Interpreter

COMPANION_STEPS = frozenset({"gain_companion", "lose_companion"})


def step(interp: Interpreter, state: State, st: Step, ctx: Ctx) -> State:
    """A companion joins or leaves its owner's board, only by its own hero's rules
    (never moved to another player)."""
    definition = ctx.hero.companion(st.companion or "")
    if definition is None:  # another hero's companion: only its own rules change it
        return state
    player = state.players[ctx.owner]
    have = player.companions.get(definition.id, 0)
    if st.op == "gain_companion":
        new = min(definition.limit, have + st.amount)
    else:
        new = max(0, have - st.amount)
    if new == have:
        return state
    key = "companion_gained" if new > have else "companion_lost"
    params = {
        "player": state.seats[ctx.owner].name,
        "companion": dict(definition.name),
        "total": new,
        "limit": definition.limit,
    }
    interp.events.append(Event(f"dicethrone.event.{key}", params, rule="Companheiros"))
    companions = {**player.companions, definition.id: new}
    player = replace(player, companions={k: v for k, v in companions.items() if v})
    players = (*state.players[: ctx.owner], player, *state.players[ctx.owner + 1 :])
    return replace(state, players=players)
