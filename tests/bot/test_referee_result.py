"""`/ref result`: a referee's winner wins with their team; no winner is a draw."""

from __future__ import annotations

from bot.match.service import MatchService
from bot.match.types import Player
from engines.core.registry import load_games

PLAYERS = [Player(11, "Alice"), Player(22, "Bruno"), Player(33, "Carla"), Player(44, "Dario")]
REFEREE = 99


async def started(service: MatchService, game: str, players: list[Player]) -> int:
    match, _ = await service.create(
        guild_id=1,
        channel_id=2,
        game=game,
        creator=players[0],
        opponents=players[1:],
        options_text=None,
    )
    for player in players[1:]:
        await service.respond_invite(match.id, player.user_id, accept=True)
    await service.start(match.id, thread_id=3)
    return match.id


async def test_a_referee_winner_in_2v2_wins_with_the_teammate(service: MatchService) -> None:
    load_games()
    match_id = await started(service, "dicethrone", PLAYERS)
    snap = await service.load(match_id)
    state = snap.state
    partner = next(s for s in (1, 2, 3) if state.team(s) == state.team(0))

    done = await service.referee.set_result(match_id, REFEREE, [0], "opponents left")

    assert done.match.result == {
        "kind": "win",
        "winners": sorted([0, partner]),
        "reason": "referee",
    }


async def test_without_a_winner_it_is_a_draw_and_one_on_one_names_one_seat(
    service: MatchService,
) -> None:
    duel = await started(service, "testgame", PLAYERS[:2])
    won = await service.referee.set_result(duel, REFEREE, [1], "forfeit")
    assert won.match.result is not None and won.match.result["winners"] == [1]

    other = await started(service, "testgame", PLAYERS[:2])
    drawn = await service.referee.set_result(other, REFEREE, [], "agreed")
    assert drawn.match.result == {"kind": "draw", "winners": [], "reason": "referee"}
