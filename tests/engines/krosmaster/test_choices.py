"""Choices the rules leave to the active player: autocomplete narrowed by the options
already typed, the order of lock tests (4.14.2.b) and of simultaneous knock-outs (4.18.3.b)."""

from __future__ import annotations

from typing import Any

from engines.core import RiggedDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Power
from engines.krosmaster.names import pick
from engines.krosmaster.rules.state import State
from tests.engines.krosmaster.helpers import act, position, sq, with_power


def _values(state: State, command: str, option: str, **typed: Any) -> list[str]:
    return [c.value for c in ENGINE.autocomplete(state, 0, command, option, "", typed)]


def _vigg() -> State:
    return position(
        {
            "units": [
                {"id": "0.vigg-arysta", "square": "C3"},
                {"id": "1.gultar", "square": "C5"},
                {"id": "1.gasper-feyto", "square": "C4"},
            ],
            "active": "0.vigg-arysta",
        }
    )


def test_cast_target_offers_only_the_chosen_spells_targets() -> None:
    state = _vigg()
    burla = _values(state, "cast", "target", spell="burla")
    assert sorted(burla) == ["B3", "C2", "C4", "D3"]  # melee: the adjacent squares
    engano = set(_values(state, "cast", "target", spell="Engano"))
    assert "C4" not in engano and "C5" not in engano  # minimum range; Gasper blocks sight
    assert engano  # ranged squares further away
    # The spell typed by name or id; an unknown spell falls back to every spell.
    assert set(_values(state, "cast", "target", spell="nothing")) >= {"C4"}


def test_cast_spell_offers_the_spells_that_reach_the_typed_target() -> None:
    state = _vigg()
    assert set(_values(state, "cast", "spell", target="C4")) == {"burla", "punch"}


def test_facing_is_offered_only_where_the_target_lies() -> None:
    state = _vigg()
    assert _values(state, "cast", "facing", target="E5") == ["east", "south"]  # a diagonal
    assert _values(state, "cast", "facing", target="C6") == ["south"]


def test_move_path_follows_the_chosen_destination() -> None:
    state = _vigg()
    paths = _values(state, "move", "path", to="E3")
    assert paths == ["D3 E3"]
    assert _values(state, "move", "path", to="L12") == []  # out of reach


def test_lock_order_offers_the_orders_of_the_adjacent_enemies() -> None:
    state = _vigg()
    orders = _values(state, "move", "lock_order")
    assert orders == []  # only Gasper is adjacent: nothing to order
    state = position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3"},
                {"id": "1.gultar", "square": "C4"},
                {"id": "1.evangelyne", "square": "D3"},
            ],
            "active": "0.tristepan",
        }
    )
    assert sorted(_values(state, "move", "lock_order")) == [
        "1.evangelyne,1.gultar",
        "1.gultar,1.evangelyne",
    ]


def test_adjust_value_offers_free_squares_for_a_square() -> None:
    state = _vigg()
    squares = [
        c.value for c in ENGINE.autocomplete(state, 0, "adjust", "value", "D", {"what": "square"})
    ]
    assert "C4" not in squares and "D4" in squares
    assert "+1" in _values(state, "adjust", "value", what="wounds")


def test_the_active_player_orders_the_lock_tests() -> None:
    """4.14.2.b: the active player picks which adjacent enemy tests first; the dice
    then fall in that order (Gultar has the Lock power: two dice, 4.14.5)."""
    state = position(
        {
            "units": [
                {"id": "0.tristepan", "square": "C3"},
                {"id": "1.gultar", "square": "C4"},
                {"id": "1.evangelyne", "square": "D3"},
            ],
            "active": "0.tristepan",
        }
    )
    state = with_power(state, "gultar", Power.LOCK)
    rolls = ["Lock", "Lock", "Dodge", "Armour", "Dodge"]
    default = ENGINE.apply(state, 0, A.Move("B3"), RiggedDice(rolls))
    chosen = ENGINE.apply(
        state, 0, A.Move("B3", lock_order="Gultar, Evangelyne"), RiggedDice(rolls)
    )

    def tests(out: Any) -> list[tuple[str, str]]:
        return [
            (pick(e.params["enemy"], "pt-BR"), e.key.rsplit("_", 1)[1])
            for e in out.events
            if "lock" in e.key
        ]

    # Timeline order: Evangelyne (Lock v Lock) blocks; Gultar (Dodge, Armour v Dodge) is dodged.
    assert tests(default) == [("Evangelyne", "blocked"), ("Gultar o Bárbaro", "escaped")]
    # Chosen order: Gultar (Lock, Lock v Dodge) blocks; Evangelyne (Armour v Dodge) is dodged.
    assert tests(chosen) == [("Gultar o Bárbaro", "blocked"), ("Evangelyne", "escaped")]
    assert chosen.state.order == ()  # the order lasts one action
    assert chosen.state.unit("0.tristepan").pos == sq("C3")


def test_the_active_player_orders_simultaneous_knock_outs() -> None:
    """4.18.3.b: two knock-outs at once, one on each side, each player down to 1 GG.

    The knock-out resolved first takes the loser's last GG and ends the match
    (1.4.1), so the active player's order decides who wins."""
    setup = {
        "units": [
            {"id": "0.vigg-arysta", "square": "C3"},
            {"id": "0.tristepan", "square": "A1", "wounds": 99},
            {"id": "1.gultar", "square": "C4", "wounds": 99},
        ],
        "players": [{"gg": 1}, {"gg": 1}],
        "wild_gg": 0,
        "active": "0.vigg-arysta",
    }
    state = position(setup)
    # Any cast checks knock-outs once its costs are paid (7.2.2.b); board order first.
    board = act(state, A.Cast("burla", "C4"))
    assert board.winner == 1  # Tristepan (A1) is earlier on the board
    mine = act(state, A.Cast("burla", "C4", ko_order="Gultar, Tristepan"))
    assert mine.winner == 0
    assert mine.order == ()


def test_a_waiting_player_may_set_tension_preferences_without_being_waited_for() -> None:
    """1.6.2: `prefer` is an optional decision for the seat that is not deciding."""
    state = _vigg()
    owed, *rest = ENGINE.pending(state)
    assert owed.seat == 0 and not owed.optional
    assert [(d.seat, d.kinds, d.optional, d.auto_default) for d in rest] == [
        (1, ("prefer",), True, False)
    ]
    state = act(state, A.Prefer("dodge", "lock"), seat=1)
    assert (state.players[1].prefer_crit_dodge.value, state.players[1].prefer_dofus.value) == (
        "dodge",
        "lock",
    )
    assert ENGINE.pending(state)[0].seat == 0  # still Alice's turn
