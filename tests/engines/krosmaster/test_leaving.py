"""A player leaving a free-for-all that goes on without them (``withdraw``, leaving.py):
``ENGINE.withdrawal`` for resignations and forfeits, and ``/krosmaster leave``."""

from __future__ import annotations

import pytest

from engines.core import EngineError, RiggedDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.rules.seats import eliminated
from engines.krosmaster.rules.state import Marker, Phase, State
from tests.engines.krosmaster.helpers import act, events
from tests.engines.krosmaster.helpers_multi import new4
from tests.engines.krosmaster.test_multiplayer_rules import board, doubles_for_bruno, gg, strike


def leave(state: State, seat: int) -> tuple[State, list[str]]:
    """What the bot does on ``/match resign``: the game's withdrawal, without a turn check."""
    action = ENGINE.withdrawal(state, seat)
    assert action == A.Withdraw()
    out = ENGINE.referee_apply(state, seat, action, RiggedDice([]))
    return out.state, [e.key for e in out.events]


def test_only_a_free_for_all_with_three_players_still_in_goes_on() -> None:
    assert ENGINE.withdrawal(board("ffa"), 1) == A.Withdraw()
    assert ENGINE.withdrawal(board("2v2"), 1) is None  # 9.3.2: the team concedes
    duel = ENGINE.new_match({}, new4().seats[:2], ENGINE.load_content(None), RiggedDice([True]))
    assert ENGINE.withdrawal(duel, 0) is None
    with pytest.raises(EngineError) as err:
        ENGINE.referee_apply(duel, 0, A.Withdraw(), RiggedDice([]))
    assert err.value.key == "krosmaster.error.cannot_leave"
    # Three players: once one has left, the last two play it out (a resignation ends it).
    state, _ = leave(_three(), 0)
    assert ENGINE.withdrawal(state, 1) is None and ENGINE.withdrawal(state, 2) is None
    assert ENGINE.concede(state, 1, [0, 1, 2]).winners == (2,)
    assert ENGINE.withdrawal(state, 0) == A.Withdraw()  # already out: leaving changes nothing


def _three() -> State:
    from tests.engines.krosmaster.helpers_multi import position4

    units = [
        {"id": "0.evangelyne", "square": "J10"},
        {"id": "1.cavaleiro-nuvem", "square": "J3"},
        {"id": "2.tristepan", "square": "C3"},
    ]
    return position4({"units": units, "active": "2.tristepan"}, seats=3)


def test_the_active_player_leaving_ends_their_turn_and_the_next_player_plays() -> None:
    state = board(place={"2.gui-yermetel": {"square": "E5", "rewards": ["speed-boost"]}})
    placer, target = "2.tristepan", "3.koa-gullar"
    state = ENGINE.apply_setup(state, {"players": [{}, {}, {"kamas": 5}, {}]})
    from dataclasses import replace

    state = replace(state, markers=(Marker("Mark", placer, target),))
    state, keys = leave(state, 2)
    assert keys[0] == "krosmaster.event.withdrew" and "krosmaster.event.player_turn" in keys
    carla = [u for u in state.units if u.owner == 2]
    assert all(u.pos is None and u.ko and not u.rewards for u in carla)
    assert state.markers == ()  # 4.13.3: the markers she placed go with her units
    assert eliminated(state, 2) and state.left == (2,)
    # Her GG and kamas stay with her but no longer count; nobody took GG for her units.
    assert gg(state) == [3, 3, 3, 3] and state.wild_gg == 3 and state.players[2].kamas == 5
    assert state.active_player == 3 and state.phase is Phase.TENSION  # Davi, next in order
    assert all(d.seat != 2 for d in ENGINE.pending(state))
    # Round the table: Davi, Alice, Bruno, then Davi again — Carla is skipped.
    order = []
    for _ in range(4):
        order.append(state.active_player)
        state = act(state, A.Tension(), ["Crit", "Lock"])
        state = act(act(state, A.Keep()), A.EndInspiration())
        while state.phase is Phase.ACTIVATION:
            state = act(state, A.EndTurn())
    assert order == [3, 0, 1, 3]
    public = ENGINE.view(state, None).data
    assert [p["out"] for p in public["players"]] == [False, False, True, False]


def test_another_player_leaving_lets_the_active_player_go_on() -> None:
    state = board()
    state, keys = leave(state, 1)
    assert keys == ["krosmaster.event.withdrew"]
    assert state.active_unit == "2.tristepan" and state.phase is Phase.ACTIVATION
    assert state.unit("1.cavaleiro-nuvem").pos is None and ENGINE.result(state) is None
    state = act(state, A.EndTurn())
    while state.phase is Phase.ACTIVATION:
        state = act(state, A.EndTurn())
    assert state.active_player == 3


def test_a_gift_owed_by_the_leaver_is_given_by_default() -> None:
    place = {"2.gui-yermetel": {"square": "C4", "wounds": 5}}
    state = board(place=place, players=[{"gg": 3}, {"gg": 1}, {"gg": 3}, {"gg": 2}])
    state, _ = strike(state)
    assert state.owed and ENGINE.pending(state)[0].seat == 2
    state, keys = leave(state, 2)
    assert "krosmaster.event.gift" in keys  # 9.2.5: to the opponent with the fewest GG
    assert gg(state) == [3, 3, 1, 2] and not state.owed
    assert state.active_player == 3 and ENGINE.result(state) is None


def test_a_doubles_choice_owed_by_the_leaver_is_made_by_default() -> None:
    state = act(doubles_for_bruno(), A.Keep())
    assert ENGINE.pending(state)[0].seat == 1  # Bruno names an opponent (9.2.6)
    state, keys = leave(state, 1)
    assert "krosmaster.event.doubles_lose" in keys
    assert gg(state) == [3, 3, 2, 3]  # the default: the most GG, next in play order: Carla
    first = ENGINE.pending(state)[0]
    assert first.seat == 2 and first.kinds == ("doubles",)  # Carla names the next one
    state = act(state, A.Doubles("Davi"))
    assert gg(state) == [3, 3, 2, 2]
    assert state.active_player == 2 and state.phase is Phase.TENSION  # Bruno's turn ended


def test_leaving_can_decide_the_match_by_the_victory_check() -> None:
    state = board(wild_gg=0, players=[{"gg": 2}, {"gg": 0}, {"gg": 3}, {"gg": 0}])
    assert ENGINE.result(state) is None
    state, _ = leave(state, 0)  # 1.4.1 among the players still in: only Carla has GG
    result = ENGINE.result(state)
    assert result is not None and result.winners == (2,)
    assert ENGINE.pending(state) == []


def test_leaving_during_deployment_passes_the_deployment_on() -> None:
    state = new4("ffa", arena="four-winds")
    assert state.phase is Phase.DEPLOY and state.deploying == 0
    state, _ = leave(state, 0)  # player 1 leaves before deploying
    assert state.deploying == 1 and ENGINE.pending(state)[0].seat == 1
    state, _ = leave(state, 2)  # player 3 leaves before their turn to deploy
    while state.phase is Phase.DEPLOY:
        decision = ENGINE.pending(state)[0]
        assert decision.seat in (1, 3) and decision.default is not None
        state = ENGINE.apply(state, decision.seat, decision.default, RiggedDice([])).state
    assert state.active_player == 1 and state.player_turn == 1  # the first player still in
    assert all(u.pos is None for u in state.units if u.owner in (0, 2))
    assert ENGINE.withdrawal(state, 1) is None  # two players left: a resignation ends it


def test_leave_command_is_offered_to_every_player_and_applies_the_same_way() -> None:
    state = board()
    offered = {d.seat for d in ENGINE.pending(state) if "withdraw" in d.kinds}
    assert offered == {0, 1, 2, 3}
    assert all(d.optional for d in ENGINE.pending(state) if "withdraw" in d.kinds)
    out = ENGINE.apply(state, 3, A.Withdraw(), RiggedDice([])).state
    assert eliminated(out, 3) and out.active_unit == "2.tristepan"
    two_left = ENGINE.apply(out, 0, A.Withdraw(), RiggedDice([])).state
    assert not any("withdraw" in d.kinds for d in ENGINE.pending(two_left))
    with pytest.raises(EngineError):
        ENGINE.apply(two_left, 1, A.Withdraw(), RiggedDice([]))


def test_a_withdrawal_survives_the_json_round_trip() -> None:
    state, _ = leave(board(), 1)
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state
    assert ENGINE.parse_action(ENGINE.action_to_json(A.Withdraw())) == A.Withdraw()
    # The active player may also leave with /krosmaster leave: same events.
    _, keys = events(board(), A.Withdraw())
    assert keys[0] == "krosmaster.event.withdrew" and "krosmaster.event.player_turn" in keys
