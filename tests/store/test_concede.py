"""A resignation ends the match as the game says a concession does (teams share a loss)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.store import repository as repo
from bot.store.loading import rebuild_state
from bot.store.models import EventKind, MatchStatus
from engines.core import Action, MatchResult, ResultKind
from tests.store.helpers import ALICE, started_match
from tests.testgame.actions import Sort
from tests.testgame.rules import HighCardDice
from tests.testgame.state import State


class Partners(HighCardDice):
    """The test game with a twist: whoever concedes, the players win together."""

    def concede(self, state: State, seat: int, seats: Sequence[int]) -> MatchResult:
        return MatchResult(ResultKind.WIN, tuple(seats))


async def test_resign_uses_the_games_concession_result(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    match_id = (await started_match(sessions)).match.id
    async with sessions.begin() as session:
        loaded = await repo.load_match(session, match_id, Partners())
        await repo.resign(session, loaded, seat=0, actor_id=ALICE)
    async with sessions.begin() as session:
        match = await repo.get_match(session, match_id)
    assert match is not None and match.result == {
        "kind": "win",
        "winners": [0, 1],
        "reason": "resign",
    }


async def test_by_default_every_other_seat_wins(sessions: async_sessionmaker[AsyncSession]) -> None:
    match_id = (await started_match(sessions)).match.id
    async with sessions.begin() as session:
        loaded = await repo.load_match(session, match_id, HighCardDice())
        await repo.resign(session, loaded, seat=1, actor_id=ALICE)
    async with sessions.begin() as session:
        match = await repo.get_match(session, match_id)
    assert match is not None and match.result is not None and match.result["winners"] == [0]


class FreeForAll(HighCardDice):
    """The test game as if the others played on: leaving is a move (here: sorting)."""

    def withdrawal(self, state: State, seat: int) -> Action | None:
        return Sort(descending=True)


async def test_where_the_game_goes_on_a_resignation_is_a_replayed_withdrawal(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    game = FreeForAll()
    match_id = (await started_match(sessions)).match.id
    async with sessions.begin() as session:
        loaded = await repo.load_match(session, match_id, game)
        event = await repo.resign(session, loaded, seat=1, actor_id=ALICE, reason="bored")
    assert event.kind == EventKind.WITHDRAW and event.seat == 1 and event.reason == "bored"
    async with sessions.begin() as session:
        match = await repo.get_match(session, match_id)
        assert match is not None and match.status == MatchStatus.ACTIVE and match.result is None
        loaded = await repo.load_match(session, match_id, game)
        assert loaded.state.players[1].hand == tuple(
            sorted(loaded.state.players[1].hand, reverse=True)
        )
        # Replaying from the start (no snapshot) applies the withdrawal the same way.
        rebuilt, _ = await rebuild_state(session, match, game, match.version, from_scratch=True)
        assert rebuilt == loaded.state
