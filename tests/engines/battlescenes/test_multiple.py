"""Multiple damage (4.8.4): distributed damage as separate procedures per destination."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import UseAction
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid

SIX = ["excentricidade"] * 6


def table() -> State:
    # A character with cosmic power carrying Rompante do Absoluto and Cubo Cósmico.
    attacker = Placed("umar_v1", ["rompante_do_absoluto", "cubo_cosmico"], stage=2)
    state = build(
        Side(scene=[attacker]),
        Side(
            scene=[
                Placed("hulk_v3", SIX),
                Placed("abutre_v1", SIX),
                Placed("ultron_6_v1", SIX),
                Placed("gata_negra_v2", SIX),
            ]
        ),
    )
    umar = state.defs["umar_v1"]
    from engines.core.model import replace

    return replace(state, defs={**state.defs, "umar_v1": replace(umar, powers=("poder_cosmico",))})


def lost(state: State, key: str, seat: int = 1) -> int:
    return 6 - len(zones.in_scene(state, sid(state, key, seat)).loaded)


@pytest.mark.parametrize(
    ("split", "expected"),
    [
        (
            {"hulk_v3": 1, "abutre_v1": 1, "ultron_6_v1": 1, "gata_negra_v2": 1},
            {"hulk_v3": 2, "abutre_v1": 2, "ultron_6_v1": 2, "gata_negra_v2": 2},
        ),
        ({"hulk_v3": 3, "abutre_v1": 1}, {"hulk_v3": 4, "abutre_v1": 2}),
        ({"hulk_v3": 4}, {"hulk_v3": 5}),
    ],
)
def test_rompante_do_absoluto_with_cubo_cosmico(
    split: dict[str, int], expected: dict[str, int]
) -> None:
    # 4.8.4.2: each share is its own procedure; Cubo Cósmico adds +1 to each.
    state = table()
    targets = " ".join(str(sid(state, k, 1)) for k, n in split.items() for _ in range(n))
    state, _ = act(state, 0, UseAction(sid(state, "umar_v1"), "Rompante do Absoluto", targets))
    for key, amount in expected.items():
        assert lost(state, key) == amount  # penetrating: straight to the energy


def test_distribution_must_use_every_point() -> None:
    state = table()
    with pytest.raises(IllegalActionError) as err:
        act(
            state,
            0,
            UseAction(sid(state, "umar_v1"), "Rompante do Absoluto", str(sid(state, "hulk_v3", 1))),
        )
    assert err.value.rule == "4.8.4.2"


def test_carnificina_repeated_damage_with_a_espreita() -> None:
    # 4.8.4.3: three cards loaded during the Combat phase → three separate procedures of 1
    # penetrating damage, each +1 from À Espreita: 6 penetrating damage on one character.
    from engines.battlescenes.actions import Choose

    state = build(
        Side(
            resources=["protecao"] * 3,
            scene=[Placed("carnificina_v2", ["multiplicacao_de_dna", *SIX[:3]])],
        ),
        Side(scene=[Placed("hulk_v3", SIX + ["excentricidade"] * 2)]),
        scenario="a_espreita",
    )
    carnificina, hulk = sid(state, "carnificina_v2"), sid(state, "hulk_v3")
    state, _ = act(state, 0, UseAction(carnificina, "Multiplicação de DNA"))
    for _ in range(3):
        if state.choice is not None and state.choice.prompt == "battlescenes.choice.order":
            state, _ = act(state, 0, Choose(state.choice.options[0]))
        assert state.choice is not None and state.choice.prompt == "battlescenes.choice.may"
        state, _ = act(state, 0, Choose("yes"))
        state, _ = act(state, 0, Choose(str(hulk)))
    assert state.tree == () and state.choice is None
    assert len(zones.in_scene(state, hulk).loaded) == 8 - 6
    # 3 loaded, then 3 unloaded: Carnificina carries 4 again.
    assert len(zones.in_scene(state, carnificina).loaded) == 4
