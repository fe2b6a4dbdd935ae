"""Procedures about cards and zones: draw, Clarividência, load, search, marks, manual texts.

Also the surprise keywords (7.2), which reveal from the hand.
"""

from __future__ import annotations

from engines.battlescenes.content.schema import Step, Trigger
from engines.battlescenes.effects import replacements, tree, triggers
from engines.battlescenes.effects.operands import ask, matches, shuffle, targets_of
from engines.battlescenes.effects.triggers import fire
from engines.battlescenes.rules import load_order
from engines.battlescenes.rules.state import Continuous, Pending, State
from engines.battlescenes.table import drawing, zones
from engines.core import Dice, Event
from engines.core.model import replace


def _draw(state: State, effect: Pending, step: Step, dice: Dice) -> tuple[State, list[Event], bool]:
    amount = step.amount
    if step.optional:  # 4.9.2: only a draw the player is obliged to make can lose the game
        amount = min(amount, len(state.players[effect.controller].deck))
    before = len(state.players[effect.controller].hand)
    state, events = drawing.draw(state, effect.controller, amount)
    if effect.is_action and len(state.players[effect.controller].hand) > before:
        # 5.2 "toda vez que o efeito de uma ação … fizer com que você compre" (drew_by_action)
        state = triggers.drew(state, effect, effect.level + 1)
    return state, events, True


def _set_aside(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    player = state.players[effect.controller]
    take = player.deck[: step.amount]  # 7.1 Clarividência: the top N, set aside
    player = replace(player, deck=player.deck[len(take) :], set_aside=player.set_aside + take)
    event = Event(
        "battlescenes.event.set_aside", {"player": player.name, "count": len(take)}, rule="7.1"
    )
    return zones.set_player(state, effect.controller, player), [event], True


def _return_set_aside(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    player = state.players[effect.controller]
    player = replace(player, deck=player.set_aside + player.deck, set_aside=())
    event = Event("battlescenes.event.returned_set_aside", {"player": player.name}, rule="7.1")
    return zones.set_player(state, effect.controller, player), [event], True


def _load_from_resources(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    seat = effect.controller
    if not effect.answers:
        cards = [c for c in state.players[seat].resources if matches(state, c, step)]
        bases = [
            s.card
            for s in zones.characters(state, seat)
            if (
                not step.filter_alignment
                or zones.has_alignment(state, s.card, step.filter_alignment)
            )
            and (step.to != "this" or s.card == effect.this)
        ]
        if bases:  # listed in the player's loading order (7.2 Predador, 4.4.2.2 A.3)
            cards = load_order.ordered(state, seat, cards, bases[0])
        options = [f"{c}>{b}" for c in cards for b in bases]
        if not options:
            return state, [], True
        return (
            ask(state, effect, seat, "battlescenes.choice.load", options, step.optional),
            [],
            False,
        )
    card, base = (int(x) for x in effect.answers[-1].split(">"))
    player = state.players[seat]
    state = zones.set_player(
        state, seat, replace(player, resources=tuple(c for c in player.resources if c != card))
    )
    instead = replacements.load(state, card, base, effect.level + 1)
    if instead is not None:  # 5.5: not loaded, so no "carregado" trigger
        state, events = instead
        return state, events, True
    item = zones.in_scene(state, base)
    state = zones.set_in_scene(state, replace(item, loaded=(*item.loaded, card)))
    event = Event(
        "battlescenes.event.loaded",
        {"card": zones.title(state, card), "base": zones.title(state, base)},
        rule="4.1",
    )
    state = fire(state, Trigger.LOADED_FROM_RESOURCES, effect.level + 1, card=card, base=base)
    state = fire(state, Trigger.LOADED_ONTO_THIS, effect.level + 1, card=card, base=base)
    return state, [event], True


def _load_resources(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """Load up to ``amount`` cards from the resources (in the controller's loading order,
    newest first by default) on this card base;
    each loaded card triggers "loaded on this" effects separately (4.8.4.3)."""
    seat = effect.controller
    if zones.find(state, effect.this) is None:
        return state, [], True
    player = state.players[seat]
    taken = load_order.ordered(state, seat, player.resources, effect.this)[: step.amount]
    player = replace(player, resources=tuple(c for c in player.resources if c not in taken))
    state = zones.set_player(state, seat, player)
    cards: list[int] = []
    events: list[Event] = []
    for card in taken:  # 5.5: each card's loading may be replaced
        instead = replacements.load(state, card, effect.this, effect.level + 1)
        if instead is None:
            cards.append(card)
        else:
            state, more = instead
            events.extend(more)
    item = zones.in_scene(state, effect.this)
    state = zones.set_in_scene(state, replace(item, loaded=(*item.loaded, *cards)))
    for card in cards:
        state = fire(
            state, Trigger.LOADED_FROM_RESOURCES, effect.level + 1, card=card, base=effect.this
        )
        state = fire(state, Trigger.LOADED_ONTO_THIS, effect.level + 1, card=card, base=effect.this)
    event = Event(
        "battlescenes.event.loaded_many",
        {"base": zones.title(state, effect.this), "count": len(cards)},
        rule="4.1",
    )
    return state, [event, *events], True


def _search_deck(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    name = state.players[effect.controller].name
    statics = [
        *zones.scenario_texts(state),
        *(t for s in state.scene for _c, t in zones.texts(state, s)),
    ]
    if state.no_search_this_turn or any(t.forbid_search for t in statics):
        # 8.B: what forbids wins over what allows: no search, nothing to take or replace.
        state = tree.put(state, replace(tree.get(state, effect.uid), search_replaced=True))
        event = Event("battlescenes.event.search_forbidden", {"player": name}, rule="8.B")
        return state, [event], True
    if any(
        t.replace_search_with_draw for t in zones.scenario_texts(state)
    ):  # 5.5: the search does not happen (and triggers nothing); a draw happens instead
        state = tree.put(state, replace(tree.get(state, effect.uid), search_replaced=True))
        state, drawn = drawing.draw(state, effect.controller, 1)
        event = Event("battlescenes.event.search_replaced", {"player": name}, rule="5.5")
        return state, [event, *drawn], True
    event = Event("battlescenes.event.searched", {"player": name}, rule="9.1.2")
    state = fire(
        state, Trigger.OPPONENT_SEARCHES_DECK, effect.level + 1, searcher=effect.controller
    )
    return state, [event], True


def _take_from_deck(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    seat = effect.controller
    player = state.players[seat]
    if effect.search_replaced:
        return state, [], True
    powers: tuple[str, ...] = ()
    if step.from_power_of == "this" and zones.find(state, effect.this) is not None:
        powers = zones.powers(state, zones.in_scene(state, effect.this))
    if not effect.answers:
        options = [str(c) for c in player.deck if matches(state, c, step, powers)]
        if not options:
            return shuffle(state, seat, dice), [], True
        return ask(state, effect, seat, "battlescenes.choice.search", options, True), [], False
    card = int(effect.answers[-1])
    player = replace(
        player, deck=tuple(c for c in player.deck if c != card), hand=(*player.hand, card)
    )
    state = shuffle(zones.set_player(state, seat, player), seat, dice)
    event = Event(
        "battlescenes.event.revealed_to_hand",
        {"player": player.name, "card": zones.title(state, card)},
        rule="5.1",
    )
    return state, [event], True


def _mark(state: State, effect: Pending, step: Step, dice: Dice) -> tuple[State, list[Event], bool]:
    """Remember the card this text chose ("o personagem escolhido"), while it stays."""
    events = []
    for target in targets_of(state, effect, step):
        mark = Continuous(source=effect.source, target=target, kind="mark")
        state = replace(state, continuous=(*state.continuous, mark))
        events.append(
            Event(
                "battlescenes.event.marked",
                {"card": zones.title(state, target), "source": zones.title(state, effect.source)},
            )
        )
    return state, events, True


def _lose_texts(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """5.8: the chosen card has no permanent texts while the source stays in the scene."""
    events = []
    for target in targets_of(state, effect, step):
        lost = Continuous(source=effect.source, target=target, kind="lose_texts")
        state = replace(state, continuous=(*state.continuous, lost))
        events.append(
            Event(
                "battlescenes.event.texts_lost",
                {"card": zones.title(state, target), "source": zones.title(state, effect.source)},
                rule="5.8",
            )
        )
    return state, events, True


#: 7.2 surprise keywords: the step start they trigger at, and whose hand (active or not).
SURPRISES = {
    "anticipation_start": ("antecipacao_surpresa", False),
    "attack_start": ("ataque_surpresa", True),
}


def surprise(state: State, name: str) -> State:
    """7.2 Antecipação-/Ataque-Surpresa: at the start of the step, a player holding such
    cards may reveal them together; the reveal is one pending effect (level 1)."""
    if name not in SURPRISES:
        return state
    keyword, active = SURPRISES[name]
    seat = state.active if active else 1 - state.active
    held = [c for c in state.players[seat].hand if keyword in zones.defn(state, c).keywords]
    if not held or not zones.characters(state, seat):
        return state
    reveal = Pending(
        uid=0,
        level=1,
        controller=seat,
        source=held[0],
        label=keyword,
        steps=(Step(op="surprise_reveal", text=keyword),),
    )
    return tree.add(state, [reveal], 1)


def _surprise_reveal(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """Pick the cards to reveal one by one, then "done": they are revealed together."""
    seat = effect.controller
    chosen = [int(a) for a in effect.answers if a != "done"]
    held = [c for c in state.players[seat].hand if step.text in zones.defn(state, c).keywords]
    left = [str(c) for c in held if c not in chosen]
    if (not effect.answers or effect.answers[-1] != "done") and left:
        prompt = "battlescenes.choice.surprise"
        return ask(state, effect, seat, prompt, [*left, "done"], False), [], False
    if not chosen:
        return state, [], True
    event = Event(
        "battlescenes.event.surprise",
        {
            "player": state.players[seat].name,
            "cards": ", ".join(zones.title(state, c) for c in chosen),
        },
        rule="7.2",
    )
    loads = [
        Pending(
            uid=0,
            level=effect.level + 1,
            controller=seat,
            source=c,
            label=zones.title(state, c),
            steps=(Step(op="surprise_load", to="chosen_own_character"),),
        )
        for c in chosen
    ]
    return tree.add(state, loads, effect.level + 1), [event], True


def _surprise_load(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """Load the revealed card from the hand on the chosen character, then unload one card
    of that character: its controller picks which, among the cards it carried before (7.2
    "descarregue um card daquele personagem"; unloading the card just loaded would undo the
    surprise, so it is not offered)."""
    seat = effect.controller
    targets = targets_of(state, effect, step)
    player = state.players[seat]
    if not targets or effect.source not in player.hand:
        return state, [], True
    base = targets[0]
    item = zones.in_scene(state, base)
    if len(item.loaded) > 1 and len(effect.answers) < 2:
        prompt = "battlescenes.choice.surprise_unload"
        return ask(state, effect, seat, prompt, [str(c) for c in item.loaded], False), [], False
    gone = int(effect.answers[1]) if len(effect.answers) > 1 else None
    if gone is None and item.loaded:
        gone = item.loaded[0]
    player = replace(player, hand=tuple(c for c in player.hand if c != effect.source))
    state = zones.set_player(state, seat, player)
    state = zones.set_in_scene(state, replace(item, loaded=(*item.loaded, effect.source)))
    if gone is not None:
        state = zones.unload(state, base, [gone])
        state = fire(state, Trigger.UNLOADED, effect.level + 1, base=base)  # 5.2
    event = Event(
        "battlescenes.event.loaded",
        {"card": zones.title(state, effect.source), "base": zones.title(state, base)},
        rule="7.2",
    )
    return state, [event], True


def _manual(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    if effect.answers:
        event = Event(
            "battlescenes.event.manual_done",
            {"player": state.players[effect.controller].name, "text": step.text},
        )
        return replace(state, log_manual=(*state.log_manual, step.text)), [event], True
    event = Event(
        "battlescenes.event.manual",
        # No rule reference: the design note behind manual steps is no rule a player
        # could look up (it used to show as "(rule ARCHITECTURE:manual)").
        {"effect": effect.label, "text": step.text},
    )
    prompt = "battlescenes.choice.manual"
    state = ask(state, effect, effect.controller, prompt, ["done"], step.optional)
    return state, [event], False


#: Procedure kind → its handler (see effects._step).
HANDLERS = {
    "draw": _draw,
    "set_aside_top": _set_aside,
    "return_set_aside": _return_set_aside,
    "load_from_resources": _load_from_resources,
    "load_resources": _load_resources,
    "search_deck": _search_deck,
    "take_from_deck": _take_from_deck,
    "lose_texts": _lose_texts,
    "mark": _mark,
    "surprise_reveal": _surprise_reveal,
    "surprise_load": _surprise_load,
    "manual": _manual,
}
