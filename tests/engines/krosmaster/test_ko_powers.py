"""Powers that fire on a knock-out: Sabedoria (4.9.25), Prospecção (4.9.26), Saque X (4.9.29)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from engines.krosmaster import actions as A
from engines.krosmaster.content.loader import load_file
from engines.krosmaster.content.schema import ContentPack, Power, PowerDef
from engines.krosmaster.rules.state import State
from tests.engines.krosmaster.helpers import act, position, with_power


def duel(**extra: object) -> State:
    """Tristepan next to Quentin Flush (6 HP, 5 wounds); a Dark Blade knocks him out."""
    return position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3"},
                {"id": "0.koa-gullar", "square": "A1"},
                {"id": "1.quentin-flush", "square": "C4", "wounds": 5},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.tristepan",
            **extra,
        }
    )


def strike(state: State) -> State:
    return act(state, A.Cast("dark-blade", "C4"), ["Lock", "Lock"])


def test_loot_pays_the_killers_side() -> None:
    state = duel()
    quentin = state.figures["quentin-flush"]
    looted = replace(quentin, powers=(PowerDef(Power.LOOT, amount=2),))
    state = strike(replace(state, figures={**state.figures, "quentin-flush": looted}))
    assert state.players[0].kamas == 2


def test_prospecting_pays_when_a_krosmaster_knocks_out_a_krosmaster() -> None:
    state = strike(with_power(duel(), "koa-gullar", Power.PROSPECTING))
    assert state.players[0].kamas == 1


def test_wisdom_adds_a_gg_against_a_boss() -> None:
    state = with_power(duel(), "tristepan", Power.WISDOM)
    state = with_power(state, "quentin-flush", types=("Boss",))
    state = strike(state)
    # Quentin is level 1: the wild GG, plus 1 stolen for Wisdom.
    assert [p.gg for p in state.players] == [8, 5]


def test_no_killer_when_a_cost_knocks_a_unit_out() -> None:
    state = position(
        {
            "units": [
                {"id": "0.koa-gullar", "square": "C3", "wounds": 6},
                {"id": "0.tristepan", "square": "A1"},
                {"id": "1.gasper-feyto", "square": "C4"},
            ],
            "active": "0.koa-gullar",
        }
    )
    state = with_power(state, "gasper-feyto", Power.PROSPECTING)
    state = act(state, A.Cast("punicao", "C4"), ["Lock", "Lock", "Lock"])
    assert state.unit("0.koa-gullar").ko and state.players[1].kamas == 0  # 4.10.6.c


def test_loot_is_written_with_its_amount(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(
        "summons:\n  - {id: s, name: S, hp: 1, source: t, verified: false, powers: [{loot: 3}]}\n",
        encoding="utf-8",
    )
    pack = ContentPack()
    load_file(path, pack)
    assert pack.figures["s"].powers == (PowerDef(Power.LOOT, amount=3),)
