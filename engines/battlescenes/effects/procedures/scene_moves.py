"""Procedures moving a card into or out of the scene: the effect's own card put into the
scene (Homem-Formiga V1, from the hand, 5.2.1), a card of the hand put into the scene
(Transporte Aéreo V1), a card base returned to the hand (4.7 ATENÇÃO,
Bater em Retirada) or put into the resources (Atacar até Derrubar, 4.8.5)."""

from __future__ import annotations

from engines.battlescenes.content.schema import CardType, Step, Trigger
from engines.battlescenes.effects import tree
from engines.battlescenes.effects.operands import SKIP, ask, matches, shuffle, targets_of
from engines.battlescenes.effects.procedures import scenarios
from engines.battlescenes.effects.steps import (
    BSHandlers,
    BSRun,
    FetchIntoScene,
    PutFromHand,
    PutIntoScene,
    ReturnToHand,
    ToResources,
    asks,
    resolved,
)
from engines.battlescenes.effects.triggers import fire
from engines.battlescenes.rules import load_order
from engines.battlescenes.rules.state import InScene, Pending, State
from engines.battlescenes.table import leaving, zones
from engines.battlescenes.table.entry import can_enter
from engines.core import Dice, Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()


@HANDLERS.on(PutIntoScene)
def _put_into_scene(run: BSRun, state: State, proc: PutIntoScene) -> State:
    """The effect's own card enters the scene from the hand or the resources, under the
    effect's controller, loading its Energia Inicial in that player's loading order (as many as
    there are, 8.C — a card base carrying nothing would be knocked out, 4.7); its "enters"
    and loading texts become pending."""
    effect = run.ctx
    card, seat = effect.source, effect.controller
    player = state.players[seat]
    if card not in player.hand and card not in player.resources:
        return state  # 8.C: it is no longer there; nothing happens
    player = replace(
        player,
        hand=tuple(c for c in player.hand if c != card),
        resources=tuple(c for c in player.resources if c != card),
    )
    state = zones.set_player(state, seat, player)
    if zones.defn(state, card).type is CardType.SCENARIO:  # 4.4.1 (União Inabalável V1)
        state, replaced = scenarios.scenario_enters(state, seat, card, effect.level + 1)
        params = {"player": player.name, "card": zones.title(state, card)}
        event = Event("battlescenes.event.put_into_scene", params, rule="5.2.1")
        return resolved(run, state, [*replaced, event])
    state = _enter(state, seat, card, zones.defn(state, card).energy, effect.level + 1)
    event = Event(
        "battlescenes.event.put_into_scene",
        {"player": player.name, "card": zones.title(state, card)},
        rule="5.2.1",
    )
    return resolved(run, state, [event])


def _enter(
    state: State,
    seat: int,
    card: int,
    need: int,
    level: int,
    ready: bool = False,
    cards: tuple[int, ...] | None = None,
) -> State:
    """``card`` (out of every zone already) enters the scene under ``seat``, loading up to
    ``need`` cards of the resources in that player's loading order (4.4.2.2 A.3, newest
    first by default) — or those ``cards`` that are in the resources; its "enters" and
    loading texts become pending at ``level``; with ``ready`` it may use actions this turn
    (Prontidão)."""
    player = state.players[seat]
    chosen = tuple(load_order.ordered(state, seat, player.resources, card)[:need])
    if cards is not None:  # those very cards (Águia Estelar V1)
        chosen = tuple(c for c in cards if c in player.resources)
    player = replace(player, resources=tuple(c for c in player.resources if c not in chosen))
    state = zones.set_player(state, seat, player)
    item = InScene(card=card, controller=seat, entered_turn=state.turn, loaded=chosen, ready=ready)
    state = replace(state, scene=(*state.scene, item))
    state = fire(state, Trigger.ENTERS_SCENE, level, card=card)
    for loaded in chosen:
        state = fire(state, Trigger.LOADED_FROM_RESOURCES, level, card=loaded, base=card)
        state = fire(state, Trigger.LOADED_ONTO_THIS, level, card=loaded, base=card)
    return state


@HANDLERS.on(PutFromHand)
def _put_from_hand(run: BSRun, state: State, proc: PutFromHand) -> State:
    """A card of the controller's hand passing the filters enters the scene under them
    (Transporte Aéreo V1). Only one that could be played now is offered (FAQ: its costs must
    be met — 4.4.2.1 A.1 enough cards in the resources, A.4 no identity clash; not an EV
    character, whose base the command names); it loads its Energia Inicial in the player's
    loading order (A.3), its "enters" and loading texts become pending; with ``ready`` it
    may use actions this turn (Prontidão)."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    if step.to == "this_card":  # the effect's own card, from the hand (Águia Estelar V1)
        return _put_this_card(run, state, step)
    if not effect.answers:
        hand = state.players[seat].hand
        options = [str(c) for c in hand if matches(state, c, step) and can_enter(state, seat, c)]
        if not options:
            return state
        prompt = "battlescenes.choose_from_hand"
        return asks(run, ask(state, effect, seat, prompt, options, step.optional))
    if effect.answers[-1] == SKIP:
        return state
    card = int(effect.answers[-1])
    player = state.players[seat]
    player = replace(player, hand=tuple(c for c in player.hand if c != card))
    state = zones.set_player(state, seat, player)
    energy = zones.defn(state, card).energy
    state = _enter(state, seat, card, energy, effect.level + 1, ready=step.ready)
    state = tree.put(state, replace(tree.get(state, effect.uid), chosen=card))
    event = Event(
        "battlescenes.event.put_into_scene",
        {"player": player.name, "card": zones.title(state, card)},
        rule="4.4.2",
    )
    return resolved(run, state, [event])


def _put_this_card(run: BSRun, state: State, step: Step) -> State:
    """``put_from_hand`` with ``to: this_card``: the effect's own card leaves its
    controller's hand for the scene — with ``load_carried`` carrying the cards the card base
    an earlier ``return_to_hand`` step sent back was carrying; not done when it is not in the
    hand any more."""
    effect = run.ctx
    seat, card = effect.controller, effect.source
    player = state.players[seat]
    if card not in player.hand:
        return state
    state = zones.set_player(
        state, seat, replace(player, hand=tuple(c for c in player.hand if c != card))
    )
    cards = effect.carried if step.load_carried else None
    energy = zones.defn(state, card).energy
    state = _enter(state, seat, card, energy, effect.level + 1, ready=step.ready, cards=cards)
    event = Event(
        "battlescenes.event.put_into_scene",
        {"player": player.name, "card": zones.title(state, card)},
        rule="4.4.2",
    )
    return resolved(run, state, [event])


@HANDLERS.on(FetchIntoScene)
def _fetch_into_scene(run: BSRun, state: State, proc: FetchIntoScene) -> State:
    """ "Procure em seu deck, mão ou recursos por um card de personagem chamado N … coloque-o em
    cena carregando até quatro cards de seus recursos e embaralhe o seu deck se tiver
    procurado ali" (Bruce Banner V1): a card of the filters picked from the hand, the
    resources and — unless an earlier ``search_deck`` of the effect was forbidden or
    replaced — the deck; revealed, it enters the scene loaded with up to ``amount``
    resources; the deck is shuffled when it was searched."""
    effect, step, dice = run.ctx, proc.record, run.env.dice
    seat = effect.controller
    player = state.players[seat]
    zones_searched = [player.hand, player.resources]
    if not effect.search_replaced:
        zones_searched.append(player.deck)
    if not effect.answers:
        options = [str(c) for zone in zones_searched for c in zone if matches(state, c, step)]
        if not options:
            return _searched(state, effect, dice)
        prompt = "battlescenes.choice.search"
        return asks(run, ask(state, effect, seat, prompt, options, step.optional))
    if effect.answers[-1] == SKIP:
        return _searched(state, effect, dice)
    card = int(effect.answers[-1])
    player = replace(
        player,
        hand=tuple(c for c in player.hand if c != card),
        resources=tuple(c for c in player.resources if c != card),
        deck=tuple(c for c in player.deck if c != card),
    )
    state = _searched(zones.set_player(state, seat, player), effect, dice)
    state = _enter(state, seat, card, step.amount, effect.level + 1)
    params = {"player": player.name, "card": zones.title(state, card)}
    return resolved(run, state, [Event("battlescenes.event.put_into_scene", params, rule="5.7")])


def _searched(state: State, effect: Pending, dice: Dice) -> State:
    """The deck shuffled if this effect searched it ("se tiver procurado ali")."""
    return state if effect.search_replaced else shuffle(state, effect.controller, dice)


@HANDLERS.on(ReturnToHand)
def _return_to_hand(run: BSRun, state: State, proc: ReturnToHand) -> State:
    """4.7 ATENÇÃO (Bater em Retirada): the card base goes from the scene to its owner's
    hand, its cards unloaded — not a knock-out; Hela V1 may replace it (5.5)."""
    effect, step = run.ctx, proc.record
    events: list[Event] = []
    carried: list[int] = []  # for a later load_carried (Águia Estelar V1)
    for card in targets_of(state, effect, step):
        carried.extend(zones.in_scene(state, card).loaded)
        state, more = leaving.leave_to(state, card, "hand", effect.controller, effect.level + 1)
        events.extend(more)
    # Kept only while the effect is still pending: leaving the scene may have ended it
    # (its own card gone, 5.8), and then no later step reads them.
    if carried and any(p.uid == effect.uid for p in state.tree):
        state = tree.put(state, replace(tree.get(state, effect.uid), carried=tuple(carried)))
    return resolved(run, state, events)


@HANDLERS.on(ToResources)
def _to_resources(run: BSRun, state: State, proc: ToResources) -> State:
    """ "Coloque este cenário nos recursos de seu dono" (Atacar até Derrubar, 4.8.5): this
    card leaves the scene for its owner's resources — a scenario with its ``leaves_scene``
    effects pending one level up; a card base unloaded first, not knocked out (4.7
    ATENÇÃO). If it is no longer in the scene, it is not done ("Se o fizer" stops)."""
    effect, step = run.ctx, proc.record
    card = effect.this
    if step.to == "scenario":  # "se houver um cenário em cena, coloque-o …" (Umar V1)
        card = state.scenario if state.scenario is not None else -1
    events: list[Event] = []
    if card != -1 and card == state.scenario:
        left = leaving.leaving_scenario(state, effect.level + 1)
        state = zones.to_resources(replace(state, scenario=None), [card])
        if left:
            state = tree.add(state, left, effect.level + 1)
    elif zones.find(state, card) is not None:
        if step.carried_to_hand:  # "devolva quaisquer outros cards … para sua mão"
            state = zones.unload_to_hand(state, card, zones.in_scene(state, card).loaded)
        state, events = leaving.leave_to(
            state, card, "resources", effect.controller, effect.level + 1
        )
    else:
        return tree.put(state, replace(effect, declined=True))
    if not events:  # (Hela V1 may have sent a character to the prizes instead, 5.5)
        params = {"card": zones.title(state, card)}
        events = [Event("battlescenes.event.left_to_resources", params, rule="4.7")]
    return resolved(run, state, events)
