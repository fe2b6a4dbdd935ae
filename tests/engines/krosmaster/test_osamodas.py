"""The two whole printed cards built in (K3), played as printed: Queen of the Tofus and
King of the Gobballs with their summons. Gobbolob (pt-BR Papatabefe) deals +2 once when
at least one Papatudo — even an opponent's — is adjacent to its target (4.18.9 example)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engines.core import RiggedDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.loader import builtin_pack
from engines.krosmaster.rules.state import State
from tests.engines.krosmaster.helpers import SEATS, act, empty_arena, events

KING, QUEEN = "0.king-of-the-gobballs", "1.rainha-dos-tofus"


def court(add: list[dict[str, Any]]) -> State:
    """The default duel (the limited preset on both sides), the King next to the enemy
    Queen (C4), the summons ``add`` placed, the King active."""
    state = ENGINE.new_match({}, SEATS, builtin_pack(), RiggedDice([True]))
    state = replace(state, arena=empty_arena(), floor_kamas={})
    setup = {
        "add": add,
        "units": [
            {"id": KING, "square": "C3"},
            {"id": QUEEN, "square": "C4"},
            {"id": "0.rainha-dos-tofus", "square": "J2"},
        ],
        "active": KING,
    }
    result: State = ENGINE.apply_setup(state, setup)
    return result


def gobball(owner: int, square: str, n: int) -> dict[str, Any]:
    summoner = f"{owner}.king-of-the-gobballs"
    return {"figure": "gobball", "owner": owner, "summoner": summoner, "square": square,
            "id": f"{owner}.gobball-{n}"}  # fmt: skip


@pytest.mark.parametrize(
    ("gobballs", "wounds"),
    [
        ([], 1),  # 1 EARTH, nothing adjacent to the Queen
        ([gobball(0, "D4", 1)], 3),  # +2 with the King's Gobball next to her
        ([gobball(0, "D4", 1), gobball(1, "B4", 2)], 3),  # two adjacent: still +2, once
        ([gobball(1, "C5", 2)], 3),  # an opponent's Gobball counts too (4.18.9)
    ],
)
def test_gobbolob_deals_two_more_when_a_papatudo_is_next_to_its_target(
    gobballs: list[dict[str, Any]], wounds: int
) -> None:
    state = court(gobballs)
    # One critical die (no Critical power), one armour die (the Queen has no Armour): both fail.
    state = act(state, A.Cast("gobbolob", "C4"), ["Lock", "Lock"])
    assert state.unit(QUEEN).wounds == wounds
    assert state.unit(KING).ap == 7 - 3


def test_the_king_summons_one_gobball_next_to_him() -> None:
    state = court([])
    state = act(state, A.Cast("gobball-summoning", "D3"))
    summoned = [u for u in state.units if u.figure == "gobball" and u.pos is not None]
    assert len(summoned) == 1 and summoned[0].summoner == KING
    assert state.unit(KING).ap == 7 - 4
    # Control 1 (4.19.9.c): a second cast puts no second Gobball while the first is in play.
    state = replace(
        state, units=tuple(replace(u, ap=7) if u.id == KING else u for u in state.units)
    )
    state, keys = events(state, A.Cast("gobball-summoning", "B3"))
    assert "krosmaster.event.summon_limit" in keys
    assert [u.pos for u in state.units if u.figure == "gobball"] == [(3, 2)]  # D3 only
