"""Damage and shields (4.7, 4.8) with the rulebook's own examples."""

from __future__ import annotations

from engines.battlescenes.actions import Pass, UseAction
from engines.battlescenes.rules.state import Phase
from engines.battlescenes.table import damage, shields, zones
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid


def hulk_table() -> tuple[object, int]:
    state = build(Side(scene=[Placed("hulk_v3", ["excentricidade"] * 8)]), Side())
    return state, sid(state, "hulk_v3")


def test_hulk_v3_takes_2_then_4_then_3_and_unloads_six() -> None:
    # 4.8.1.1: shield 3 absorbs 2, then 1 of the 4 (3 unloaded), then 3 more unloaded.
    state = build(Side(scene=[Placed("hulk_v3", ["excentricidade"] * 8)]), Side())
    hulk = sid(state, "hulk_v3")
    for amount in (2, 4, 3):
        state, _ = damage.apply(state, hulk, amount, penetrating=False)
    item = zones.in_scene(state, hulk)
    assert len(item.loaded) == 2
    assert len(state.players[0].resources) == 6
    assert shields.shield(state, item) == 0


def test_penetrating_damage_ignores_the_shield_without_zeroing_it() -> None:
    state = build(Side(scene=[Placed("hulk_v3", ["excentricidade"] * 8)]), Side())
    hulk = sid(state, "hulk_v3")
    state, _ = damage.apply(state, hulk, 2, penetrating=True)
    item = zones.in_scene(state, hulk)
    assert len(item.loaded) == 6 and shields.shield(state, item) == 3  # 4.8.2


def test_shields_are_restored_at_the_end_of_the_turn() -> None:
    state = build(
        Side(scene=[Placed("triton_v1", ["excentricidade"] * 4)]),
        Side(scene=[Placed("hulk_v3", ["excentricidade"] * 8)]),
    )
    state, _ = act(
        state, 0, UseAction(sid(state, "triton_v1"), "Golpe Aquático", str(sid(state, "hulk_v3")))
    )
    hulk = zones.in_scene(state, sid(state, "hulk_v3"))
    assert shields.shield(state, hulk) == 1
    state, events = act(state, 0, Pass())
    assert "battlescenes.event.end_turn" in keys(events)
    assert shields.shield(state, zones.in_scene(state, hulk.card)) == 3


def test_excentricidade_shield_penalty_never_makes_a_shield_negative() -> None:
    # 9.1.1: the target gets Escudo -1 until the end of the turn, then takes 2 damage.
    state = build(
        Side(scene=[Placed("umar_v1", ["excentricidade", "excentricidade"])]),
        Side(scene=[Placed("abutre_v1", ["protecao"] * 1 + ["umar_v1"] * 3)]),
    )
    umar, abutre = sid(state, "umar_v1"), sid(state, "abutre_v1")
    state, _ = act(state, 0, UseAction(umar, "Excentricidade", str(abutre)))
    item = zones.in_scene(state, abutre)
    # Proteção gives Escudo +2 → 2; -1 → 1; 2 damage: 1 absorbed, 1 card unloaded.
    assert len(item.loaded) == 3
    assert shields.shield(state, item) == 0


def test_knock_out_goes_to_the_prizes_and_fifteen_points_win() -> None:
    state = build(
        Side(scene=[Placed("hela_v1", ["excentricidade"] * 6, stage=2)]),
        Side(scene=[Placed("triton_v1", ["excentricidade"])], prizes=["odin_v1", "hela_v1"]),
    )
    # Seat 0 already has 7 + 6 = 13 points; Triton (energy 4) knocked out makes 17.
    assert zones.prize_points(state, 0) == 13
    state, events = act(
        state, 0, UseAction(sid(state, "hela_v1"), "Toque da Morte", str(sid(state, "triton_v1")))
    )
    assert "battlescenes.event.knocked_out" in keys(events)
    assert state.phase is Phase.OVER and state.winner == 0


def test_capanga_pancadaria_on_triton_is_reduced_by_one_situation_a() -> None:
    # 4.8.3.1 situação A, after Maximus redirects to Triton: F.B −1, absorbed by the shield.
    state = build(
        Side(scene=[Placed("capanga_do_rei_v2", ["excentricidade"] * 3)]),
        Side(scene=[Placed("triton_v1", ["excentricidade"] * 4)]),
    )
    capanga, triton = sid(state, "capanga_do_rei_v2"), sid(state, "triton_v1")
    ctx = damage.DamageContext(0, capanga, "unforeseen")
    assert damage.calculate(state, 2, ctx, zones.in_scene(state, triton))[0] == 1
    state, _ = act(state, 0, UseAction(capanga, "Pancadaria", str(triton)))
    item = zones.in_scene(state, triton)
    assert len(item.loaded) == 4 and shields.shield(state, item) == 0


def test_karnak_takes_no_damage_in_an_opponents_preparation_situation_b() -> None:
    # 4.8.3.1 situação B: Pancadaria in Preparation; Karnak's F.D makes it 0: no damage.
    state = build(
        Side(scene=[Placed("capanga_do_rei_v2", ["excentricidade"] * 3)]),
        Side(scene=[Placed("karnak_v1", ["excentricidade"] * 5)]),
        phase=Phase.PREPARATION,
    )
    capanga, karnak = sid(state, "capanga_do_rei_v2"), sid(state, "karnak_v1")
    state, events = act(state, 0, UseAction(capanga, "Pancadaria", str(karnak)))
    assert "battlescenes.event.no_damage" in keys(events)
    assert shields.shield(state, zones.in_scene(state, karnak)) == 2


def test_essencia_do_medo_halves_anticipate_actions_rounding_down() -> None:
    # 4.8.3 D example: Navalhas de Sangue (1 penetrating) halved to 0: no damage at all.
    state = build(
        Side(scene=[Placed("hulk_v3", ["excentricidade"] * 8)]),
        Side(scene=[Placed("carnificina_v1", ["excentricidade"] * 5)]),
        phase=Phase.ANTICIPATION,
        scenario="a_essencia_do_medo",
    )
    state, events = act(
        state,
        1,
        UseAction(sid(state, "carnificina_v1"), "Navalhas de Sangue", str(sid(state, "hulk_v3"))),
    )
    assert "battlescenes.event.no_damage" in keys(events)
    assert len(zones.in_scene(state, sid(state, "hulk_v3")).loaded) == 8


def test_batalha_em_area_povoada_reduces_damage_from_heroes() -> None:
    state = build(
        Side(scene=[Placed("triton_v1", ["excentricidade"] * 4)]),
        Side(scene=[Placed("abutre_v1", ["excentricidade"] * 4)]),
        scenario="batalha_em_area_povoada",
    )
    triton, abutre = sid(state, "triton_v1"), sid(state, "abutre_v1")
    ctx = damage.DamageContext(0, triton, "normal")
    assert damage.calculate(state, 2, ctx, zones.in_scene(state, abutre))[0] == 1


def test_the_source_controller_chooses_which_cards_damage_unloads() -> None:
    # 4.8.1: "o controlador da fonte daquele dano escolhe quais cards serão descarregados".
    state = build(
        Side(scene=[Placed("hela_v1", ["excentricidade"] * 6, stage=2)]),
        Side(scene=[Placed("abutre_v1", ["protecao", "umar_v1", "excentricidade"])]),
    )
    abutre = zones.in_scene(state, sid(state, "abutre_v1"))
    umar_card = abutre.loaded[1]
    state, _ = act(
        state,
        0,
        UseAction(sid(state, "hela_v1"), "Toque da Morte", str(abutre.card), unload=str(umar_card)),
    )
    left = zones.in_scene(state, abutre.card).loaded
    assert umar_card not in left and len(left) == 1


def bishop_and_sentinel(scenario: str) -> tuple[object, int]:
    state = build(
        Side(scene=[Placed("bishop_v1", ["excentricidade"] * 5)]),
        Side(scene=[Placed("abutre_v1", ["excentricidade"] * 4)]),
        phase=Phase.ANTICIPATION,
        active=1,
        scenario=scenario,
    )
    from engines.core.model import replace

    sentinel = replace(state.defs["abutre_v1"], alter_ego="Sentinela")
    state = replace(state, defs={**state.defs, "abutre_v1": sentinel})
    return state, sid(state, "abutre_v1")


def test_bishop_metralhadora_on_a_sentinela_with_essencia_do_medo() -> None:
    # 4.8.3 B–C: 1 + 3 (Sentinela) = 4, then A Essência do Medo halves an anticipate action: 2.
    state, sentinel = bishop_and_sentinel("a_essencia_do_medo")
    state, events = act(state, 0, UseAction(sid(state, "bishop_v1"), "Metralhadora", str(sentinel)))
    hit = [e for e in events if e.key == "battlescenes.event.damage"]
    assert hit[0].params["amount"] == 2


def test_bishop_is_a_hero_in_batalha_em_area_povoada() -> None:
    # 4.8.3 B: "este dano seria diminuído em -1 se Batalha em Área Povoada estivesse em cena".
    state, sentinel = bishop_and_sentinel("batalha_em_area_povoada")
    state, events = act(state, 0, UseAction(sid(state, "bishop_v1"), "Metralhadora", str(sentinel)))
    hit = [e for e in events if e.key == "battlescenes.event.damage"]
    assert hit[0].params["amount"] == 3
