"""Helpers of the store tests: ids, a legal next move, a started match."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.store import repository as repo
from engines.core import Action, GameEngine
from tests.testgame import ENGINE as TESTGAME

# Real Discord ids are 64-bit: BigInteger columns must hold them.
GUILD, CHANNEL, THREAD = 1_000_000_000_000_000_001, 2_000_000_000_000_000_002, 3_000_000_003
ALICE, BOB = 111_111_111_111_111_111, 222_222_222_222_222_222


def next_move(game: GameEngine[Any], state: Any) -> tuple[int, Action]:
    """A legal move: the default of the first pending decision."""
    decision = game.pending(state)[0]
    assert decision.default is not None
    return decision.seat, decision.default


async def started_match(
    sessions: async_sessionmaker[AsyncSession],
    game: GameEngine[Any] = TESTGAME,
    options: dict[str, Any] | None = None,
) -> repo.LoadedMatch:
    """Create, accept and start a two-player match; committed.

    The test game defaults to a target no one reaches before the 18 cards run
    out (36 moves), so tests can play a dozen moves on any seed.
    """
    async with sessions.begin() as session:
        match = await repo.create_match(
            session,
            guild_id=GUILD,
            channel_id=CHANNEL,
            game=game.name,
            seats=[(ALICE, "Alice"), (BOB, "Bob")],
            options=game.parse_options(options or ({"target": 200} if game is TESTGAME else {})),
            created_by=ALICE,
        )
        assert await repo.accept_seat(session, match, BOB)
        return await repo.start_match(session, match, game, THREAD)


async def play(
    sessions: async_sessionmaker[AsyncSession], match_id: int, moves: int, game: GameEngine[Any]
) -> repo.LoadedMatch:
    """Load the match and play ``moves`` default moves in one transaction."""
    async with sessions.begin() as session:
        loaded = await repo.load_match(session, match_id, game)
        for _ in range(moves):
            seat, action = next_move(game, loaded.state)
            await repo.append_action(session, loaded, seat=seat, actor_id=None, action=action)
        return loaded
