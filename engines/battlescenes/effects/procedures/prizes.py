"""Cards moved to a prizes area by an effect (4.9): after Hulk V2's Cólera Enlouquecida the
target's controller picks a character card of Hulk's controller's resources for the prizes,
where it scores for the picker."""

from __future__ import annotations

from engines.battlescenes.effects.operands import ask, matches
from engines.battlescenes.effects.steps import BSHandlers, BSRun, ResourcesToPrizes, asks, resolved
from engines.battlescenes.rules.state import Pending, State
from engines.battlescenes.table import zones
from engines.core import Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()


def _chooser(state: State, effect: Pending) -> int:
    """Who picks: the controller of the effect's target (Hulk V2), or else the
    effect's controller's opponent."""
    found = zones.find(state, effect.targets[0]) if effect.targets else None
    return state.scene[found].controller if found is not None else 1 - effect.controller


@HANDLERS.on(ResourcesToPrizes)
def _resources_to_prizes(run: BSRun, state: State, proc: ResourcesToPrizes) -> State:
    """The opponent picks a card passing the filters in the resources of the effect's
    controller; it goes to its owner's prizes area (8.D), scoring for that opponent at once
    (4.9.1). Nothing happens when no card passes (8.C)."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    player = state.players[seat]
    if not effect.answers:
        options = [str(c) for c in player.resources if matches(state, c, step)]
        if not options:
            return state
        chooser = _chooser(state, effect)
        prompt = "battlescenes.choice.resources_to_prizes"
        return asks(run, ask(state, effect, chooser, prompt, options, False))
    card = int(effect.answers[-1])
    player = replace(
        player,
        resources=tuple(c for c in player.resources if c != card),
        prizes=(*player.prizes, card),
    )
    state = zones.set_player(state, seat, player)
    event = Event(
        "battlescenes.event.resources_to_prizes",
        {"player": player.name, "card": zones.title(state, card)},
        rule="4.9.1",
    )
    state, events = zones.check_victory(state, [event])
    return resolved(run, state, events)
