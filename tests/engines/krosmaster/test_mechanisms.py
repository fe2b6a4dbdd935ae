"""Towers (4.19.6), tombstones and Profanação (4.19.8, 4.9.31), several summons with one
effect (4.19.9.b–c), Retribuição / Revanche (4.9.19–4.9.20) and Artesão (4.9.27)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engines.core import EngineError, RiggedDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Effect, EffectKind, Power, PowerDef, Zone
from engines.krosmaster.rules.state import Marker, State
from engines.krosmaster.rules.units import knock_out
from tests.engines.krosmaster.helpers import (
    act,
    empty_arena,
    events,
    position,
    sq,
    with_power,
)
from tests.engines.krosmaster.test_summons import queen


def tombstone(**units: str) -> State:
    return position(
        {
            "add": [{"id": "1.lapide.1", "figure": "lapide", "owner": 1, "square": "C5"}],
            "units": [{"id": u, "square": s} for u, s in units.items()],
            "active": next(iter(units)),
        }
    )


def test_a_tombstone_is_walked_over_and_profaned_each_time() -> None:
    """4.19.8.b: not an obstacle, no lock; 4.9.31: a wound each time a Krosmaster enters."""
    state = tombstone(**{"0.tristepan": "C4", "1.gultar": "J10"})
    state, keys = events(state, A.Move("C6"))  # through C5: no lock test, no dice
    assert state.unit("0.tristepan").pos == sq("C6")
    assert state.unit("1.lapide.1").wounds == 1
    assert "krosmaster.event.profaned" in keys
    state, keys = events(state, A.Move("C5"))  # the second visit fills its 2 HP
    assert state.unit("1.lapide.1").ko and "krosmaster.event.ko" in keys
    assert state.unit("0.tristepan").pos == sq("C5")


def test_only_profanation_wounds_a_tombstone() -> None:
    """4.9.31: spells place no wounds on it and heals remove none."""
    state = tombstone(**{"0.vigg-arysta": "C4", "1.gultar": "J10"})
    state = act(state, A.Cast("burla", "C5"), ["Armour", "Armour"])
    assert state.unit("1.lapide.1").wounds == 0 and not state.unit("1.lapide.1").ko


def test_a_forced_move_ending_on_a_tombstone_profanes_it() -> None:
    state = tombstone(**{"0.vigg-arysta": "C3", "1.gultar": "C4"})
    fig = state.figures["vigg-arysta"]
    burla = replace(fig.spells[0], effects=(Effect(EffectKind.PUSH, amount=1),))
    state = replace(
        state,
        figures={**state.figures, "vigg-arysta": replace(fig, spells=(burla, *fig.spells[1:]))},
    )
    state = act(state, A.Cast("burla", "C4"), ["Armour", "Armour"])
    assert state.unit("1.gultar").pos == sq("C5")
    assert state.unit("1.lapide.1").wounds == 1


def test_a_tower_blocks_the_way_does_not_lock_and_casts_without_moving() -> None:
    """4.19.6: an obstacle mechanism with HP and a spell; it plays after its summoner."""
    tower = {
        "id": "1.arpoadora.1",
        "figure": "arpoadora",
        "owner": 1,
        "square": "C4",
        "summoner": "1.gultar",
    }
    units = [{"id": "0.tristepan", "square": "C3"}, {"id": "1.gultar", "square": "J10"}]
    state = position({"add": [tower], "units": units, "active": "0.tristepan"})
    assert state.players[1].timeline.index("1.arpoadora.1") == (
        state.players[1].timeline.index("1.gultar") + 1
    )
    with pytest.raises(EngineError):
        act(state, A.Move("C4", path="C4"))  # 4.19.6.b: an obstacle
    state = act(state, A.Move("B3"))  # no lock test: no dice (4.19.6.a)
    assert state.unit("0.tristepan").mp == 2
    turn = position({"add": [tower], "units": units, "active": "1.arpoadora.1"})
    with pytest.raises(EngineError):
        act(turn, A.Move("C5"))  # a mechanism cannot move
    turn = act(turn, A.Cast("arpao", "C3"), ["Lock", "Lock"])
    assert turn.unit("1.arpoadora.1").ap == 0 and turn.unit("0.tristepan").wounds == 1


def test_one_effect_summons_several_tokens_up_to_the_control_value() -> None:
    """4.19.9.b–c: the target square first, then the zone; no more than the control."""
    state = queen()
    fig = state.figures["rainha-dos-tofus"]
    spell = next(s for s in fig.spells if s.id == "tofu-summoning")
    triple = replace(spell, zone=Zone.CROSS, effects=(Effect(EffectKind.SUMMON, 5, figure="tofu"),))
    spells = tuple(triple if s.id == spell.id else s for s in fig.spells)
    state = replace(state, figures={**state.figures, fig.id: replace(fig, spells=spells)})
    state, keys = events(state, A.Cast("tofu-summoning", "C5"))
    tofus = [u for u in state.units if u.figure == "tofu" and u.pos is not None]
    assert len(tofus) == 3 and tofus[0].pos == sq("C5")  # control 3
    assert keys.count("krosmaster.event.summoned") == 3
    assert "krosmaster.event.summon_limit" in keys
    line = state.players[0].timeline
    at = line.index("0.rainha-dos-tofus")
    assert line[at + 1 : at + 4] == tuple(u.id for u in tofus)  # 4.19.1.g, placement order


def _gated(state: State, kind: EffectKind, count: int) -> State:
    fig = state.figures["vigg-arysta"]
    burla = replace(
        fig.spells[0], effects=(Effect(kind, amount=count), Effect(EffectKind.MP, amount=-2))
    )
    return replace(
        state,
        figures={**state.figures, "vigg-arysta": replace(fig, spells=(burla, *fig.spells[1:]))},
    )


def test_retribution_applies_what_follows_only_with_enough_enemy_allies() -> None:
    base = position(
        {
            "units": [{"id": "0.vigg-arysta", "square": "C3"}, {"id": "1.gultar", "square": "C4"}],
            "active": "0.vigg-arysta",
        }
    )
    closed, keys = events(
        _gated(base, EffectKind.RETRIBUTION, 1), A.Cast("burla", "C4"), ["Armour", "Armour"]
    )
    assert closed.unit("1.gultar").mp_tokens == 0 and "krosmaster.event.gate_closed" in keys
    allied = replace(
        base,
        figures={
            **base.figures,
            "gultar": replace(
                base.figures["gultar"], types=(*base.figures["gultar"].types, "Justiceiro")
            ),
        },
    )
    opened = act(
        _gated(allied, EffectKind.RETRIBUTION, 1), A.Cast("burla", "C4"), ["Armour", "Armour"]
    )
    assert opened.unit("1.gultar").mp_tokens == -2
    # Revanche counts Villains, not Justiciers.
    revenge = act(
        _gated(allied, EffectKind.REVENGE, 1), A.Cast("burla", "C4"), ["Armour", "Armour"]
    )
    assert revenge.unit("1.gultar").mp_tokens == 0


def test_artisan_buys_the_first_reward_without_ap_and_cheaper() -> None:
    """4.9.27: first purchase of the activation: no AP, jade 5 kamas; the next one is normal."""
    arena = empty_arena(demonic=["C3"])
    state = position(
        {
            "units": [{"id": "0.tristepan", "square": "C3"}, {"id": "1.gultar", "square": "J10"}],
            "players": [{"gg": 6, "kamas": 20}, {"gg": 6}],
            "active": "0.tristepan",
        },
        arena=arena,
    )
    state = with_power(state, "tristepan", Power.ARTISAN)
    piles = [i for i, p in enumerate(state.piles) if p]
    jade = next(i for i in piles if i >= 2)  # piles 0–1 granite, 2–3 jade (4.7.2)
    from engines.krosmaster.rules.rewards import pile_name

    state = act(state, A.BuyReward(pile_name(state, jade)))
    state = act(state, A.Assign("0.tristepan"))
    t = state.unit("0.tristepan")
    assert (t.ap, state.players[0].kamas) == (6, 15)
    state = act(state, A.BuyReward(pile_name(state, jade)))
    assert (state.unit("0.tristepan").ap, state.players[0].kamas) == (5, 9)


def _marking(state: State, fid: str, spell_id: str) -> State:
    fig = state.figures[fid]
    spells = tuple(
        replace(s, effects=(Effect(EffectKind.MARKER, text="Bleeding"),)) if s.id == spell_id else s
        for s in fig.spells
    )
    return replace(state, figures={**state.figures, fid: replace(fig, spells=spells)})


def test_a_special_marker_follows_its_placer_and_leaves_with_it() -> None:
    """4.13: the Puny Vampire example — casting again moves the marker to the new target;
    it goes when its placer is knocked out (4.13.3)."""
    state = position(
        {
            "units": [
                {"id": "0.vigg-arysta", "square": "C3"},
                {"id": "1.gultar", "square": "C4"},
                {"id": "1.evangelyne", "square": "D3"},
            ],
            "active": "0.vigg-arysta",
        }
    )
    state = act(_marking(state, "vigg-arysta", "burla"), A.Cast("burla", "C4"), ["Armour"] * 2)
    assert [(m.name, m.target) for m in state.markers] == [("Bleeding", "1.gultar")]
    shown = {u["id"]: u["markers"] for u in ENGINE.view(state, None).data["units"]}
    assert shown["1.gultar"] == ["Bleeding"] and shown["1.evangelyne"] == []
    rested = tuple(replace(u, ap=6) if u.id == "0.vigg-arysta" else u for u in state.units)
    again = act(replace(state, units=rested), A.Cast("burla", "D3"), ["Armour", "Armour"])
    assert [(m.name, m.target) for m in again.markers] == [("Bleeding", "1.evangelyne")]
    gone, _ = knock_out(again, "0.vigg-arysta")
    assert gone.markers == ()


def test_the_active_player_orders_several_new_summons_on_the_timeline() -> None:
    """4.19.1.g: several tokens from one effect play after the summoner in the order
    the active player chooses (`summon_order`, positions in placement order)."""
    state = queen()
    fig = state.figures["rainha-dos-tofus"]
    spell = next(s for s in fig.spells if s.id == "tofu-summoning")
    triple = replace(spell, zone=Zone.CROSS, effects=(Effect(EffectKind.SUMMON, 3, figure="tofu"),))
    spells = tuple(triple if s.id == spell.id else s for s in fig.spells)
    state = replace(state, figures={**state.figures, fig.id: replace(fig, spells=spells)})
    offered = [
        c.value
        for c in ENGINE.autocomplete(state, 0, "cast", "summon_order", "", {"spell": spell.id})
    ]
    assert len(offered) == 6 and "3,1,2" in offered
    placed = act(state, A.Cast("tofu-summoning", "C5"))
    ids = [u.id for u in placed.units if u.figure == "tofu"]
    chosen = act(state, A.Cast("tofu-summoning", "C5", summon_order="3,1,2"))
    line = chosen.players[0].timeline
    at = line.index("0.rainha-dos-tofus")
    assert line[at + 1 : at + 4] == (ids[2], ids[0], ids[1])
    with pytest.raises(EngineError):
        act(state, A.Cast("tofu-summoning", "C5", summon_order="1,1,2"))


def test_only_the_placers_side_removes_a_special_marker() -> None:
    """4.13.2: "a player cannot remove a marker they did not place" (by hand, `adjust`)."""
    state = position(
        {
            "units": [{"id": "0.vigg-arysta", "square": "C3"}, {"id": "1.gultar", "square": "C4"}],
            "active": "0.vigg-arysta",
        }
    )
    state = replace(state, markers=(Marker("Bleeding", "0.vigg-arysta", "1.gultar"),))
    with pytest.raises(EngineError):
        ENGINE.referee_apply(
            state, 1, A.Adjust("gultar", "marker", "Bleeding", "card"), RiggedDice([])
        )
    state = act(state, A.Adjust("gultar", "marker", "-Bleeding", "the card says so"))
    assert state.markers == ()


def test_a_power_after_revenge_counts_only_with_enough_enemy_villains() -> None:
    """4.9.20 before a power: Gultar's Lock (two lock dice) needs 1 enemy Ally/Villain."""
    state = position(
        {
            "units": [{"id": "0.tristepan", "square": "C3"}, {"id": "1.gultar", "square": "C4"}],
            "active": "0.tristepan",
        }
    )
    gated = PowerDef(Power.LOCK, gate="revenge", gate_count=1)
    fig = state.figures["gultar"]
    state = replace(state, figures={**state.figures, "gultar": replace(fig, powers=(gated,))})
    act(state, A.Move("B3"), ["Lock", "Crit"])  # one lock die: no villain on Alice's side
    trist = state.figures["tristepan"]
    villain = replace(trist, types=(*trist.types, "Vilão"))
    state = replace(state, figures={**state.figures, "tristepan": villain})
    act(state, A.Move("B3"), ["Lock", "Lock", "Crit"])  # now two lock dice


def test_gated_powers_load_from_yaml(tmp_path: Path) -> None:
    from engines.krosmaster.content.loader import load_dir

    root = Path(__file__).resolve().parents[3]
    text = (root / "tests/engines/krosmaster/fixtures/rulebook_examples/figures.yaml").read_text(
        encoding="utf-8"
    )
    text = text.replace("powers: [profanation]", "powers: [{power: armour, retribution: 2}]")
    (tmp_path / "pack.yaml").write_text(text, encoding="utf-8")
    power = load_dir(tmp_path).figures["lapide"].powers[0]
    assert (power.power, power.gate, power.gate_count) == (Power.ARMOUR, "retribution", 2)
