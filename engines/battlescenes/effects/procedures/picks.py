"""More procedures about cards: discarding from the hand as part of an effect (the "você
pode descartar … Se o fizer" costs of activated texts, e.g. Odin V1, 5.1) and looking at the
top of the deck — keeping any number in the resources and putting the others back in any
order."""

from __future__ import annotations

from engines.battlescenes.content.schema import Step, Trigger
from engines.battlescenes.effects import replacements, triggers
from engines.battlescenes.effects.operands import SKIP, ask, matches, targets_of
from engines.battlescenes.effects.procedures import damage
from engines.battlescenes.rules.state import Pending, State
from engines.battlescenes.table import leaving, zones
from engines.core import Dice, Event
from engines.core.model import replace

DONE = "done"


def _discard_from_hand(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """Discard a card of the hand that passes the filters (into the resources, 6.2 C.4)."""
    seat = effect.controller
    player = state.players[seat]
    if not effect.answers:
        cards = [str(c) for c in player.hand if matches(state, c, step)]
        if not cards:  # nothing to discard: a "se o fizer" effect does not go on
            return _declined(state, effect), [], True
        prompt = "battlescenes.choice.discard"
        return ask(state, effect, seat, prompt, cards, step.optional), [], False
    card = int(effect.answers[-1])
    event = Event(
        "battlescenes.event.discarded",
        {"player": player.name, "card": zones.title(state, card)},
        rule="5.1",
    )
    state, instead = replacements.discard(state, seat, [card], effect.level + 1)
    return state, [event, *instead], True


def _declined(state: State, effect: Pending) -> State:
    """Mark ``effect`` as not done ("se o fizer" steps after it are skipped)."""
    tree = tuple(replace(p, declined=True) if p.uid == effect.uid else p for p in state.tree)
    return replace(state, tree=tree)


def _keep_set_aside(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """Put any number of the set-aside cards into the resources, one pick at a time."""
    seat = effect.controller
    player = state.players[seat]
    chosen = [int(a) for a in effect.answers if a not in (DONE, SKIP)]
    left = [str(c) for c in player.set_aside if c not in chosen]
    finished = effect.answers and effect.answers[-1] == DONE
    if left and not finished:
        prompt = "battlescenes.choice.keep"
        return ask(state, effect, seat, prompt, [*left, DONE], False), [], False
    player = replace(
        player,
        set_aside=tuple(c for c in player.set_aside if c not in chosen),
        resources=(*player.resources, *chosen),
    )
    event = Event(
        "battlescenes.event.kept", {"player": player.name, "count": len(chosen)}, rule="5.1"
    )
    return zones.set_player(state, seat, player), [event], True


def _return_in_order(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """Put the set-aside cards back on top of the deck in the order the player picks (the
    first picked ends on top)."""
    seat = effect.controller
    player = state.players[seat]
    order = [int(a) for a in effect.answers]
    left = [str(c) for c in player.set_aside if c not in order]
    if len(left) > 1:
        prompt = "battlescenes.choice.top_order"
        return ask(state, effect, seat, prompt, left, False), [], False
    top = (*order, *(int(c) for c in left))
    player = replace(player, deck=top + player.deck, set_aside=())
    event = Event("battlescenes.event.returned_set_aside", {"player": player.name}, rule="5.1")
    return zones.set_player(state, seat, player), [event], True


def _reveal_set_aside(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """7.1 Clarividência: "olhe-os e revele quantos quiser" — any number of the set-aside
    cards, one pick at a time, then ``done``; the revealed ones are named to everybody."""
    seat = effect.controller
    player = state.players[seat]
    chosen = [int(a) for a in effect.answers if a not in (DONE, SKIP)]
    left = [str(c) for c in player.set_aside if c not in chosen]
    finished = effect.answers and effect.answers[-1] == DONE
    if left and not finished:
        prompt = "battlescenes.choice.reveal_set_aside"
        return ask(state, effect, seat, prompt, [*left, DONE], False), [], False
    if not chosen:
        return state, [], True
    titles = ", ".join(zones.title(state, c) for c in chosen)
    event = Event(
        "battlescenes.event.revealed_set_aside",
        {"player": player.name, "cards": titles, "count": len(chosen)},
        rule="7.1",
    )
    return state, [event], True


def _hand_to_deck_top(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """ "Coloque um card de sua mão no topo do seu deck" (Enviar Para o Futuro V1, 5.7 B): the
    controller picks ``amount`` cards of the hand (as many as there are, 8.C), one at a time;
    the first picked ends on top. Hidden: the opponent learns only how many."""
    seat = effect.controller
    player = state.players[seat]
    chosen = [int(a) for a in effect.answers if a not in (DONE, SKIP)]
    left = [str(c) for c in player.hand if c not in chosen]
    if left and len(chosen) < max(1, step.amount):
        prompt = "battlescenes.choice.hand_to_deck_top"
        return ask(state, effect, seat, prompt, left, False), [], False
    player = replace(
        player,
        hand=tuple(c for c in player.hand if c not in chosen),
        deck=(*chosen, *player.deck),
    )
    event = Event(
        "battlescenes.event.hand_to_deck_top",
        {"player": player.name, "count": len(chosen)},
        rule="5.7",
    )
    return zones.set_player(state, seat, player), [event], True


def _unload_chosen(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """ "Descarregue até N cards que estiverem sendo carregados por personagens ou suportes"
    (Fantasma do Espaço V1, Sumiço Fantasma): the controller picks up to ``amount`` carried
    cards anywhere in the scene, one at a time, then ``done``. Not damage (4.8.2.1). Each
    card base that lost cards fires "quando cards forem descarregados" (5.2); then 4.7."""
    seat = effect.controller
    chosen = [int(a) for a in effect.answers if a not in (DONE, SKIP)]
    finished = effect.answers and effect.answers[-1] == DONE
    left = [str(c) for s in state.scene for c in s.loaded if c not in chosen]
    if left and not finished and len(chosen) < step.amount:
        prompt = "battlescenes.choice.unload_chosen"
        return ask(state, effect, seat, prompt, [*left, DONE], False), [], False
    events: list[Event] = []
    for item in list(state.scene):
        cards = [c for c in item.loaded if c in chosen]
        if not cards:
            continue
        state = zones.unload(state, item.card, cards)
        state = triggers.fire(state, Trigger.UNLOADED, effect.level + 1, base=item.card)
        events.append(
            Event(
                "battlescenes.event.unloaded",
                {"card": zones.title(state, item.card), "count": len(cards)},
                rule="4.8.2.1",
            )
        )
    state, more = damage.knock_outs(state, effect.level + 1, effect.controller)
    return state, events + more, True


def _permute(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """4.2: swap a card carried by this card base with one carried by the other base; each
    takes the other's place. No load/unload triggers (4.2 ATENÇÃO). Both bases must be of
    one player, whose own cards they carry (8.D)."""
    seat = effect.controller
    others = [t for t in targets_of(state, effect, step) if t != effect.this]
    if not others or zones.find(state, effect.this) is None:
        return state, [], True
    mine, theirs = zones.in_scene(state, effect.this), zones.in_scene(state, others[0])
    if mine.controller != theirs.controller:
        return state, [], True
    picked = [a for a in effect.answers if ">" in a]
    if not picked:
        options = [f"{a}>{b}" for a in mine.loaded for b in theirs.loaded]
        if not options:
            return state, [], True
        return ask(state, effect, seat, "battlescenes.choice.permute", options, False), [], False
    a, b = (int(x) for x in picked[-1].split(">"))
    swap = {a: b, b: a}
    for item in (mine, theirs):
        loaded = tuple(swap.get(c, c) for c in item.loaded)
        state = zones.set_in_scene(state, replace(item, loaded=loaded))
    event = Event(
        "battlescenes.event.permuted",
        {"card": zones.title(state, a), "other": zones.title(state, b)},
        rule="4.2",
    )
    return state, [event], True


def _choose_replacement(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """5.5: the active player picks which of two different replacement effects applies to
    one event (``step.text``: ``draw`` / ``knock_out`` / ``load``; outcomes in ``step.trait``)."""
    if not effect.answers:
        options = step.trait.split(",")
        prompt = "battlescenes.choice.replacement"
        return ask(state, effect, state.active, prompt, options, False), [], False
    outcome = effect.answers[-1]
    chosen = Event(
        "battlescenes.event.replacement_chosen",
        {
            "player": state.players[state.active].name,
            "option": {"key": f"battlescenes.answer.{outcome}", "params": {}},
        },
        rule="5.5",
    )
    if step.text == "draw":
        state, events = replacements.apply_draw(state, effect.this, step.amount, outcome)
        return state, [chosen, *events], True
    if step.text == "load":  # the held card goes elsewhere instead of onto the base
        state, events = replacements.apply_load(state, effect.this, step.amount, outcome)
        return state, [chosen, *events], True
    state, events = leaving.put_replaced(state, effect.this, outcome)
    return state, [chosen, *events], True


#: Procedure kind → its handler (see effects._step).
HANDLERS = {
    "discard_from_hand": _discard_from_hand,
    "keep_set_aside": _keep_set_aside,
    "return_in_order": _return_in_order,
    "reveal_set_aside": _reveal_set_aside,
    "hand_to_deck_top": _hand_to_deck_top,
    "unload_chosen": _unload_chosen,
    "permute": _permute,
    "choose_replacement": _choose_replacement,
}
