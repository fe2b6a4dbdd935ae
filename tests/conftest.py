"""Fixtures shared by every test package."""

from __future__ import annotations

import asyncio
import os
import queue
import shutil
import tempfile
import threading
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

# --- Database fixtures (owned by bot/store) ------------------------------------
# `db_url` is a fresh database at the newest migration for each test: once on
# SQLite (a temp file) and once on PostgreSQL. Its schema is Alembic's (never
# create_all): each test process migrates one template database per backend with
# `upgrade()` the first time it needs one, and every test gets its own copy of it
# (the file copied; `CREATE DATABASE … TEMPLATE`), the same schema and
# alembic_version for a fraction of the time of migrating each one again. The
# PostgreSQL databases are named after the xdist worker (so `pytest -n 2` is safe)
# on TEST_POSTGRES_URL's server; each is dropped after its test, in the background
# (a DROP DATABASE waits about a second for a checkpoint), all of them by the end of
# the session. No server: the PostgreSQL case is skipped, or fails if
# REQUIRE_POSTGRES=1 (CI). SQLAlchemy is imported inside the functions so other test
# packages never load it.

TEST_POSTGRES_URL = os.environ.get(
    "TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
)
_pg_unreachable: list[str] = []  # the reason, once a connection attempt failed
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
#: The migrated template databases of this process: SQLite's file, PostgreSQL's name.
_templates: dict[str, str] = {}


async def _pg_admin(statement: str) -> None:
    """Run a statement on TEST_POSTGRES_URL outside a transaction (CREATE/DROP DATABASE)."""
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine
    from sqlalchemy.pool import NullPool

    engine = create_async_engine(
        TEST_POSTGRES_URL,
        isolation_level="AUTOCOMMIT",
        poolclass=NullPool,
        connect_args={"timeout": 5},
    )
    try:
        async with engine.connect() as conn:
            await conn.execute(text(statement))
    finally:
        await engine.dispose()


def _pg_url(name: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(TEST_POSTGRES_URL).set(database=name).render_as_string(False)


class _Dropper:
    """Drops PostgreSQL databases on a thread of its own, one after the other, so a
    test does not wait for its database's DROP; :meth:`finish` waits for all of them
    and raises the first failure."""

    def __init__(self) -> None:
        self.queue: queue.Queue[str | None] = queue.Queue()
        self.errors: list[BaseException] = []
        self.thread: threading.Thread | None = None

    def drop(self, name: str) -> None:
        if self.thread is None:
            self.thread = threading.Thread(target=self._run, name="drop-databases", daemon=True)
            self.thread.start()
        self.queue.put(name)

    def _run(self) -> None:
        while (name := self.queue.get()) is not None:
            try:
                asyncio.run(_pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            except Exception as exc:  # noqa: BLE001 - reported by finish()
                self.errors.append(exc)

    def finish(self) -> None:
        if self.thread is not None:
            self.queue.put(None)
            self.thread.join()
            self.thread = None
        if self.errors:
            raise self.errors[0]


_dropper = _Dropper()


async def _fresh_pg_database() -> str:
    from sqlalchemy.exc import DBAPIError

    from bot.store.db import upgrade

    if not _pg_unreachable:
        name = f"store_test_{_WORKER}_{uuid.uuid4().hex[:8]}"
        try:
            if "postgres" not in _templates:
                template = f"store_template_{_WORKER}_{uuid.uuid4().hex[:8]}"
                await _pg_admin(f'CREATE DATABASE "{template}"')
                try:
                    await upgrade(_pg_url(template))
                except BaseException:
                    _dropper.drop(template)  # never copied half migrated
                    raise
                _templates["postgres"] = template
            await _pg_admin(f'CREATE DATABASE "{name}" TEMPLATE "{_templates["postgres"]}"')
        except (OSError, DBAPIError) as exc:  # refused, timed out, authentication failed
            _pg_unreachable.append(f"PostgreSQL at {TEST_POSTGRES_URL} unreachable: {exc}")
        else:
            return _pg_url(name)
    if os.environ.get("REQUIRE_POSTGRES") == "1":
        pytest.fail(_pg_unreachable[0] + " (REQUIRE_POSTGRES=1)")
    pytest.skip(_pg_unreachable[0])


async def fresh_sqlite_database(path: Path) -> str:
    """The URL of a new SQLite database at ``path`` with the schema at the newest
    migration: a copy of the template this process migrated with ``upgrade()``."""
    from bot.store.db import upgrade

    if "sqlite" not in _templates:
        template = Path(tempfile.mkdtemp(prefix="store-template-")) / "template.sqlite3"
        await upgrade(f"sqlite+aiosqlite:///{template}")
        _templates["sqlite"] = str(template)
    # Every connection of the migration is closed: the file alone holds the database.
    assert not Path(_templates["sqlite"] + "-wal").exists()
    shutil.copyfile(_templates["sqlite"], path)
    return f"sqlite+aiosqlite:///{path}"


@pytest.fixture(scope="session", autouse=True)
def _template_databases() -> Iterator[None]:
    """Drop what the database fixtures made, once the session's tests are done."""
    yield
    if "postgres" in _templates:
        _dropper.drop(_templates.pop("postgres"))
    _dropper.finish()
    if "sqlite" in _templates:
        shutil.rmtree(Path(_templates.pop("sqlite")).parent, ignore_errors=True)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """URL of a fresh database with the schema at the newest migration."""
    if request.param == "sqlite":
        url = await fresh_sqlite_database(tmp_path / "store.db")
    else:
        url = await _fresh_pg_database()
    try:
        yield url
    finally:
        if request.param == "postgres":
            _dropper.drop(url.rsplit("/", 1)[1])


# --- end of database fixtures ---------------------------------------------------
