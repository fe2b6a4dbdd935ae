"""A resignation ends the match as the game says a concession does (teams share a loss)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.store import repository as repo
from engines.core import MatchResult, ResultKind
from tests.store.helpers import ALICE, started_match
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
