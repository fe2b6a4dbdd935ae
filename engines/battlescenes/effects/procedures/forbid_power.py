"""Naming a power: one the targets cannot use actions of until the end of the turn (4.6.2 D
as an effect of defined duration, 5.7 A.2.1: Fazer Esquecer V1), or one the card remembers
while it stays in the scene (5.7 A.2.2: Ronan V1)."""

from __future__ import annotations

from engines.battlescenes.content.powers import POWERS
from engines.battlescenes.content.schema import ActionRule
from engines.battlescenes.effects.operands import ask, targets_of
from engines.battlescenes.effects.steps import (
    BSHandlers,
    BSRun,
    ChoosePower,
    ForbidPowerThisTurn,
    asks,
    resolved,
)
from engines.battlescenes.rules.state import Continuous, State, TurnRule
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


#: The kind of the continuous effect remembering a named power ("chosen_power:<power>").
CHOSEN_POWER = "chosen_power:"


@HANDLERS.on(ChoosePower)
def _choose_power(run: BSRun, state: State, proc: ChoosePower) -> State:
    """ "Escolha um poder" (Ronan V1): its controller names one of the thirteen powers, which
    the effect's card remembers while it stays in the scene (5.7 A.2.2) — a new choice (it
    entered again) replaces the old one."""
    effect, step = run.ctx, proc.record
    if zones.find(state, effect.source) is None:
        return state
    if step.gains:
        return _gain_power(run, state, proc)
    if not effect.answers:
        return asks(run, ask(state, effect, effect.controller, PROMPT, list(POWERS), False))
    power = effect.answers[-1]
    kept = tuple(
        c
        for c in state.continuous
        if not (c.source == effect.source and c.kind.startswith(CHOSEN_POWER))
    )
    chosen = Continuous(source=effect.source, target=effect.source, kind=CHOSEN_POWER + power)
    state = replace(state, continuous=(*kept, chosen))
    params = {
        "card": zones.title(state, effect.source),
        "power": {"key": f"battlescenes.power.{power}", "params": {}},
    }
    return resolved(run, state, [Event("battlescenes.event.power_chosen", params)])


#: The kind of the continuous effect giving a named power ("gain_power:<power>").
GAIN_POWER = "gain_power:"


def _gain_power(run: BSRun, state: State, proc: ChoosePower) -> State:
    """A power of any character in the scene is chosen and this character gains it
    (Mandarim V1): the targets gain it while the effect's card stays in the scene (no
    duration printed, 5.7 A.2.2); ``in_zones: scene`` offers only the powers characters in
    the scene have now."""
    effect, step = run.ctx, proc.record
    targets = targets_of(state, effect, step)
    offered = list(POWERS)
    if step.in_zones == "scene":
        present = {p for c in zones.characters(state, None) for p in zones.powers(state, c)}
        offered = [p for p in POWERS if p in present]
    if not targets or not offered:
        return state
    if not effect.answers:
        return asks(run, ask(state, effect, effect.controller, PROMPT, offered, False))
    power = effect.answers[-1]
    events = []
    for target in targets:
        gained = Continuous(source=effect.source, target=target, kind=GAIN_POWER + power)
        state = replace(state, continuous=(*state.continuous, gained))
        params = {
            "card": zones.title(state, target),
            "power": {"key": f"battlescenes.power.{power}", "params": {}},
        }
        events.append(Event("battlescenes.event.power_gained", params, rule="8.B.2"))
    return resolved(run, state, events)
