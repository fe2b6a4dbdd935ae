"""Spell prerequisites (7.1, 4.8, 4.15) and the rulebook's worked examples of 7.2 and 4.10."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engines.core import EngineError
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Power
from engines.krosmaster.rules.state import Phase, State
from tests.engines.krosmaster.helpers import act, empty_arena, events, position, sq, with_power


def place(
    units: dict[str, Any],
    active: str,
    team1: str = "brakmar-raiders",
    team2: str = "bonta-guard",
    arena: Any = None,
    **extra: Any,
) -> State:
    specs = []
    for uid, spec in units.items():
        specs.append({"id": uid, "square": spec} if isinstance(spec, str) else {"id": uid, **spec})
    return position({"units": specs, "active": active, **extra}, team1, team2, arena)


# -- prerequisites (7.1) -----------------------------------------------------------


def test_min_and_max_range_and_the_box_bonus() -> None:
    # 4.15.3: Engano 2–3; 4.17.5.c: on a box its max range is 4.
    state = place(
        {"0.vigg-arysta": "C3", "1.gasper-feyto": "C4", "1.gultar": "C7"}, "0.vigg-arysta"
    )
    for target, rule in (("C4", "7.1.5"), ("C7", "7.1.5")):
        with pytest.raises(EngineError) as err:
            act(state, A.Cast("engano", target))
        assert err.value.rule == rule
    boxed = place(
        {"0.vigg-arysta": "C3", "1.gultar": "C7"}, "0.vigg-arysta", arena=empty_arena(boxes=["C3"])
    )
    act(boxed, A.Cast("engano", "C7"), ["Armour"])  # in range now; piercing: no armour die


def test_line_spells_need_a_row_or_column_and_fixed_range_ignores_boxes() -> None:
    state = place(
        {"0.ana-tomya": "C3", "1.gultar": "D4", "1.evangelyne": "C6"},
        "0.ana-tomya",
        team1="tofu-court",
        arena=empty_arena(boxes=["C3"]),
    )
    with pytest.raises(EngineError, match="out of range"):
        act(state, A.Cast("assalto", "D4"))  # diagonal (4.15.4)
    with pytest.raises(EngineError, match="out of range"):
        act(state, A.Cast("assalto", "C6"))  # 3 squares: the box does not help (4.15.7)


def test_personal_spells_target_only_the_casters_square() -> None:
    state = place({"0.merkator": "C3", "1.gultar": "J10"}, "0.merkator")
    with pytest.raises(EngineError, match="out of range"):
        act(state, A.Cast("Drenagem", "C4"))


def test_line_of_sight_is_blocked_by_krosmasters_and_trees_only() -> None:
    units = {"0.vigg-arysta": "C3", "0.tristepan": "C4", "1.gultar": "C5"}
    state = place(units, "0.vigg-arysta")
    with pytest.raises(EngineError) as err:
        act(state, A.Cast("engano", "C5"))
    assert err.value.rule == "7.1.6"
    tree = place(
        {"0.vigg-arysta": "C3", "1.gultar": "C5"}, "0.vigg-arysta", arena=empty_arena(trees=["C4"])
    )
    with pytest.raises(EngineError, match="line of sight"):
        act(tree, A.Cast("engano", "C5"))
    for scenery in (empty_arena(bushes=["C4"]), empty_arena(boxes=["C4"])):
        clear = place({"0.vigg-arysta": "C3", "1.gultar": "C5"}, "0.vigg-arysta", arena=scenery)
        act(clear, A.Cast("engano", "C5"), ["Armour"])  # 4.15.9.b


def test_summons_without_estorvo_and_peketito_figures_do_not_block_sight() -> None:
    tofu = {"add": [{"id": "0.tofu", "figure": "tofu", "owner": 0, "square": "C4"}]}
    state = place({"0.vigg-arysta": "C3", "1.gultar": "C5"}, "0.vigg-arysta", **tofu)
    act(state, A.Cast("engano", "C5"), ["Armour"])  # 4.19.1.f
    estorvo = with_power(state, "tofu", Power.OBSTRUCT)
    with pytest.raises(EngineError, match="line of sight"):
        act(estorvo, A.Cast("engano", "C5"))  # 4.9.14
    peketito = with_power(
        place({"0.vigg-arysta": "C3", "0.tristepan": "C4", "1.gultar": "C5"}, "0.vigg-arysta"),
        "tristepan",
        Power.PEKETITO,
    )
    act(peketito, A.Cast("engano", "C5"), ["Armour"])  # 4.15.9.b


def test_once_per_turn_once_per_target_once_per_game() -> None:
    state = place(
        {"0.ana-tomya": "C3", "1.gultar": "C4", "1.evangelyne": "D3"},
        "0.ana-tomya",
        team1="tofu-court",
    )
    state = act(state, A.Cast("assalto", "C4"), ["Armour", "Armour"])
    with pytest.raises(EngineError) as err:
        act(state, A.Cast("assalto", "C4"))
    assert err.value.rule == "7.1.3.b"
    act(state, A.Cast("assalto", "D3"), ["Armour", "Armour"])  # another target is fine
    gultar = place({"1.gultar": "C3", "0.tristepan": "C5", "0.merkator": "J1"}, "1.gultar", turn=3)
    gultar = act(gultar, A.Cast("vapor-negro", "C5"), ["Armour", "Armour"])
    with pytest.raises(EngineError) as err:
        act(gultar, A.Cast("vapor-negro", "C5"))
    assert err.value.rule == "7.1.3.a"


def test_a_once_per_game_spell_is_gone_after_use() -> None:
    state = place({"1.gultar": "C3", "0.tristepan": "C5", "0.merkator": "J1"}, "1.gultar")
    state = act(state, A.Cast("nuvem-sombria", "C5"), ["Armour", "Armour"])
    state = replace(state, units=tuple(replace(u, cast_this_turn=()) for u in state.units))
    with pytest.raises(EngineError) as err:
        act(state, A.Cast("nuvem-sombria", "C5"))
    assert err.value.rule == "7.1.3.c"  # 4.8.4


def test_gultar_cannot_take_a_wound_cost_he_has_no_room_for() -> None:
    # 7.1.4.c example: Gultar (25 HP) with 24 wounds cannot cast Vapor Negro (2 wounds).
    state = place({"1.gultar": {"square": "C3", "wounds": 24}, "0.tristepan": "C4"}, "1.gultar")
    with pytest.raises(EngineError) as err:
        act(state, A.Cast("vapor-negro", "C4"))
    assert err.value.rule == "7.1.4.c"


def test_not_enough_ap() -> None:
    state = place(
        {"0.tristepan": {"square": "C3", "ap_tokens": -2}, "1.gultar": "C4"}, "0.tristepan"
    )
    with pytest.raises(EngineError) as err:
        act(state, A.Cast("punch", "C4"))  # 5 AP (4.8.5), only 4 left
    assert err.value.rule == "7.1.4.a"


# -- the steps of 7.2 -------------------------------------------------------------


def test_gasper_feyto_rolls_one_armour_die_against_engano() -> None:
    # 7.2.6 example: 1 basic die, +1 for Armour, −1 for Engano's armour piercing.
    state = place({"0.vigg-arysta": "C3", "1.gasper-feyto": "C5"}, "0.vigg-arysta")
    state = act(state, A.Cast("engano", "C5"), ["Crit", "Armour"])  # exactly two dice
    assert state.unit("1.gasper-feyto").wounds == 2  # 2 base, 1 crit v 1 armour: no modifier


def test_dan_to_fu_deals_four_air_damage() -> None:
    # 7.2.7.c: 1 base + 2 adjacent Tofus + 2 Aeroboost + 0 (1 crit v 1 armour) − 1 resistance.
    state = place(
        {
            "0.rainha-dos-tofus": {
                "square": "C3",
                "boost": [{"bonus_damage": 2, "element": "air"}],
            },
            "1.cavaleiro-nuvem": "C6",
        },
        "0.rainha-dos-tofus",
        team1="tofu-court",
        team2="tofu-court",
        add=[
            {
                "id": "0.tofu.a",
                "figure": "tofu",
                "owner": 0,
                "square": "B6",
                "summoner": "0.rainha-dos-tofus",
            },
            {"id": "1.tofu.b", "figure": "tofu", "owner": 1, "square": "D6"},
        ],
    )
    state = act(state, A.Cast("Dan To Fu", "C6"), ["Crit", "Armour"])
    assert state.unit("1.cavaleiro-nuvem").wounds == 4
    assert state.unit("0.rainha-dos-tofus").boost == ()  # 4.7.5.a: the boost is spent


def test_vigg_arysta_knocks_out_gui_yermetel_and_steals_one_life() -> None:
    # 4.10.4: Burla crits for 2 on Gui (6 HP, 5 wounds): one wound placed, KO, one
    # discarded; lifesteal removes one wound from Vigg (10 HP, 2 wounds).
    state = place(
        {
            "0.vigg-arysta": {"square": "C3", "wounds": 2},
            "1.gui-yermetel": {"square": "C4", "wounds": 5},
            "1.tristepan": "J10",
        },
        "0.vigg-arysta",
        team2="brakmar-raiders",
    )
    state, keys = events(state, A.Cast("burla", "C4"), ["Crit", "Lock"])
    assert state.unit("1.gui-yermetel").ko
    assert state.unit("0.vigg-arysta").wounds == 1
    assert keys.index("krosmaster.event.ko") < keys.index("krosmaster.event.lifesteal")
    # 4.6.2: Gui is level 2: the wild GG first, then one stolen.
    assert (state.wild_gg, [p.gg for p in state.players]) == (0, [8, 5])


def test_merkators_heal_is_capped_by_his_wounds() -> None:
    # 4.10.5: Drenagem would heal 2 with the critical, Merkator has 1 wound: heals 1.
    state = place({"0.merkator": {"square": "C3", "wounds": 1}, "1.gultar": "J10"}, "0.merkator")
    state, keys = events(state, A.Cast("drenagem", "C3"), ["Crit"])  # no armour test (7.3.2.a)
    assert state.unit("0.merkator").wounds == 0
    assert "krosmaster.event.healed" in keys


def test_koa_gullar_knocked_out_by_her_own_cost_still_resolves_the_spell() -> None:
    # 7.2.2.b: out at the end of step 1, the opponent gains 1 GG, the steps go on.
    state = place(
        {
            "0.koa-gullar": {"square": "C3", "wounds": 6},
            "1.gasper-feyto": "C4",
            "0.tristepan": "J1",
        },
        "0.koa-gullar",
    )
    state = act(state, A.Cast("punicao", "C3".replace("3", "4")), ["Armour", "Lock", "Lock"])
    assert state.unit("0.koa-gullar").ko
    assert state.unit("1.gasper-feyto").wounds == 3
    assert (state.wild_gg, state.players[1].gg) == (0, 7)
    assert state.active_unit != "0.koa-gullar"  # her turn is over


def test_koa_gullar_giving_the_last_gg_ends_the_match_before_the_spell_resolves() -> None:
    state = place(
        {
            "0.koa-gullar": {"square": "C3", "wounds": 6},
            "1.gasper-feyto": "C4",
            "0.tristepan": "J1",
        },
        "0.koa-gullar",
        players=[{"gg": 1}, {"gg": 11}],
        wild_gg=0,
    )
    state = act(state, A.Cast("punicao", "C4"))  # no die is rolled
    assert state.phase is Phase.OVER and state.winner == 1
    assert state.unit("1.gasper-feyto").wounds == 0


def test_push_goes_as_far_as_possible() -> None:
    # 7.2.4.b / 4.18.5: "Push 2" with an obstacle two squares behind moves one square.
    state = place(
        {"0.luk-ylook": "C3", "1.gasper-feyto": "C5"},
        "0.luk-ylook",
        team1="tofu-court",
        arena=empty_arena(trees=["C7"]),
    )
    state = act(state, A.Cast("flecha-repelente", "C5"), ["Armour", "Lock", "Lock"])
    gasper = state.unit("1.gasper-feyto")
    assert gasper.pos == sq("C6")
    assert gasper.wounds == 1  # still a target after being pushed (7.2.3)


def test_insensitive_targets_are_not_moved() -> None:
    state = place({"0.luk-ylook": "C3", "1.gasper-feyto": "C5"}, "0.luk-ylook", team1="tofu-court")
    state = with_power(state, "gasper-feyto", Power.INSENSITIVE)
    state = act(state, A.Cast("flecha-repelente", "C5"), ["Armour", "Lock", "Lock"])
    assert state.unit("1.gasper-feyto").pos == sq("C5")  # 4.9.17


def test_tracking_applies_effects_only_in_line() -> None:
    state = place(
        {"0.luk-ylook": "C3", "1.gasper-feyto": "D5", "1.gultar": "C5"},
        "0.luk-ylook",
        team1="tofu-court",
    )
    luk = state.figures["luk-ylook"]
    tracked = replace(luk.spells[0], tracking=True)
    state = replace(state, figures={**state.figures, "luk-ylook": replace(luk, spells=(tracked,))})
    off_line = act(state, A.Cast("flecha-repelente", "D5"), ["Armour", "Lock", "Lock"])
    assert off_line.unit("1.gasper-feyto").pos == sq("D5")  # 7.5.21.b: effects ignored
    in_line = act(state, A.Cast("flecha-repelente", "C5"), ["Armour", "Lock"])
    assert in_line.unit("1.gultar").pos == sq("C7")


def test_neutral_spells_never_roll_more_than_one_crit_die() -> None:
    # 4.10.3.b: the Punch is neutral, so the Critical inspiration adds nothing.
    state = place(
        {"0.tristepan": {"square": "C3", "inspiration": ["crit"]}, "1.gultar": "C4"}, "0.tristepan"
    )
    state = act(state, A.Cast("punch", "C4"), ["Crit", "Lock"])  # one crit die, one armour
    assert state.unit("1.gultar").wounds == 2
    # An elemental spell does get the extra die (4.9.3).
    state = place(
        {"0.tristepan": {"square": "C3", "inspiration": ["crit"]}, "1.gultar": "C4"}, "0.tristepan"
    )
    act(state, A.Cast("dark-blade", "C4"), ["Lock", "Crit", "Lock"])


def test_damage_is_floored_at_zero_and_immune_takes_none() -> None:
    state = place(
        {"1.quentin-flush": "C3", "0.tristepan": "C4", "0.merkator": "J1"}, "1.quentin-flush"
    )
    resist = with_power(state, "tristepan", Power.RESIST_FIRE)
    # 1 base − 1 armour − 1 resistance = −1 → 0 (7.2.7.d).
    out = act(resist, A.Cast("card-throw", "C4"), ["Lock", "Armour"])
    assert out.unit("0.tristepan").wounds == 0
    immune = with_power(state, "tristepan", Power.IMMUNE)
    out = act(immune, A.Cast("card-throw", "C4"), ["Crit", "Lock"])
    assert out.unit("0.tristepan").wounds == 0  # 4.9.12


def test_wounds_never_exceed_hp() -> None:
    state = place(
        {"0.tristepan": "C3", "1.quentin-flush": {"square": "C4", "wounds": 5}, "1.gultar": "J10"},
        "0.tristepan",
    )
    state = act(state, A.Cast("dark-blade", "C4"), ["Crit", "Lock"])
    assert state.unit("1.quentin-flush").ko and state.players[0].gg == 7  # the wild GG
