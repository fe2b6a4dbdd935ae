"""Engines, sessions and migrations.

``make_engine`` gives an :class:`AsyncEngine` for SQLite (aiosqlite) or
PostgreSQL (asyncpg); ``upgrade`` brings the schema to the newest Alembic
revision and is safe to await from inside the bot's running event loop.
"""

from __future__ import annotations

import asyncio
import os
import weakref
from pathlib import Path
from typing import Any

from alembic.command import downgrade as alembic_downgrade
from alembic.command import upgrade as alembic_upgrade
from alembic.config import Config
from sqlalchemy import Connection, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import NullPool
from sqlalchemy.util import await_only

#: Repository root: ``alembic/`` and ``alembic.ini`` live there.
ROOT = Path(__file__).resolve().parents[2]
MIGRATIONS_DIR = ROOT / "alembic"

#: PostgreSQL advisory lock key held while migrating ("tabl" in ASCII).
_MIGRATION_LOCK = 0x7461626C

#: How long an SQLite writer waits for another writer's lock before failing.
SQLITE_BUSY_TIMEOUT_MS = 5000

#: How long a writer of this process queues for its turn at SQLite's write lock
#: (``_one_writer_at_a_time``) before trying anyway. Long: under load the queue is
#: where moves wait, and a move waiting is better than a move refused.
SQLITE_WRITER_QUEUE_SECONDS = 60.0


def database_url(url: str | URL | None = None) -> str:
    """The URL given, else ``$DATABASE_URL``; raise a clear error if neither is set."""
    if url is not None:
        return url if isinstance(url, str) else url.render_as_string(hide_password=False)
    env = os.environ.get("DATABASE_URL")
    if not env:
        raise RuntimeError("No database URL: pass one or set DATABASE_URL.")
    return env


#: PostgreSQL connections a bot process keeps open: as many as SQLAlchemy's default
#: pool allowed at most (5 kept + 10 more), but all kept. With the default, every
#: connection beyond the fifth was closed as soon as it was given back and opened
#: again for the next move (a server process started, a handshake, the driver's
#: set-up): under a dozen matches at once, one new connection every three moves.
POSTGRES_POOL_SIZE = 15


def make_engine(url: str | URL, *, migrations: bool = False, **kwargs: Any) -> AsyncEngine:
    """An async engine for ``url``. SQLite files get WAL, foreign keys and a busy timeout.

    ``migrations=True`` is for running Alembic only (see :func:`configure_sqlite`).
    Extra keyword arguments go to :func:`create_async_engine`.
    """
    parsed = make_url(url)
    ensure_sqlite_dir(parsed)
    if parsed.get_backend_name() == "postgresql" and "poolclass" not in kwargs:
        kwargs = {"pool_size": POSTGRES_POOL_SIZE, "max_overflow": 0, **kwargs}
    engine = create_async_engine(parsed, **kwargs)
    if parsed.get_backend_name() == "sqlite":
        configure_sqlite(engine, migrations=migrations)
    return engine


def ensure_sqlite_dir(url: str | URL) -> None:
    """Create the directory of an SQLite database file (SQLite will not)."""
    parsed = make_url(url)
    path = parsed.database or ""
    is_uri = parsed.query.get("uri") in ("true", "1") or path.startswith("file:")
    if parsed.get_backend_name() == "sqlite" and path not in ("", ":memory:") and not is_uri:
        Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)


def configure_sqlite(engine: AsyncEngine, *, migrations: bool = False) -> None:
    """Install the SQLite connection set-up (also used by ``alembic/env.py``).

    The bot's engine keeps pysqlite's default ("legacy") transaction control on
    purpose: the driver sends ``BEGIN`` only before the first INSERT/UPDATE/DELETE,
    so a session's reads take no snapshot and its first write *waits* (up to the
    busy timeout) for another writer instead of failing. With an explicit
    ``BEGIN`` at the start, a transaction that read and then writes while any
    other write is in flight fails at once with SQLITE_BUSY / SQLITE_BUSY_SNAPSHOT
    even if it touches another match, so two players moving in two different
    matches at the same moment would see spurious conflicts. Consistency does
    not depend on read snapshots: the event log is append-only and every writer
    guards its UPDATE on ``matches.version`` (see ``repository``).

    ``migrations=True`` turns foreign keys off and sends a real ``BEGIN`` so the
    DDL is transactional. Foreign keys must be off because batch mode rebuilds a
    table by copy, drop and rename, and dropping ``matches`` with them on would
    cascade-delete every seat, event and snapshot (``PRAGMA foreign_keys``
    cannot change inside a transaction, hence a connection-level switch).
    """

    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        if migrations:
            dbapi_connection.isolation_level = None  # we send BEGIN (below)
        cursor = dbapi_connection.cursor()
        try:
            # WAL: readers never block the writer and the writer never blocks readers.
            cursor.execute("PRAGMA journal_mode=WAL")
            # SQLite ignores foreign keys (and ON DELETE CASCADE) unless asked.
            cursor.execute(f"PRAGMA foreign_keys={'OFF' if migrations else 'ON'}")
            # A writer waits this long for another writer's lock before failing.
            cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        finally:
            cursor.close()

    if not migrations:
        _one_writer_at_a_time(engine)

    if migrations:

        @event.listens_for(engine.sync_engine, "begin")
        def _on_begin(conn: Connection) -> None:
            # IMMEDIATE: take the write lock before reading alembic_version, so
            # two processes upgrading at once run one after the other.
            conn.exec_driver_sql("BEGIN IMMEDIATE")


#: Statements that take SQLite's write lock (the driver sends BEGIN before them).
_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")
#: Key in a connection's ``info``: the writer lock this connection holds.
_HOLDS = "tabletop.sqlite_writer"


class _WriterQueue:
    """An asyncio lock that knows which task holds it."""

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.holder: asyncio.Task[Any] | None = None

    async def acquire(self) -> bool:
        """Wait for the lock; ``False`` (not taken) when this very task holds it
        already (a second transaction opened inside the first) or after
        :data:`SQLITE_WRITER_QUEUE_SECONDS`."""
        task = asyncio.current_task()
        if self.holder is not None and self.holder is task:
            return False
        try:
            await asyncio.wait_for(self.lock.acquire(), SQLITE_WRITER_QUEUE_SECONDS)
        except TimeoutError:
            return False
        self.holder = task
        return True

    def release(self) -> None:
        """Let the next writer in."""
        self.holder = None
        self.lock.release()


def _one_writer_at_a_time(engine: AsyncEngine) -> None:
    """Let one transaction of this process write to the SQLite file at a time.

    SQLite has one write lock per file. Without this, every task of the bot that
    writes races for it inside SQLite, which polls with growing sleeps: under load
    a writer could wait past the busy timeout and fail although it was alone in
    its match. Here a transaction takes an asyncio lock before its first write
    (where the driver sends ``BEGIN``) and gives it back when it commits or rolls
    back, so writers queue in order on the event loop and each finds the file
    free. Reads are not queued (WAL lets them run beside the writer). A second
    transaction that a writer opens inside its own (which could never get the
    lock) and a writer that waited :data:`SQLITE_WRITER_QUEUE_SECONDS` go on
    without it and let SQLite's busy timeout decide, as before.
    """
    queues: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _WriterQueue] = (
        weakref.WeakKeyDictionary()
    )

    def release(info: dict[Any, Any]) -> None:
        queue = info.pop(_HOLDS, None)
        if queue is not None:
            queue.release()

    @event.listens_for(engine.sync_engine, "before_cursor_execute")
    def _before_write(conn: Connection, _cursor: Any, statement: str, *_args: Any) -> None:
        if _HOLDS in conn.info or not statement.lstrip()[:7].upper().startswith(_WRITES):
            return
        queue = queues.setdefault(asyncio.get_running_loop(), _WriterQueue())
        # This hook runs inside SQLAlchemy's greenlet bridge, so it may wait on the loop.
        if await_only(queue.acquire()):
            conn.info[_HOLDS] = queue

    @event.listens_for(engine.sync_engine, "commit")
    @event.listens_for(engine.sync_engine, "rollback")
    def _transaction_end(conn: Connection) -> None:
        release(conn.info)

    # A connection closed, invalidated or reset on its way back to the pool has
    # ended its transaction too.
    @event.listens_for(engine.sync_engine, "reset")
    def _reset(dbapi_connection: Any, connection_record: Any, reset_state: Any) -> None:
        release(connection_record.info)

    @event.listens_for(engine.sync_engine, "invalidate")
    @event.listens_for(engine.sync_engine, "close")
    def _gone(_dbapi: Any, record: Any, *_args: Any) -> None:
        release(record.info)


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions whose objects stay readable after commit (no lazy reloads in async code)."""
    return async_sessionmaker(engine, expire_on_commit=False)


def alembic_config(url: str | URL | None = None) -> Config:
    """An Alembic config for this repository's migrations and ``url`` (or ``$DATABASE_URL``).

    Built in code rather than read from ``alembic.ini`` so that the ini's logging
    set-up does not replace the bot's, and so that it works from any directory.
    """
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.attributes["url"] = database_url(url)
    return cfg


async def upgrade(url: str | URL | None = None, revision: str = "head") -> None:
    """Run the migrations up to ``revision`` (default: the newest).

    Works inside a running event loop: the migration runs on a connection we
    open here, handed to ``env.py`` through ``config.attributes``, so Alembic
    never starts a loop of its own.
    """
    await _run_alembic(url, alembic_upgrade, revision)


async def downgrade(url: str | URL | None = None, revision: str = "base") -> None:
    """Undo migrations down to ``revision`` (default: an empty database). For tests and ops."""
    await _run_alembic(url, alembic_downgrade, revision)


async def _run_alembic(url: str | URL | None, fn: Any, revision: str) -> None:
    cfg = alembic_config(url)
    engine = make_engine(cfg.attributes["url"], migrations=True, poolclass=NullPool)
    try:
        async with engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                # Several bot processes may start together: one migrates, the
                # others wait here and then find the schema already at head.
                await conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
            await conn.run_sync(_run_command, cfg, fn, revision)
            if conn.dialect.name == "sqlite":
                # Foreign keys were off during the migration: check nothing broke.
                problems = (await conn.exec_driver_sql("PRAGMA foreign_key_check")).all()
                if problems:
                    raise RuntimeError(f"migration left broken foreign keys: {problems[:5]}")
    finally:
        await engine.dispose()


def _run_command(connection: Connection, cfg: Config, fn: Any, revision: str) -> None:
    cfg.attributes["connection"] = connection
    fn(cfg, revision)


def upgrade_sync(url: str | URL | None = None, revision: str = "head") -> None:
    """Blocking :func:`upgrade`, for ``python -m bot db upgrade`` and scripts (no loop running)."""
    asyncio.run(upgrade(url, revision))
