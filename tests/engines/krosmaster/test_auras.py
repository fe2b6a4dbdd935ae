"""Conditional static effects (4.18.4.e): a power the units next to the bearer have."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engines.core import ContentError
from engines.krosmaster.content.loader import load_dir
from engines.krosmaster.content.schema import Power, PowerDef
from engines.krosmaster.rules.board import has_power
from engines.krosmaster.rules.casting import armour_dice
from engines.krosmaster.rules.state import State
from tests.engines.krosmaster.helpers import position


def board(aura: str) -> State:
    """Gultar (Bruno's) gives Armour to his adjacent ``aura`` units; Quentin is his ally."""
    state = position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3"},
                {"id": "1.gultar", "square": "D3"},
                {"id": "1.quentin-flush", "square": "E3"},
                {"id": "1.evangelyne", "square": "J10"},
            ],
            "active": "0.tristepan",
        }
    )
    fig = state.figures["gultar"]
    fig = replace(fig, powers=(*fig.powers, PowerDef(Power.ARMOUR, aura=aura)))
    return replace(state, figures={**state.figures, "gultar": fig})


def armoured(state: State, uid: str) -> bool:
    return has_power(state, state.unit(uid), Power.ARMOUR)


def test_an_aura_protects_adjacent_allies_only_while_they_are_adjacent() -> None:
    state = board("allies")
    assert armoured(state, "1.quentin-flush")
    assert not armoured(state, "1.gultar")  # the bearer does not have it
    assert not armoured(state, "0.tristepan")  # an enemy next to him neither
    assert not armoured(state, "1.evangelyne")  # nor an ally far away
    quentin = state.unit("1.quentin-flush")
    spell = state.figures["tristepan"].spells[0]
    assert armour_dice(state, quentin, spell, piercing=False) == 2
    moved = replace(quentin, pos=(5, 5))
    state = replace(state, units=tuple(moved if u.id == moved.id else u for u in state.units))
    assert not armoured(state, "1.quentin-flush")  # 4.18.4.e: only while it holds


def test_an_aura_for_enemies_or_everyone() -> None:
    assert armoured(board("enemies"), "0.tristepan")
    assert not armoured(board("enemies"), "1.quentin-flush")
    both = board("all")
    assert armoured(both, "0.tristepan") and armoured(both, "1.quentin-flush")


def test_a_knocked_out_bearer_gives_nothing() -> None:
    state = board("allies")
    gultar = replace(state.unit("1.gultar"), pos=None, ko=True)
    state = replace(state, units=tuple(gultar if u.id == gultar.id else u for u in state.units))
    assert not armoured(state, "1.quentin-flush")


def _load(tmp_path: Path, power: str) -> PowerDef:
    root = Path(__file__).resolve().parents[3]
    text = (root / "tests/engines/krosmaster/fixtures/rulebook_examples/figures.yaml").read_text(
        encoding="utf-8"
    )
    text = text.replace("powers: [profanation]", f"powers: [{power}]")
    (tmp_path / "pack.yaml").write_text(text, encoding="utf-8")
    result: PowerDef = load_dir(tmp_path).figures["lapide"].powers[0]
    return result


def test_auras_load_from_yaml(tmp_path: Path) -> None:
    power = _load(tmp_path, "{power: resist_all, aura: allies}")
    assert (power.power, power.aura) == (Power.RESIST_ALL, "allies")
    for bad in (
        "{power: armour, aura: friends}",
        "{power: loot, aura: allies}",
        "{power: armour, aura: allies, revenge: 1}",
    ):
        with pytest.raises(ContentError):
            _load(tmp_path, bad)
