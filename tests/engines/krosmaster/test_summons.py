"""Summons (4.19): control value, placement, timeline, removal with the summoner."""

from __future__ import annotations

from typing import Any

from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Power
from engines.krosmaster.rules.state import State
from engines.krosmaster.rules.units import knock_out
from tests.engines.krosmaster.helpers import act, events, position, sq, with_power


def queen(tofus: int = 0, **extra: Any) -> State:
    add = [
        {
            "id": f"0.tofu.{i + 1}",
            "figure": "tofu",
            "owner": 0,
            "square": f"H{i + 1}",
            "summoner": "0.rainha-dos-tofus",
        }
        for i in range(tofus)
    ]
    return position(
        {
            "add": add,
            "units": [
                {"id": "0.rainha-dos-tofus", "square": "C3"},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.rainha-dos-tofus",
            **extra,
        },
        team1="tofu-court",
    )


def test_a_summon_enters_on_the_target_square_and_plays_after_its_summoner() -> None:
    state, keys = events(queen(), A.Cast("tofu-summoning", "C4"))
    assert "krosmaster.event.summoned" in keys
    tofu = state.unit("0.tofu.1")
    assert (tofu.pos, tofu.summoner) == (sq("C4"), "0.rainha-dos-tofus")
    line = state.players[0].timeline
    assert line[line.index("0.rainha-dos-tofus") + 1] == "0.tofu.1"  # 4.19.1.g
    state = act(state, A.EndTurn())
    assert state.active_unit == "0.tofu.1"
    assert (state.unit("0.tofu.1").ap, state.unit("0.tofu.1").mp) == (4, 4)


def test_the_control_value_limits_summons_in_play() -> None:
    # 4.19.9.d: the Queen controls 3 Tofus and cannot summon another…
    state, keys = events(queen(tofus=3), A.Cast("tofu-summoning", "C4"))
    assert "krosmaster.event.summon_limit" in keys and state.unit("0.rainha-dos-tofus").ap == 3
    # …until one is knocked out.
    state, _ = knock_out(queen(tofus=3), "0.tofu.2")
    state, keys = events(state, A.Cast("tofu-summoning", "C4"))
    assert "krosmaster.event.summoned" in keys


def test_a_summon_needs_a_free_square() -> None:
    state = position(
        {
            "units": [
                {"id": "0.rainha-dos-tofus", "square": "C3"},
                {"id": "1.gultar", "square": "C4"},
            ],
            "active": "0.rainha-dos-tofus",
        },
        team1="tofu-court",
    )
    _, keys = events(state, A.Cast("tofu-summoning", "C4"))
    assert "krosmaster.event.summon_blocked" in keys  # 4.19.1.a–b


def test_summons_leave_with_their_summoner_and_give_no_gg() -> None:
    state, _ = knock_out(queen(tofus=2), "0.tofu.1")
    assert [p.gg for p in state.players] == [6, 6] and state.wild_gg == 1  # 4.19.1.c
    state, _ = knock_out(state, "0.rainha-dos-tofus")
    assert state.unit("0.tofu.2").pos is None  # 4.10.2.a


def test_desgastar_wears_a_summon_at_the_start_of_its_summoners_turn() -> None:
    state = position(
        {
            "add": [
                {
                    "id": "0.tofu.1",
                    "figure": "tofu",
                    "owner": 0,
                    "square": "H1",
                    "summoner": "0.rainha-dos-tofus",
                }
            ],
            "units": [
                {"id": "0.rainha-dos-tofus", "square": "C3"},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "1.gultar",
        },
        team1="tofu-court",
    )
    state = with_power(state, "tofu", Power.WEAR)
    state = act(state, A.EndTurn())
    state = act(act(state, A.Tension(), ["Lock", "Crit"]), A.Keep())
    state = act(state, A.EndInspiration())  # the Queen's turn starts: 4.9.30
    assert state.active_unit == "0.rainha-dos-tofus"
    assert state.unit("0.tofu.1").wounds == 1
