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
            if text.trigger is trigger:
                found.append(
                    proto(card, item.controller, card, zones.title(state, card), text.steps)
                )
    elif trigger is Trigger.LOADED_FROM_RESOURCES:
        item = zones.in_scene(state, base)
        if zones.defn(state, base).type is CardType.CHARACTER:
            for text in zones.defn(state, card).texts:
                if text.trigger is trigger:
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
