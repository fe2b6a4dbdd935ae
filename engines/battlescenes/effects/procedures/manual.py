"""The ``manual`` procedure: a printed text the effect language cannot express, resolved by
the players by hand (8.A) — the engine asks and logs that it stopped there."""

from __future__ import annotations

from engines.battlescenes.effects.operands import DONE, ask
from engines.battlescenes.effects.steps import BSHandlers, BSRun, Manual, asks, resolved
from engines.battlescenes.rules.state import State
from engines.core import Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()


@HANDLERS.on(Manual)
def _manual(run: BSRun, state: State, proc: Manual) -> State:
    effect, step = run.ctx, proc.record
    if effect.answers:
        event = Event(
            "battlescenes.event.manual_done",
            {"player": state.players[effect.controller].name, "text": step.text},
        )
        return resolved(run, replace(state, log_manual=(*state.log_manual, step.text)), [event])
    event = Event(
        "battlescenes.event.manual",
        # No rule reference: the design note behind manual steps is no rule a player
        # could look up (it used to show as "(rule ARCHITECTURE:manual)").
        {"effect": effect.label, "text": step.text},
    )
    prompt = "battlescenes.choice.manual"
    state = ask(state, effect, effect.controller, prompt, [DONE], step.optional)
    return asks(run, state, [event])
