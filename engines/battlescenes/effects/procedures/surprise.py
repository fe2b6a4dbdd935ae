"""The surprise keywords (7.2 Antecipação-Surpresa, Ataque-Surpresa): revealed together from
the hand at the start of their step, each loaded on a character that then unloads one card."""

from __future__ import annotations

from engines.battlescenes.content.schema import Op, Step, Trigger
from engines.battlescenes.effects import tree
from engines.battlescenes.effects.operands import DONE, ask, targets_of
from engines.battlescenes.effects.steps import (
    BSHandlers,
    BSRun,
    SurpriseLoad,
    SurpriseReveal,
    asks,
    resolved,
)
from engines.battlescenes.effects.triggers import fire
from engines.battlescenes.rules.state import Pending, State
from engines.battlescenes.table import zones
from engines.core import Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()

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
        steps=(Step(op=Op.SURPRISE_REVEAL, text=keyword),),
    )
    return tree.add(state, [reveal], 1)


@HANDLERS.on(SurpriseReveal)
def _surprise_reveal(run: BSRun, state: State, proc: SurpriseReveal) -> State:
    """Pick the cards to reveal one by one, then DONE: they are revealed together."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    chosen = [int(a) for a in effect.answers if a != DONE]
    held = [c for c in state.players[seat].hand if step.text in zones.defn(state, c).keywords]
    left = [str(c) for c in held if c not in chosen]
    if (not effect.answers or effect.answers[-1] != DONE) and left:
        prompt = "battlescenes.choice.surprise"
        return asks(run, ask(state, effect, seat, prompt, [*left, DONE], False))
    if not chosen:
        return state
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
            steps=(Step(op=Op.SURPRISE_LOAD, to="chosen_own_character"),),
        )
        for c in chosen
    ]
    return resolved(run, tree.add(state, loads, effect.level + 1), [event])


@HANDLERS.on(SurpriseLoad)
def _surprise_load(run: BSRun, state: State, proc: SurpriseLoad) -> State:
    """Load the revealed card from the hand on the chosen character, then unload one card
    of that character: its controller picks which, among the cards it carried before (7.2
    "descarregue um card daquele personagem"; unloading the card just loaded would undo the
    surprise, so it is not offered)."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    targets = targets_of(state, effect, step)
    player = state.players[seat]
    if not targets or effect.source not in player.hand:
        return state
    base = targets[0]
    item = zones.in_scene(state, base)
    if len(item.loaded) > 1 and len(effect.answers) < 2:
        prompt = "battlescenes.choice.surprise_unload"
        return asks(run, ask(state, effect, seat, prompt, [str(c) for c in item.loaded], False))
    gone = int(effect.answers[1]) if len(effect.answers) > 1 else None
    if gone is None and item.loaded:
        gone = item.loaded[0]
    player = replace(player, hand=tuple(c for c in player.hand if c != effect.source))
    state = zones.set_player(state, seat, player)
    state = zones.set_in_scene(state, replace(item, loaded=(*item.loaded, effect.source)))
    if gone is not None:
        state = zones.unload(state, base, [gone])
        state = fire(state, Trigger.UNLOADED, effect.level + 1, base=base)  # 5.2
    # "quando este card for carregado de sua mão em um personagem" (Surpresa Dolorosa V1)
    state = fire(state, Trigger.LOADED_FROM_HAND, effect.level + 1, card=effect.source, base=base)
    event = Event(
        "battlescenes.event.loaded",
        {"card": zones.title(state, effect.source), "base": zones.title(state, base)},
        rule="7.2",
    )
    return resolved(run, state, [event])
