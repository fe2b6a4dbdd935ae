"""Procedures that move several cards a player picks and remember how many ("aquele mesmo
número"): Super Computador's "descarte X+1 cards; coloque aquele mesmo número de cards de
seus recursos na base de seu deck; compre aquele mesmo número de cards" (its FAQ: with no
card discarded, none is moved nor drawn). ``plus: moved`` reads the number."""

from __future__ import annotations

from engines.battlescenes.effects import replacements, tree
from engines.battlescenes.effects.operands import ask, plus
from engines.battlescenes.effects.steps import (
    BSHandlers,
    BSRun,
    DiscardCards,
    ResourcesToDeckBottom,
    asks,
    resolved,
)
from engines.battlescenes.rules.state import Pending, State
from engines.battlescenes.table import zones
from engines.core import Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()


def _picked(effect: Pending) -> list[int]:
    return [int(a) for a in effect.answers if a.isdigit()]


def _counted(state: State, effect: Pending, count: int) -> State:
    """The effect remembers how many cards this procedure moved (``plus: moved``)."""
    return tree.put(state, replace(tree.get(state, effect.uid), moved=count))


@HANDLERS.on(DiscardCards)
def _discard_cards(run: BSRun, state: State, proc: DiscardCards) -> State:
    """Discard ``amount`` (+ ``plus``) cards of the hand, picked one at a time (as many as
    there are, 8.C), into the resources (6.2 C.4) unless a replacement sends them elsewhere."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    player = state.players[seat]
    chosen = _picked(effect)
    left = [str(c) for c in player.hand if c not in chosen]
    if left and len(chosen) < step.amount + plus(state, effect, step):
        return asks(run, ask(state, effect, seat, "battlescenes.choice.discard", left, False))
    params = {"player": player.name, "count": len(chosen)}
    event = Event("battlescenes.event.discarded_cards", params, rule="6.2")
    state, instead = replacements.discard(state, seat, chosen, effect.level + 1)
    return resolved(run, _counted(state, effect, len(chosen)), [event, *instead])


@HANDLERS.on(ResourcesToDeckBottom)
def _resources_to_deck_bottom(run: BSRun, state: State, proc: ResourcesToDeckBottom) -> State:
    """Put ``amount`` (+ ``plus``) cards of the controller's resources, picked one at a time
    (as many as there are), at the bottom of the deck, in the order picked."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    player = state.players[seat]
    chosen = _picked(effect)
    left = [str(c) for c in player.resources if c not in chosen]
    if left and len(chosen) < step.amount + plus(state, effect, step):
        prompt = "battlescenes.choice.resources_to_deck_bottom"
        return asks(run, ask(state, effect, seat, prompt, left, False))
    player = replace(
        player,
        resources=tuple(c for c in player.resources if c not in chosen),
        deck=(*player.deck, *chosen),
    )
    params = {"player": player.name, "count": len(chosen)}
    event = Event("battlescenes.event.resources_to_deck_bottom", params, rule="4.1")
    state = zones.set_player(state, seat, player)
    return resolved(run, _counted(state, effect, len(chosen)), [event])
