"""Loading a long match: latest snapshot + replay, versus replay from the start.

Seeds one match of the endless test game (``tests/store/endless.py``) with
``--events`` actions through the real ``append_action`` path, then times
``load_match`` (snapshot every ``SNAPSHOT_EVERY`` events) against a rebuild
from snapshot 0 that re-applies every event. Run from the repository root:

    python -m bench store_load [--events 5000] [--repeat 7] [--backend sqlite|postgres|all]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.pool import NullPool

from bot.store import repository as repo
from bot.store.db import make_engine, make_sessionmaker, upgrade
from bot.store.loading import rebuild_state
from tests.store.endless import ENGINE as GAME

DEFAULT_PG = os.environ.get(
    "TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
)


@dataclass
class Result:
    """Timings of one backend, in milliseconds (medians of ``repeat`` runs)."""

    backend: str
    events: int
    append_ms: float
    snapshot_ms: float  # right at a snapshot: nothing to replay
    worst_ms: float  # SNAPSHOT_EVERY - 1 events after the last snapshot
    worst_replayed: int
    scratch_ms: float  # every event re-applied from snapshot 0
    move_ms: float  # one move as the bot makes it: load, apply, append, commit


async def _median_ms(repeat: int, fn: Callable[[], Awaitable[Any]]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        await fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


async def _new_match(sessions: async_sessionmaker[AsyncSession]) -> int:
    async with sessions.begin() as session:
        match = await repo.create_match(
            session,
            guild_id=1,
            channel_id=1,
            game=GAME.name,
            seats=[(1, "A"), (2, "B")],
            options={},
            created_by=1,
        )
        await repo.accept_seat(session, match, 2)
        await repo.start_match(session, match, GAME, None)
        return match.id


async def _append(sessions: async_sessionmaker[AsyncSession], match_id: int, events: int) -> float:
    """Append ``events`` actions in transactions of 1,000; return ms per append."""
    start = time.perf_counter()
    done = 0
    while done < events:
        async with sessions.begin() as session:
            loaded = await repo.load_match(session, match_id, GAME)
            for _ in range(min(1000, events - done)):
                decision = GAME.pending(loaded.state)[0]
                assert decision.default is not None
                await repo.append_action(
                    session, loaded, seat=decision.seat, actor_id=None, action=decision.default
                )
                done += 1
    return (time.perf_counter() - start) * 1000 / max(events, 1)


async def run_backend(backend: str, url: str, events: int, repeat: int) -> Result:
    """Migrate ``url``, seed a match and time both ways of loading it."""
    await upgrade(url)
    engine = make_engine(url)
    sessions = make_sessionmaker(engine)
    try:
        match_id = await _new_match(sessions)
        # Stop right at a snapshot, time, then add SNAPSHOT_EVERY - 1 (worst case).
        at_snapshot = events - events % repo.SNAPSHOT_EVERY
        append_ms = await _append(sessions, match_id, at_snapshot)
        replayed = 0

        async def with_snapshot() -> None:
            nonlocal replayed
            async with sessions() as session:
                replayed = (await repo.load_match(session, match_id, GAME)).replayed

        async def from_scratch() -> None:
            async with sessions() as session:
                match = await repo.get_match(session, match_id)
                assert match is not None
                await rebuild_state(session, match, GAME, match.version, from_scratch=True)

        snapshot_ms = await _median_ms(repeat, with_snapshot)
        await _append(sessions, match_id, repo.SNAPSHOT_EVERY - 1)
        worst_ms = await _median_ms(repeat, with_snapshot)
        scratch_ms = await _median_ms(repeat, from_scratch)
        # Single-move transactions (commit each), on a fresh match: SNAPSHOT_EVERY - 1 moves.
        other = await _new_match(sessions)
        move_ms = await _median_ms(repo.SNAPSHOT_EVERY - 1, lambda: _append(sessions, other, 1))
    finally:
        await engine.dispose()
    total = at_snapshot + repo.SNAPSHOT_EVERY - 1
    return Result(backend, total, append_ms, snapshot_ms, worst_ms, replayed, scratch_ms, move_ms)


async def _pg_admin(admin_url: str, statement: str) -> None:
    engine = create_async_engine(admin_url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            await conn.execute(text(statement))
    finally:
        await engine.dispose()


async def scratch_databases(
    args: argparse.Namespace, prefix: str
) -> AsyncIterator[tuple[str, str]]:
    """The backends ``args.backend`` selects, as (name, URL) of a throw-away database:
    a temporary SQLite file, then a PostgreSQL database created on ``args.postgres_url``
    and dropped after (skipped, saying why, when the server cannot be reached)."""
    if args.backend in ("sqlite", "all"):
        with tempfile.TemporaryDirectory() as tmp:
            yield "sqlite", f"sqlite+aiosqlite:///{tmp}/bench.db"
    if args.backend in ("postgres", "all"):
        name = f"{prefix}_{uuid.uuid4().hex[:8]}"
        try:
            await _pg_admin(args.postgres_url, f'CREATE DATABASE "{name}"')
        except (OSError, DBAPIError) as exc:
            print(f"PostgreSQL skipped ({args.postgres_url}): {exc}")
            return
        try:
            yield (
                "postgresql",
                make_url(args.postgres_url).set(database=name).render_as_string(False),
            )
        finally:
            await _pg_admin(args.postgres_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def main_async(args: argparse.Namespace) -> list[Result]:
    """Run the selected backends, each on a throw-away database."""
    return [
        await run_backend(backend, url, args.events, args.repeat)
        async for backend, url in scratch_databases(args, "store_bench")
    ]


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m bench store_load", description=__doc__)
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--backend", choices=("sqlite", "postgres", "all"), default="all")
    parser.add_argument("--postgres-url", default=DEFAULT_PG, help="server to create a db on")
    parser.add_argument("--quick", action="store_true", help="1,000 events, 3 repeats")
    args = parser.parse_args(argv)
    if args.quick:
        args.events, args.repeat = 1000, 3
    results = asyncio.run(main_async(args))
    print(f"\nLoading a long match (median of {args.repeat} runs)\n")
    print(
        "| backend | events | load at a snapshot | load, worst case (replayed) "
        "| from scratch | append in a batch | one move (own transaction) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for r in results:
        print(
            f"| {r.backend} | {r.events} | {r.snapshot_ms:.1f} ms "
            f"| {r.worst_ms:.1f} ms ({r.worst_replayed}) | {r.scratch_ms:.1f} ms "
            f"| {r.append_ms:.2f} ms | {r.move_ms:.1f} ms |"
        )
