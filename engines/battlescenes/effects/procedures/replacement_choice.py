"""5.5: the active player picks which of two different replacement effects applies to one
event (a draw, a load or a knock-out)."""

from __future__ import annotations

from engines.battlescenes.content.schema import Op, Step
from engines.battlescenes.effects import replacements
from engines.battlescenes.effects.operands import ask
from engines.battlescenes.rules.state import Pending, State
from engines.battlescenes.table import leaving
from engines.core import Dice, Event


def _choose_replacement(
    state: State, effect: Pending, step: Step, dice: Dice
) -> tuple[State, list[Event], bool]:
    """5.5: the active player picks which of two different replacement effects applies to
    one event (``step.text``: ``draw`` / ``knock_out`` / ``load``; outcomes in ``step.trait``)."""
    if not effect.answers:
        options = step.trait.split(",")
        prompt = "battlescenes.choice.replacement"
        return ask(state, effect, state.active, prompt, options, False), [], False
    outcome = effect.answers[-1]
    chosen = Event(
        "battlescenes.event.replacement_chosen",
        {
            "player": state.players[state.active].name,
            "option": {"key": f"battlescenes.answer.{outcome}", "params": {}},
        },
        rule="5.5",
    )
    if step.text == "draw":
        state, events = replacements.apply_draw(state, effect.this, step.amount, outcome)
        return state, [chosen, *events], True
    if step.text == "load":  # the held card goes elsewhere instead of onto the base
        state, events = replacements.apply_load(state, effect.this, step.amount, outcome)
        return state, [chosen, *events], True
    state, events = leaving.put_replaced(state, effect.this, outcome)
    return state, [chosen, *events], True


#: Procedure kind → its handler (see ``effects/interpreter.py``).
HANDLERS = {
    Op.CHOOSE_REPLACEMENT: _choose_replacement,
}
