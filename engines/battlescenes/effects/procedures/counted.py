"""Procedures that move several cards a player picks and remember how many: Super
Computador discards X+1, then moves as many from the resources to the deck bottom and draws
as many (its FAQ: with no card discarded, none is moved nor drawn); ``plus: moved`` reads the
number."""

from __future__ import annotations

from engines.battlescenes.content.schema import Trigger
from engines.battlescenes.effects import replacements, tree
from engines.battlescenes.effects.operands import (
    DONE,
    SKIP,
    ask,
    matches,
    plus,
    targets_of,
)
from engines.battlescenes.effects.steps import (
    BSHandlers,
    BSRun,
    DiscardCards,
    LoadChosenResources,
    ResourcesToDeckBottom,
    asks,
    resolved,
)
from engines.battlescenes.effects.triggers import fire
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
    """Put ``amount`` (+ ``plus``) cards of the controller's resources passing the step's
    filters, picked one at a time (as many as there are), at the bottom of the deck, in the
    order picked; ``optional``: the player may decline before the first (Resgate Enroscado).
    ``to: opponent``: the controller picks among the opponent's resources, each card to the
    bottom of that player's deck (Toupeira Mecânica V1)."""
    effect, step = run.ctx, proc.record
    seat = 1 - effect.controller if step.to == "opponent" else effect.controller
    player = state.players[seat]
    chosen = _picked(effect)
    declined = bool(effect.answers) and effect.answers[-1] == SKIP
    left = [str(c) for c in player.resources if c not in chosen and matches(state, c, step)]
    if left and not declined and len(chosen) < step.amount + plus(state, effect, step):
        prompt = "battlescenes.choice.resources_to_deck_bottom"
        if step.to == "opponent":
            prompt = "battlescenes.choice.opponent_resources_to_deck_bottom"
        may_decline = step.optional and not chosen
        return asks(run, ask(state, effect, effect.controller, prompt, left, may_decline))
    player = replace(
        player,
        resources=tuple(c for c in player.resources if c not in chosen),
        deck=(*player.deck, *chosen),
    )
    params = {"player": player.name, "count": len(chosen)}
    event = Event("battlescenes.event.resources_to_deck_bottom", params, rule="4.1")
    state = zones.bottomed(zones.set_player(state, seat, player), seat, len(chosen))
    return resolved(run, _counted(state, effect, len(chosen)), [event])


@HANDLERS.on(LoadChosenResources)
def _load_chosen_resources(run: BSRun, state: State, proc: LoadChosenResources) -> State:
    """Load the target with any number of cards of its owner's resources (Emma Frost
    V1): its controller picks cards of the target's owner's resources passing
    the filters, one at a time (up to ``amount``, or any number with 0; ``done`` ends), loaded
    onto the target (4.1: loads from the resources — each may be replaced, 5.5, and fires
    its "carregado" texts); the effect remembers how many (``plus: moved``)."""
    effect, step = run.ctx, proc.record
    found = targets_of(state, effect, step)
    if not found:
        return _counted(state, effect, 0)
    target = found[0]
    owner = zones.owner(state, target)
    chosen = _picked(effect)
    finished = bool(effect.answers) and effect.answers[-1] in (DONE, SKIP)
    resources = state.players[owner].resources
    left = [str(c) for c in resources if c not in chosen and matches(state, c, step)]
    room = not step.amount or len(chosen) < step.amount
    if left and room and not finished:
        prompt = "battlescenes.choice.load_chosen_resources"
        return asks(run, ask(state, effect, effect.controller, prompt, [*left, DONE], False))
    player = state.players[owner]
    player = replace(player, resources=tuple(c for c in player.resources if c not in chosen))
    state = zones.set_player(state, owner, player)
    events: list[Event] = []
    loaded: list[int] = []
    for card in chosen:  # 5.5: each card's loading may be replaced
        instead = replacements.load(state, card, target, effect.level + 1)
        if instead is None:
            loaded.append(card)
        else:
            state, more = instead
            events.extend(more)
    item = zones.in_scene(state, target)
    state = zones.set_in_scene(state, replace(item, loaded=(*item.loaded, *loaded)))
    for card in loaded:
        state = fire(state, Trigger.LOADED_FROM_RESOURCES, effect.level + 1, card=card, base=target)
        level = effect.level + 1
        state = fire(state, Trigger.RESOURCES_LOADED_ONTO_THIS, level, base=target, by=effect.uid)
        state = fire(state, Trigger.LOADED_ONTO_THIS, effect.level + 1, card=card, base=target)
    params = {"base": zones.title(state, target), "count": len(loaded)}
    event = Event("battlescenes.event.loaded_many", params, rule="4.1")
    return resolved(run, _counted(state, effect, len(chosen)), [event, *events])
