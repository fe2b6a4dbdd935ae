"""A scenario put into the scene by an effect (4.4.1): from one's own resources (Arcade V1's
Brincadeira Mortal) or from any player's (Sugestão Coletiva, whose FAQ says the player who
put it there controls it); a scenario or card base sent to the bottom of its owner's deck."""

from __future__ import annotations

from engines.battlescenes.content.schema import CardType, Trigger
from engines.battlescenes.effects import tree
from engines.battlescenes.effects.operands import ask, targets_of
from engines.battlescenes.effects.steps import (
    BSHandlers,
    BSRun,
    ScenarioFromResources,
    ToDeckBottom,
    ToDeckTop,
    asks,
    resolved,
)
from engines.battlescenes.rules.state import Pending, State
from engines.battlescenes.table import leaving, zones
from engines.core import Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()


def _pool(state: State, effect: Pending, everyone: bool) -> list[int]:
    """The scenario cards in the resources the step may take from."""
    seats = range(len(state.players)) if everyone else (effect.controller,)
    return [
        c
        for seat in seats
        for c in state.players[seat].resources
        if zones.defn(state, c).type is CardType.SCENARIO
    ]


@HANDLERS.on(ScenarioFromResources)
def _scenario_from_resources(run: BSRun, state: State, proc: ScenarioFromResources) -> State:
    """The controller picks a scenario card in the resources (``to: self`` their own,
    ``to: everyone`` any player's); it enters the scene under that player (4.4.1: the old
    scenario goes to its owner's resources, its "leaves" and the new one's "enters" effects
    pending together). Not the Preparation's one scenario a turn (C.3). The effect remembers
    it for a later ``generate`` step (Arcade V1)."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    if not effect.answers:
        options = [str(c) for c in _pool(state, effect, step.to == "everyone")]
        if not options:
            return tree.put(state, replace(effect, declined=True))  # 8.C: nothing to put
        prompt = "battlescenes.choice.scenario_from_resources"
        return asks(run, ask(state, effect, seat, prompt, options, step.optional))
    card = int(effect.answers[-1])
    owner = zones.owner(state, card)
    holder = state.players[owner]
    state = zones.set_player(
        state, owner, replace(holder, resources=tuple(c for c in holder.resources if c != card))
    )
    events: list[Event] = []
    level = effect.level + 1
    before = state.scenario if state.scenario is not None else -1
    left = leaving.leaving_scenario(state, level)
    if state.scenario is not None:  # 4.4.1 C: the old scenario to its owner's resources
        params = {"card": zones.title(state, state.scenario)}
        events.append(Event("battlescenes.event.scenario_replaced", params, rule="4.4.1"))
        state = zones.to_resources(state, [state.scenario])
    by = (card, seat) if owner != seat else ()
    state = replace(state, scenario=card, scenario_by=by, scenario_before=before)
    params = {"player": state.players[seat].name, "card": zones.title(state, card)}
    events.append(Event("battlescenes.event.scenario_from_resources", params, rule="4.4.1"))
    entering = [
        Pending(
            uid=0,
            level=level,
            controller=seat,
            source=card,
            label=zones.title(state, card),
            steps=t.steps,
            this=card,
        )
        for t in zones.defn(state, card).texts
        if t.trigger is Trigger.ENTERS_SCENE
    ]
    if left or entering:
        state = tree.add(state, left + entering, level)
    state = tree.put(state, replace(tree.get(state, effect.uid), chosen=card))
    return resolved(run, state, events)


@HANDLERS.on(ToDeckBottom)
def _to_deck_bottom(run: BSRun, state: State, proc: ToDeckBottom) -> State:
    """Each target still in the scene goes to the bottom of its owner's deck (8.D): the
    scenario with its "leaves" effects pending one level up, a card base unloaded first —
    not a knock-out (4.7 ATENÇÃO). One no longer there stays where it is."""
    effect, step = run.ctx, proc.record
    events: list[Event] = []
    level = effect.level + 1
    cards = effect.targets if step.to == "target" else tuple(targets_of(state, effect, step))
    for card in cards:
        if card == state.scenario:
            left = leaving.leaving_scenario(state, level)
            seat = zones.owner(state, card)
            player = state.players[seat]
            state = replace(state, scenario=None)
            state = zones.set_player(state, seat, replace(player, deck=(*player.deck, card)))
            state = zones.bottomed(state, seat, 1)
            if left:
                state = tree.add(state, left, level)
        elif zones.find(state, card) is not None:
            state, _more = leaving.leave_to(state, card, "deck_bottom", effect.controller, level)
        else:
            continue
        params = {"card": zones.title(state, card)}
        events.append(Event("battlescenes.event.to_deck_bottom", params, rule="4.7"))
    return resolved(run, state, events)


@HANDLERS.on(ToDeckTop)
def _to_deck_top(run: BSRun, state: State, proc: ToDeckTop) -> State:
    """ "Descarregue os cards dele e coloque-o no topo do deck de seu dono" (Entrave Temporal
    V1): each target card base still in the scene leaves, its cards unloaded first — not a
    knock-out (4.7 ATENÇÃO) — onto the top of its owner's deck."""
    effect, step = run.ctx, proc.record
    events: list[Event] = []
    for card in targets_of(state, effect, step):
        state, _more = leaving.leave_to(
            state, card, "deck_top", effect.controller, effect.level + 1
        )
        params = {"card": zones.title(state, card)}
        events.append(Event("battlescenes.event.to_deck_top", params, rule="4.7"))
    return resolved(run, state, events)
