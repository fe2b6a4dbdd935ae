"""The player turn (5: tension, inspiration, refund) and component turns (6)."""

from __future__ import annotations

import pytest

from engines.core import EngineError
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Power
from engines.krosmaster.rules.board import has_power
from engines.krosmaster.rules.faces import Face
from engines.krosmaster.rules.state import Phase, State
from tests.engines.krosmaster.helpers import act, events, new_match, position


def deployed() -> State:
    state = new_match()
    while state.phase is Phase.DEPLOY:
        state = act(state, ENGINE.pending(state)[0].default)
    return state


def second_turn() -> State:
    """The second player's first turn, at its tension test."""
    state = deployed()
    while state.phase is Phase.ACTIVATION:
        state = act(state, A.EndTurn())
    return state


def test_components_play_in_timeline_order_then_the_opponent_starts() -> None:
    state = deployed()
    order = []
    while state.phase is Phase.ACTIVATION:
        order.append(state.active_unit)
        state = act(state, A.EndTurn())
    assert order == list(state.players[1].timeline)
    assert state.phase is Phase.TENSION and state.active_player == 0 and state.player_turn == 2


def test_tension_doubles_cost_each_player_one_gg() -> None:
    state = act(second_turn(), A.Tension(), ["Crit", "Crit"])
    state, keys = events(state, A.Keep())
    assert "krosmaster.event.doubles" in keys
    assert [p.gg for p in state.players] == [5, 5] and state.gg_lost == 2
    assert state.phase is Phase.INSPIRATION


def test_a_reroll_uses_one_die_and_never_makes_doubles() -> None:
    state = act(second_turn(), A.Tension(), ["Lock", "Lock"])
    state = act(state, A.Reroll(), ["Armour"])
    with pytest.raises(EngineError):
        act(state, A.Reroll(), ["Armour"])  # 5.2.2: only one re-roll
    state = act(state, A.Keep())
    assert state.tension == (Face.ARMOUR,)
    assert [p.gg for p in state.players] == [6, 6]


def test_flexible_faces_default_to_avoiding_doubles() -> None:
    # 1.6.2.b: Crit/Dodge turns to Crit or Dodge; the default avoids a costly pair.
    state = act(second_turn(), A.Tension(), ["Crit", "CritDodge"])
    state = act(state, A.Keep())
    assert state.tension == (Face.CRIT, Face.DODGE)
    assert [p.gg for p in state.players] == [6, 6]


def test_the_player_may_turn_faces_explicitly_within_1_6_2() -> None:
    state = act(second_turn(), A.Tension(), ["Dofus", "CritDodge"])
    state = act(state, A.Keep("lock", "dodge"))
    assert state.tension == (Face.LOCK, Face.DODGE)
    rolled = act(second_turn(), A.Tension(), ["Armour", "CritDodge"])
    with pytest.raises(EngineError, match="cannot show"):
        act(rolled, A.Keep("", "armour"))


def test_losing_the_last_gg_to_doubles_ends_the_match() -> None:
    state = second_turn()
    state = ENGINE.apply_setup(state, {"players": [{"gg": 1}, {"gg": 3}]})
    state = act(act(state, A.Tension(), ["Lock", "Lock"]), A.Keep())
    assert ENGINE.result(state) is not None and state.winner == 1


def test_inspiration_dice_become_powers_and_leftovers_are_sold() -> None:
    state = act(second_turn(), A.Tension(), ["Armour", "Dodge"])
    state = act(state, A.Keep())
    state = act(state, A.Inspire(2, "Tristepan"))
    tristepan = state.unit("0.tristepan")
    assert has_power(state, tristepan, Power.DODGE)  # 5.3.1.c
    kamas = state.players[0].kamas
    state = act(state, A.EndInspiration())
    assert state.players[0].kamas == kamas + 1  # 5.4.2: one die left, 1 kama
    assert state.phase is Phase.ACTIVATION


def test_two_unused_dice_sell_for_three_kamas() -> None:
    state = act(act(second_turn(), A.Tension(), ["Armour", "Dodge"]), A.Keep())
    reserve = state.reserve_kamas
    state = act(state, A.EndInspiration())
    assert state.players[0].kamas == 3 and state.reserve_kamas == reserve - 3  # 5.4.1


def test_inspiration_lasts_until_the_players_next_turn() -> None:
    state = act(act(second_turn(), A.Tension(), ["Armour", "Dodge"]), A.Keep())
    state = act(act(state, A.Inspire(1, "Merkator")), A.EndInspiration())
    while state.active_player == 0:
        state = act(state, A.EndTurn())
    assert state.unit("0.merkator").inspiration == (Face.ARMOUR,)  # still there on the foe's turn
    state = act(act(state, A.Tension(), ["Lock", "Crit"]), A.Keep())
    while state.active_player == 1:
        state = act(state, A.EndInspiration() if state.phase is Phase.INSPIRATION else A.EndTurn())
    assert state.unit("0.merkator").inspiration == ()  # 5.3.3


def test_preliminary_phase_refills_gauges_with_tokens_and_discards_them() -> None:
    state = position(
        {
            "units": [
                {
                    "id": "0.tristepan",
                    "square": "C3",
                    "ap_tokens": -2,
                    "mp_tokens": 1,
                    "range_tokens": 1,
                },
            ],
            "active": "0.tristepan",
        }
    )
    t = state.unit("0.tristepan")
    assert (t.ap, t.mp, t.ap_tokens, t.mp_tokens, t.range_bonus) == (4, 4, 0, 0, 1)  # 4.11.5, 4.12


def test_unspent_points_are_lost_at_the_end_of_the_turn() -> None:
    state = position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3"},
                {"id": "0.koa-gullar", "square": "E3"},
                {"id": "1.gultar", "square": "E10"},
            ],
            "active": "0.tristepan",
        }
    )
    state = act(state, A.EndTurn())
    assert (state.unit("0.tristepan").ap, state.unit("0.tristepan").mp) == (0, 0)  # 6.3.8
    # Figures not in the arena are skipped along the timeline (5.5.1).
    assert state.active_unit == "0.koa-gullar"
    state = act(state, A.EndTurn())
    assert state.active_player == 1 and state.phase is Phase.TENSION
