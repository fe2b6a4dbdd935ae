"""The ``manual`` procedure: a printed text the effect language cannot express, resolved by
the players by hand (8.A) — the engine asks and logs that it stopped there."""

from __future__ import annotations

from typing import Any

from engines.battlescenes.effects.operands import DONE, ask
from engines.battlescenes.effects.steps import BSHandlers, BSRun, Manual, asks, resolved
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import zones
from engines.core import Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()


def _told(state: State, source: int, label: str, text: str) -> Any:
    """What to apply, in each reader's language: the step's own text (a pack's words),
    else the ``words`` per locale of the manual action named ``label`` on ``source``."""
    if text or not 0 <= source < len(state.cards):
        return text
    for action in zones.defn(state, source).actions:
        if action.name == label and action.words:
            return dict(action.words)
    return text


@HANDLERS.on(Manual)
def _manual(run: BSRun, state: State, proc: Manual) -> State:
    effect, step = run.ctx, proc.record
    said = _told(state, effect.source, effect.label, step.text)
    if effect.answers:
        event = Event(
            "battlescenes.event.manual_done",
            {"player": state.players[effect.controller].name, "text": said},
        )
        logged = said if isinstance(said, str) else said.get("en-US", "")
        return resolved(run, replace(state, log_manual=(*state.log_manual, logged)), [event])
    event = Event(
        "battlescenes.event.manual",
        # No rule reference: the design note behind manual steps is no rule a player
        # could look up (it used to show as "(rule ARCHITECTURE:manual)").
        {"effect": effect.label, "text": said},
    )
    prompt = "battlescenes.choice.manual"
    state = ask(state, effect, effect.controller, prompt, [DONE], step.optional)
    return asks(run, state, [event])
