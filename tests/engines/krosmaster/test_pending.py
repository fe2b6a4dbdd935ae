"""Step 8 (7.2.9): the queue of pending effects, counter-attacks, steals and tokens."""

from __future__ import annotations

import pytest

from engines.core import EngineError
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Power
from engines.krosmaster.rules.state import Phase, State
from engines.krosmaster.rules.units import add_tokens
from tests.engines.krosmaster.helpers import act, position, with_power


def counter_position(**extra: object) -> State:
    """Jems Blond (here Tristepan as a level-4, 8-HP figure) against Zorbalo Greg (Gasper)."""
    state = position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3", "wounds": 7},
                {"id": "1.gasper-feyto", "square": "C4", "wounds": 11},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.tristepan",
            **extra,
        }
    )
    state = with_power(state, "tristepan", level=4, hp=8)
    return with_power(state, "gasper-feyto", Power.COUNTER_ATTACK, level=2, hp=13)


def test_counter_attack_after_a_knock_out_can_end_the_match() -> None:
    # 7.2.8 example 3: both have 2 GG, the wild GG in play.
    state = counter_position(players=[{"gg": 2}, {"gg": 2}])
    # Crit test fails, Gasper's two armour dice fail: 3 damage, 2 wounds placed (13 HP).
    state = act(state, A.Cast("dark-blade", "C4"), ["Lock", "Lock", "Lock"])
    # The KO gave the wild GG and one stolen (4 v 1, no win); then the counter-attack
    # wounds "Jems", who is knocked out: the opponent steals 4 GG and wins.
    assert state.unit("1.gasper-feyto").ko and state.unit("0.tristepan").ko
    assert state.phase is Phase.OVER and state.winner == 1
    assert [p.gg for p in state.players] == [0, 5]


def test_a_single_pending_effect_resolves_by_itself() -> None:
    # 4.9.15: the counter-attacker wounds the unit that wounded it, in step 8.
    state = position(
        {
            "units": [{"id": "1.gultar", "square": "C3"}, {"id": "0.tristepan", "square": "C4"}],
            "active": "1.gultar",
        }
    )
    state = with_power(state, "tristepan", Power.COUNTER_ATTACK)
    state = act(state, A.Cast("espada-celestial", "C4"), ["Lock", "Lock"])
    assert state.unit("0.tristepan").wounds == 2
    assert state.unit("1.gultar").wounds == 1
    assert state.phase is Phase.ACTIVATION and state.pending == ()


def test_the_active_player_orders_pending_effects() -> None:
    # Like 7.2.9 example 4: Vigg (10 HP, 9 wounds) Burla on a counter-attacker.
    base = position(
        {
            "units": [
                {"id": "0.vigg-arysta", "square": "C3", "wounds": 9},
                {"id": "1.gasper-feyto", "square": "C4"},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.vigg-arysta",
        }
    )
    base = with_power(base, "gasper-feyto", Power.COUNTER_ATTACK)
    state = act(base, A.Cast("burla", "C4"), ["Crit", "Lock", "Lock"])
    assert state.phase is Phase.PENDING
    assert [p.kind.value for p in state.pending] == ["counter_attack", "lifesteal"]
    decision = ENGINE.pending(state)[0]
    assert decision.kinds == ("resolve",) and decision.seat == 0
    # Counter-attack first: Vigg falls and the lifesteal can no longer resolve (7.2.9.b).
    first = act(state, A.Resolve(1))
    assert first.unit("0.vigg-arysta").ko
    # Lifesteal first: 9 → 7 wounds, then the counter-attack: 8. Vigg survives.
    second = act(state, A.Resolve(2))
    assert second.unit("0.vigg-arysta").wounds == 8 and second.phase is Phase.ACTIVATION
    with pytest.raises(EngineError):
        act(state, A.Resolve(3))


def test_steal_mp_moves_tokens_and_cancels_opposite_ones() -> None:
    state = position(
        {
            "units": [
                {"id": "0.ratweyra", "square": "C3"},
                {"id": "1.gultar", "square": "C4", "mp_tokens": 1},
            ],
            "active": "0.ratweyra",
        },
        team1="rat-pack",
    )
    state = act(state, A.Cast("gnaw", "C4"), ["Lock", "Lock"])
    # 4.11.8: the −1 cancels Gultar's +1; 7.5.12: the caster gains +1 MP for it.
    assert state.unit("1.gultar").mp_tokens == 0
    assert state.unit("0.ratweyra").mp_tokens == 1


def test_minus_tokens_are_capped_by_the_maximum() -> None:
    state = position({"units": [{"id": "0.tristepan", "square": "C3"}], "active": "0.tristepan"})
    state, _, placed = add_tokens(state, "0.tristepan", mp=-5)
    assert state.unit("0.tristepan").mp_tokens == -3 and placed == 3  # 4.11.7
    state, _, placed = add_tokens(state, "0.tristepan", mp=-1)
    assert placed == 0
