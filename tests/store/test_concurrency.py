"""Two writers, one match: exactly one wins, the other gets MatchChangedError."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.store import db
from bot.store import repository as repo
from bot.store.conflicts import match_write
from bot.store.errors import DatabaseBusyError, MatchChangedError
from bot.store.models import Match, MatchEvent
from tests.store.helpers import ALICE, BOB, next_move, play, started_match
from tests.testgame import ENGINE as TESTGAME


async def _move_and_commit(session: AsyncSession, loaded: repo.LoadedMatch) -> int:
    seat, action = next_move(TESTGAME, loaded.state)
    result = await repo.append_action(session, loaded, seat=seat, actor_id=ALICE, action=action)
    await session.commit()
    return result.event.seq


async def test_concurrent_appends_one_wins(sessions: async_sessionmaker[AsyncSession]) -> None:
    match_id = (
        await play(sessions, (await started_match(sessions)).match.id, 2, TESTGAME)
    ).match.id
    async with sessions() as first, sessions() as second:
        # Both players loaded the match at version 2 before either wrote.
        loaded = [await repo.load_match(s, match_id, TESTGAME) for s in (first, second)]
        assert [lm.version for lm in loaded] == [2, 2]
        results = await asyncio.gather(
            _move_and_commit(first, loaded[0]),
            _move_and_commit(second, loaded[1]),
            return_exceptions=True,
        )
    winners = [r for r in results if r == 3]
    losers = [r for r in results if isinstance(r, MatchChangedError)]
    assert (len(winners), len(losers)) == (1, 1), results
    assert losers[0].match_id == match_id
    async with sessions.begin() as session:
        seqs = (
            await session.scalars(
                select(MatchEvent.seq).where(MatchEvent.match_id == match_id).order_by("seq")
            )
        ).all()
        current = await repo.load_match(session, match_id, TESTGAME)
    assert seqs == [0, 1, 2, 3]
    assert current.version == 3
    # The loser reloads and plays on from the new state.
    assert (await play(sessions, match_id, 1, TESTGAME)).version == 4


async def test_concurrent_accepts_start_exactly_once(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    async with sessions.begin() as session:
        match = await repo.create_match(
            session,
            guild_id=1,
            channel_id=2,
            game="testgame",
            seats=[(ALICE, "Alice"), (BOB, "Bob"), (333, "Carol")],
            options={},
            created_by=ALICE,
        )
        match_id = match.id

    async def accept(user_id: int) -> bool:
        async with sessions.begin() as session:
            row = await repo.get_match(session, match_id)
            assert row is not None
            return await repo.accept_seat(session, row, user_id)

    assert sorted(await asyncio.gather(accept(BOB), accept(333))) == [False, True]


async def test_duplicate_seq_is_a_match_change(sessions: async_sessionmaker[AsyncSession]) -> None:
    # The unique (match_id, seq) constraint backs up the version guard.
    match_id = (await started_match(sessions)).match.id
    with pytest.raises(MatchChangedError):
        async with sessions.begin() as session:
            with match_write(match_id):
                session.add(
                    MatchEvent(
                        match_id=match_id, seq=0, kind="action", action={}, dice=[], events=[]
                    )
                )
                await session.flush()


async def test_lock_timeout_is_a_match_change_busy_file_is_not(
    db_url: str, is_sqlite: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # PostgreSQL: a writer that gives up waiting for the match's row lock has lost
    # the race. SQLite: its one write lock is the whole file's, held here for a
    # guild's settings; that says nothing about the match, so it is "busy", never
    # "the match changed".
    monkeypatch.setattr(db, "SQLITE_BUSY_TIMEOUT_MS", 50)
    engine = db.make_engine(db_url)
    sessions = db.make_sessionmaker(engine)
    try:
        match_id = (await started_match(sessions)).match.id
        async with sessions.begin() as blocker, sessions.begin() as mover:
            if is_sqlite:  # any write takes SQLite's single write lock
                await repo.update_guild_settings(blocker, 1, locale="it")
            else:
                await blocker.execute(select(Match).where(Match.id == match_id).with_for_update())
                await mover.execute(text("SET LOCAL lock_timeout = '50ms'"))
            loaded = await repo.load_match(mover, match_id, TESTGAME)
            seat, action = next_move(TESTGAME, loaded.state)
            expected = DatabaseBusyError if is_sqlite else MatchChangedError
            with pytest.raises(expected) as caught:
                await repo.append_action(mover, loaded, seat=seat, actor_id=None, action=action)
            assert caught.value.__cause__ is not None  # the database's own error, chained
    finally:
        await engine.dispose()


async def test_moves_in_different_matches_are_never_refused(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Eight players move at once, each in their own match, and each move's
    # transaction stays open a while after its write (as a move's does while the
    # bot schedules deadlines). SQLite's own wait is cut to 100 ms, far less than
    # the 8 x 60 ms the writes take one after the other: the bot's writers must
    # queue for the file, not fail, and nobody is told "the match changed".
    monkeypatch.setattr(db, "SQLITE_BUSY_TIMEOUT_MS", 100)
    engine = db.make_engine(db_url)
    sessions = db.make_sessionmaker(engine)
    try:
        matches = [(await started_match(sessions)).match.id for _ in range(8)]

        async def move(match_id: int) -> int:
            async with sessions.begin() as session:
                loaded = await repo.load_match(session, match_id, TESTGAME)
                seat, action = next_move(TESTGAME, loaded.state)
                result = await repo.append_action(
                    session, loaded, seat=seat, actor_id=ALICE, action=action
                )
                await asyncio.sleep(0.06)
                return result.event.seq

        results = await asyncio.gather(*(move(m) for m in matches), return_exceptions=True)
        assert results == [1] * len(matches)
        async with sessions() as session:
            for match_id in matches:
                assert (await repo.load_match(session, match_id, TESTGAME)).version == 1
    finally:
        await engine.dispose()
