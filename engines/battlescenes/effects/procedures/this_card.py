"""Procedures on the effect's own card outside the tree of card bases: unloaded from the card
base carrying it (Resgate Enroscado V1's action), and a card of the
resources put at the bottom of the deck (its text)."""

from __future__ import annotations

from engines.battlescenes.content.schema import Trigger
from engines.battlescenes.effects import triggers
from engines.battlescenes.effects.operands import SKIP, ask, matches
from engines.battlescenes.effects.procedures.damage import knock_outs
from engines.battlescenes.effects.steps import (
    BSHandlers,
    BSRun,
    ResourcesToDeckBottom,
    UnloadThis,
    asks,
    resolved,
)
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import zones
from engines.core import Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()


@HANDLERS.on(UnloadThis)
def _unload_this(run: BSRun, state: State, proc: UnloadThis) -> State:
    """The effect's own card goes from the card base carrying it to its owner's resources
    (an unload, 4.8.2.1: "quando cards forem descarregados" fires; a base left with nothing
    is knocked out, 4.7). Not carried any more: nothing happens (8.C)."""
    effect = run.ctx
    card = effect.source
    base = next((s.card for s in state.scene if card in s.loaded), None)
    if base is None:
        return state
    state = zones.unload(state, base, [card])
    state = triggers.fire(state, Trigger.UNLOADED, effect.level + 1, base=base)
    event = Event(
        "battlescenes.event.unloaded",
        {"card": zones.title(state, base), "count": 1},
        rule="4.8.2.1",
    )
    state, more = knock_outs(state, effect.level + 1, effect.controller)
    return resolved(run, state, [event, *more])


@HANDLERS.on(ResourcesToDeckBottom)
def _resources_to_deck_bottom(run: BSRun, state: State, proc: ResourcesToDeckBottom) -> State:
    """Its controller picks a card of their resources passing the filters (or declines, when
    optional); it goes to the bottom of their deck."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    player = state.players[seat]
    if not effect.answers:
        options = [str(c) for c in player.resources if matches(state, c, step)]
        if not options:
            return state
        prompt = "battlescenes.choose_to_deck_bottom"
        return asks(run, ask(state, effect, seat, prompt, options, step.optional))
    if effect.answers[-1] == SKIP:
        return state
    card = int(effect.answers[-1])
    player = replace(
        player,
        resources=tuple(c for c in player.resources if c != card),
        deck=(*player.deck, card),
    )
    params = {"player": player.name, "card": zones.title(state, card)}
    event = Event("battlescenes.event.to_deck_bottom", params)
    return resolved(run, zones.set_player(state, seat, player), [event])
