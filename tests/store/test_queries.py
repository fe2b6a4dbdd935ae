"""Listing matches and events, guild settings."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bot.store import repository as repo
from bot.store.errors import SeatError
from bot.store.models import MatchStatus
from tests.store.helpers import ALICE, BOB, GUILD, THREAD, play, started_match
from tests.testgame import ENGINE as TESTGAME

CAROL = 333_333_333_333_333_333


async def test_list_matches_and_lookups(sessions: async_sessionmaker[AsyncSession]) -> None:
    active = await started_match(sessions)  # GUILD, Alice v Bob, in THREAD
    async with sessions.begin() as session:
        other = await repo.create_match(
            session,
            guild_id=GUILD,
            channel_id=77,
            game="testgame",
            seats=[(BOB, "Bob"), (CAROL, "Carol")],
            options={},
            created_by=BOB,
        )
        elsewhere = await repo.create_match(
            session,
            guild_id=9,
            channel_id=99,
            game="testgame",
            seats=[(CAROL, "Carol"), (ALICE, "Alice")],
            options={},
            created_by=CAROL,
        )
        await repo.cancel_match(session, elsewhere, actor_id=CAROL)

    async def ids(**filters: Any) -> list[int]:
        async with sessions.begin() as session:
            return [m.id for m in await repo.list_matches(session, **filters)]

    a, o, e = active.match.id, other.id, elsewhere.id
    assert await ids() == [e, o, a]  # newest first
    assert await ids(guild_id=GUILD) == [o, a]
    assert await ids(channel_id=77) == [o]
    assert await ids(user_id=ALICE) == [e, a]
    assert await ids(user_id=CAROL, statuses=[MatchStatus.PROPOSED]) == [o]
    assert await ids(statuses={MatchStatus.ACTIVE, MatchStatus.CANCELLED}) == [e, a]
    assert await ids(guild_id=GUILD, statuses=[MatchStatus.FINISHED]) == []
    assert await ids(limit=1) == [e]

    async def visible(guild: int | None, user: int, **where: int) -> int | None:
        async with sessions.begin() as session:
            found = await repo.visible_match(session, guild_id=guild, user_id=user, **where)
            ref = await repo.visible_match_id(session, guild_id=guild, user_id=user, **where)
            # The tenancy gate's lighter read finds the very same match.
            assert ref == (None if found is None else (found.id, found.guild_id))
            return found.id if found else None

    # In a guild, its own matches (by id or by thread) and nothing of another guild.
    assert await visible(GUILD, CAROL, match_id=a) == a
    assert await visible(GUILD, CAROL, thread_id=THREAD) == a
    assert await visible(GUILD, ALICE, match_id=e) is None
    assert await visible(9, ALICE, match_id=a) is None
    assert await visible(9, ALICE, thread_id=THREAD) is None
    # In DMs (no guild), only the matches the user sits in, whatever their guild.
    assert await visible(None, ALICE, match_id=a) == a
    assert await visible(None, ALICE, match_id=e) == e
    assert await visible(None, CAROL, match_id=a) is None
    assert await visible(GUILD, ALICE) is None  # nothing named, nothing found

    async with sessions.begin() as session:
        found = await repo.match_by_thread(session, THREAD)
        assert found is not None and found.id == a
        assert [s.user_id for s in found.seats] == [ALICE, BOB]
        assert await repo.match_by_thread(session, 12345) is None
        assert await repo.get_match(session, 424242) is None
        got = await repo.get_match(session, e)
        assert got is not None and got.status is MatchStatus.CANCELLED
        locked = await repo.get_match(session, a, lock=True)  # FOR UPDATE on PostgreSQL
        assert locked is found
        seats = await repo.get_seats(session, o)
        assert [(s.seat, s.user_id, s.accepted) for s in seats] == [
            (0, BOB, True),
            (1, CAROL, False),
        ]
        assert await repo.get_seats(session, 424242) == []


async def test_the_tenancy_gate_reads_a_match_guild_once_and_never_shows_it_elsewhere(
    engine: AsyncEngine, sessions: async_sessionmaker[AsyncSession]
) -> None:
    match = (await started_match(sessions)).match  # in GUILD
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(str(args[2]))

    event.listen(engine.sync_engine, "before_cursor_execute", count)

    async def gate(guild: int, match_id: int) -> tuple[int, int] | None:
        async with sessions.begin() as session:
            return await repo.visible_match_id(
                session, guild_id=guild, user_id=CAROL, match_id=match_id
            )

    assert await gate(GUILD, match.id) == (match.id, GUILD)
    assert len(statements) == 1
    # Every later press of the match's buttons: the same answer, and no query.
    assert await gate(GUILD, match.id) == (match.id, GUILD)
    # From another guild the match is still invisible, known or not.
    assert await gate(9, match.id) is None
    assert len(statements) == 1
    # A match that does not exist (yet) is asked for again each time, never kept.
    assert await gate(GUILD, match.id + 1) is None
    assert await gate(GUILD, match.id + 1) is None
    assert len(statements) == 3
    event.remove(engine.sync_engine, "before_cursor_execute", count)


async def test_event_pages(sessions: async_sessionmaker[AsyncSession]) -> None:
    match_id = (await started_match(sessions)).match.id
    await play(sessions, match_id, 11, TESTGAME)
    async with sessions.begin() as session:
        assert await repo.count_events(session, match_id) == 12
        pages = [await repo.list_events(session, match_id, off, 5) for off in (0, 5, 10)]
        assert [[e.seq for e in page] for page in pages] == [
            [0, 1, 2, 3, 4],
            [5, 6, 7, 8, 9],
            [10, 11],
        ]
        assert await repo.count_events(session, 999) == 0


async def test_seats_validation(sessions: async_sessionmaker[AsyncSession]) -> None:
    async with sessions.begin() as session:
        with pytest.raises(SeatError):
            await repo.create_match(
                session,
                guild_id=1,
                channel_id=2,
                game="testgame",
                seats=[(ALICE, "Alice"), (ALICE, "Alice again")],
                options={},
                created_by=ALICE,
            )
        match = await repo.create_match(
            session,
            guild_id=1,
            channel_id=2,
            game="testgame",
            seats=[(ALICE, "Alice"), (BOB, "Bob")],
            options={},
            created_by=ALICE,
        )
        with pytest.raises(SeatError):
            await repo.accept_seat(session, match, CAROL)


async def test_guild_settings_upsert(sessions: async_sessionmaker[AsyncSession]) -> None:
    async with sessions.begin() as session:
        default = await repo.get_guild_settings(session, GUILD)
        assert (default.locale, default.referee_role_id) == ("en-US", None)
        assert default.created_at is None
    async with sessions.begin() as session:  # nothing was stored by the read
        assert (await repo.get_guild_settings(session, GUILD)).created_at is None

    async with sessions.begin() as session:
        created = await repo.update_guild_settings(session, GUILD, referee_role_id=GUILD + 1)
        assert (created.locale, created.referee_role_id) == ("en-US", GUILD + 1)
        first_update = created.updated_at
    async with sessions.begin() as session:
        updated = await repo.update_guild_settings(
            session, GUILD, locale="pt-BR", pace={"deadline_hours": 72}
        )
    assert (updated.locale, updated.referee_role_id, updated.pace) == (
        "pt-BR",
        GUILD + 1,  # untouched fields keep their value
        {"deadline_hours": 72},
    )
    assert updated.created_at.tzinfo is not None
    assert updated.updated_at >= first_update >= updated.created_at
    async with sessions.begin() as session:
        cleared = await repo.update_guild_settings(session, GUILD, referee_role_id=None)
        assert cleared.referee_role_id is None
        assert (await repo.get_guild_settings(session, GUILD)).locale == "pt-BR"
        with pytest.raises(TypeError, match="colour"):
            await repo.update_guild_settings(session, GUILD, colour="red")


async def test_foreign_keys_are_enforced(sessions: async_sessionmaker[AsyncSession]) -> None:
    # SQLite only enforces them with PRAGMA foreign_keys=ON (set by make_engine).
    from bot.store.models import MatchSeat

    with pytest.raises(IntegrityError):
        async with sessions.begin() as session:
            session.add(MatchSeat(match_id=4242, seat=0, user_id=ALICE, display_name="A"))
