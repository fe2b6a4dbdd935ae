"""Store fixtures: an engine and a sessionmaker on the parametrised ``db_url``."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bot.store.db import make_engine, make_sessionmaker


@pytest.fixture
async def engine(db_url: str) -> AsyncIterator[AsyncEngine]:
    """An engine on a fresh migrated database (SQLite, then PostgreSQL)."""
    eng = make_engine(db_url)
    yield eng
    await eng.dispose()


@pytest.fixture
def sessions(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """The sessionmaker the bot would use."""
    return make_sessionmaker(engine)


@pytest.fixture
def is_sqlite(db_url: str) -> bool:
    """Whether this run is the SQLite one."""
    return db_url.startswith("sqlite")
