"""7.2 Potencializar (activated in the Attack step) and "Prontidão – característica"."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Activate, Choose, Pass, UseAction
from engines.battlescenes.content.schema import ActionDef, ActionKind, Step, Text
from engines.battlescenes.rules import use
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import Event, IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid

FILL = ["excentricidade"] * 4

# "Potencializar 2 – Inumanos" written as the effect language says.
EMPOWER = Text(
    text="Potencializar 2 – Inumanos",
    activated=True,
    activated_in="attack",
    once_per_turn=True,
    steps=(Step(op="empower", amount=2, to="chosen_character", filter_affiliation="Inumanos"),),
)


def table(phase: Phase = Phase.ATTACK) -> State:
    state = build(
        Side(
            scene=[
                Placed("umar_v1", FILL),
                Placed("triton_v1", FILL, stage=2),
                Placed("karnak_v1", FILL),
            ]
        ),
        Side(scene=[Placed("abutre_v1", FILL * 2)]),
        phase=phase,
    )
    umar = replace(state.defs["umar_v1"], texts=(EMPOWER,))
    return replace(state, defs={**state.defs, "umar_v1": umar})


def damage_dealt(events: list[Event]) -> int:
    return next(e.params["amount"] for e in events if e.key == "battlescenes.event.damage")


def test_potencializar_adds_n_to_the_next_damaging_action() -> None:
    state = table()
    umar, triton, abutre = (sid(state, k) for k in ("umar_v1", "triton_v1", "abutre_v1"))
    _s, plain = act(state, 0, UseAction(triton, "Golpe Aquático", str(abutre)))
    state, _ = act(state, 0, Activate(umar, 0))
    # "outro personagem com a característica": Umar itself is not offered, nor Abutre.
    assert state.choice is not None
    assert str(umar) not in state.choice.options and str(abutre) not in state.choice.options
    assert str(triton) in state.choice.options
    state, events = act(state, 0, Choose(str(triton)))
    assert "battlescenes.event.empowered" in keys(events)
    state, events = act(state, 0, UseAction(triton, "Golpe Aquático", str(abutre)))
    assert damage_dealt(events) == damage_dealt(plain) + 2
    assert zones.in_scene(state, triton).empower == 0  # only the next damaging action


def test_potencializar_once_per_turn_and_only_in_the_attack_step() -> None:
    state = table(Phase.PREPARATION)
    umar = sid(state, "umar_v1")
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, Activate(umar, 0))
    assert err.value.key == "battlescenes.error.activated_phase"
    state = table()
    state, _ = act(state, 0, Activate(umar, 0))
    state, _ = act(state, 0, Choose(str(sid(state, "triton_v1"))))
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, Activate(umar, 0))
    assert err.value.key == "battlescenes.error.activated_once"


def test_an_empowered_character_is_not_chosen_again_this_turn() -> None:
    state = table()
    umar, triton = sid(state, "umar_v1"), sid(state, "triton_v1")
    state, _ = act(state, 0, Activate(umar, 0))
    state, _ = act(state, 0, Choose(str(triton)))
    state = replace(state, activated_used=())  # a second Potencializar text, say
    state, _ = act(state, 0, Activate(umar, 0))
    assert state.choice is not None and str(triton) not in state.choice.options


def test_the_bonus_ends_with_the_turn() -> None:
    state = table()
    umar, triton = sid(state, "umar_v1"), sid(state, "triton_v1")
    state, _ = act(state, 0, Activate(umar, 0))
    state, _ = act(state, 0, Choose(str(triton)))
    state, _ = act(state, 0, Pass())
    item = zones.in_scene(state, triton)
    assert item.empower == 0 and not item.empowered


def test_prontidao_for_a_characteristic_allows_only_those_actions() -> None:
    # "Prontidão – Golpe Aquático": usable the turn it entered; its other action is not.
    second = ActionDef(
        name="Outro Golpe",
        power="agilidade",
        kind=ActionKind.NORMAL,
        cost=0,
        text="…",
        targets=1,
        steps=(Step(op="damage", amount=1),),
    )
    state = build(
        Side(scene=[Placed("triton_v1", FILL, entered=3)]),
        Side(scene=[Placed("abutre_v1", FILL)]),
    )
    triton = replace(
        state.defs["triton_v1"],
        texts=(*state.defs["triton_v1"].texts, Text(text="…", ready_for="action:Golpe Aquático")),
        actions=(*state.defs["triton_v1"].actions, second),
    )
    state = replace(state, defs={**state.defs, "triton_v1": triton})
    assert [a.name for _i, a in use.usable(state, 0)] == ["Golpe Aquático"]
    by_power = replace(triton, texts=(Text(text="…", ready_for="power:agilidade"),))
    state = replace(state, defs={**state.defs, "triton_v1": by_power})
    assert len(use.usable(state, 0)) == 2
