"""A scenario put into the scene by an effect (4.4.1): from one's own resources (Arcade V1's
Brincadeira Mortal) or from any player's (Sugestão Coletiva, whose FAQ says the player who
put it there controls it); a scenario or card base sent to the bottom of its owner's deck."""

from __future__ import annotations

from engines.battlescenes.content.schema import CardType, Step, Trigger
from engines.battlescenes.effects import tree
from engines.battlescenes.effects.operands import ask, matches, shuffle, targets_of
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


def _pool(state: State, effect: Pending, step: Step) -> list[int]:
    """The scenario cards in the resources the step may take from (``in_zones: deck``: in
    its controller's deck, unless the search was forbidden or replaced — 8.B, 5.5)."""
    if step.in_zones == "deck":
        if effect.search_replaced:
            return []
        deck = state.players[effect.controller].deck
        return [
            c
            for c in deck
            if zones.defn(state, c).type is CardType.SCENARIO and matches(state, c, step)
        ]
    seats = range(len(state.players)) if step.to == "everyone" else (effect.controller,)
    return [
        c
        for seat in seats
        for c in state.players[seat].resources
        if zones.defn(state, c).type is CardType.SCENARIO and matches(state, c, step)
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
    from_deck = step.in_zones == "deck"
    if not effect.answers:
        options = [str(c) for c in _pool(state, effect, step)]
        if not options:
            if from_deck and not effect.search_replaced:  # searched in vain: still shuffled
                state = shuffle(state, seat, run.env.dice)
            return tree.put(state, replace(effect, declined=True))  # 8.C: nothing to put
        prompt = "battlescenes.choice.scenario_from_resources"
        # from the deck: "você pode procurar … Se o fizer" — not finding it is allowed
        return asks(run, ask(state, effect, seat, prompt, options, step.optional or from_deck))
    card = int(effect.answers[-1])
    owner = zones.owner(state, card)
    holder = state.players[owner]
    state = zones.set_player(
        state,
        owner,
        replace(
            holder,
            resources=tuple(c for c in holder.resources if c != card),
            deck=tuple(c for c in holder.deck if c != card),
        ),
    )
    events: list[Event] = []
    if from_deck:  # revealed, then the deck shuffled
        state = shuffle(state, owner, run.env.dice)
    state, entered = scenario_enters(state, seat, card, effect.level + 1)
    events.extend(entered)
    params = {"player": state.players[seat].name, "card": zones.title(state, card)}
    key = "scenario_from_deck" if from_deck else "scenario_from_resources"
    events.append(Event(f"battlescenes.event.{key}", params, rule="4.4.1"))
    state = tree.put(state, replace(tree.get(state, effect.uid), chosen=card))
    return resolved(run, state, events)


def scenario_enters(state: State, seat: int, card: int, level: int) -> tuple[State, list[Event]]:
    """``card`` (out of every zone already) becomes the scenario in the scene under ``seat``
    by an effect (4.4.1: the old one goes to its owner's resources; its "leaves" and the new
    one's "enters" effects are pending together at ``level``). Not C.3's one a turn."""
    events: list[Event] = []
    owner = zones.owner(state, card)
    before = state.scenario if state.scenario is not None else -1
    left = leaving.leaving_scenario(state, level)
    if state.scenario is not None:  # 4.4.1 C: the old scenario to its owner's resources
        params = {"card": zones.title(state, state.scenario)}
        events.append(Event("battlescenes.event.scenario_replaced", params, rule="4.4.1"))
        state = zones.to_resources(state, [state.scenario])
    by = (card, seat) if owner != seat else ()
    state = replace(state, scenario=card, scenario_by=by, scenario_before=before)
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
    return state, events


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
