"""Kamas (4.5, 6.3.3) and buying Gallons of Glory (4.6.3, 6.3.4)."""

from __future__ import annotations

import pytest

from engines.core import EngineError
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Power
from engines.krosmaster.rules.state import State
from tests.engines.krosmaster.helpers import act, empty_arena, position, with_power


def on_demonic(kamas: int, **extra: object) -> State:
    return position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3"},
                {"id": "0.vigg-arysta", "square": "D3"},
                {"id": "1.gultar", "square": "J10"},
            ],
            "players": [{"kamas": kamas}],
            "active": "0.tristepan",
            **extra,
        },
        arena=empty_arena(demonic=["C3", "D3"]),
    )


def test_collecting_kamas_costs_one_ap_each() -> None:
    state = position(
        {
            "units": [{"id": "0.tristepan", "square": "C3"}, {"id": "1.gultar", "square": "J10"}],
            "floor_kamas": {"C3": 2},
            "active": "0.tristepan",
        }
    )
    state = act(state, A.CollectKama(2))
    assert state.players[0].kamas == 2 and state.unit("0.tristepan").ap == 4
    assert state.floor_kamas == {}
    with pytest.raises(EngineError) as err:
        act(state, A.CollectKama(1))
    assert err.value.rule == "6.3.3"


def test_summons_do_not_collect_kamas() -> None:
    state = position(
        {
            "add": [{"id": "0.tofu", "figure": "tofu", "owner": 0, "square": "C3"}],
            "units": [{"id": "1.gultar", "square": "J10"}],
            "floor_kamas": {"C3": 1},
            "active": "0.tofu",
        }
    )
    with pytest.raises(EngineError, match="Krosmaster"):
        act(state, A.CollectKama(1))


def test_buying_a_gg_takes_the_wild_gg_first_then_steals() -> None:
    state = act(on_demonic(24), A.BuyGG())
    assert (state.wild_gg, [p.gg for p in state.players]) == (0, [7, 6])
    assert state.players[0].kamas == 12 and state.unit("0.tristepan").ap == 5
    assert state.reserve_kamas == on_demonic(24).reserve_kamas + 12
    # 6.3.4: once per player turn, even by another Krosmaster.
    with pytest.raises(EngineError) as err:
        act(state, A.BuyGG())
    assert err.value.rule == "6.3.4"
    stolen = act(on_demonic(12, wild_gg=0), A.BuyGG())
    assert [p.gg for p in stolen.players] == [7, 5]


def test_buying_needs_a_demonic_square_and_twelve_kamas() -> None:
    with pytest.raises(EngineError) as err:
        act(on_demonic(11), A.BuyGG())
    assert err.value.rule == "4.5.3"
    off = position(
        {
            "units": [{"id": "0.tristepan", "square": "C3"}, {"id": "1.gultar", "square": "J10"}],
            "players": [{"kamas": 20}],
            "active": "0.tristepan",
        }
    )
    with pytest.raises(EngineError) as err:
        act(off, A.BuyGG())
    assert err.value.rule == "4.6.3"


def test_the_last_gg_bought_wins_once_the_wild_gg_is_gone() -> None:
    state = act(on_demonic(12, wild_gg=0, players=[{"kamas": 12}, {"gg": 1}]), A.BuyGG())
    assert state.winner == 0  # 1.4.1


def test_farmer_takes_one_more_kama_after_a_turn_that_collected() -> None:
    state = position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3"},
                {"id": "0.koa-gullar", "square": "E3"},
                {"id": "1.gultar", "square": "J10"},
            ],
            "floor_kamas": {"C3": 1},
            "active": "0.tristepan",
        }
    )
    state = with_power(state, "tristepan", Power.FARMER)
    state = act(act(state, A.CollectKama(1)), A.EndTurn())
    assert state.players[0].kamas == 2  # 4.9.28
    state = act(state, A.EndTurn())  # Koa collected nothing: no bonus for anyone
    assert state.players[0].kamas == 2
