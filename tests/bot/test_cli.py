"""The two entry points a newcomer meets: ``python -m bot run`` and ``db upgrade``."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Settings

ROOT = Path(__file__).resolve().parents[2]


def run_bot(*args: str, db: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{db}", **env}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment,
        timeout=120,
        check=False,
    )


def tables(db: Path) -> set[str]:
    with sqlite3.connect(db) as conn:
        return {r[0] for r in conn.execute("select name from sqlite_master where type='table'")}


def test_run_without_a_token_explains_how_to_get_one(tmp_path: Path) -> None:
    db = tmp_path / "data" / "bot.sqlite3"
    done = run_bot("run", db=db, DISCORD_TOKEN="")
    assert done.returncode == 2
    assert "DISCORD_TOKEN is not set" in done.stderr
    assert "discord.com/developers/applications" in done.stderr
    assert ".env" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    # The database is ready for the next run.
    assert {"matches", "match_events", "snapshots", "alembic_version"} <= tables(db)


def test_db_upgrade_creates_the_schema(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    done = run_bot("db", "upgrade", db=db)
    assert done.returncode == 0, done.stderr
    assert {"guild_settings", "match_seats"} <= tables(db)
    again = run_bot("db", "upgrade", db=db)  # idempotent
    assert again.returncode == 0, again.stderr


def test_settings_read_lists_from_comma_separated_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        dev_guild_ids="123, 456",  # type: ignore[arg-type]
        shard_ids="0,1",  # type: ignore[arg-type]
        games="tests.testgame",  # type: ignore[arg-type]
        discord_token="  ",  # type: ignore[arg-type]
    )
    assert settings.dev_guild_ids == [123, 456]
    assert settings.shard_ids == [0, 1]
    assert settings.games == ["tests.testgame"]
    assert settings.token is None
    assert Settings(_env_file=None).database_url.endswith("data/bot.sqlite3")  # type: ignore[call-arg]


def test_a_malformed_setting_is_named_without_a_traceback(tmp_path: Path) -> None:
    done = run_bot("run", db=tmp_path / "bot.sqlite3", DEV_GUILD_IDS="my-server")
    assert done.returncode == 2
    assert "Invalid settings" in done.stderr and "DEV_GUILD_IDS" in done.stderr
    assert "Traceback" not in done.stderr
