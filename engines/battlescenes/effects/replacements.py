"""5.5 replacement effects: on a player's draws and discards (a draw that would happen
does something else instead, ``replace_draw``; likewise a discard, ``replace_discard``),
on damage (damage this character would take does something else instead,
``replace_damage``) and on loading (a card that would be loaded onto this character does
something else instead, ``replace_load``). The replaced procedure does not happen — nothing it would
trigger triggers, and a draw owed from an empty deck (4.9.2) is not owed any more — and the
new one happens instead. ``replace_player`` says whose draws or discards (the text's
controller's, ``self``, the opponents' or everybody's); ``replace_for`` which card bases'
damage or loading (the holder, ``this``; its controller's characters; the opponents')."""

from __future__ import annotations

from collections.abc import Sequence

from engines.battlescenes.content.schema import CardType, Op, Step, Text, Trigger
from engines.battlescenes.effects import tree, triggers
from engines.battlescenes.rules.state import InScene, Pending, State
from engines.battlescenes.table import zones
from engines.core import Event
from engines.core.model import replace


def _working(state: State, seat: int, field: str) -> list[str]:
    """Distinct outcomes of the working texts replacing ``seat``'s ``field`` procedure, in
    scene order, then the scenario's."""
    holders = [(s.controller, t) for s in state.scene for _c, t in zones.texts(state, s)]
    if state.scenario is not None:
        owner = zones.scenario_controller(state)
        holders.extend((owner, t) for t in zones.scenario_texts(state))
    found: list[str] = []
    for controller, text in holders:
        value = str(getattr(text, field))
        reaches = {
            "self": controller == seat,
            "opponent": controller != seat,
            "all": True,
        }[text.replace_player]
        if value and reaches and value not in found:
            found.append(value)
    return found


def draw(state: State, seat: int, count: int) -> tuple[State, list[Event]] | None:
    """``seat`` would draw ``count``: what happens instead, or ``None`` (not replaced).

    Two different replacements: neither applies yet; the active player chooses one (5.5)
    in a pending effect (:func:`defer`)."""
    found = _working(state, seat, "replace_draw")
    if not found or count <= 0:
        return None
    if len(found) > 1:
        return defer(state, "draw", seat, count, found), []
    return apply_draw(state, seat, count, found[0])


def apply_draw(state: State, seat: int, count: int, outcome: str) -> tuple[State, list[Event]]:
    """What a draw replaced by ``outcome`` (``resources`` | ``nothing``) does instead."""
    found = [outcome]
    player = state.players[seat]
    params = {"player": player.name, "count": count}
    if found[0] == "resources":  # as many as there are (8.C)
        moved = player.deck[:count]
        player = replace(player, deck=player.deck[len(moved) :])
        state = zones.to_resources(zones.set_player(state, seat, player), moved)
        state = zones.arrived(state, moved, "deck")
        params["count"] = len(moved)
    key = f"battlescenes.event.replaced_draw_{found[0]}"
    return state, [Event(key, params, rule="5.5")]


def defer(
    state: State,
    event: str,
    subject: int,
    count: int,
    outcomes: list[str],
    level: int = 0,
    chooser: int = -1,
) -> State:
    """5.5: two different replacement effects apply to one event (``draw`` of ``count``
    cards by seat ``subject``, or ``knock_out`` of card ``subject``): neither applies now; a
    pending effect one level deeper than the deepest pending one asks the active player
    which (``choose_replacement``; the default is the first found) and does that. ``level``
    0: one deeper than the deepest pending effect (the one resolving), or 1. ``chooser``: a
    player other than the active one, when the choice is theirs (Busca e Apreensão's "may")."""
    step = Step(op=Op.CHOOSE_REPLACEMENT, amount=count, text=event, trait=",".join(outcomes))
    effect = Pending(
        uid=0,
        level=0,
        controller=state.active if chooser < 0 else chooser,
        source=-1,
        label="5.5",
        steps=(step,),
        this=subject,
    )
    level = level or max((p.level for p in state.tree), default=0) + 1
    return tree.add(state, [effect], level)


def discard(
    state: State, seat: int, cards: Sequence[int], level: int = 1
) -> tuple[State, list[Event]]:
    """Discard ``cards`` from ``seat``'s hand: into the resources (6.2 C.4), or where a
    replacement says (5.5). Effects triggered by the discard (``discarded``, 5.2) become
    pending at ``level``; a replaced discard triggers nothing (5.5)."""
    player = state.players[seat]
    player = replace(player, hand=tuple(c for c in player.hand if c not in cards))
    found = _working(state, seat, "replace_discard")
    if not cards:
        return zones.set_player(state, seat, player), []
    if not found:
        state = zones.to_resources(zones.set_player(state, seat, player), cards)
        state = zones.arrived(state, cards, "hand")
        return triggers.fire(state, Trigger.DISCARDED, level, player=seat), []
    player = replace(player, deck=(*player.deck, *cards))  # deck_bottom
    event = Event(
        "battlescenes.event.replaced_discard_deck_bottom",
        {"player": player.name, "count": len(cards)},
        rule="5.5",
    )
    return zones.bottomed(zones.set_player(state, seat, player), seat, len(cards)), [event]


def _reaches(state: State, holder: int, controller: int, text: Text, item: InScene) -> bool:
    """Whether a replacement text held by ``holder`` (controlled by ``controller``) is about
    ``item``: the holder itself (``this``), or any character of its controller
    (``own_characters``) or of its controller's opponents (``opponent_characters``)."""
    character = zones.defn(state, item.card).type is CardType.CHARACTER
    if text.replace_if_name and text.replace_if_name not in zones.names(state, item.card):
        return False  # only that name (Imagem Falsa)
    if text.if_controls_name and not any(  # while you control one named N
        text.if_controls_name in zones.names(state, c.card)
        for c in zones.characters(state, controller)
    ):
        return False
    return {
        "this": holder == item.card,
        "own_characters": character and controller == item.controller,
        "opponent_characters": character and controller != item.controller,
        "all_characters": character,
    }[text.replace_for]


def outcomes(state: State, card: int, field: str) -> list[str]:
    """Distinct outcomes of the working texts replacing a procedure on card base ``card``
    (``replace_damage``, ``replace_load``), in scene order, then the scenario's."""
    item = zones.in_scene(state, card)
    holders = [(s.card, s.controller, t) for s in state.scene for _c, t in zones.texts(state, s)]
    if state.scenario is not None:
        owner = zones.scenario_controller(state)
        holders.extend((state.scenario, owner, t) for t in zones.scenario_texts(state))
    found: list[str] = []
    for holder, controller, text in holders:
        value = str(getattr(text, field))
        if value and value not in found and _reaches(state, holder, controller, text, item):
            found.append(value)
    return found


def then_to_resources(state: State, card: int, outcome: str) -> list[int]:
    """The holders of the working knock-out replacements with ``outcome`` about card base
    ``card`` that go to their owner's resources once it happened (Imagem Falsa)."""
    item = zones.in_scene(state, card)
    holders = [(s.card, s.controller, t) for s in state.scene for _c, t in zones.texts(state, s)]
    if state.scenario is not None:
        owner = zones.scenario_controller(state)
        holders.extend((state.scenario, owner, t) for t in zones.scenario_texts(state))
    return [
        holder
        for holder, controller, text in holders
        if text.replace_then_to_resources
        and text.replace_knock_out == outcome
        and _reaches(state, holder, controller, text, item)
    ]


def apply_damage(state: State, card: int, amount: int, outcome: str) -> tuple[State, list[Event]]:
    """5.5: ``card`` would receive ``amount`` final damage; ``outcome`` happens instead. The
    damage does not happen: no shield absorbs it, nothing is unloaded, nothing it would
    trigger triggers (Predador, "quando cards forem descarregados"). ``prevent``: nothing
    happens; ``mill``: that many cards from the top of the damaged card's controller's deck
    go to the resources (as many as there are, 8.C)."""
    seat = zones.in_scene(state, card).controller
    params: dict[str, str | int] = {"card": zones.title(state, card), "amount": amount}
    if outcome == "mill":
        before = len(state.players[seat].deck)
        state = zones.mill(state, seat, amount)
        params["count"] = before - len(state.players[seat].deck)
    else:
        params["count"] = 0
    return state, [Event(f"battlescenes.event.replaced_damage_{outcome}", params, rule="5.5")]


def load(state: State, card: int, base: int, level: int) -> tuple[State, list[Event]] | None:
    """``card`` (taken from its zone) would be loaded on ``base`` by an effect: what happens
    instead (``replace_load``: ``hand`` | ``deck_bottom`` | ``resources``), or ``None`` (not
    replaced: the caller loads it). Two different replacements: the card is held in its
    owner's ``set_aside`` and the active player chooses (:func:`defer`, at ``level``)."""
    found = outcomes(state, base, "replace_load")
    if not found:
        return None
    if len(found) > 1:
        seat = zones.owner(state, card)
        player = state.players[seat]
        state = zones.set_player(state, seat, replace(player, set_aside=(*player.set_aside, card)))
        return defer(state, "load", card, base, found, level), []
    return apply_load(state, card, base, found[0])


def apply_load(state: State, card: int, base: int, outcome: str) -> tuple[State, list[Event]]:
    """The card goes to its owner's hand, deck bottom or resources instead of onto ``base``
    (5.5: not loaded, so "carregado" triggers do not fire)."""
    seat = zones.owner(state, card)
    player = state.players[seat]
    player = replace(player, set_aside=tuple(c for c in player.set_aside if c != card))
    if outcome == "hand":
        player = replace(player, hand=(*player.hand, card))
    elif outcome == "deck_bottom":
        player = replace(player, deck=(*player.deck, card))
    else:
        player = replace(player, resources=(*player.resources, card))
    params = {"card": zones.title(state, card), "base": zones.title(state, base)}
    event = Event(f"battlescenes.event.replaced_load_{outcome}", params, rule="5.5")
    state = zones.set_player(state, seat, player)
    return zones.bottomed(state, seat, 1 if outcome == "deck_bottom" else 0), [event]
