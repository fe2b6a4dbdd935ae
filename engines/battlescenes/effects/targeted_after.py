"""5.7 B effects an action generated about its user that answer, after their effect, the
actions of opponents' characters that targeted it (``if_this_targeted``: Fúria Descontrolada
V1, whose user may then be capacitated)."""

from __future__ import annotations

from engines.battlescenes.content.schema import Trigger
from engines.battlescenes.effects import tree
from engines.battlescenes.rules.state import Pending, State
from engines.battlescenes.table import zones


def answer(state: State, finished: Pending) -> State:
    """The action ``finished`` just resolved: each effect generated this turn with an
    ``if_this_targeted`` ``action_resolved`` text whose user was among its targets, the
    action being an opponent's, becomes pending at its level (after it, 9.1.2), carried out
    by the generated effect's controller."""
    found = [
        Pending(
            uid=0,
            level=finished.level,
            controller=made.controller,
            source=made.source,
            label=zones.title(state, made.source),
            steps=text.steps,
            targets=(made.this,),
            this=made.this,
        )
        for _n, made, text in zones.generated_texts(state)
        if text.trigger is Trigger.ACTION_RESOLVED
        and text.if_this_targeted
        and made.this in finished.targets
        and finished.controller != made.controller
        and zones.find(state, made.this) is not None
    ]
    return tree.add(state, found, finished.level) if found else state
