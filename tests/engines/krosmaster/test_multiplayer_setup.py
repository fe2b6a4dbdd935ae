"""Chapter 9 set-up: modes, 2-Krosmaster teams, play order, GG, sides and deployment."""

from __future__ import annotations

import pytest

from engines.core import RiggedDice, SetupError
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.geometry import label
from engines.krosmaster.rules.state import Phase
from tests.engines.krosmaster.helpers import examples, new_match
from tests.engines.krosmaster.helpers_multi import SEATS4, new4


def _dice() -> RiggedDice:
    return RiggedDice([])


def test_9_1_1_modes_need_the_right_number_of_players() -> None:
    assert ENGINE.min_seats == 2 and ENGINE.max_seats == 4
    assert new4("auto").mode == "ffa" and new4("auto", seats=3).mode == "ffa"
    assert new_match().mode == "duel"  # two seats and no mode: the duel as before
    for mode, seats in (("2v2", 3), ("duel", 4), ("ffa", 2)):
        with pytest.raises(SetupError) as err:
            new4(mode, seats=seats)
        assert err.value.key == "krosmaster.error.mode_seats"


def test_9_1_2_each_player_plays_two_krosmasters() -> None:
    with pytest.raises(SetupError) as err:
        new4(team3="tristepan, gui-yermetel, koa-gullar")
    assert err.value.key == "krosmaster.error.team_size_multi" and err.value.rule == "9.1.2"
    # Chapter 9 gives no level total; a match may set its own limit.
    with pytest.raises(SetupError) as err:
        new4(level=4)
    assert err.value.key == "krosmaster.error.team_level_multi"
    assert err.value.params == {"total": 5, "limit": 4}
    # Constructed name rules still hold inside a team (1.1.1.c), not across players.
    with pytest.raises(SetupError) as err:
        new4(team1="tristepan, tristepan")
    assert err.value.key == "krosmaster.error.team_copies"
    assert new4(team1="tristepan, koa-gullar", team2="tristepan, gui-yermetel").mode == "ffa"


def test_default_multiplayer_match_uses_duos_and_the_four_sided_arena() -> None:
    state = ENGINE.new_match({"mode": "2v2"}, SEATS4, examples(), _dice())
    assert state.arena.id == "four-winds" and len(state.arena.starts) == 4
    assert [len(p.timeline) for p in state.players] == [2, 2, 2, 2]
    with pytest.raises(SetupError) as err:
        ENGINE.new_match(
            {"mode": "ffa", "arena": "training-grounds"},
            SEATS4,
            examples(),
            _dice(),
        )
    assert err.value.key == "krosmaster.error.arena_sides" and err.value.rule == "9.2.4"


def test_9_2_1_players_are_numbered_by_decreasing_team_initiative() -> None:
    # Seat 4's duo has the highest total (8 + 5), seat 1's the lowest (2 + 3).
    state = new4(
        team1="koa-gullar, quentin-flush",
        team2="tristepan, gui-yermetel",
        team3="cavaleiro-nuvem, luk-ylook",
        team4="evangelyne, cavaleiro-nuvem",
    )
    assert state.turn_order == (3, 2, 1, 0) and state.first_player == 3


def test_9_2_1_ties_use_1_3_1_a_then_a_random_order() -> None:
    # 1.3.1.a: equal totals (7); the timeline's first Krosmaster decides: 5 beats 4.
    state = new4(team1="tristepan, gui-yermetel", team2="tristepan, ana-tomya")
    assert state.turn_order.index(0) < state.turn_order.index(1)
    # 1.3.1.c: identical duos are put in a random order (the forced shuffle swaps them).
    same = "tristepan, gui-yermetel"
    state = new4(team1=same, team2=same, team3=same, team4=same, dice=[[3, 1, 2, 0]])
    assert state.turn_order == (3, 1, 2, 0)


def test_9_3_3_player_1s_teammate_is_player_3_and_the_best_opponent_player_2() -> None:
    # Seat 3 (team A with seat 1) is highest; of team B (seats 2 and 4) seat 4 is higher.
    state = new4(
        "2v2",
        team1="koa-gullar, quentin-flush",  # 5
        team2="tristepan, gui-yermetel",  # 7
        team3="evangelyne, vigg-arysta",  # 12
        team4="cavaleiro-nuvem, luk-ylook",  # 9
    )
    assert state.turn_order == (2, 3, 0, 1)
    assert state.allied(2, 0) and state.allied(3, 1) and not state.allied(2, 3)


def test_9_2_3_three_gg_each_and_three_wild_gg_in_every_format() -> None:
    for fmt in ("constructed", "limited"):
        state = new4(format=fmt)
        assert [p.gg for p in state.players] == [3, 3, 3, 3] and state.wild_gg == 3


def test_9_2_4_player_1_deploys_first_then_the_others_in_turn_order_on_their_sides() -> None:
    state = new4(
        "ffa",
        team1="koa-gullar, quentin-flush",
        team2="tristepan, gui-yermetel",
        team3="evangelyne, vigg-arysta",
        team4="cavaleiro-nuvem, luk-ylook",
        arena="four-winds",
    )
    assert state.turn_order == (2, 3, 1, 0)
    printed = examples().arenas["four-winds"].starts
    # Player k takes printed side k (sides are numbered clockwise).
    assert [state.arena.starts[s] for s in state.turn_order] == list(printed)
    deployers = []
    while state.phase is Phase.DEPLOY:
        decision = ENGINE.pending(state)[0]
        deployers.append(decision.seat)
        assert isinstance(decision.default, A.Deploy)
        state = ENGINE.apply(state, decision.seat, decision.default, _dice()).state
    assert deployers == [2, 2, 3, 3, 1, 1, 0, 0]
    for unit in state.units:
        assert unit.pos in state.arena.starts[unit.owner]
    assert state.active_player == 2 and state.phase is Phase.ACTIVATION  # no tension on turn 1


def test_a_player_cannot_deploy_on_another_players_side() -> None:
    state = new4()
    foreign = label(state.arena.starts[1][0])
    with pytest.raises(Exception, match="starting squares"):
        ENGINE.apply(state, 0, A.Deploy("0.evangelyne", foreign), _dice())


def test_9_2_2_player_1_turns_the_arena_and_the_others_follow_clockwise() -> None:
    state = new4(sides="choose")
    decision = ENGINE.pending(state)[0]
    assert state.phase is Phase.SIDE and decision.seat == state.turn_order[0] == 0
    assert decision.prompt.key == "krosmaster.prompt.side_four"
    offered = [c.value for c in ENGINE.autocomplete(state, 0, "side", "squares", "", {})]
    assert offered == ["1", "2", "3", "4"]
    texts = [
        c.label.params["text"] for c in ENGINE.autocomplete(state, 0, "side", "squares", "", {})
    ]
    assert texts[0] == "1 (1, 2)" and texts[1] == "2 (K, L)"  # rows, or columns at the sides
    printed = state.arena.starts
    state = ENGINE.apply(state, 0, A.Side("2"), _dice()).state
    assert [state.arena.starts[s] for s in (0, 1, 2, 3)] == [
        printed[1],
        printed[2],
        printed[3],
        printed[0],
    ]
    assert state.phase is Phase.DEPLOY and ENGINE.pending(state)[0].seat == 0


def test_three_players_use_three_sides_clockwise() -> None:
    state = new4(seats=3)
    printed = examples().arenas["four-winds"].starts
    assert len(state.arena.starts) == 3
    assert [state.arena.starts[s] for s in state.turn_order] == list(printed[:3])
    assert [p.gg for p in state.players] == [3, 3, 3] and state.wild_gg == 3


def test_a_duel_on_a_four_sided_arena_uses_opposite_sides() -> None:
    printed = examples().arenas["four-winds"].starts
    state = new_match(arena="four-winds")
    assert state.arena.starts == (printed[0], printed[2])
    chosen = new_match(arena="four-winds", sides="choose")
    second = ENGINE.pending(chosen)[0].seat
    chosen = ENGINE.apply(chosen, second, A.Side("4"), _dice()).state
    assert chosen.arena.starts[second] == printed[3]
    assert chosen.arena.starts[1 - second] == printed[1]


def test_options_as_the_bot_stores_them_start_a_free_for_all_on_four_sides() -> None:
    """The bot stores every option with its default filled in: "auto" arena and teams must
    still pick chapter 9's four-sided arena and duos (a fixed duel default would refuse)."""
    from engines.core import Seat, SeededDice
    from engines.krosmaster import ENGINE

    seats = [Seat(i, name) for i, name in enumerate(("Ana", "Bia", "Caio"))]
    stored = ENGINE.parse_options({})
    state = ENGINE.new_match(stored, seats, ENGINE.load_content(None), SeededDice(b"s" * 32, 0))
    assert state.mode == "ffa" and state.arena.id == "four-winds"
    duel = ENGINE.new_match(stored, seats[:2], ENGINE.load_content(None), SeededDice(b"s" * 32, 0))
    assert duel.mode == "duel" and duel.arena.id == "training-grounds"
