"""The ``manual`` procedure: a printed text the effect language cannot express, resolved by
the players by hand (8.A) — the engine asks and logs that it stopped there."""

from __future__ import annotations

from engines.battlescenes.content.schema import Op, Step
from engines.battlescenes.effects.operands import DONE, ask
from engines.battlescenes.rules.state import Pending, State
from engines.core import Dice, Event
from engines.core.model import replace


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
    state = ask(state, effect, effect.controller, prompt, [DONE], step.optional)
    return state, [event], False


#: Procedure kind → its handler (see ``effects/interpreter.py``).
HANDLERS = {
    Op.MANUAL: _manual,
}
