"""Triggered effects (5.2) becoming pending in the Effect Tree (9.1.2)."""

from __future__ import annotations

from engines.battlescenes import tree, zones
from engines.battlescenes.cards import CardType, Step, Trigger
from engines.battlescenes.state import Pending, Phase, State


def fire(
    state: State,
    trigger: Trigger,
    level: int,
    *,
    card: int = -1,
    base: int = -1,
    searcher: int = -1,
    player: int = -1,
) -> State:
    """Make every effect with ``trigger`` that this event meets pending at ``level``."""
    found: list[Pending] = []

    def proto(
        source: int, controller: int, this: int, label: str, steps: tuple[Step, ...]
    ) -> Pending:
        return Pending(
            uid=0,
            level=level,
            controller=controller,
            source=source,
            label=label,
            steps=steps,
            this=this,
        )

    if trigger is Trigger.ENTERS_SCENE:
        item = zones.in_scene(state, card)
        for text in zones.defn(state, card).texts:
            if text.trigger is trigger and not text.generated:
                found.append(
                    proto(card, item.controller, card, zones.title(state, card), text.steps)
                )
    elif trigger is Trigger.LOADED_FROM_RESOURCES:
        item = zones.in_scene(state, base)
        if zones.defn(state, base).type is CardType.CHARACTER:
            for text in zones.defn(state, card).texts:
                if (
                    text.trigger is trigger
                    and not text.generated
                    and (not text.if_power or text.if_power in zones.powers(state, item))
                ):
                    found.append(
                        proto(card, item.controller, base, zones.title(state, card), text.steps)
                    )
    elif trigger in (Trigger.UNLOADED_IN_ADJUSTMENT, Trigger.UNLOADED):
        item = zones.in_scene(state, base)
        for source, text in zones.texts(state, item):
            if text.trigger is trigger:
                found.append(
                    proto(source, item.controller, base, zones.title(state, source), text.steps)
                )
    elif trigger in (Trigger.DISCARDED_IN_ADJUSTMENT, Trigger.DISCARDED):
        for item in state.scene:
            if item.controller != player:
                continue
            for source, text in zones.texts(state, item):
                if text.trigger is trigger:
                    found.append(
                        proto(source, player, item.card, zones.title(state, source), text.steps)
                    )
    elif trigger is Trigger.LOADED_ONTO_THIS:
        item = zones.in_scene(state, base)
        combat = state.phase in (Phase.ANTICIPATION, Phase.ATTACK)
        for source, text in zones.texts(state, item):
            if text.trigger is trigger and (combat or not text.if_combat):
                found.append(
                    proto(source, item.controller, base, zones.title(state, source), text.steps)
                )
    elif trigger is Trigger.INCAPACITATED:
        # ``base`` was incapacitated by an effect ``player`` controls: texts of the card base
        # itself (``this``) or of any card base of its controller (``own_characters``).
        item = zones.in_scene(state, base)
        for holder in state.scene:
            if holder.controller != item.controller:
                continue
            for source, text in zones.texts(state, holder):
                if (
                    text.trigger is trigger
                    and (text.trigger_for == "own_characters" or holder.card == base)
                    and (
                        not text.trigger_if_affiliation
                        or text.trigger_if_affiliation in zones.affiliations(state, item)
                    )
                    and (text.trigger_by == "any" or player not in (-1, item.controller))
                ):
                    found.append(
                        proto(source, item.controller, base, zones.title(state, source), text.steps)
                    )
    elif trigger is Trigger.OPPONENT_SEARCHES_DECK:
        for item in state.scene:
            if item.controller == searcher:
                continue
            for source, text in zones.texts(state, item):
                if text.trigger is trigger:
                    found.append(
                        proto(
                            source,
                            item.controller,
                            item.card,
                            zones.title(state, source),
                            text.steps,
                        )
                    )
    if not found:
        return state
    return tree.add(state, found, level)


def dealt(state: State, source: int, destination: int, level: int) -> State:
    """5.2 "quando um personagem [com a afiliação X] que você controla causar dano em um
    personagem ou suporte [que não tenha a afiliação Y]" (``dealt_damage``): the texts of the
    card bases and the scenario of the dealer's controller (``trigger_for: own_characters``)
    or of the dealer itself (``this``). Only a *character* deals it (4.8.5: an action's
    damage is its user's; a scenario's or an ability's is not a character's); the effect's
    target is the damaged card, ``this`` the card whose text it is."""
    index = zones.find(state, source)
    victim = zones.find(state, destination)
    if index is None or victim is None:
        return state
    dealer = state.scene[index]
    if zones.defn(state, source).type is not CardType.CHARACTER:
        return state
    holders = [
        (holder.card, card, text)
        for holder in state.scene
        if holder.controller == dealer.controller
        for card, text in zones.texts(state, holder)
    ]
    scenario = state.scenario
    if scenario is not None and zones.owner(state, scenario) == dealer.controller:
        holders.extend((scenario, scenario, t) for t in zones.scenario_texts(state))
    affiliations = zones.affiliations(state, dealer)
    damaged = zones.affiliations(state, state.scene[victim])
    found = [
        Pending(
            uid=0,
            level=level,
            controller=dealer.controller,
            source=card,
            label=zones.title(state, card),
            steps=text.steps,
            targets=(destination,),
            this=holder,
        )
        for holder, card, text in holders
        if text.trigger is Trigger.DEALT_DAMAGE
        and (text.trigger_for == "own_characters" or holder == source)
        and (not text.trigger_if_affiliation or text.trigger_if_affiliation in affiliations)
        and (not text.victim_without_affiliation or text.victim_without_affiliation not in damaged)
    ]
    return tree.add(state, found, level) if found else state
