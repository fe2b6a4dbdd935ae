"""Using actions a card does not print: once more in the same turn (6.2 E C.4 allows one
action per character per turn; Mercúrio V1's Super Velocidade), or those of another card
until the end of the turn (Veículo de Combate S.H.I.E.L.D. V1's Morteiro)."""

from __future__ import annotations

from engines.battlescenes.effects.operands import targets_of
from engines.battlescenes.effects.steps import BSHandlers, BSRun, GrantAction, UseAgain, resolved
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import zones
from engines.core import Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()


@HANDLERS.on(UseAgain)
def _use_again(run: BSRun, state: State, proc: UseAgain) -> State:
    """The character that used the action being resolved may use it once more this turn
    (its other requirements — cost, step, targets — still apply). Outside an action, or
    once the user left the scene, nothing happens."""
    effect = run.ctx
    if not effect.is_action or zones.find(state, effect.this) is None:
        return state
    item = zones.in_scene(state, effect.this)
    state = zones.set_in_scene(state, replace(item, again=(*item.again, effect.label)))
    params = {"card": zones.title(state, effect.this), "action": effect.label}
    return resolved(run, state, [Event("battlescenes.event.use_again", params, rule="6.2 E")])


@HANDLERS.on(GrantAction)
def _grant_action(run: BSRun, state: State, proc: GrantAction) -> State:
    """Each target may use the actions printed on the effect's card until the end of the turn
    (5.7 A.2.1; its other requirements — power, cost, step — still apply)."""
    effect, step = run.ctx, proc.record
    events = []
    for target in targets_of(state, effect, step):
        state = replace(state, turn_actions=(*state.turn_actions, (target, effect.source)))
        params = {"card": zones.title(state, target), "source": zones.title(state, effect.source)}
        events.append(Event("battlescenes.event.action_granted", params, rule="5.7"))
    return resolved(run, state, events)
