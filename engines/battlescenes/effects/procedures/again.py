"""Using an action again in the same turn (6.2 E C.4 allows one action per character per
turn; a text may allow one more use of an action: Mercúrio V1's Super Velocidade)."""

from __future__ import annotations

from engines.battlescenes.effects.steps import BSHandlers, BSRun, UseAgain, resolved
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
