"""Alembic environment: async engines, batch mode for SQLite, models as the target.

Two ways in:

* ``bot.store.db.upgrade(url)`` (the bot, the tests) opens the connection itself
  and passes it in ``config.attributes["connection"]``; we run on it directly, so
  this works inside a running event loop.
* The ``alembic`` command line: we build an async engine from the URL in
  ``config.attributes["url"]``, ``$DATABASE_URL`` or ``sqlalchemy.url``, and run
  the migrations in a fresh event loop.
"""

from __future__ import annotations

import asyncio
import os
from logging.config import fileConfig
from typing import Any, Literal

from sqlalchemy import Connection, pool
from sqlalchemy.ext.asyncio import async_engine_from_config

from alembic import context
from bot.store.db import configure_sqlite, ensure_sqlite_dir
from bot.store.models import Base, UTCDateTime

config = context.config

# Only the command line configures logging from alembic.ini; the bot's own
# logging must survive a programmatic upgrade.
if config.config_file_name is not None and "connection" not in config.attributes:
    fileConfig(config.config_file_name, disable_existing_loggers=False)

target_metadata = Base.metadata


def _render_item(type_: str, obj: Any, autogen_context: Any) -> str | Literal[False]:
    # Migrations must not import the app's models (they change over time), so
    # render our UTC timestamp type as the plain SQLAlchemy type it stores.
    if type_ == "type" and isinstance(obj, UTCDateTime):
        return "sa.DateTime(timezone=True)"
    return False


def _configure(connection: Connection | None = None, url: str | None = None) -> None:
    context.configure(
        connection=connection,
        url=url,
        target_metadata=target_metadata,
        # SQLite cannot ALTER most things; batch mode copies the table instead.
        render_as_batch=True,
        # SQLite too: for migrations bot.store.db makes SQLAlchemy send a real
        # BEGIN, so DDL is transactional and a failed migration leaves nothing half done.
        transactional_ddl=True,
        compare_type=True,
        render_item=_render_item,
        literal_binds=url is not None,
        dialect_opts={"paramstyle": "named"} if url is not None else {},
    )


def _url() -> str:
    url = config.attributes.get("url") or os.environ.get("DATABASE_URL")
    url = url or config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("No database URL: set DATABASE_URL (see alembic.ini).")
    return str(url)


def run_migrations_offline() -> None:
    """``alembic upgrade --sql``: print the SQL instead of running it."""
    _configure(url=_url())
    with context.begin_transaction():
        context.run_migrations()


def do_run_migrations(connection: Connection) -> None:
    """Run the migrations on a synchronous connection (called via ``run_sync``)."""
    _configure(connection=connection)
    with context.begin_transaction():
        context.run_migrations()


async def run_async_migrations() -> None:
    """Command-line path: our own async engine, no pooling."""
    section = config.get_section(config.config_ini_section, {})
    section["sqlalchemy.url"] = url = _url()
    ensure_sqlite_dir(url)
    engine = async_engine_from_config(section, prefix="sqlalchemy.", poolclass=pool.NullPool)
    if engine.dialect.name == "sqlite":
        # Foreign keys off and transactional DDL (see configure_sqlite).
        configure_sqlite(engine, migrations=True)
    async with engine.connect() as connection:
        await connection.run_sync(do_run_migrations)
    await engine.dispose()


def run_migrations_online() -> None:
    """Run on the connection we were given, or on a new engine in a new loop."""
    connection = config.attributes.get("connection")
    if connection is not None:
        do_run_migrations(connection)
    else:
        asyncio.run(run_async_migrations())


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
