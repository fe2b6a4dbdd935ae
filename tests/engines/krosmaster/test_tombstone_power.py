"""Tombstones put in play by a power (4.19.8): a card power "when this Krosmaster is
knocked out, put a Lápide on its square" (content: ``{manual: …, text: …, leaves: lapide}``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engines.core import ContentError
from engines.krosmaster import actions as A
from engines.krosmaster.content.loader import load_dir
from engines.krosmaster.content.schema import Power, PowerDef
from engines.krosmaster.rules.state import State
from tests.engines.krosmaster.helpers import act, events, position, sq

GRAVE = PowerDef(Power.MANUAL, name="Sepultura", text="Deixa uma Lápide.", leaves="lapide")


def grave_gultar() -> State:
    """Vigg (active, C4) next to Gultar (C5, one wound from a knock-out), who has the power."""
    state = position(
        {
            "units": [
                {"id": "0.vigg-arysta", "square": "C4"},
                {"id": "0.tristepan", "square": "J1"},
                {"id": "1.gultar", "square": "C5", "wounds": 24},
                {"id": "1.gasper-feyto", "square": "J10"},
            ],
            "active": "0.vigg-arysta",
        }
    )
    fig = state.figures["gultar"]
    fig = replace(fig, powers=(*fig.powers, GRAVE))
    return replace(state, figures={**state.figures, "gultar": fig})


def test_a_knocked_out_krosmaster_leaves_a_tombstone_on_its_square() -> None:
    state, keys = events(grave_gultar(), A.Cast("burla", "C5"), ["Lock", "Lock"])
    assert state.unit("1.gultar").ko and "krosmaster.event.left_token" in keys
    (grave,) = [u for u in state.units if u.figure == "lapide"]
    assert grave.pos == sq("C5") and grave.owner == 1 and grave.summoner is None
    assert not grave.ko  # Gultar's knock-out does not remove it (not his summon, 4.10.2.a)
    # 4.19.8.b / 4.9.31: not an obstacle; a Krosmaster walking in profanes it.
    state, keys = events(state, A.Move("C6"))
    assert "krosmaster.event.profaned" in keys and state.unit(grave.id).wounds == 1
    state = act(state, A.EndTurn())
    assert state.unit(grave.id).pos == sq("C5")  # skipped on the timeline: no AP, no MP


def test_a_power_must_leave_a_known_token(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text(
        """
figures:
  - id: test-ghost
    name: Test Ghost
    colour: white
    types: [Test]
    level: 1
    initiative: 1
    mp: 3
    hp: 5
    ap: 6
    source: test
    verified: false
    powers: [{manual: Grave, text: "leaves a ghost", leaves: nothing-here}]
""",
        encoding="utf-8",
    )
    with pytest.raises(ContentError, match="nothing-here"):
        load_dir(tmp_path)
