"""Naming a power the targets cannot use actions of until the end of the turn (4.6.2 D as
an effect of defined duration, 5.7 A.2.1: Fazer Esquecer V1)."""

from __future__ import annotations

from engines.battlescenes.content.powers import POWERS
from engines.battlescenes.content.schema import ActionRule
from engines.battlescenes.effects.operands import ask, targets_of
from engines.battlescenes.effects.steps import (
    BSHandlers,
    BSRun,
    ForbidPowerThisTurn,
    asks,
    resolved,
)
from engines.battlescenes.rules.state import State, TurnRule
from engines.battlescenes.table import zones
from engines.core import Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()

#: The prompt of the choice of a power (its options are the thirteen powers of 2.4).
PROMPT = "battlescenes.choose_power"


@HANDLERS.on(ForbidPowerThisTurn)
def _forbid_power(run: BSRun, state: State, proc: ForbidPowerThisTurn) -> State:
    """Its controller names one of the thirteen powers; each target then cannot use actions
    of that power for the rest of the turn — validated, it stays even if the card that
    made it leaves or loses its texts (5.8 example 4)."""
    effect, step = run.ctx, proc.record
    targets = targets_of(state, effect, step)
    if not targets:
        return state
    if not effect.answers:
        return asks(run, ask(state, effect, effect.controller, PROMPT, list(POWERS), False))
    power = effect.answers[-1]
    events = []
    for target in targets:
        rule = ActionRule(effect="forbid", whose="any", if_power=power)
        entry = TurnRule(rule, effect.source, effect.controller, user=target)
        state = replace(state, turn_rules=(*state.turn_rules, entry))
        params = {
            "card": zones.title(state, target),
            "power": {"key": f"battlescenes.power.{power}", "params": {}},
        }
        events.append(Event("battlescenes.event.power_forbidden", params, rule="4.6.2 D"))
    return resolved(run, state, events)
