"""Putting cards into the scene (4.4): scenarios (4.4.1), characters and supports (4.4.2).

Every requirement is checked before anything moves, so a failed requirement
leaves the match exactly as it was (the rollback of 4.4.2.1).
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.battlescenes.content.schema import CardDef, CardType, Trigger
from engines.battlescenes.effects import interpreter, tree, triggers
from engines.battlescenes.rules import load_order
from engines.battlescenes.rules.state import InScene, Pending, State
from engines.battlescenes.table import leaving, zones
from engines.battlescenes.table.entry import copies_opponent, copy_sources, identity_clash
from engines.core import Dice, Event, IllegalActionError
from engines.core.model import replace


def _refuse(message: str, key: str, rule: str, **params: object) -> IllegalActionError:
    return IllegalActionError(message, key=f"battlescenes.error.{key}", params=params, rule=rule)


def play(
    state: State,
    seat: int,
    card: int,
    load: Sequence[int],
    evolve: int,
    dice: Dice,
    materialize: bool = False,
    count: int = 0,
    via: int = -1,
) -> tuple[State, list[Event]]:
    """6.2 C.3: put ``card`` from the hand (or the resources, with Reviver) into the scene;
    ``count``: fewer cards than its Energia Inicial, for a card that may (Homem-Hídrico V1);
    ``via``: the card whose ``copy_entry`` text lets it enter despite A.4 (Invasão Secreta V1)."""
    player = state.players[seat]
    d = zones.defn(state, card)
    from_resources = card in player.resources and "reviver" in d.keywords
    if card not in player.hand and not from_resources:
        raise _refuse("That card is not in your hand.", "not_in_hand", "4.4.2.1")
    if d.type is CardType.ABILITY:
        raise _refuse(
            "Ability cards enter the scene only loaded on a card base.",
            "ability_not_playable",
            "4.4",
        )
    if via != -1:
        _check_via(state, seat, card, d, via)
    if d.type is CardType.SCENARIO:
        return _scenario(state, seat, card, dice)
    if materialize and "materializar" not in d.keywords:
        raise _refuse("Only a card with Materializar loads from the deck.", "materialize", "7.2")
    return _base(state, seat, card, d, load, evolve, materialize, dice, count, via)


def _check_via(state: State, seat: int, card: int, d: CardDef, via: int) -> None:
    """``copy_entry`` (Invasão Secreta V1): a character of the hand, in its player's own
    Preparation phase (the FAQ), through a card allowing it now, sharing the name or alter ego
    of a character an opponent controls."""
    if via not in copy_sources(state, seat) or card not in state.players[seat].hand:
        raise _refuse(
            "That card does not let you put a character into the scene now.",
            "via_not_allowed",
            "4.4.2.1",
            card=zones.title(state, via) if 0 <= via < len(state.cards) else str(via),
        )
    if not copies_opponent(state, seat, d):
        raise _refuse(
            "Only a character with the name or alter ego of a character an opponent controls.",
            "via_no_copy",
            "4.4.2.1",
            card=d.title,
        )


def _via_leaves(state: State, seat: int, via: int) -> tuple[State, list[Pending], list[Event]]:
    """The card that allowed the entry leaves (``copy_entry``): the scenario in the scene for
    its owner's resources (its ``leaves_scene`` effects pending), a card of the resources for
    the bottom of its owner's deck (8.D)."""
    owner = zones.owner(state, via)
    params = {"card": zones.title(state, via), "player": state.players[owner].name}
    if via == state.scenario:
        left = leaving.leaving_scenario(state)
        state = zones.to_resources(replace(state, scenario=None), [via])
        return state, left, [Event("battlescenes.event.copy_entry_to_resources", params)]
    player = state.players[owner]
    player = replace(
        player, resources=tuple(c for c in player.resources if c != via), deck=(*player.deck, via)
    )
    state = zones.bottomed(zones.set_player(state, owner, player), owner, 1)
    return state, [], [Event("battlescenes.event.copy_entry_to_deck_bottom", params)]


def _remove_from_origin(state: State, seat: int, card: int) -> State:
    player = state.players[seat]
    player = replace(
        player,
        hand=tuple(c for c in player.hand if c != card),
        resources=tuple(c for c in player.resources if c != card),
    )
    return zones.set_player(state, seat, player)


def _scenario(state: State, seat: int, card: int, dice: Dice) -> tuple[State, list[Event]]:
    player = state.players[seat]
    if player.scenario_played:
        raise _refuse(
            "You already put a scenario into the scene this turn.", "scenario_once", "4.4.1"
        )
    events: list[Event] = []
    state = _remove_from_origin(state, seat, card)
    left = leaving.leaving_scenario(state, replacer=seat)
    # its enter effects' target: the scenario it replaces ("se um cenário chamado N estava")
    replaced = () if state.scenario is None else (state.scenario,)
    if state.scenario is not None:  # C: the old scenario goes to its owner's resources
        events.append(
            Event(
                "battlescenes.event.scenario_replaced",
                {"card": zones.title(state, state.scenario)},
                rule="4.4.1",
            )
        )
        state = zones.to_resources(state, [state.scenario])
    before = state.scenario if state.scenario is not None else -1
    state = replace(state, scenario=card, scenario_by=(), scenario_before=before)  # E
    state = zones.set_player(state, seat, replace(state.players[seat], scenario_played=True))
    events.append(
        Event(
            "battlescenes.event.played",
            {"player": player.name, "card": zones.title(state, card), "count": 0},
            rule="4.4.1",
        )
    )
    found = [
        Pending(
            uid=0,
            level=1,
            controller=seat,
            source=card,
            label=zones.title(state, card),
            steps=t.steps,
            this=card,
            targets=replaced,
        )
        for t in zones.defn(state, card).texts
        if t.trigger is Trigger.ENTERS_SCENE
    ]
    found = left + found  # "quando este cenário sair de cena" and "entrar": both pending
    if found:  # F
        state = tree.add(state, found, 1)
    state, more = interpreter.run(state, dice)
    return state, events + more


def ev_base_ok(state: State, seat: int, d: CardDef, evolve: int) -> bool:
    """4.4.2.2 A.2: may ``evolve`` (controlled since the start of the turn) carry EV ``d``?"""
    index = zones.find(state, evolve)
    if index is None:
        return False
    item = state.scene[index]
    base = zones.defn(state, evolve)
    req = d.ev_requirement
    own = (*zones.names(state, evolve), *zones.identities(state, evolve), base.title)
    if req == "support":  # "Evolução: Suporte" (Fantasma do Espaço V1): from a support
        matches = base.type is CardType.SUPPORT
    else:
        matches = req in own or req in zones.affiliations(state, item)
    return item.controller == seat and item.entered_turn < state.turn and matches


def _evolved(state: State, evolve: int) -> tuple[int, ...]:
    """A.3a: the card base an EV character evolves from and what it carries."""
    index = zones.find(state, evolve)
    if index is None:
        return ()
    return (evolve, *state.scene[index].loaded)


def _base(
    state: State,
    seat: int,
    card: int,
    d: CardDef,
    load: Sequence[int],
    evolve: int,
    from_deck: bool,
    dice: Dice,
    count: int = 0,
    via: int = -1,
) -> tuple[State, list[Event]]:
    player = state.players[seat]
    # A.1 ATENÇÃO: with Materializar the cards come from the top of the deck (7.2).
    pool = list(player.deck) if from_deck else [c for c in player.resources if c != card]
    need = d.accretion if d.is_ev else d.energy
    fewer = any(t.enters_with_fewer for t in d.texts) and not d.is_ev
    if count and (not fewer or not 1 <= count <= need):
        raise _refuse(
            f"It enters carrying its Initial Energy ({need}).", "bad_count", "4.4.2.1", need=need
        )
    if fewer:  # "menor do que sua Energia Inicial" (Homem-Hídrico V1): at least one
        need = count or max(1, min(need, len(pool)))
    if len(pool) < need:  # A.1 (ATENÇÃO: counted in the zone the cards come from)
        raise _refuse(
            f"You need {need} cards in your {'deck' if from_deck else 'resources'}.",
            "not_enough_deck" if from_deck else "not_enough_resources",
            "4.4.2.1",
            need=need,
            have=len(pool),
        )
    if d.is_ev and not ev_base_ok(state, seat, d, evolve):  # A.2
        raise _refuse(
            "An EV character needs a card base you control since the start of the turn "
            "that meets its EV panel.",
            "ev_requirement",
            "4.4.2.1",
            requirement=d.ev_requirement,
        )
    if via == -1 and identity_clash(state, seat, d, evolve if d.is_ev else -1):  # A.4
        raise _refuse(
            "You already control a card with that alter ego or name.",
            "same_identity",
            "4.4.2.1",
            card=d.title,
        )
    if any(c not in pool for c in load) or len(set(load)) != len(load):
        raise _refuse("You can only load cards from your resources.", "bad_load", "4.4.2.2")
    events: list[Event] = []
    left: list[Pending] = []
    if via != -1 and via != state.scenario:  # the FAQ: counted above, gone before the loading
        state, left, events = _via_leaves(state, seat, via)
        pool = [c for c in pool if c != via]
        load = [c for c in load if c != via]
        need = min(need, len(pool))  # it enters carrying all there are
    if from_deck:
        chosen = pool[:need]
    else:
        chosen = list(load)[:need]
        # A.3: the rest in the player's standing loading order (newest first by default)
        carrying = _evolved(state, evolve) if d.is_ev else ()
        rest = [c for c in load_order.ordered(state, seat, pool, card, carrying) if c not in chosen]
        chosen += rest[: need - len(chosen)]
    state = _remove_from_origin(state, seat, card)
    carried: tuple[int, ...] = ()
    if d.is_ev:  # A.3a: the evolved card and all it carries are loaded, not unloaded
        old = zones.in_scene(state, evolve)
        carried = (evolve, *old.loaded)
        state = replace(state, scene=tuple(s for s in state.scene if s.card != evolve))
    item = InScene(card=card, controller=seat, entered_turn=state.turn, ready=d.is_ev)
    state = replace(state, scene=(*state.scene, item))  # A.1: enters, statics work
    state = triggers.fire(state, Trigger.ENTERS_SCENE, 1, card=card)  # A.2: pending
    player = state.players[seat]
    state = zones.set_player(
        state,
        seat,
        replace(
            player,
            resources=tuple(c for c in player.resources if c not in chosen),
            deck=tuple(c for c in player.deck if c not in chosen),
        ),
    )
    state = zones.set_in_scene(state, replace(item, loaded=(*carried, *chosen)))  # A.3
    for loaded in chosen if not from_deck else ():  # A.4: loading triggers pending
        state = triggers.fire(state, Trigger.LOADED_FROM_RESOURCES, 1, card=loaded, base=card)
        state = triggers.fire(state, Trigger.LOADED_ONTO_THIS, 1, card=loaded, base=card)
    events.append(
        Event(
            "battlescenes.event.played",
            {"player": player.name, "card": d.title, "count": len(chosen)},
            rule="4.4.2.2",
        )
    )
    if via != -1 and via == state.scenario:  # "se o fizer": once it has entered, loaded
        state, left, more_events = _via_leaves(state, seat, via)
        events += more_events
    if left:
        state = tree.add(state, left, 1)
    state, more = interpreter.run(state, dice)  # A.5
    return state, events + more
