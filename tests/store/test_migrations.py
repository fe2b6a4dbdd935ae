"""Migrations build the schema from empty, and match the models exactly."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.store import db
from bot.store.models import Base

TABLES = {
    "guild_settings",
    "matches",
    "match_seats",
    "match_events",
    "snapshots",
    "scheduled_jobs",
    "player_settings",
    "disputes",
    "match_requests",
    "content_packs",
    "content_pack_versions",
}


def _drift(connection: Connection) -> list[Any]:
    context = MigrationContext.configure(
        connection, opts={"compare_type": True, "target_metadata": Base.metadata}
    )
    return list(compare_metadata(context, Base.metadata))


def _tables(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names()) - {"alembic_version"}


async def test_upgrade_from_empty_and_no_drift(db_url: str, engine: AsyncEngine) -> None:
    # The fixture already upgraded (from inside this running loop); go back to empty.
    await db.downgrade(db_url, "base")
    async with engine.connect() as conn:
        assert await conn.run_sync(_tables) == set()
    # Two bot processes starting at once: one migrates, the other waits and no-ops.
    await asyncio.gather(db.upgrade(db_url), db.upgrade(db_url))
    await db.upgrade(db_url)
    async with engine.connect() as conn:
        assert await conn.run_sync(_tables) == TABLES
        # What `alembic revision --autogenerate` would write: nothing.
        assert await conn.run_sync(_drift) == []
        version = (await conn.exec_driver_sql("SELECT version_num FROM alembic_version")).scalar()
    assert version == ScriptDirectory.from_config(db.alembic_config(db_url)).get_current_head()


async def test_each_migration_upgrades_a_database_holding_data(
    db_url: str, engine: AsyncEngine
) -> None:
    # Real databases are upgraded with matches in them: start at 0001 with a row.
    await db.downgrade(db_url, "base")
    await db.upgrade(db_url, "0001")
    async with engine.begin() as conn:
        await conn.exec_driver_sql(
            "INSERT INTO matches (guild_id, channel_id, game, status, options, seed, seed_hash,"
            " version, created_by, created_at, updated_at) VALUES (1, 2, 'testgame', 'active',"
            " '{}', 'ab', 'cd', 0, 3, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
        )
    await db.upgrade(db_url)
    async with engine.connect() as conn:
        pace = (await conn.exec_driver_sql("SELECT pace FROM matches")).scalar()
    assert pace in ({}, "{}")


def test_alembic_config_needs_a_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    with pytest.raises(RuntimeError, match="DATABASE_URL"):
        db.alembic_config()
    monkeypatch.setenv("DATABASE_URL", "sqlite+aiosqlite:///x.db")
    assert db.alembic_config().attributes["url"] == "sqlite+aiosqlite:///x.db"


def test_sqlite_directory_is_created(tmp_path: Path) -> None:
    target = tmp_path / "nested" / "dir" / "bot.db"
    db.upgrade_sync(f"sqlite+aiosqlite:///{target}")
    assert target.exists()
