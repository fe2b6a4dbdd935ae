"""Fixtures shared by every test package."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

# --- Database fixtures (owned by bot/store) ------------------------------------
# `db_url` is a fresh database, migrated to head by Alembic (never create_all),
# for each test: once on SQLite (a temp file) and once on PostgreSQL. The
# PostgreSQL database is created per test (named after the xdist worker, so
# `pytest -n 2` is safe) from TEST_POSTGRES_URL's server and dropped after.
# No server: the PostgreSQL case is skipped, or fails if REQUIRE_POSTGRES=1 (CI).
# SQLAlchemy is imported inside the functions so other test packages never load it.

TEST_POSTGRES_URL = os.environ.get(
    "TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
)
_pg_unreachable: list[str] = []  # the reason, once a connection attempt failed


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


async def _fresh_pg_database() -> str:
    from sqlalchemy.exc import DBAPIError

    if not _pg_unreachable:
        name = f"store_test_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}_{uuid.uuid4().hex[:8]}"
        try:
            await _pg_admin(f'CREATE DATABASE "{name}"')
        except (OSError, DBAPIError) as exc:  # refused, timed out, authentication failed
            _pg_unreachable.append(f"PostgreSQL at {TEST_POSTGRES_URL} unreachable: {exc}")
        else:
            from sqlalchemy.engine import make_url

            return make_url(TEST_POSTGRES_URL).set(database=name).render_as_string(False)
    if os.environ.get("REQUIRE_POSTGRES") == "1":
        pytest.fail(_pg_unreachable[0] + " (REQUIRE_POSTGRES=1)")
    pytest.skip(_pg_unreachable[0])


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """URL of a fresh database with the schema at the newest migration."""
    from bot.store.db import upgrade

    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path}/store.db"
    else:
        url = await _fresh_pg_database()
    try:
        await upgrade(url)
        yield url
    finally:
        if request.param == "postgres":
            name = url.rsplit("/", 1)[1]
            await _pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# --- end of database fixtures ---------------------------------------------------
