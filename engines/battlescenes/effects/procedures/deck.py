"""Procedures on the deck and the hand: draw, Clarividência (7.1: set aside the top cards,
keep, reveal or return them in order), search and take from the deck, put a card of the hand on
top of the deck, discard from the hand (5.1) and mill."""

from __future__ import annotations

from engines.battlescenes.content.schema import Op, Step, Trigger
from engines.battlescenes.effects import replacements, tree, triggers
from engines.battlescenes.effects.operands import (
    DONE,
    SKIP,
    ask,
    matches,
    plus,
    shuffle,
    step_player,
)
from engines.battlescenes.effects.steps import (
    BSHandlers,
    BSRun,
    DiscardFromHand,
    Draw,
    HandToDeckTop,
    KeepSetAside,
    LookOpponentHand,
    Mill,
    ReturnInOrder,
    ReturnSetAside,
    RevealSetAside,
    SearchDeck,
    SetAsideTop,
    TakeFromDeck,
    asks,
    resolved,
)
from engines.battlescenes.effects.triggers import fire
from engines.battlescenes.rules.state import Pending, Phase, State
from engines.battlescenes.table import drawing, zones
from engines.core import Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()


@HANDLERS.on(Draw)
def _draw(run: BSRun, state: State, proc: Draw) -> State:
    effect, step = run.ctx, proc.record
    if step.to == "each_player":
        return _draw_each(run, state, proc)
    amount = step.amount + plus(state, effect, step)
    # ``to: opponent``: the opponent of the effect's controller draws (À Espreita V1); ``to:
    # chosen_controller``: the controller of the card chosen earlier (Explosão Certeira V1)
    seat = 1 - effect.controller if step.to == "opponent" else step_player(state, effect, step)
    if step.optional:  # 4.9.2: only a draw the player is obliged to make can lose the game
        amount = min(amount, len(state.players[seat].deck))
    before = len(state.players[seat].hand)
    state, events = drawing.draw(state, seat, amount)
    if effect.is_action and seat == effect.controller and len(state.players[seat].hand) > before:
        # 5.2 each time an action's effect makes its controller draw (drew_by_action)
        state = triggers.drew(state, effect, effect.level + 1)
    return resolved(run, state, events)


def _draw_each(run: BSRun, state: State, proc: Draw) -> State:
    """Each player draws one card per ☺ character they control (Reunião
    de Intelectos V1): each player, the effect's controller first, draws the amount counted
    for them (``plus`` as if that player controlled the effect)."""
    effect, step = run.ctx, proc.record
    events: list[Event] = []
    for seat in (effect.controller, 1 - effect.controller):
        amount = step.amount + plus(state, replace(effect, controller=seat), step)
        if amount <= 0:
            continue
        state, drawn = drawing.draw(state, seat, amount)
        events.extend(drawn)
        if state.phase is Phase.OVER:  # 4.9.2: an empty deck lost the game
            break
    return resolved(run, state, events)


@HANDLERS.on(SetAsideTop)
def _set_aside(run: BSRun, state: State, proc: SetAsideTop) -> State:
    effect, step = run.ctx, proc.record
    player = state.players[effect.controller]
    amount = step.amount + _clarividencia_bonus(state, effect)
    take = player.deck[:amount]  # 7.1 Clarividência: the top N, set aside
    player = replace(player, deck=player.deck[len(take) :], set_aside=player.set_aside + take)
    event = Event(
        "battlescenes.event.set_aside", {"player": player.name, "count": len(take)}, rule="7.1"
    )
    return resolved(run, zones.set_player(state, effect.controller, player), [event])


def _clarividencia_bonus(state: State, effect: Pending) -> int:
    """7.1: the "Clarividência +N" its user's texts give an action with Clarividência
    (Manto de Levitação V1); 0 for anything else."""
    if not effect.is_action or zones.find(state, effect.this) is None:
        return 0
    printed = zones.defn(state, effect.source)
    actions = [a for a in printed.actions if a.name == effect.label]
    if not any("clarividencia" in (*a.keywords, *printed.keywords) for a in actions):
        return 0
    item = zones.in_scene(state, effect.this)
    return sum(text.clarividencia_bonus for _card, text in zones.texts(state, item))


@HANDLERS.on(ReturnSetAside)
def _return_set_aside(run: BSRun, state: State, proc: ReturnSetAside) -> State:
    effect = run.ctx
    player = state.players[effect.controller]
    player = replace(player, deck=player.set_aside + player.deck, set_aside=())
    event = Event("battlescenes.event.returned_set_aside", {"player": player.name}, rule="7.1")
    return resolved(run, zones.set_player(state, effect.controller, player), [event])


@HANDLERS.on(SearchDeck)
def _search_deck(run: BSRun, state: State, proc: SearchDeck) -> State:
    effect = run.ctx
    name = state.players[effect.controller].name
    statics = [
        *zones.scenario_texts(state),
        *(t for s in state.scene for _c, t in zones.texts(state, s)),
    ]
    if state.no_search_this_turn or any(t.forbid_search for t in statics):
        # 8.B: what forbids wins over what allows: no search, nothing to take or replace.
        state = tree.put(state, replace(tree.get(state, effect.uid), search_replaced=True))
        event = Event("battlescenes.event.search_forbidden", {"player": name}, rule="8.B")
        return resolved(run, state, [event])
    if any(
        t.replace_search_with_draw for t in zones.scenario_texts(state)
    ):  # 5.5: the search does not happen (and triggers nothing); a draw happens instead
        state = tree.put(state, replace(tree.get(state, effect.uid), search_replaced=True))
        state, drawn = drawing.draw(state, effect.controller, 1)
        event = Event("battlescenes.event.search_replaced", {"player": name}, rule="5.5")
        return resolved(run, state, [event, *drawn])
    event = Event("battlescenes.event.searched", {"player": name}, rule="9.1.2")
    state = fire(
        state, Trigger.OPPONENT_SEARCHES_DECK, effect.level + 1, searcher=effect.controller
    )
    level, seat = effect.level + 1, effect.controller
    state = fire(state, Trigger.PLAYER_SEARCHES_DECK, level, searcher=seat, amount=_sought(effect))
    return resolved(run, state, [event])


#: The procedures that take what a search found (the next one after ``search_deck``).
_TAKING = (Op.TAKE_FROM_DECK, Op.FETCH_INTO_SCENE, Op.SCENARIO_FROM_RESOURCES)


def _sought(effect: Pending) -> int:
    """How many cards the search is for ("para cada card procurado desta forma"): the
    ``amount`` of the taking procedure after it ("por até dois cards"), else one."""
    later = [s for s in effect.steps[effect.next_step + 1 :] if s.op in _TAKING]
    if later and later[0].op is Op.TAKE_FROM_DECK:
        return max(1, later[0].amount)
    return 1


@HANDLERS.on(TakeFromDeck)
def _take_from_deck(run: BSRun, state: State, proc: TakeFromDeck) -> State:
    effect, step, dice = run.ctx, proc.record, run.env.dice
    seat = effect.controller
    player = state.players[seat]
    if step.also_resources or step.amount > 1:
        return _take_many(run, state, proc)
    if effect.search_replaced:
        return state
    powers: tuple[str, ...] = ()
    if step.from_power_of == "this" and zones.find(state, effect.this) is not None:
        powers = zones.powers(state, zones.in_scene(state, effect.this))
    if not effect.answers:
        options = [
            str(c)
            for c in player.deck
            if matches(state, c, step, powers) and _same_alter_ego(state, effect, step, c)
        ]
        if not options:
            return shuffle(state, seat, dice)
        return asks(run, ask(state, effect, seat, "battlescenes.choice.search", options, True))
    card = int(effect.answers[-1])
    player = replace(
        player, deck=tuple(c for c in player.deck if c != card), hand=(*player.hand, card)
    )
    state = zones.set_player(state, seat, player)
    event = Event(
        "battlescenes.event.revealed_to_hand",
        {"player": player.name, "card": zones.title(state, card)},
        rule="5.1",
    )
    # up to N cards (``amount`` N > 1): each taken at once, then another may be (skip:
    # no more — the deck is shuffled then, as for a declined search)
    more = [str(c) for c in player.deck if matches(state, c, step, powers)]
    if len(effect.answers) < step.amount and more:
        prompt = "battlescenes.choice.search"
        return asks(run, ask(state, effect, seat, prompt, more, True), [event])
    return resolved(run, shuffle(state, seat, dice), [event])


def _same_alter_ego(state: State, effect: Pending, step: Step, card: int) -> bool:
    """``alter_ego_of_chosen``: ``card`` has the alter ego of the character the effect chose
    earlier; a character without one finds nothing (Múltiplas Identidades V1's FAQ)."""
    if not step.alter_ego_of_chosen:
        return True
    if effect.chosen < 0:
        return False
    wanted = zones.defn(state, effect.chosen).alter_ego
    return bool(wanted) and zones.defn(state, card).alter_ego == wanted


def _take_many(run: BSRun, state: State, proc: TakeFromDeck) -> State:
    """Search deck or resources for up to N cards, reveal and take them into the hand,
    shuffling the deck if it was searched (Nick Fury V1): one pick at a time
    (``done`` ends it), from the deck — unless its search was forbidden or replaced — and,
    with ``also_resources``, the resources; then the deck is shuffled if it was searched."""
    effect, step, dice = run.ctx, proc.record, run.env.dice
    seat = effect.controller
    player = state.players[seat]
    picked = [int(a) for a in effect.answers if a not in (DONE, SKIP)]
    pool = [] if effect.search_replaced else list(player.deck)
    pool += list(player.resources) if step.also_resources else []
    left = [str(c) for c in pool if c not in picked and matches(state, c, step)]
    finished = bool(effect.answers) and effect.answers[-1] in (DONE, SKIP)
    if left and not finished and len(picked) < max(1, step.amount):
        prompt = "battlescenes.choice.search"
        return asks(run, ask(state, effect, seat, prompt, [*left, DONE], False))
    player = replace(
        player,
        deck=tuple(c for c in player.deck if c not in picked),
        resources=tuple(c for c in player.resources if c not in picked),
        hand=(*player.hand, *picked),
    )
    state = zones.set_player(state, seat, player)
    if not effect.search_replaced:
        state = shuffle(state, seat, dice)
    events = [
        Event(
            "battlescenes.event.revealed_to_hand",
            {"player": player.name, "card": zones.title(state, card)},
            rule="5.1",
        )
        for card in picked
    ]
    return resolved(run, state, events)


@HANDLERS.on(KeepSetAside)
def _keep_set_aside(run: BSRun, state: State, proc: KeepSetAside) -> State:
    """Put any number of the set-aside cards passing the step's filters (every one when it
    has none) into the resources, one pick at a time."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    player = state.players[seat]
    chosen = [int(a) for a in effect.answers if a not in (DONE, SKIP)]
    left = [str(c) for c in player.set_aside if c not in chosen and matches(state, c, step)]
    if step.every:  # the other card goes to the resources: all of them, no choice
        chosen, left = [int(c) for c in left], []
    finished = effect.answers and effect.answers[-1] == DONE
    if left and not finished:
        prompt = "battlescenes.choice.keep"
        return asks(run, ask(state, effect, seat, prompt, [*left, DONE], False))
    player = replace(
        player,
        set_aside=tuple(c for c in player.set_aside if c not in chosen),
        resources=(*player.resources, *chosen),
    )
    event = Event(
        "battlescenes.event.kept", {"player": player.name, "count": len(chosen)}, rule="5.1"
    )
    return resolved(run, zones.set_player(state, seat, player), [event])


@HANDLERS.on(ReturnInOrder)
def _return_in_order(run: BSRun, state: State, proc: ReturnInOrder) -> State:
    """Put the set-aside cards back on top of the deck in the order the player picks (the
    first picked ends on top); with ``amount``, only that many of them, picked, the others
    staying set aside for the next steps; ``at_bottom``: under the deck instead."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    player = state.players[seat]
    if step.choose_amount and step.at_bottom:  # top and/or bottom: any number under it
        return _any_to_bottom(run, state, effect)
    order = [int(a) for a in effect.answers]
    left = [str(c) for c in player.set_aside if c not in order]
    wanted = step.amount or len(player.set_aside)  # 0: every one
    if len(left) > 1 and len(order) < wanted:
        prompt = (
            "battlescenes.choice.bottom_order"
            if step.at_bottom
            else "battlescenes.choice.top_order"
        )
        return asks(run, ask(state, effect, seat, prompt, left, False))
    moved = (*order, *(int(c) for c in left))[:wanted]
    rest = tuple(c for c in player.set_aside if c not in moved)
    deck = player.deck + moved if step.at_bottom else moved + player.deck
    player = replace(player, deck=deck, set_aside=rest)
    if step.amount or step.at_bottom:  # some of them, or under the deck: how many, where
        where = "bottom" if step.at_bottom else "top"
        event = Event(
            f"battlescenes.event.set_aside_to_{where}",
            {"player": player.name, "count": len(moved)},
            rule="5.1",
        )
    else:
        event = Event("battlescenes.event.returned_set_aside", {"player": player.name}, rule="5.1")
    return resolved(run, zones.set_player(state, seat, player), [event])


def _any_to_bottom(run: BSRun, state: State, effect: Pending) -> State:
    """Top and/or bottom, in any order (Impulso Supersônico V1): any number of the set-aside
    cards, picked one at a time then ``done``, go under the deck in that order; the others
    stay set aside (a later step puts them on top)."""
    seat = effect.controller
    player = state.players[seat]
    order = [int(a) for a in effect.answers if a != DONE]
    finished = bool(effect.answers) and effect.answers[-1] == DONE
    left = [str(c) for c in player.set_aside if c not in order]
    if left and not finished:
        prompt = "battlescenes.choice.bottom_any"
        return asks(run, ask(state, effect, seat, prompt, [*left, DONE], False))
    moved = tuple(order)
    rest = tuple(c for c in player.set_aside if c not in moved)
    player = replace(player, deck=player.deck + moved, set_aside=rest)
    event = Event(
        "battlescenes.event.set_aside_to_bottom",
        {"player": player.name, "count": len(moved)},
        rule="5.1",
    )
    return resolved(run, zones.set_player(state, seat, player), [event])


@HANDLERS.on(RevealSetAside)
def _reveal_set_aside(run: BSRun, state: State, proc: RevealSetAside) -> State:
    """7.1 Clarividência: "olhe-os e revele quantos quiser" — any number of the set-aside
    cards, one pick at a time, then ``done``; the revealed ones are named to everybody."""
    effect = run.ctx
    seat = effect.controller
    player = state.players[seat]
    chosen = [int(a) for a in effect.answers if a not in (DONE, SKIP)]
    left = [str(c) for c in player.set_aside if c not in chosen]
    finished = effect.answers and effect.answers[-1] == DONE
    if left and not finished:
        prompt = "battlescenes.choice.reveal_set_aside"
        return asks(run, ask(state, effect, seat, prompt, [*left, DONE], False))
    if not chosen:
        return state
    titles = ", ".join(zones.title(state, c) for c in chosen)
    event = Event(
        "battlescenes.event.revealed_set_aside",
        {"player": player.name, "cards": titles, "count": len(chosen)},
        rule="7.1",
    )
    return resolved(run, state, [event])


@HANDLERS.on(HandToDeckTop)
def _hand_to_deck_top(run: BSRun, state: State, proc: HandToDeckTop) -> State:
    """A card of the hand onto the top of the deck (Enviar Para o Futuro V1, 5.7 B): the
    controller picks ``amount`` cards of the hand (as many as there are, 8.C), one at a time;
    the first picked ends on top. Hidden: the opponent learns only how many. ``at_bottom``:
    under the deck instead, in the order picked (Informações Privilegiadas V1)."""
    effect, step = run.ctx, proc.record
    where = "bottom" if step.at_bottom else "top"
    seat = effect.controller
    player = state.players[seat]
    chosen = [int(a) for a in effect.answers if a not in (DONE, SKIP)]
    left = [str(c) for c in player.hand if c not in chosen]
    if left and len(chosen) < max(1, step.amount):
        prompt = f"battlescenes.choice.hand_to_deck_{where}"
        return asks(run, ask(state, effect, seat, prompt, left, False))
    player = replace(
        player,
        hand=tuple(c for c in player.hand if c not in chosen),
        deck=(*player.deck, *chosen) if step.at_bottom else (*chosen, *player.deck),
    )
    event = Event(
        f"battlescenes.event.hand_to_deck_{where}",
        {"player": player.name, "count": len(chosen)},
        rule="5.7",
    )
    state = zones.set_player(state, seat, player)
    if step.at_bottom:  # 5.2: texts waiting for a card going to a deck's bottom
        state = zones.bottomed(state, seat, len(chosen))
    return resolved(run, state, [event])


@HANDLERS.on(DiscardFromHand)
def _discard_from_hand(run: BSRun, state: State, proc: DiscardFromHand) -> State:
    """Discard a card of the hand that passes the filters (into the resources, 6.2 C.4);
    ``to: opponent``: the opponent discards one of their choice (Estratagema Infalível V1)."""
    effect, step = run.ctx, proc.record
    seat = 1 - effect.controller if step.to == "opponent" else effect.controller
    player = state.players[seat]
    if not effect.answers:
        cards = [str(c) for c in player.hand if matches(state, c, step)]
        if not cards:  # nothing to discard: a "se o fizer" effect does not go on
            return _declined(state, effect)
        prompt = "battlescenes.choice.discard"
        return asks(run, ask(state, effect, seat, prompt, cards, step.optional))
    card = int(effect.answers[-1])
    event = Event(
        "battlescenes.event.discarded",
        {"player": player.name, "card": zones.title(state, card)},
        rule="5.1",
    )
    state, instead = replacements.discard(state, seat, [card], effect.level + 1)
    return resolved(run, state, [event, *instead])


@HANDLERS.on(LookOpponentHand)
def _look_opponent_hand(run: BSRun, state: State, proc: LookOpponentHand) -> State:
    """Look at an opponent's hand and maybe put a scenario card from it into its owner's
    resources (Invocar o Relâmpago V1): only its controller sees the hand; the
    card picked (of the filters) goes to its owner's resources — not a discard."""
    effect, step = run.ctx, proc.record
    seat, rival = effect.controller, 1 - effect.controller
    hand = state.players[rival].hand
    if not effect.answers:
        names = ", ".join(zones.title(state, c) for c in hand) or "-"
        params = {"player": state.players[seat].name, "rival": state.players[rival].name}
        look = Event(
            "battlescenes.event.looked_at_hand",
            {**params, "cards": names},
            rule="5.7",
            redact=True,
            audience=(seat,),
            public_params=("player", "rival"),
        )
        cards = [str(c) for c in hand if matches(state, c, step)]
        if not cards:
            return resolved(run, _declined(state, effect), [look])
        prompt = "battlescenes.choice.from_hand"
        return asks(run, ask(state, effect, seat, prompt, cards, step.optional), [look])
    card = int(effect.answers[-1])
    player = state.players[rival]
    state = zones.set_player(
        state, rival, replace(player, hand=tuple(c for c in hand if c != card))
    )
    state = zones.to_resources(state, [card])
    params = {"card": zones.title(state, card), "player": player.name}
    return resolved(run, state, [Event("battlescenes.event.hand_to_resources", params)])


def _declined(state: State, effect: Pending) -> State:
    """Mark ``effect`` as not done ("se o fizer" steps after it are skipped)."""
    tree = tuple(replace(p, declined=True) if p.uid == effect.uid else p for p in state.tree)
    return replace(state, tree=tree)


#: The prefix of a player picked by a step's controller (``to: chosen_player``: "player:1").
PLAYER = "player:"


@HANDLERS.on(Mill)
def _mill(run: BSRun, state: State, proc: Mill) -> State:
    """N cards from the top of one's own deck into the resources (Gata Negra V2, with
    ``plus: countdown``: as many as the opponent's Countdown put, 6.2 A): as many as there
    are (8.C); nothing is drawn, so an empty deck loses nothing."""
    effect, step = run.ctx, proc.record
    # ``to: opponent``: the other player's deck into that player's resources (Hulk V3)
    seat = 1 - effect.controller if step.to == "opponent" else effect.controller
    if step.to == "chosen_player":  # a player its controller picks (Minério Clandestino)
        picked = [a for a in effect.answers if a.startswith(PLAYER)]
        if not picked:
            options = [f"{PLAYER}{n}" for n in range(len(state.players))]
            prompt = "battlescenes.choice.player"
            return asks(run, ask(state, effect, effect.controller, prompt, options, False))
        seat = int(picked[-1].removeprefix(PLAYER))
    count = min(step.amount + plus(state, effect, step), len(state.players[seat].deck))
    state = zones.mill(state, seat, count)
    params = {"player": state.players[seat].name, "count": count}
    return resolved(run, state, [Event("battlescenes.event.milled", params, rule="5.2")])
