"""Recognising a lost race between two writers, on SQLite and PostgreSQL.

Every match-scoped write runs inside :func:`match_write`, which turns the
database's ways of saying "someone else wrote first" into
:class:`MatchChangedError`, and SQLite's "the file is busy" into
:class:`DatabaseBusyError`; any other database error propagates unchanged.

A busy SQLite file is *not* a lost race: SQLite has one write lock for the whole
file, so it is busy whenever anyone writes anywhere — another match, a guild's
settings. Calling that "the match changed" refused valid moves because someone
else was playing elsewhere. A real race on SQLite still shows as one: the version
guard matches no row, or the ``(match_id, seq)`` constraint fires.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.exc import DBAPIError, IntegrityError

from bot.store.errors import DatabaseBusyError, MatchChangedError

# PostgreSQL SQLSTATEs of a lost race: serialization failure (REPEATABLE READ /
# SERIALIZABLE), deadlock, lock not available (NOWAIT / lock_timeout).
_PG_RACE_STATES = frozenset({"40001", "40P01", "55P03"})
_PG_UNIQUE_VIOLATION = "23505"

# SQLite primary result codes: SQLITE_BUSY (another writer holds the lock past
# busy_timeout, or SQLITE_BUSY_SNAPSHOT = 517 whose low byte is 5) and SQLITE_LOCKED.
_SQLITE_BUSY_CODES = frozenset({5, 6})

# Only these unique constraints mean "an event with this seq exists already";
# others (a user taking two seats) are real errors. Names are for PostgreSQL,
# "table.column" lists for SQLite's message.
_RACE_CONSTRAINTS = (
    "uq_match_events_match_id_seq",
    "pk_snapshots",
    "match_events.match_id, match_events.seq",
    "snapshots.match_id, snapshots.seq",
)


def is_write_race(exc: DBAPIError) -> bool:
    """Whether ``exc`` means a concurrent writer of this match got there first
    (retrying may succeed)."""
    orig = exc.orig
    message = str(orig)
    sqlstate = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    if sqlstate in _PG_RACE_STATES:
        return True
    if sqlstate == _PG_UNIQUE_VIOLATION or isinstance(exc, IntegrityError):
        return any(name in message for name in _RACE_CONSTRAINTS)
    return False


def is_busy(exc: DBAPIError) -> bool:
    """Whether ``exc`` is SQLite giving up waiting for its (file-wide) write lock."""
    code = getattr(exc.orig, "sqlite_errorcode", None)
    if isinstance(code, int) and code & 0xFF in _SQLITE_BUSY_CODES:
        return True
    return "database is locked" in str(exc.orig)


@contextmanager
def match_write(match_id: int) -> Iterator[None]:
    """Translate a lost write race on match ``match_id`` into :class:`MatchChangedError`
    and a busy SQLite file into :class:`DatabaseBusyError`."""
    try:
        yield
    except DBAPIError as exc:
        if is_write_race(exc):
            raise MatchChangedError(match_id) from exc
        if is_busy(exc):
            raise DatabaseBusyError() from exc
        raise
