"""Take a card of one's resources into the hand (Ultron-6 V1: search the resources for a
character card with alter ego Ultron, reveal it and take it into the hand)."""

from __future__ import annotations

from engines.battlescenes.effects.operands import SKIP, ask, matches
from engines.battlescenes.effects.steps import BSHandlers, BSRun, TakeFromResources, asks, resolved
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import zones
from engines.core import Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()


@HANDLERS.on(TakeFromResources)
def _take_from_resources(run: BSRun, state: State, proc: TakeFromResources) -> State:
    """The controller picks a card of the resources passing the filters (or declines when
    the step is optional); it is revealed and goes to the hand. Not a search of the deck."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    player = state.players[seat]
    if not effect.answers:
        options = [str(c) for c in player.resources if matches(state, c, step)]
        if not options:
            return state
        prompt = "battlescenes.take_from_resources"
        return asks(run, ask(state, effect, seat, prompt, options, step.optional))
    if effect.answers[-1] == SKIP:
        return state
    card = int(effect.answers[-1])
    resources = tuple(c for c in player.resources if c != card)
    player = replace(player, resources=resources, hand=(*player.hand, card))
    event = Event(
        "battlescenes.event.revealed_to_hand",
        {"player": player.name, "card": zones.title(state, card)},
        rule="5.1",
    )
    return resolved(run, zones.set_player(state, seat, player), [event])
