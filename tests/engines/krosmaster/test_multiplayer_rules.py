"""Chapter 9 in play: GG for knock-outs (4.6.2, 9.2.3, 9.2.5), the doubles chain (9.2.6),
elimination, team victory (9.3.2), resignations and "enemy" read as "other team" (4.1.2)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engines.core import EngineError, ResultKind
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.rules import multiplayer
from engines.krosmaster.rules.state import Owed, Phase, State
from engines.krosmaster.rules.targeting import in_enemy_territory
from tests.engines.krosmaster.helpers import act, events, sq
from tests.engines.krosmaster.helpers_multi import new4, position4

#: One Krosmaster of each player in the arena; Carla's Tristepan is active at C3.
BASE = {
    "0.evangelyne": "J10",
    "1.cavaleiro-nuvem": "J3",
    "2.tristepan": "C3",
    "3.koa-gullar": "F12",
}


def board(mode: str = "ffa", place: dict[str, Any] | None = None, **extra: Any) -> State:
    units = [{"id": u, "square": s} for u, s in BASE.items()]
    units += [{"id": u, **spec} for u, spec in (place or {}).items()]
    return position4({"units": units, "active": "2.tristepan", **extra}, mode)


def strike(state: State, target: str = "C4") -> tuple[State, list[str]]:
    """Dark Blade (3 EARTH, melee): no critical, no armour."""
    return events(state, A.Cast("dark-blade", target), ["Lock", "Lock"])


def gg(state: State) -> list[int]:
    return [p.gg for p in state.players]


def test_4_6_2_the_player_who_knocks_out_takes_the_gg_wild_first() -> None:
    state = board(place={"0.vigg-arysta": {"square": "C4", "wounds": 9}})
    state, keys = strike(state)
    assert "krosmaster.event.gg_gained" in keys
    assert gg(state) == [3, 3, 5, 3] and state.wild_gg == 1  # Vigg is level 2
    # Without wild GG they are stolen from the knocked-out Krosmaster's player.
    state = board(place={"0.vigg-arysta": {"square": "C4", "wounds": 9}}, wild_gg=0)
    state, _ = strike(state)
    assert gg(state) == [1, 3, 5, 3]


def test_9_2_3_knocking_out_a_players_last_krosmaster_steals_all_their_gg() -> None:
    state = board()
    state = ENGINE.apply_setup(
        state, {"units": [{"id": "0.evangelyne", "square": "C4", "wounds": 7}]}
    )
    state, keys = strike(state)  # Evangelyne (level 3, 8 HP) was Alice's only Krosmaster
    assert "krosmaster.event.eliminated" in keys
    # 3 wild GG for the level, then Alice's 3 GG (9.2.3).
    assert gg(state) == [0, 3, 9, 3] and state.wild_gg == 0
    assert ENGINE.result(state) is None  # Bruno and Davi still have GG and Krosmasters
    # Alice is out: after Carla come Davi and Bruno, never Alice (9.2.1).
    seen = []
    for _ in range(3):
        while state.phase is Phase.ACTIVATION:
            state = act(state, A.EndTurn())
        seen.append(state.active_player)
        state = act(state, A.Tension(), ["Crit", "Lock"])
        state = act(act(state, A.Keep()), A.EndInspiration())
    assert seen == [3, 1, 2]


def test_9_2_5_knocking_out_your_own_krosmaster_gives_gg_to_an_opponent_you_choose() -> None:
    place = {"2.gui-yermetel": {"square": "C4", "wounds": 5}}
    state = board(place=place, players=[{"gg": 3}, {"gg": 1}, {"gg": 3}, {"gg": 2}])
    state, keys = strike(state)
    assert "krosmaster.event.gift_owed" in keys
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 2 and decision.kinds == ("give",)
    assert decision.default == A.Give("2")  # the opponent with the fewest GG: Bruno
    with pytest.raises(EngineError):
        act(state, A.Give("Carla"))  # not an opponent
    state = act(state, A.Give("Davi"))
    assert gg(state) == [3, 1, 1, 4] and state.wild_gg == 3  # her own GG, not the wild ones
    assert not state.owed and state.active_unit == "2.tristepan"  # her turn goes on


def test_9_2_5_the_victory_check_waits_for_the_gift() -> None:
    # Carla is the only player with GG once the wild GG are gone; her gift changes that.
    place = {"2.gui-yermetel": {"square": "C4", "wounds": 5}}
    state = board(place=place, wild_gg=0, players=[{"gg": 0}, {"gg": 0}, {"gg": 3}, {"gg": 0}])
    state, _ = strike(state)
    assert ENGINE.result(state) is None and state.owed
    state = act(state, A.Give("Bruno"))
    assert gg(state) == [0, 2, 1, 0] and ENGINE.result(state) is None
    # Given to a player with none, the same check can end the match at once.
    state = board(place=place, wild_gg=0, players=[{"gg": 0}, {"gg": 0}, {"gg": 2}, {"gg": 0}])
    state = act(strike(state)[0], A.Give("Bruno"))
    result = ENGINE.result(state)
    assert result is not None and result.winners == (1,)


def test_9_2_5_a_player_without_gg_is_not_out_while_a_krosmaster_is_in_play() -> None:
    state = board(players=[{"gg": 3}, {"gg": 0}, {"gg": 3}, {"gg": 3}])
    while state.active_player == 2:
        state = act(state, A.EndTurn())
    for player in (3, 0):  # Davi, then Alice (play order 1-2-3-4 wraps round)
        assert state.active_player == player
        state = act(state, A.Tension(), ["Crit", "Lock"])
        state = act(act(state, A.Keep()), A.EndInspiration())
        state = act(state, A.EndTurn())
    assert state.active_player == 1 and ENGINE.result(state) is None  # Bruno plays on


def doubles_for_bruno(mode: str = "ffa") -> State:
    """Bruno's tension test (player 2, seat 1) after player 1's first turn."""
    state = new4(mode)
    while ENGINE.result(state) is None and state.phase is not Phase.TENSION:
        decision = ENGINE.pending(state)[0]
        state = ENGINE.apply(state, decision.seat, decision.default, _no_dice()).state
    assert state.active_player == 1
    return act(state, A.Tension(), ["Crit", "Crit"])


def _no_dice() -> Any:
    from engines.core import RiggedDice

    return RiggedDice([])


def test_9_2_6_doubles_the_active_player_picks_an_opponent_who_picks_another_player() -> None:
    state, keys = events(doubles_for_bruno(), A.Keep())
    assert "krosmaster.event.doubles_chain" in keys and gg(state) == [3, 3, 3, 3]
    first = ENGINE.pending(state)[0]
    assert first.seat == 1 and first.kinds == ("doubles",)
    assert first.default == A.Doubles("3")  # most GG, the next in play order: Carla
    with pytest.raises(EngineError):
        act(state, A.Doubles("Bruno"))  # an opponent, not himself
    state = act(state, A.Doubles("Davi"))
    assert gg(state) == [3, 3, 3, 2]
    second = ENGINE.pending(state)[0]
    assert second.seat == 3 and second.kinds == ("doubles",)
    with pytest.raises(EngineError):
        act(state, A.Doubles("Davi"))  # another player
    state = act(state, A.Doubles("Bruno"))  # "o adversário pode escolher o jogador ativo"
    assert gg(state) == [3, 2, 3, 2] and state.gg_lost == 2
    assert state.phase is Phase.INSPIRATION and ENGINE.pending(state)[0].seat == 1


def test_9_2_6_in_2v2_the_first_pick_is_an_opponent_and_defaults_spare_teammates() -> None:
    state = act(doubles_for_bruno("2v2"), A.Keep())
    with pytest.raises(EngineError):
        act(state, A.Doubles("Davi"))  # Davi is Bruno's teammate
    state = act(state, A.Doubles("Alice"))
    second = ENGINE.pending(state)[0]
    assert second.seat == 0 and second.default in (A.Doubles("2"), A.Doubles("4"))
    state = act(state, second.default)
    assert state.players[2].gg == 3  # Alice spared her teammate Carla


def test_9_2_6_losing_gg_to_doubles_can_end_the_match_once_the_wild_gg_are_gone() -> None:
    state = ENGINE.apply_setup(
        doubles_for_bruno(), {"wild_gg": 0, "players": [{"gg": 1}, {"gg": 2}, {"gg": 0}, {"gg": 0}]}
    )
    state = act(state, A.Keep())
    state = act(state, A.Doubles("Alice"))
    result = ENGINE.result(state)
    assert result is not None and result.winners == (1,)


def test_9_3_2_the_only_team_with_gg_wins_once_the_wild_gg_are_gone() -> None:
    place = {"1.luk-ylook": {"square": "C4", "wounds": 6}}
    players = [{"gg": 0}, {"gg": 2}, {"gg": 1}, {"gg": 0}]
    state = board("2v2", place=place, wild_gg=0, players=players)
    state, _ = strike(state)  # Luk (level 2) takes Bruno's last 2 GG
    result = ENGINE.result(state)
    assert result is not None and result.kind is ResultKind.WIN and result.winners == (0, 2)
    # The same position in a free-for-all: Alice has no GG, Carla alone has some — she wins.
    state = board("ffa", place=place, wild_gg=0, players=players)
    result = ENGINE.result(strike(state)[0])
    assert result is not None and result.winners == (2,)


def test_9_3_2_a_team_whose_krosmasters_are_all_knocked_out_loses() -> None:
    units = [
        {"id": "0.evangelyne", "square": "J10"},
        {"id": "2.tristepan", "square": "C3"},
        {"id": "1.cavaleiro-nuvem", "square": "C4", "wounds": 8},
    ]
    state = position4({"units": units, "active": "2.tristepan"}, "2v2")
    state, keys = strike(state)
    result = ENGINE.result(state)
    assert "krosmaster.event.eliminated" in keys
    # Decided by the knock-outs, not the GG: Davi (team B) still holds his 3.
    assert result is not None and result.winners == (0, 2) and state.players[3].gg == 3


def test_a_teammates_knock_out_is_no_gain_for_the_team() -> None:
    # 2 v 2: Carla knocks out her teammate Alice's Vigg: no GG for Carla's side (9.2.5).
    place = {"0.vigg-arysta": {"square": "C4", "wounds": 9}}
    state = board("2v2", place=place)
    state, keys = strike(state)
    assert "krosmaster.event.gift_owed" in keys and ENGINE.pending(state)[0].seat == 2
    state = act(state, A.Give("Davi"))
    assert gg(state) == [3, 3, 1, 5]


def test_resigning_in_2v2_loses_for_the_team_and_in_ffa_for_one_player() -> None:
    state = board("2v2")
    assert ENGINE.concede(state, 0, [0, 1, 2, 3]).winners == (1, 3)
    assert ENGINE.winning_side(state, 1, [0, 1, 2, 3]) == (1, 3)
    state = board("ffa")
    assert ENGINE.concede(state, 0, [0, 1, 2, 3]).winners == (1, 2, 3)
    assert ENGINE.winning_side(state, 2, [0, 1, 2, 3]) == (2,)
    # A player who is out neither wins by another's resignation nor with the referee's pick.
    out = ENGINE.apply_setup(state, {"units": [{"id": "0.evangelyne", "ko": True}]})
    assert ENGINE.concede(out, 1, [0, 1, 2, 3]).winners == (2, 3)
    assert ENGINE.winning_side(out, 3, [0, 1, 2, 3]) == (3,)


def test_4_6_3_a_bought_gg_is_stolen_from_the_chosen_opponent() -> None:
    def buyer(mode: str, **extra: Any) -> State:
        state = board(mode, wild_gg=0, players=[{}, {}, {"kamas": 24}, {"gg": 4}], **extra)
        arena = replace(state.arena, demonic=(sq("C3"),))
        return replace(state, arena=arena)

    offered = ENGINE.autocomplete(buyer("2v2"), 2, "buy-gg", "player", "", {})
    assert [c.value for c in offered] == ["4", "2"]  # Davi, Bruno: opponents after Carla
    state = act(buyer("ffa"), A.BuyGG("Alice"))
    assert gg(state) == [2, 3, 4, 4]
    state = act(buyer("ffa"), A.BuyGG())  # default: the opponent with the most GG
    assert gg(state) == [3, 3, 4, 3]
    with pytest.raises(EngineError) as err:
        act(buyer("2v2"), A.BuyGG("Alice"))  # a teammate
    assert err.value.key == "krosmaster.error.not_opponent"


def test_lock_tests_come_from_opponents_only() -> None:
    # 2 v 2: Alice's teammate Carla never locks her; Bruno's Cavaleiro does (4.14).
    place = {"0.vigg-arysta": {"square": "C4"}}
    state = board("2v2", place=place, active="0.vigg-arysta")
    moved = act(state, A.Move("D4"))  # next to Carla's Tristepan only: no dice
    assert moved.unit("0.vigg-arysta").pos == sq("D4")
    state = board("ffa", place=place, active="0.vigg-arysta")
    moved = act(state, A.Move("D4"), ["Dodge", "Lock"])  # Tristepan is an enemy here
    assert moved.unit("0.vigg-arysta").pos == sq("D4")


def test_4_20_territory_of_an_opponent_on_a_left_or_right_side() -> None:
    # Open arena: side 1 top (Alice), 2 right (Bruno), 3 bottom (Carla), 4 left (Davi).
    for mode, square, inside in (
        ("ffa", "C5", True),  # columns A-E: Davi's side
        ("ffa", "F6", False),
        ("ffa", "F12", True),  # Carla's rows
        ("2v2", "F12", False),  # Carla is Alice's teammate
        ("2v2", "H6", True),  # columns H-L: Bruno's side
    ):
        state = board(mode, place={"0.vigg-arysta": {"square": square}})
        assert in_enemy_territory(state, state.unit("0.vigg-arysta")) is inside, (mode, square)


def test_every_seat_sees_only_its_own_face_down_rewards() -> None:
    state = board(place={"1.luk-ylook": {"square": "K5", "rewards": ["speed-boost"]}})
    for seat in (None, 0, 1, 2, 3):
        data = ENGINE.view(state, seat).data
        luk = next(u for u in data["units"] if u["id"] == "1.luk-ylook")
        assert (luk["rewards"][0]["name"] is not None) is (seat == 1)
        assert [p["number"] for p in data["players"]] == [1, 2, 3, 4]


def test_an_owed_gift_with_nobody_left_to_receive_it_lapses() -> None:
    # Carla owes GG, but every opponent went out in the same action: the match is hers.
    out = [{"id": u, "ko": True} for u in ("0.evangelyne", "1.cavaleiro-nuvem", "3.koa-gullar")]
    state = ENGINE.apply_setup(board(), {"units": out})
    state = multiplayer.prune(replace(state, owed=(Owed("gift", 2, amount=2),)))
    result = ENGINE.result(state)
    assert state.owed == () and result is not None and result.winners == (2,)
