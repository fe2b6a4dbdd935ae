"""HP changed for a duration (4.18.4) and lasting changes added or ended by hand (1.5.1)."""

from __future__ import annotations

import pytest

from engines.core import EngineError, RiggedDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Effect, EffectKind
from engines.krosmaster.rules.board import max_hp, max_mp
from engines.krosmaster.rules.state import Lasting, State
from engines.krosmaster.rules.units import wound
from engines.krosmaster.view import build_view
from tests.engines.krosmaster.helpers import act, events, position
from tests.engines.krosmaster.test_lasting import NO_CRIT_NO_ARMOUR
from tests.engines.krosmaster.test_lasting import board as spell_board


def board() -> State:
    """Tristepan active; Quentin Flush (6 HP) carries 4 wounds."""
    return position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3"},
                {"id": "1.quentin-flush", "square": "C5", "wounds": 4},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.tristepan",
        }
    )


def adjust(state: State, value: str, unit: str = "1.quentin-flush") -> State:
    return act(state, A.Adjust(unit, "lasting", value, "card text"))


def test_raised_hp_lets_a_unit_carry_more_wounds_until_the_turn_ends() -> None:
    """+2 HP: 7 wounds do not knock Quentin out; when the turn ends, 7 ≥ 6 does (4.10.2)."""
    state = adjust(board(), "hp +2 turn")
    quentin = state.unit("1.quentin-flush")
    assert max_hp(state, quentin) == 8
    assert quentin.lasting == (Lasting("hp", 2, "turn"),)
    state = act(state, A.Adjust("1.quentin-flush", "wounds", "+3", "hit"))
    assert state.unit("1.quentin-flush").wounds == 7 and not state.unit("1.quentin-flush").ko
    _, placed = wound(state, "1.quentin-flush", 5)
    assert placed == 1  # wounds stop at the current HP (4.10.1)
    state, keys = events(state, A.EndTurn())
    assert state.unit("1.quentin-flush").ko and "krosmaster.event.ko" in keys


def test_lowered_hp_knocks_out_at_once_and_shows_in_the_view() -> None:
    state = adjust(board(), "hp -1 fight")
    assert max_hp(state, state.unit("1.quentin-flush")) == 5
    shown = {u["id"]: u for u in build_view(state)["units"]}
    assert shown["1.quentin-flush"]["hp"] == 5
    state, keys = events(state, A.Adjust("1.quentin-flush", "lasting", "hp -1 turn", "more"))
    assert state.unit("1.quentin-flush").ko and "krosmaster.event.ko" in keys


def test_a_spell_lowering_hp_knocks_out_in_step_3() -> None:
    """7.2.4.d: a unit whose wounds reach its lowered HP is knocked out before the damage."""
    effect = Effect(EffectKind.LASTING, amount=-2, stat="hp", until="turn")
    state = spell_board(effect, amount=0)
    state = act(state, A.Adjust("1.quentin-flush", "wounds", "+4", "set up"))
    state, keys = events(state, A.Cast("dark-blade", "C4"), NO_CRIT_NO_ARMOUR[:1])
    assert "krosmaster.event.lasting_turn_hp" in keys
    assert state.unit("1.quentin-flush").ko


def test_hp_never_drops_below_one_and_units_without_hp_get_none() -> None:
    state = adjust(board(), "hp -40 fight", unit="1.gultar")
    assert max_hp(state, state.unit("1.gultar")) == 1 and not state.unit("1.gultar").ko
    trapped = position(
        {
            "add": [
                {
                    "id": "1.trap",
                    "figure": "armadilha-mortal",
                    "owner": 1,
                    "square": "E5",
                    "summoner": "1.ratweyra",
                }
            ],
            "units": [{"id": "0.tristepan", "square": "C3"}, {"id": "1.ratweyra", "square": "J10"}],
            "active": "0.tristepan",
        },
        team2="rat-pack",
    )
    trapped = adjust(trapped, "hp +3 fight", unit="1.trap")
    assert max_hp(trapped, trapped.unit("1.trap")) == 0  # a trap has no HP (4.19.7)


def test_end_removes_changes_by_hand_and_recaps_tokens() -> None:
    state = adjust(board(), "mp -2 fight", unit="1.gultar")
    state = adjust(state, "damage +1 turn dark-blade once", unit="0.tristepan")
    gultar = state.unit("1.gultar")
    assert max_mp(state, gultar) == max_mp(board(), board().unit("1.gultar")) - 2  # type: ignore[operator]
    state = adjust(state, "end mp", unit="1.gultar")
    assert state.unit("1.gultar").lasting == ()
    assert state.unit("0.tristepan").lasting == (Lasting("damage", 1, "turn", "dark-blade", True),)
    state = adjust(state, "end", unit="0.tristepan")
    assert state.unit("0.tristepan").lasting == ()


@pytest.mark.parametrize(
    "value",
    [
        "",
        "hp",
        "hp +2",
        "hp 2 round",
        "level +1 turn",
        "hp +0 turn",
        "ap +1 turn x",
        "end x",
        "powers +1 turn",
    ],
)
def test_malformed_lasting_adjustments_are_refused(value: str) -> None:
    with pytest.raises(EngineError):
        adjust(board(), value)


def test_a_referee_adds_a_lasting_change_outside_an_activation() -> None:
    state = board()
    result = ENGINE.referee_apply(
        state, 1, A.Adjust("1.gultar", "lasting", "hp +1 fight", "ruling"), RiggedDice([])
    )
    assert (
        max_hp(result.state, result.state.unit("1.gultar"))
        == max_hp(state, state.unit("1.gultar")) + 1
    )


def test_adjust_value_autocomplete_offers_lasting_changes() -> None:
    found = ENGINE.autocomplete(
        board(), 0, "adjust", "value", "hp", {"what": "lasting", "unit": "1.gultar"}
    )
    values = [c.value for c in found]
    assert "hp +1 turn" in values and "end hp" in values
