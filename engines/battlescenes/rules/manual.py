"""Manual adjustments: what a printed text does that the effect language cannot express.

A ``manual`` procedure opens a choice (``battlescenes.choice.manual``) with the single
option ``done``. While it is open, the player who owes it applies the printed text by hand
with ``manual`` actions — card text beats the rules (8.A) — and then confirms ``done``. A
referee may do the same at any time (``/ref act``, ``GameEngine.referee_apply``).

Every adjustment is one event naming who made it and why. They are made exactly as given:
no triggered effect fires (5.2) and no replacement effect applies (5.5) — a text whose
printed effect would cause one is applied by hand too — and a character left carrying
nothing is not knocked out by itself (4.7): move it to the prizes (an event says so).
Cards always go to their owner's zones (8.D); a card moving between hidden zones (hand,
deck, set aside) is "a card" to everyone but its owner.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.battlescenes.actions import Manual
from engines.battlescenes.content.schema import CardType, Op
from engines.battlescenes.effects import tree
from engines.battlescenes.effects.operands import shuffle
from engines.battlescenes.rules.state import InScene, ShieldEntry, State
from engines.battlescenes.table import zones
from engines.battlescenes.table.damage import apply as deal_damage
from engines.battlescenes.table.shields import shield
from engines.core import Dice, Event, IllegalActionError, InvalidActionError, Message, adjust
from engines.core.model import replace

PROMPT = "battlescenes.choice.manual"
#: Where ``move`` can put a card (``onto`` a card base loads it instead).
DESTINATIONS = ("hand", "deck_top", "deck_bottom", "resources", "prizes", "scene")
HIDDEN = frozenset({"hand", "deck", "set_aside"})
_OWN_ZONES = ("hand", "deck", "resources", "prizes", "set_aside")


def _refuse(message: str, key: str, rule: str | None = None, **params: object) -> Exception:
    return IllegalActionError(message, key=f"battlescenes.error.{key}", params=params, rule=rule)


def open_for(state: State, seat: int) -> bool:
    """Whether ``seat`` owes an open manual text's ``done`` (and so may adjust by hand)."""
    c = state.choice
    return c is not None and c.prompt == PROMPT and c.seat == seat


def closed() -> IllegalActionError:
    """The refusal of a player's manual adjustment with no manual text of theirs open."""
    return IllegalActionError(
        "Only a card text changes the game outside its rules (8.A): you may adjust by hand "
        "only while a text you must apply by hand is open; a referee can use /ref act.",
        key="battlescenes.error.manual_closed",
        rule="8.A",
    )


def where(state: State, card: int) -> tuple[str, int]:
    """The zone a card is in, and the card base carrying it (``loaded``; else -1)."""
    if state.scenario == card:
        return "scenario", -1
    for item in state.scene:
        if item.card == card:
            return "scene", -1
        if card in item.loaded:
            return "loaded", item.card
    player = state.players[zones.owner(state, card)]
    for zone in _OWN_ZONES:
        if card in getattr(player, zone):
            return zone, -1
    raise KeyError(card)  # every card is somewhere (property test)


def apply(
    state: State, seat: int, action: Manual, dice: Dice, referee: bool
) -> tuple[State, list[Event]]:
    """One adjustment by hand (see the module's docstring); returns the events to log."""
    if action.what not in ADJUSTERS:
        raise InvalidActionError(
            f"Cannot adjust {action.what!r}.",
            key="battlescenes.error.manual_what",
            params={"what": action.what, "known": ", ".join(WHAT)},
        )
    reason = action.reason.strip()
    if not reason and open_for(state, seat):
        reason = _open_text(state)
    if not reason:
        raise _refuse("Say why: the card text you apply.", "manual_reason", "8.A")
    who = adjust.author(state.players[seat].name, referee, "battlescenes.manual.referee")
    base: dict[str, object] = {"who": who, "reason": reason}
    before, under = state.arrivals, state.bottomed
    state, events = ADJUSTERS[action.what](state, seat, action, dice, referee, base)
    # A move by hand triggers nothing (5.2): the cards it put into the resources are not
    # "arrivals" a text waits for, nor those it put under a deck.
    return replace(state, arrivals=before, bottomed=under), events


def _open_text(state: State) -> str:
    """The text being applied by hand: the effect's label (the default reason)."""
    assert state.choice is not None
    effect = tree.get(state, state.choice.pending)
    steps = effect.steps[effect.next_step : effect.next_step + 1]
    text = steps[0].text if steps and steps[0].op == Op.MANUAL else ""
    return f"{effect.label}: {text}" if text else effect.label


def _card(state: State, card: int) -> int:
    if not 0 <= card < len(state.cards):
        raise _refuse(f"There is no card #{card}.", "manual_card", card=card)
    return card


def _zone(zone: str) -> Message:
    return Message(f"battlescenes.zone.{zone}")


def _count(action: Manual, signed: bool = False) -> int:
    return adjust.count(action.count, "battlescenes.error.manual_count", signed)


def _deck_of(state: State, seat: int, action: Manual) -> int:
    """The seat whose deck it is: ``player`` 1 or 2, or 0 for the actor's own."""
    if action.player not in (0, 1, 2):
        raise _refuse("Choose player 1 or 2.", "bad_starter")
    return seat if action.player == 0 else action.player - 1


def _shuffle(
    state: State, seat: int, action: Manual, dice: Dice, referee: bool, base: dict[str, object]
) -> tuple[State, list[Event]]:
    target = _deck_of(state, seat, action)
    params = {**base, "player": state.players[target].name}
    event = Event("battlescenes.event.manual_shuffle", params, rule="8.A")
    return shuffle(state, target, dice), [event]


def _top(state: State, target: int, action: Manual) -> tuple[int, tuple[int, ...], str]:
    """How many cards are named (a count by hand), the deck's top ones and their titles."""
    count = _count(action)
    top = state.players[target].deck[:count]
    return count, top, ", ".join(zones.title(state, c) for c in top) or "—"


def _look(
    state: State, seat: int, action: Manual, dice: Dice, referee: bool, base: dict[str, object]
) -> tuple[State, list[Event]]:
    """Only the one who looks sees the cards."""
    target = _deck_of(state, seat, action)
    params = {**base, "player": state.players[target].name}
    _, top, titles = _top(state, target, action)
    event = Event(
        "battlescenes.event.manual_look",
        {**params, "count": len(top), "cards": titles},
        rule="8.A",
        redact=True,
        audience=(seat,),
        public_params=("who", "player", "count", "reason"),
    )
    return state, [event]


def _mill(
    state: State, seat: int, action: Manual, dice: Dice, referee: bool, base: dict[str, object]
) -> tuple[State, list[Event]]:
    target = _deck_of(state, seat, action)
    params = {**base, "player": state.players[target].name}
    count, top, titles = _top(state, target, action)
    state = zones.mill(state, target, count)
    event = Event(
        "battlescenes.event.manual_mill", {**params, "count": len(top), "cards": titles}, "8.A"
    )
    return state, [event]


def _draw(
    state: State, seat: int, action: Manual, dice: Dice, referee: bool, base: dict[str, object]
) -> tuple[State, list[Event]]:
    """As many as there are; a draw owed from an empty deck loses (4.9.2)."""
    target = _deck_of(state, seat, action)
    player = state.players[target]
    params = {**base, "player": player.name}
    count, top, titles = _top(state, target, action)
    player = replace(player, deck=player.deck[len(top) :], hand=player.hand + top)
    state = zones.set_player(state, target, player)
    events = [
        Event(
            "battlescenes.event.manual_draw",
            {**params, "count": len(top), "cards": titles},
            rule="8.A",
            redact=True,
            audience=(target,),
            public_params=("who", "player", "count", "reason"),
        )
    ]
    if len(top) < count:
        state, lost = zones.decked_out(state, target)
        events.extend(lost)
    return state, events


def _reveal(
    state: State, seat: int, action: Manual, dice: Dice, referee: bool, base: dict[str, object]
) -> tuple[State, list[Event]]:
    card = _card(state, action.card)
    zone, _ = where(state, card)
    if zone in HIDDEN and zones.owner(state, card) != seat and not referee:
        # only a card's owner shows a hidden card (a referee may do it for them)
        raise _refuse("Only its owner can reveal a hidden card.", "manual_reveal")
    event = Event(
        "battlescenes.event.manual_reveal",
        {**base, "card": zones.title(state, card), "zone": _zone(zone)},
        rule="8.A",
    )
    return state, [event]


def _take(state: State, card: int) -> tuple[State, str, list[int]]:
    """Take a card out of where it is; a card base leaving the scene unloads first (4.7
    ATENÇÃO). Returns the zone it left and the cards it unloaded."""
    zone, carrier = where(state, card)
    if zone == "scenario":
        return replace(state, scenario=None), zone, []
    if zone == "loaded":
        item = zones.in_scene(state, carrier)
        item = replace(item, loaded=tuple(c for c in item.loaded if c != card))
        return zones.set_in_scene(state, item), zone, []
    if zone == "scene":
        loaded = list(zones.in_scene(state, card).loaded)
        state = zones.unload(state, card, loaded)
        # a manual move triggers nothing (5.2): no "this card was unloaded" later either
        gone = tuple(p for p in state.unloaded_cards if p[0] != card)
        scene = tuple(s for s in state.scene if s.card != card)
        return replace(state, scene=scene, unloaded_cards=gone), zone, loaded
    seat = zones.owner(state, card)
    player = state.players[seat]
    kept = tuple(c for c in getattr(player, zone) if c != card)
    return zones.set_player(state, seat, replace(player, **{zone: kept})), zone, []


def _put(state: State, card: int, to: str) -> tuple[State, list[Event]]:
    """Put a card into its owner's zone ``to`` (8.D), or into the scene."""
    seat = zones.owner(state, card)
    player = state.players[seat]
    if to == "scene":
        kind = zones.defn(state, card).type
        if kind is CardType.SCENARIO:  # 4.4.1 C: the old scenario to its owner's resources
            if state.scenario is not None:
                state = zones.to_resources(state, [state.scenario])
            return replace(state, scenario=card, scenario_by=()), []
        item = InScene(card, seat, entered_turn=state.turn)
        return replace(state, scene=(*state.scene, item)), []
    if to == "deck_top":
        return zones.set_player(state, seat, replace(player, deck=(card, *player.deck))), []
    if to == "deck_bottom":
        return zones.set_player(state, seat, replace(player, deck=(*player.deck, card))), []
    if to == "resources":
        return zones.to_resources(state, [card]), []
    if to == "hand":
        return zones.set_player(state, seat, replace(player, hand=(*player.hand, card))), []
    state = zones.set_player(state, seat, replace(player, prizes=(*player.prizes, card)))
    return zones.check_victory(state, [])  # 4.9.1: prize points count at any moment


def _move(
    state: State, seat: int, action: Manual, dice: Dice, referee: bool, base: dict[str, object]
) -> tuple[State, list[Event]]:
    """Move a card to a zone, or load it onto a card base (``onto``)."""
    card = _card(state, action.card)
    title = zones.title(state, card)
    source, carrier = where(state, card)
    if action.onto != -1:
        if zones.find(state, action.onto) is None:
            raise _refuse("Load onto a character or support in the scene.", "manual_onto")
        if action.onto == card or carrier == action.onto:
            raise _refuse("That card cannot be loaded there.", "manual_same")
        if source == "scene" and zones.in_scene(state, card).loaded:
            raise _refuse(
                "Unload that card base first (4.3: a loaded card carries nothing).",
                "manual_carrying",
                "4.3",
            )
        state, _zone_left, _ = _take(state, card)
        item = zones.in_scene(state, action.onto)
        state = zones.set_in_scene(state, replace(item, loaded=(*item.loaded, card)))
        params = {
            **base,
            "card": title,
            "zone": _zone(source),
            "base": zones.title(state, action.onto),
        }
        return state, [Event("battlescenes.event.manual_load", params, rule="8.A")]
    to = action.to.strip().lower()
    if to not in DESTINATIONS:
        raise _refuse(
            "Say where: hand, deck_top, deck_bottom, resources, prizes or scene (or onto a base).",
            "manual_to",
            known=", ".join(DESTINATIONS),
        )
    same = {"hand": "hand", "resources": "resources", "prizes": "prizes"}
    if same.get(to) == source or (to == "scene" and source in ("scene", "scenario")):
        raise _refuse("That card is already there.", "manual_same")
    if to == "scene" and zones.defn(state, card).type is CardType.ABILITY:
        raise _refuse(
            "Ability cards enter the scene only loaded on a character or support (4.4.2).",
            "manual_ability",
            "4.4.2",
        )
    state, left, unloaded = _take(state, card)
    state, events = _put(state, card, to)
    hidden = left in HIDDEN and to in ("hand", "deck_top", "deck_bottom")
    params = {**base, "card": title, "zone": _zone(left), "to": _zone(to)}
    move = Event(
        "battlescenes.event.manual_move",
        params,
        rule="8.A",
        redact=hidden,
        audience=(zones.owner(state, card),) if hidden else (),
        public_params=("who", "zone", "to", "reason"),
    )
    out = [move]
    if unloaded:
        out.append(
            Event("battlescenes.event.unloaded", {"count": len(unloaded), "card": title}, "4.7")
        )
    return state, out + events + _empty(state)


def _card_base(state: State, action: Manual) -> tuple[int, InScene, dict[str, object]]:
    """The card base an adjustment names (a character or support in the scene)."""
    card = _card(state, action.card)
    index = zones.find(state, card)
    if index is None:
        raise _refuse("Choose a character or support in the scene.", "manual_onto")
    return card, state.scene[index], {"card": zones.title(state, card)}


def _stage(
    state: State, seat: int, action: Manual, dice: Dice, referee: bool, base: dict[str, object]
) -> tuple[State, list[Event]]:
    """capacitate / incapacitate (4.5)."""
    card, _item, named = _card_base(state, action)
    if zones.defn(state, card).type is not CardType.CHARACTER:
        raise _refuse("Only characters have a capacitation stage (4.5).", "manual_stage", "4.5")
    count = _count(action)
    change = zones.capacitate if action.what == "capacitate" else zones.incapacitate
    state = change(state, card, count)
    stage = zones.in_scene(state, card).stage
    params = {**base, **named, "count": count, "stage": stage}
    return state, [Event(f"battlescenes.event.manual_{action.what}", params, rule="4.5.1")]


def _shield(
    state: State, seat: int, action: Manual, dice: Dice, referee: bool, base: dict[str, object]
) -> tuple[State, list[Event]]:
    """A shield bonus or penalty for the turn (4.8.6)."""
    _, item, named = _card_base(state, action)
    count = _count(action, signed=True)
    # 4.8.6: a bonus, or a penalty that applies only down to 0 (the rest is lost)
    entry = (
        ShieldEntry("bonus", count, state.clock)
        if count > 0
        else ShieldEntry("penalty", min(-count, shield(state, item)), state.clock)
    )
    state = zones.set_in_scene(state, replace(item, shield_log=(*item.shield_log, entry)))
    amount = f"+{count}" if count > 0 else str(count)
    event = Event("battlescenes.event.manual_shield", {**base, **named, "amount": amount}, "4.8.6")
    return state, [event]


def _damage(
    state: State, seat: int, action: Manual, dice: Dice, referee: bool, base: dict[str, object]
) -> tuple[State, list[Event]]:
    """Final damage (its calculation and redirection done by hand), 4.8.1."""
    card, _item, named = _card_base(state, action)
    count = _count(action)
    state, events = deal_damage(state, card, count, False)
    note = Event("battlescenes.event.manual_damage", {**base, **named, "count": count}, "4.8.1")
    return state, [note, *events, *_empty(state)]


def _empty(state: State) -> list[Event]:
    """4.7 is not applied by hand-made moves: say which characters now carry nothing."""
    return [
        Event("battlescenes.event.manual_empty", {"card": zones.title(state, s.card)}, rule="4.7")
        for s in state.scene
        if not s.loaded
    ]


#: An adjustment: the state after it and the events logging it (``base``: who and why).
Adjuster = Callable[[State, int, Manual, Dice, bool, dict[str, object]], tuple[State, list[Event]]]

#: What a manual adjustment can do (the ``what`` option), in the order the command lists.
ADJUSTERS: dict[str, Adjuster] = {
    "move": _move,
    "capacitate": _stage,
    "incapacitate": _stage,
    "shield": _shield,
    "damage": _damage,
    "draw": _draw,
    "mill": _mill,
    "shuffle": _shuffle,
    "look": _look,
    "reveal": _reveal,
}
WHAT = tuple(ADJUSTERS)
