"""A real MatchService on a migrated temporary SQLite database, with a frozen clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.match.clock import FrozenClock
from bot.match.service import MatchService
from bot.store import db
from engines.core.registry import register
from tests.conftest import fresh_sqlite_database
from tests.testgame import ENGINE as TESTGAME


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[MatchService]:
    url = await fresh_sqlite_database(tmp_path / "bot.sqlite3")
    engine = db.make_engine(url)
    register(TESTGAME)
    yield MatchService(db.make_sessionmaker(engine), FrozenClock())
    await engine.dispose()
