"""Loading cards from outside the scene on a card base: one looked for in several zones at
once (Thor V1's Recuperar Martelo: the hand, the deck, the resources, or the cards one's card
bases carry), or the effect's own card from the resources (Reparos Provisórios V1)."""

from __future__ import annotations

from engines.battlescenes.content.schema import Step, Trigger
from engines.battlescenes.effects import tree
from engines.battlescenes.effects.operands import SKIP, ask, matches, shuffle, targets_of
from engines.battlescenes.effects.steps import (
    BSHandlers,
    BSRun,
    LoadFound,
    LoadThis,
    TakeFound,
    asks,
    resolved,
)
from engines.battlescenes.effects.triggers import fire
from engines.battlescenes.rules.state import Pending, State
from engines.battlescenes.table import drawing, zones
from engines.core import Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()

#: The answer that searches a deck whose search a replacement turns into a draw (5.5).
DECK = "deck"
#: Where a card may be looked for: the hand, the resources, the deck, and the cards one's
#: other card bases carry.
ZONES = frozenset({"hand", "resources", "carried", "deck"})


def _search_rule(state: State) -> str:
    """ "forbidden" (8.B: no player may search a deck), "replaced" (5.5: a draw instead,
    Cidade Fantasma) or "" (a deck may be searched)."""
    scenario = zones.scenario_texts(state)
    statics = [*scenario, *(t for s in state.scene for _c, t in zones.texts(state, s))]
    if state.no_search_this_turn or any(t.forbid_search for t in statics):
        return "forbidden"
    return "replaced" if any(t.replace_search_with_draw for t in scenario) else ""


def _places(state: State, effect: Pending, step: Step) -> list[int]:
    """Where the cards may come from: the hand, the resources, the deck and what the
    controller's other card bases carry (or only the zones ``in_zones`` names)."""
    wanted = set(step.in_zones.split("|")) if step.in_zones else ZONES
    player = state.players[effect.controller]
    carried = [
        c
        for s in state.scene
        if s.controller == effect.controller and s.card != effect.this
        for c in s.loaded
    ]
    deck = list(player.deck) if not _search_rule(state) else []
    found = {
        "hand": player.hand,
        "resources": player.resources,
        "carried": carried,
        "deck": deck,
        # its own cards scoring for the opponents, "os prêmios de seus oponentes" (Mística V1)
        "prizes": player.prizes,
    }
    return [
        c
        for zone in ("hand", "resources", "carried", "deck", "prizes")
        if zone in wanted
        for c in found[zone]
    ]


def _ask(run: BSRun, state: State, effect: Pending, step: Step) -> State:
    """Offer the cards passing the filters where the step looks (and ``deck`` when a search
    would be a draw instead, 5.5); nothing found: nothing happens."""
    options = [str(c) for c in _places(state, effect, step) if matches(state, c, step)]
    if step.to == "target" and step.same_identity:  # sharing the target's alter ego (or,
        # without one, its name): Experiência Acumulada V1
        onto = set(zones.identities(state, effect.targets[0])) if effect.targets else set()
        options = [o for o in options if set(zones.identities(state, int(o))) & onto]
    searches = not step.in_zones or "deck" in step.in_zones.split("|")
    if searches and _search_rule(state) == "replaced":
        options.append(DECK)
    if not options:
        return state
    prompt = "battlescenes.choice.search"
    if step.to == "own_character":  # the card and the character to load it onto, together
        bases = [s.card for s in zones.characters(state, effect.controller)]
        replaced = [DECK] if DECK in options else []  # a draw instead (Ultron-61112's FAQ)
        options = [f"{c}>{b}" for c in options if c != DECK for b in bases] + replaced
        if not options:  # nothing to reveal: not done ("se o fizer" steps are skipped)
            return tree.put(state, replace(tree.get(state, effect.uid), declined=True))
        prompt = "battlescenes.choice.load"
    # ``exactly``: "coloque um card …" — no declining when there is one
    return asks(run, ask(state, effect, effect.controller, prompt, options, not step.exactly))


def _replaced(run: BSRun, state: State, seat: int) -> State:
    """5.5: the search does not happen; a draw does."""
    state, drawn = drawing.draw(state, seat, 1)
    name = state.players[seat].name
    event = Event("battlescenes.event.search_replaced", {"player": name}, rule="5.5")
    return resolved(run, state, [event, *drawn])


@HANDLERS.on(TakeFound)
def _take_found(run: BSRun, state: State, proc: TakeFound) -> State:
    """As ``load_found``, the card found goes into its controller's hand."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    if not effect.answers:
        return _ask(run, state, effect, step)
    answer = effect.answers[-1]
    if answer == SKIP:
        return state
    if answer == DECK:
        return _replaced(run, state, seat)
    card = int(answer)
    state, events = _take(state, effect, card, card in state.players[seat].deck, run)
    player = state.players[seat]
    state = zones.set_player(state, seat, replace(player, hand=(*player.hand, card)))
    return resolved(run, state, events)


@HANDLERS.on(LoadFound)
def _load_found(run: BSRun, state: State, proc: LoadFound) -> State:
    """Its controller picks a card passing the filters among the hand, the resources, the
    cards its other card bases carry and the deck (a search of the deck: forbidden, 8.B, or
    a draw instead, 5.5 — the answer ``deck`` —, "searches" triggers, then shuffled); it is
    revealed and loaded on this card base (declining: it was not found)."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    onto_own = step.to == "own_character"
    # ``target``: onto the effect's target (the entering character: Experiência Acumulada V1)
    onto_target = effect.targets[0] if step.to == "target" and effect.targets else None
    if step.to == "target" and (onto_target is None or zones.find(state, onto_target) is None):
        return state
    if not onto_own and onto_target is None and zones.find(state, effect.this) is None:
        return state
    if not effect.answers:
        return _ask(run, state, effect, step)
    answer = effect.answers[-1]
    if answer == SKIP:
        return state
    if answer == DECK:
        return _replaced(run, state, seat)
    # ``own_character``: "card>character", that character is "aquele personagem" afterwards
    found, _sep, onto = answer.partition(">")
    card, base = int(found), int(onto) if onto else effect.this
    if onto_target is not None:
        base = onto_target
    if zones.find(state, base) is None:
        return state
    if onto_own:
        state = tree.put(state, replace(tree.get(state, effect.uid), chosen=base))
    from_deck = card in state.players[seat].deck
    from_resources = card in state.players[seat].resources
    from_hand = card in state.players[seat].hand
    state, events = _take(state, effect, card, from_deck, run)
    item = zones.in_scene(state, base)
    state = zones.set_in_scene(state, replace(item, loaded=(*item.loaded, card)))
    events.append(
        Event(
            "battlescenes.event.loaded",
            {"card": zones.title(state, card), "base": zones.title(state, base)},
            rule="4.1",
        )
    )
    level = effect.level + 1
    if from_resources:
        state = fire(state, Trigger.LOADED_FROM_RESOURCES, level, card=card, base=base)
        state = fire(state, Trigger.RESOURCES_LOADED_ONTO_THIS, level, base=base, by=effect.uid)
    if from_hand:
        state = fire(state, Trigger.LOADED_FROM_HAND, level, card=card, base=base)
    state = fire(state, Trigger.LOADED_ONTO_THIS, level, card=card, base=base)
    return resolved(run, state, events)


def _take(
    state: State, effect: Pending, card: int, from_deck: bool, run: BSRun
) -> tuple[State, list[Event]]:
    """``card`` out of where it was, revealed; a deck searched is shuffled afterwards."""
    seat = effect.controller
    player = state.players[seat]
    name = player.name
    player = replace(
        player,
        hand=tuple(c for c in player.hand if c != card),
        resources=tuple(c for c in player.resources if c != card),
        deck=tuple(c for c in player.deck if c != card),
        prizes=tuple(c for c in player.prizes if c != card),
    )
    state = zones.set_player(state, seat, player)
    state = replace(
        state,
        scene=tuple(
            replace(
                s, loaded=tuple(c for c in s.loaded if c != card), loaded_changed_turn=state.turn
            )
            if card in s.loaded
            else s
            for s in state.scene
        ),
    )
    params = {"player": name, "card": zones.title(state, card)}
    events = [Event("battlescenes.event.revealed_found", params)]
    if from_deck:
        events.insert(0, Event("battlescenes.event.searched", {"player": name}, rule="9.1.2"))
        state = fire(state, Trigger.OPPONENT_SEARCHES_DECK, effect.level + 1, searcher=seat)
        state = fire(state, Trigger.PLAYER_SEARCHES_DECK, effect.level + 1, searcher=seat)
        state = shuffle(state, seat, run.env.dice)
    return state, events


@HANDLERS.on(LoadThis)
def _load_this(run: BSRun, state: State, proc: LoadThis) -> State:
    """The effect's own card goes from its owner's resources onto the card base the step
    names (4.1: a load from the resources, its "carregado" texts pending); if it is no
    longer there, nothing happens (8.C)."""
    effect, step = run.ctx, proc.record
    card = effect.source
    owner = zones.owner(state, card)
    player = state.players[owner]
    bases = targets_of(state, effect, step)
    if card not in player.resources or not bases:
        return state
    base = bases[0]
    player = replace(player, resources=tuple(c for c in player.resources if c != card))
    state = zones.set_player(state, owner, player)
    item = zones.in_scene(state, base)
    state = zones.set_in_scene(state, replace(item, loaded=(*item.loaded, card)))
    event = Event(
        "battlescenes.event.loaded",
        {"card": zones.title(state, card), "base": zones.title(state, base)},
        rule="4.1",
    )
    level = effect.level + 1
    state = fire(state, Trigger.LOADED_FROM_RESOURCES, level, card=card, base=base)
    state = fire(state, Trigger.RESOURCES_LOADED_ONTO_THIS, level, base=base, by=effect.uid)
    state = fire(state, Trigger.LOADED_ONTO_THIS, level, card=card, base=base)
    return resolved(run, state, [event])
