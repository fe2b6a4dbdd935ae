"""5.5: the active player picks which of two different replacement effects applies to one
event (a draw, a load or a knock-out)."""

from __future__ import annotations

from engines.battlescenes.effects import replacements
from engines.battlescenes.effects.operands import ask
from engines.battlescenes.effects.steps import BSHandlers, BSRun, ChooseReplacement, asks, resolved
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import leaving
from engines.core import Event

HANDLERS: BSHandlers = BSHandlers()


@HANDLERS.on(ChooseReplacement)
def _choose_replacement(run: BSRun, state: State, proc: ChooseReplacement) -> State:
    """5.5: the active player picks which of two different replacement effects applies to
    one event (``step.text``: ``draw`` / ``knock_out`` / ``load``; outcomes in ``step.trait``)."""
    effect, step = run.ctx, proc.record
    if not effect.answers:
        options = step.trait.split(",")
        prompt = "battlescenes.choice.replacement"
        return asks(run, ask(state, effect, effect.controller, prompt, options, False))
    outcome = effect.answers[-1]
    chosen = Event(
        "battlescenes.event.replacement_chosen",
        {
            "player": state.players[effect.controller].name,
            "option": {"key": f"battlescenes.answer.{outcome}", "params": {}},
        },
        rule="5.5",
    )
    if step.text == "draw":
        state, events = replacements.apply_draw(state, effect.this, step.amount, outcome)
        return resolved(run, state, [chosen, *events])
    if step.text == "load":  # the held card goes elsewhere instead of onto the base
        state, events = replacements.apply_load(state, effect.this, step.amount, outcome)
        return resolved(run, state, [chosen, *events])
    if step.text == "seize":  # Busca e Apreensão: a destroyed support, prizes or resources
        state, events = leaving.put_seized(state, effect.this, outcome)
        return resolved(run, state, [chosen, *events])
    state, events = leaving.put_replaced(state, effect.this, outcome)
    return resolved(run, state, [chosen, *events])
