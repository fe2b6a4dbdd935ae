"""Every built-in Krosmaster against the facts recorded from its public record
(printed/records.yaml): stats, name colour, boss; the two whole cards' powers and spells;
the printed names. Nothing made up is built in: no spell beyond the recorded cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from engines.krosmaster.content.loader import builtin_pack
from engines.krosmaster.content.schema import FigureDef, SpellDef

RECORDS: dict[str, Any] = yaml.safe_load(
    (Path(__file__).parent / "printed" / "records.yaml").read_text(encoding="utf-8")
)
KROSMASTERS = {k: f for k, f in builtin_pack().figures.items() if not f.summon}


def _facts(fig: FigureDef) -> list[Any]:
    def known(stat: str, value: int | None) -> int | None:
        return None if stat in fig.unknown else value

    return [
        known("level", fig.level),
        known("initiative", fig.initiative),
        known("mp", fig.mp),
        known("hp", fig.hp),
        known("ap", fig.ap),
        fig.colour.value,
        fig.boss,
    ]


def test_every_built_in_krosmaster_has_a_record_and_every_record_a_krosmaster() -> None:
    assert set(KROSMASTERS) == set(RECORDS["figures"])
    assert len(KROSMASTERS) >= 170  # the whole public roster (K1 + K4)


@pytest.mark.parametrize("fid", sorted(RECORDS["figures"]))
def test_the_printed_stat_line(fid: str) -> None:
    assert _facts(KROSMASTERS[fid]) == RECORDS["figures"][fid]


def _spell(spell: SpellDef) -> dict[str, Any]:
    out: dict[str, Any] = {"ap": spell.ap, "range": [spell.range_kind.value]}
    if spell.range_kind.value not in ("melee", "personal"):
        out["range"] += [spell.range_min, spell.range_max]
    if spell.control:
        out["control"] = spell.control
    if spell.kind.value == "attack":
        out |= {"element": spell.element.value, "amount": spell.amount}
    for e in spell.effects:
        if e.figure:
            out["summons"] = e.figure
        elif e.per_adjacent:
            out["bonus_per_adjacent"] = [e.amount, e.per_adjacent]
        elif e.if_adjacent:
            out["bonus_if_adjacent"] = [e.amount, e.if_adjacent]
    return out


def _card(fig: FigureDef) -> dict[str, Any]:
    return {
        "powers": [p.power.value for p in fig.powers],
        "spells": {s.id: _spell(s) for s in fig.spells},
    }


@pytest.mark.parametrize("fid", sorted(RECORDS["cards"]))
def test_the_whole_cards_are_the_recorded_ones(fid: str) -> None:
    fig = KROSMASTERS[fid]
    assert fig.playable and _card(fig) == RECORDS["cards"][fid]


@pytest.mark.parametrize("sid", sorted(RECORDS["summons"]))
def test_the_summons_are_the_recorded_ones(sid: str) -> None:
    fig = builtin_pack().figures[sid]
    assert fig.summon and [fig.hp, fig.ap, fig.mp] == RECORDS["summons"][sid]["stats"]
    recorded = {k: v for k, v in RECORDS["summons"][sid].items() if k != "stats"}
    assert _card(fig) == recorded


def test_only_the_recorded_cards_are_playable_and_no_other_figure_has_spells() -> None:
    # A figure whose spells no record gives ships none (the invented ones are gone).
    playable = {k for k, f in KROSMASTERS.items() if f.playable}
    assert playable == set(RECORDS["cards"])
    assert all(not f.spells and not f.powers for f in KROSMASTERS.values() if not f.playable)
    summons = {k for k, f in builtin_pack().figures.items() if f.summon}
    assert summons == set(RECORDS["summons"])


@pytest.mark.parametrize(("fid", "name"), sorted(RECORDS["names_en"].items()))
def test_printed_english_names(fid: str, name: str) -> None:
    assert dict(KROSMASTERS[fid].names).get("en-US", KROSMASTERS[fid].name) == name


@pytest.mark.parametrize(("fid", "name"), sorted(RECORDS["names_pt"].items()))
def test_printed_portuguese_names(fid: str, name: str) -> None:
    assert dict(KROSMASTERS[fid].names).get("pt-BR", KROSMASTERS[fid].name) == name
