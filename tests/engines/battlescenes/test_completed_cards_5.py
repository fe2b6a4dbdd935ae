"""Built-in cards that were ``incomplete`` and are now played as printed (part 5): Cubo
Cósmico V1 (its carrier has the powers of the ability cards it carries, +1 on each target of
its damage actions, and unloads another card at the start of its Adjustment phase)."""

from __future__ import annotations

from engines.battlescenes.actions import Choose, Pass, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter

FILL = ["excentricidade"] * 6


def _cube(loaded: list[str], phase: Phase = Phase.ATTACK) -> State:
    return build(
        Side(scene=[Placed("mercurio_v1", loaded, stage=2)]),
        Side(scene=[Placed("hulk_v2", FILL[:6])]),
        phase=phase,
        content=starter(),
    )


def test_cubo_cosmico_gives_its_carrier_the_powers_of_its_ability_cards() -> None:
    state = _cube(["cubo_cosmico", "excentricidade", "protecao"])
    powers = zones.powers(state, zones.in_scene(state, sid(state, "mercurio_v1")))
    assert "elasticidade" in powers  # Excentricidade's
    without = _cube(["excentricidade", "protecao", "protecao"])
    assert "elasticidade" not in zones.powers(
        without, zones.in_scene(without, sid(without, "mercurio_v1"))
    )


def test_cubo_cosmico_adds_one_to_each_target_of_its_carriers_damage_actions() -> None:
    state = _cube(["cubo_cosmico", *FILL[:2]])
    mercurio, hulk = sid(state, "mercurio_v1"), sid(state, "hulk_v2")
    state, events = act(state, 0, UseAction(mercurio, "Super Velocidade", str(hulk)))
    hit = [e for e in events if e.key == "battlescenes.event.damage"]
    assert hit and hit[0].params["amount"] == 2  # 1 printed, +1


def test_cubo_cosmico_unloads_another_card_at_the_start_of_the_adjustment() -> None:
    state = _cube(["cubo_cosmico", "excentricidade", "protecao"], Phase.PREPARATION)
    mercurio = sid(state, "mercurio_v1")
    cube, first, second = zones.in_scene(state, mercurio).loaded
    state, _ = act(state, 0, Pass())  # 6.2 D: the Adjustment phase starts
    assert state.choice is not None and state.choice.seat == 0
    assert set(state.choice.options) == {str(first), str(second)}  # never the Cube itself
    state, _ = act(state, 0, Choose(str(first)))
    assert zones.in_scene(state, mercurio).loaded == (cube, second)


def test_cubo_cosmico_adds_nothing_to_damage_that_is_not_an_actions_on_its_targets() -> None:
    # Surpresa Dolorosa's retaliation is the character's damage, not an action's (4.8.5).
    state = build(
        Side(scene=[Placed("thor_v1", ["surpresa_dolorosa", "cubo_cosmico", *FILL[:3]], stage=2)]),
        Side(scene=[Placed("mercurio_v1", FILL[:3], stage=2)]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )
    thor, mercurio = sid(state, "thor_v1"), sid(state, "mercurio_v1")
    state, _ = act(state, 0, UseAction(thor, "Surpresa Dolorosa"))
    state, events = act(state, 1, UseAction(mercurio, "Super Velocidade", str(thor)))
    back = [e for e in events if e.key == "battlescenes.event.damage"][-1]
    assert back.params["card"] == "Mercúrio V1" and back.params["amount"] == 2
