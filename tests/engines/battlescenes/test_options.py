"""Actions with options (4.6.2 B) and "action used" triggers (4.6.2 H)."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import UseAction
from engines.battlescenes.content.schema import ActionDef, ActionKind, Mode, Step, Text, Trigger
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid

FILL = ["excentricidade"] * 5

# Golpe Duplo: 2 damage to the target, OR incapacitate the target by 1.
DOUBLE = ActionDef(
    name="Golpe Duplo",
    power="magia",
    kind=ActionKind.NORMAL,
    cost=1,
    text="…",
    modes=(
        Mode("dano", (Step(op="damage", amount=2),), targets=1),
        Mode("incapacitar", (Step(op="incapacitate", amount=1),), targets=1),
    ),
)


def table() -> State:
    state = build(
        Side(scene=[Placed("umar_v1", FILL[:4])]),
        Side(scene=[Placed("abutre_v1", FILL[:4]), Placed("heimdall_v1", FILL)]),
    )
    umar = replace(state.defs["umar_v1"], actions=(DOUBLE,))
    return replace(state, defs={**state.defs, "umar_v1": umar})


def test_the_player_picks_one_option() -> None:
    state = table()
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, UseAction(umar, "Golpe Duplo", str(abutre)))
    assert err.value.key == "battlescenes.error.bad_mode"
    state, _ = act(state, 0, UseAction(umar, "Golpe Duplo", str(abutre), mode="incapacitar"))
    item = zones.in_scene(state, abutre)
    assert item.stage == 0 and len(item.loaded) == 4


def test_action_used_triggers_resolve_before_the_actions_effect() -> None:
    # "Toda vez que um personagem de um oponente usar uma ação, este personagem causa 1 ponto
    # de dano penetrante nele." (a test text): it resolves at H, before I.
    watch = Text(
        text="…",
        trigger=Trigger.ACTION_USED,
        whose_turn="opponent",
        steps=(Step(op="damage", amount=1, penetrating=True),),
    )
    state = table()
    state = replace(
        state,
        defs={**state.defs, "heimdall_v1": replace(state.defs["heimdall_v1"], texts=(watch,))},
    )
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    state, events = act(state, 0, UseAction(umar, "Golpe Duplo", str(abutre), mode="dano"))
    order = [e.params.get("card") for e in events if e.key == "battlescenes.event.damage"]
    assert order == ["Umar V1", "Abutre V1"]
    assert len(zones.in_scene(state, umar).loaded) == 3
    assert "battlescenes.event.resolving" in keys(events) and state.tree == ()
