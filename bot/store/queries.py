"""Read-side queries (matches, the event log) and guild settings.

Re-exported by :mod:`bot.store.repository`; the same transaction rules apply
(the caller owns the session's transaction, nothing here commits).
"""

from __future__ import annotations

import weakref
from collections.abc import Collection, Sequence
from typing import Any

from sqlalchemy import Select, func, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import joinedload
from sqlalchemy.sql.elements import ColumnElement

from bot.store.models import (
    EventKind,
    GuildSettings,
    Match,
    MatchEvent,
    MatchSeat,
    MatchStatus,
    utcnow,
)


async def get_match(session: AsyncSession, match_id: int, *, lock: bool = False) -> Match | None:
    """The match with this id (seats loaded, re-read from the database), or ``None``.

    ``lock=True`` adds ``FOR UPDATE`` on PostgreSQL: other transactions that lock
    or write the row wait until this one ends. SQLite has no row locks (the
    clause is omitted); its writers are serialised by the database lock anyway.
    """
    stmt = with_seats(select(Match).where(Match.id == match_id))
    if lock:
        stmt = stmt.with_for_update(of=Match)
    return (await session.execute(stmt)).unique().scalar_one_or_none()


def with_seats(stmt: Select[Match]) -> Select[Match]:
    """``stmt`` re-reading its match rows and their seats in one statement (a join),
    rather than the match, then its seats: one round trip fewer on every load."""
    return stmt.options(joinedload(Match.seats)).execution_options(populate_existing=True)


async def get_seats(session: AsyncSession, match_id: int) -> list[MatchSeat]:
    """The seats of a match in seat order, re-read from the database."""
    stmt = (
        select(MatchSeat)
        .where(MatchSeat.match_id == match_id)
        .order_by(MatchSeat.seat)
        .execution_options(populate_existing=True)
    )
    return list((await session.scalars(stmt)).all())


async def match_by_thread(session: AsyncSession, thread_id: int) -> Match | None:
    """The match played in this Discord thread (the newest if several), or ``None``."""
    stmt = (
        select(Match)
        .where(Match.thread_id == thread_id)
        .order_by(Match.id.desc())
        .limit(1)
        .execution_options(populate_existing=True)
    )
    return await session.scalar(stmt)


async def visible_match(
    session: AsyncSession,
    *,
    guild_id: int | None,
    user_id: int,
    match_id: int | None = None,
    thread_id: int | None = None,
) -> Match | None:
    """The match with this id (else the newest played in this thread), if it is
    visible from where the user is: in a guild (``guild_id``) only that guild's
    matches, in direct messages (``guild_id`` ``None``) only those the user has a
    seat in. ``None`` otherwise, whether or not the match exists elsewhere.
    """
    where = _visible(guild_id=guild_id, user_id=user_id, match_id=match_id, thread_id=thread_id)
    if where is None:
        return None
    stmt = (
        select(Match)
        .where(*where)
        .order_by(Match.id.desc())
        .limit(1)
        .execution_options(populate_existing=True)
    )
    return await session.scalar(stmt)


async def visible_match_id(
    session: AsyncSession,
    *,
    guild_id: int | None,
    user_id: int,
    match_id: int | None = None,
    thread_id: int | None = None,
) -> tuple[int, int] | None:
    """The id and guild of the match :func:`visible_match` finds, read without the
    match row's other columns and its seats (the tenancy gate of every interaction
    needs no more).

    A match never changes guild and is never deleted, so the guild of a match asked
    for by id in a guild is read once per process (:data:`GUILDS_KEPT`): every
    button of a match carries its id, and pressing one costs no query here again.
    """
    known = _guilds_of(session)
    if match_id is not None and guild_id is not None and match_id in known:
        return (match_id, guild_id) if known[match_id] == guild_id else None
    where = _visible(guild_id=guild_id, user_id=user_id, match_id=match_id, thread_id=thread_id)
    if where is None:
        return None
    stmt = select(Match.id, Match.guild_id).where(*where).order_by(Match.id.desc()).limit(1)
    row = (await session.execute(stmt)).one_or_none()
    if row is None:
        return None
    found = (int(row[0]), int(row[1]))
    known[found[0]] = found[1]
    if len(known) > GUILDS_KEPT:
        del known[next(iter(known))]  # the longest known
    return found


#: Matches whose guild each process keeps per database (about 100 bytes each).
GUILDS_KEPT = 20_000
#: The guild of each match found by :func:`visible_match_id`, per database engine
#: (match ids repeat across databases, in tests); weakly, like the kept states.
_GUILDS: weakref.WeakKeyDictionary[Any, dict[int, int]] = weakref.WeakKeyDictionary()


def _guilds_of(session: AsyncSession) -> dict[int, int]:
    return _GUILDS.setdefault(session.sync_session.get_bind(), {})


def forget_guilds() -> None:
    """Forget every match's guild (see :func:`visible_match_id`), for tests."""
    _GUILDS.clear()


def _visible(
    *, guild_id: int | None, user_id: int, match_id: int | None, thread_id: int | None
) -> list[ColumnElement[bool]] | None:
    """The conditions of :func:`visible_match` (``None``: neither an id nor a thread)."""
    if match_id is not None:
        where = [Match.id == match_id]
    elif thread_id is not None:
        where = [Match.thread_id == thread_id]
    else:
        return None
    if guild_id is not None:
        where.append(Match.guild_id == guild_id)
    else:
        seated = select(MatchSeat.match_id).where(MatchSeat.user_id == user_id)
        where.append(Match.id.in_(seated))
    return where


async def record_state_post(
    session: AsyncSession, match_id: int, message_id: int, version: int, since: int | None
) -> int | None:
    """Remember ``message_id`` as the match's newest state post, showing ``version`` and
    telling the events after version ``since``; returns the post it supersedes (one of
    an older version), if any.

    Posts may be sent out of order (two moves answered at once): a post of an older
    version never replaces a newer one. Neither the version nor ``updated_at`` moves.
    """
    before = await session.execute(
        select(Match.state_post_id, Match.state_post_version).where(Match.id == match_id)
    )
    row = before.one_or_none()
    stmt = (
        update(Match)
        .where(
            Match.id == match_id,
            (Match.state_post_version.is_(None)) | (Match.state_post_version <= version),
        )
        .values(
            state_post_id=message_id,
            state_post_version=version,
            state_post_since=since,
            updated_at=Match.updated_at,
        )
        .execution_options(synchronize_session=False)
    )
    await session.execute(stmt)
    if row is None or row[0] is None or row[1] is None or row[1] >= version:
        return None
    return int(row[0])


async def list_matches(
    session: AsyncSession,
    *,
    guild_id: int | None = None,
    channel_id: int | None = None,
    user_id: int | None = None,
    statuses: Collection[MatchStatus] | None = None,
    limit: int | None = None,
) -> Sequence[Match]:
    """Matches matching every filter given, newest first. ``user_id``: matches they sit in."""
    stmt = select(Match).order_by(Match.id.desc())
    if guild_id is not None:
        stmt = stmt.where(Match.guild_id == guild_id)
    if channel_id is not None:
        stmt = stmt.where(Match.channel_id == channel_id)
    if user_id is not None:
        seated = select(MatchSeat.match_id).where(MatchSeat.user_id == user_id)
        stmt = stmt.where(Match.id.in_(seated))
    if statuses is not None:
        stmt = stmt.where(Match.status.in_(list(statuses)))
    if limit is not None:
        stmt = stmt.limit(limit)
    return (await session.scalars(stmt)).all()


async def list_events(
    session: AsyncSession, match_id: int, offset: int = 0, limit: int = 50
) -> Sequence[MatchEvent]:
    """One page of a match's log in seq order (``offset`` counts events, not seqs)."""
    stmt = (
        select(MatchEvent)
        .where(MatchEvent.match_id == match_id)
        .order_by(MatchEvent.seq)
        .offset(offset)
        .limit(limit)
    )
    return (await session.scalars(stmt)).all()


async def events_between(
    session: AsyncSession, match_id: int, after: int, upto: int
) -> Sequence[MatchEvent]:
    """The log's entries after version ``after`` up to ``upto`` (both versions), in order."""
    stmt = (
        select(MatchEvent)
        .where(MatchEvent.match_id == match_id, MatchEvent.seq > after, MatchEvent.seq <= upto)
        .order_by(MatchEvent.seq)
    )
    return (await session.scalars(stmt)).all()


async def pause_cause(session: AsyncSession, match_id: int) -> MatchEvent | None:
    """The event that paused the match (a referee's pause, or a missed deadline), the
    latest one with ``{"pause": true}``; ``None`` if no event paused it."""
    stmt = (
        select(MatchEvent)
        .where(
            MatchEvent.match_id == match_id,
            MatchEvent.kind.in_((EventKind.REFEREE, EventKind.DEADLINE)),
        )
        .order_by(MatchEvent.seq.desc())
        .limit(50)
    )
    for event in (await session.scalars(stmt)).all():
        if isinstance(event.action, dict) and "pause" in event.action:
            return event if event.action["pause"] else None
    return None


async def undo_target(session: AsyncSession, match_id: int, version: int) -> int | None:
    """The event a referee's undo at ``version`` returns the match to, or ``None``.

    A revert to event *n* leaves the match as it stood after *n*, so it stands for
    *n*: the undo looks through reverts to the last event still in effect and goes
    one before it. Undoing twice thus goes two moves back, never re-applying what
    the first undo took back; at the start there is nothing left to undo.
    """
    stmt = select(MatchEvent.seq, MatchEvent.action).where(
        MatchEvent.match_id == match_id, MatchEvent.kind == EventKind.REVERT
    )
    reverts = {seq: int(action["to_seq"]) for seq, action in (await session.execute(stmt)).all()}
    current = version
    while current in reverts:  # a revert always goes back (to_seq < seq): this ends
        current = reverts[current]
    return current - 1 if current >= 1 else None


async def count_events(session: AsyncSession, match_id: int) -> int:
    """How many events a match's log holds (for pagination)."""
    stmt = select(func.count()).select_from(MatchEvent).where(MatchEvent.match_id == match_id)
    return int(await session.scalar(stmt) or 0)


#: Columns of ``guild_settings`` that :func:`update_guild_settings` may set.
GUILD_SETTINGS_FIELDS = frozenset({"referee_role_id", "locale", "pace"})


async def get_guild_settings(session: AsyncSession, guild_id: int) -> GuildSettings:
    """The guild's settings; a guild never configured gets the defaults.

    The defaults object is not added to the session (nothing is written) and its
    timestamps are ``None``.
    """
    stmt = (
        select(GuildSettings)
        .where(GuildSettings.guild_id == guild_id)
        .execution_options(populate_existing=True)
    )
    found = await session.scalar(stmt)
    if found is not None:
        return found
    return GuildSettings(guild_id=guild_id, referee_role_id=None, locale="en-US", pace={})


async def update_guild_settings(
    session: AsyncSession, guild_id: int, **fields: Any
) -> GuildSettings:
    """Insert or update the guild's settings (one atomic upsert); return the stored row.

    Only :data:`GUILD_SETTINGS_FIELDS` may be given; fields not given keep their
    value (or default, for a new row).
    """
    unknown = set(fields) - GUILD_SETTINGS_FIELDS
    if unknown:
        raise TypeError(f"unknown guild setting(s): {', '.join(sorted(unknown))}")
    now = utcnow()
    dialect = (await session.connection()).dialect.name
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    stmt = insert(GuildSettings).values(guild_id=guild_id, created_at=now, updated_at=now, **fields)
    # ON CONFLICT rather than read-then-write: two concurrent first writes cannot collide.
    stmt = stmt.on_conflict_do_update(
        index_elements=[GuildSettings.guild_id], set_={**fields, "updated_at": now}
    )
    await session.execute(stmt)
    stored = await session.scalar(
        select(GuildSettings)
        .where(GuildSettings.guild_id == guild_id)
        .execution_options(populate_existing=True)
    )
    assert stored is not None  # just upserted in this transaction
    return stored
