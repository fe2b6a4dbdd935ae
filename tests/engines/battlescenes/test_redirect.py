"""Damage redirection (4.8.3.1 E–F) with the rulebook's Maximus and Mulher-Hulk examples."""

from __future__ import annotations

from engines.battlescenes.actions import Choose, UseAction
from engines.battlescenes.content.schema import Step
from engines.battlescenes.effects import interpreter, tree
from engines.battlescenes.rules.state import Pending, Phase, State
from engines.battlescenes.table import shields, zones
from engines.core import RiggedDice
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid

FOUR = ["excentricidade"] * 4


def inumanos(phase: Phase) -> State:
    # Player B (seat 0) controls Capanga do Rei V2; player A (seat 1) Maximus, Karnak, Triton.
    return build(
        Side(scene=[Placed("capanga_do_rei_v2", ["excentricidade"] * 3)]),
        Side(
            scene=[Placed("maximus_v1", FOUR), Placed("karnak_v1", FOUR), Placed("triton_v1", FOUR)]
        ),
        phase=phase,
    )


def test_situation_a_redirect_to_triton_reduces_by_one() -> None:
    state = inumanos(Phase.ATTACK)
    maximus, triton = sid(state, "maximus_v1"), sid(state, "triton_v1")
    state, _ = act(state, 0, UseAction(sid(state, "capanga_do_rei_v2"), "Pancadaria", str(maximus)))
    # E: the damage (2, unchanged by A–D) may get a new destination; A decides.
    assert state.choice is not None and state.choice.seat == 1
    assert state.choice.prompt == "battlescenes.choice.redirect"
    state, events = act(state, 1, Choose(str(triton)))
    assert "battlescenes.event.redirected" in keys(events)
    # F.B: Capanga has no Inumanos affiliation → −1; Triton's shield absorbs the 1.
    item = zones.in_scene(state, triton)
    assert len(item.loaded) == 4 and shields.shield(state, item) == 0
    assert len(zones.in_scene(state, maximus).loaded) == 4 and state.tree == ()


def test_situation_b_redirect_to_karnak_in_preparation_makes_no_damage() -> None:
    state = inumanos(Phase.PREPARATION)
    maximus, karnak = sid(state, "maximus_v1"), sid(state, "karnak_v1")
    state, _ = act(state, 0, UseAction(sid(state, "capanga_do_rei_v2"), "Pancadaria", str(maximus)))
    state, events = act(state, 1, Choose(str(karnak)))
    # F.D: during another player's Preparation Karnak's damage becomes 0: no damage.
    assert "battlescenes.event.no_damage" in keys(events)
    assert shields.shield(state, zones.in_scene(state, karnak)) == 2


def test_declining_the_redirect_keeps_the_destination() -> None:
    state = inumanos(Phase.ATTACK)
    maximus = sid(state, "maximus_v1")
    state, _ = act(state, 0, UseAction(sid(state, "capanga_do_rei_v2"), "Pancadaria", str(maximus)))
    state, _ = act(state, 1, Choose("skip"))
    assert shields.shield(state, zones.in_scene(state, maximus)) == 0  # shield 1 absorbed, 1 card
    assert len(zones.in_scene(state, maximus).loaded) == 3


def mulher_hulk() -> State:
    # Each Mulher-Hulk V1 carries Rir do Perigo and a Mulher-Hulk V2 (same alter ego: its
    # redirecting text is granted, 4.4.2.3 A.1.2a), plus the S.H.I.E.L.D. vehicle.
    return build(
        Side(scene=[Placed("kraven_v1", FOUR)]),
        Side(
            scene=[
                Placed(
                    "mulher_hulk_v1", ["rir_do_perigo", "mulher_hulk_v2", "protecao", "protecao"]
                ),
                Placed(
                    "mulher_hulk_v1",
                    ["rir_do_perigo", "mulher_hulk_v2", "excentricidade"] * 1
                    + ["excentricidade"] * 2,
                ),
                Placed("veiculo_shield_v3", ["excentricidade"] * 3),
            ]
        ),
    )


def hit(state: State, target: int, amount: int) -> State:
    root = Pending(
        uid=0,
        level=0,
        controller=0,
        source=sid(state, "kraven_v1"),
        label="Hit",
        steps=(Step(op="damage", amount=amount, penetrating=True),),
        targets=(target,),
        this=sid(state, "kraven_v1"),
        is_action=True,
        action_kind="normal",
    )
    state, _ = interpreter.run(tree.add(state, [root], 0), RiggedDice())
    return state


def test_each_redirect_fires_once_per_procedure_and_modifiers_apply_once() -> None:
    state = mulher_hulk()
    mh1 = sid(state, "mulher_hulk_v1", 1, 0)
    mh2 = sid(state, "mulher_hulk_v1", 1, 1)
    vehicle = sid(state, "veiculo_shield_v3")
    state = hit(state, mh2, 8)
    # C on MH2: Rir do Perigo halves 8 → 4; E: redirect (MH2's granted text) to MH1.
    assert state.choice is not None and str(mh1) in state.choice.options
    state, _ = act(state, 1, Choose(str(mh1)))
    # F.C on MH1: its own Rir do Perigo halves 4 → 2; F.E: MH1's redirect, to MH2 or vehicle.
    assert state.choice is not None and set(state.choice.options) == {
        str(mh2),
        str(vehicle),
        "skip",
    }
    state, _events = act(state, 1, Choose(str(mh2)))
    # Back on MH2: its Rir do Perigo was already applied and its redirect already fired.
    assert state.choice is None and state.tree == ()
    assert len(zones.in_scene(state, mh2).loaded) == 5 - 2
    assert len(zones.in_scene(state, mh1).loaded) == 4
