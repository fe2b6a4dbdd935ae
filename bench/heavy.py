"""The event loop while a command whose work grows with a match's length runs.

Seeds one match of the endless test game (``tests/store/endless.py``) with
``--events`` moves and a resignation (so it has ended and ``/match verify`` replays
all of it), then runs the bot's own paths of ``/match verify`` and ``/match export``
(``bot.history``) while a ticker task shares the loop. Reported per backend: how long
each command took, the longest step the event loop ran meanwhile
(:class:`~bench.common.StepTimer`: the longest stall any piece of work caused; the
target is 50 ms), the ticker's worst lag, and the reference workload of the same run.

    python -m bench heavy                 # 5,000 events, SQLite and PostgreSQL
    python -m bench heavy --quick         # 1,000 events, SQLite
"""

from __future__ import annotations

import argparse
import asyncio
import time
from dataclasses import dataclass

from bench.common import LagMonitor, StepTimer, median, reference_ms
from bench.store_load import DEFAULT_PG, _append, _new_match, scratch_databases
from bot import heap
from bot.match import history
from bot.match.service import MatchService
from bot.store import repository as repo
from bot.store.db import make_engine, make_sessionmaker, upgrade
from engines.core.registry import load_games, register
from tests.store.endless import ENGINE as GAME


@dataclass
class Stall:
    """One command on one backend: its wall time, the longest loop step, the worst lag."""

    backend: str
    command: str
    events: int
    took_ms: float
    longest_step: str
    longest_ms: float
    lag_max_ms: float


async def _timed(backend: str, command: str, events: int, work: asyncio.Future[object]) -> Stall:
    timer, monitor = StepTimer(), LagMonitor(interval=0.005)
    monitor.start()
    await asyncio.sleep(0.05)  # the ticker runs before the command starts
    timer.start()
    start = time.perf_counter()
    try:
        await work
    finally:
        took = (time.perf_counter() - start) * 1000
        timer.stop()
        await monitor.stop()
    longest = max((ms for ms, _ in timer.steps), default=0.0)
    return Stall(
        backend,
        command,
        events,
        took,
        StepTimer.summary(timer.steps),
        longest,
        max(monitor.lags_ms, default=0.0),
    )


async def run_backend(backend: str, url: str, events: int) -> list[Stall]:
    """Seed an ended match of ``events`` moves on ``url``; time verify and export."""
    await upgrade(url)
    engine = make_engine(url)
    sessions = make_sessionmaker(engine)
    register(GAME)
    try:
        match_id = await _new_match(sessions)
        await _append(sessions, match_id, events)
        async with sessions.begin() as session:
            loaded = await repo.load_match(session, match_id, GAME)
            await repo.resign(session, loaded, seat=0, actor_id=1)
        service = MatchService(sessions)
        out = []
        for command in ("verify", "export"):
            # A fresh service each time: nothing of the match is cached in the process.
            service = MatchService(make_sessionmaker(engine))
            if command == "verify":
                work = asyncio.ensure_future(history.verify_match(service, match_id))
            else:
                work = asyncio.ensure_future(history.export_file(service, match_id))
            out.append(await _timed(backend, f"/match {command}", events + 2, work))
        report = (await history.verify_match(service, match_id))[1]
        assert report.ok and report.checked_events == events + 2, report.problems
        return out
    finally:
        await engine.dispose()


async def main_async(args: argparse.Namespace) -> list[Stall]:
    """Run the selected backends, each on a throw-away database."""
    results = []
    async for backend, url in scratch_databases(args, "heavy_bench"):
        results += await run_backend(backend, url, args.events)
    return results


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m bench heavy", description=__doc__)
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--backend", choices=("sqlite", "postgres", "all"), default="all")
    parser.add_argument("--postgres-url", default=DEFAULT_PG, help="server to create a db on")
    parser.add_argument("--quick", action="store_true", help="1,000 events, SQLite only")
    args = parser.parse_args(argv)
    if args.quick:
        args.events, args.backend = 1000, "sqlite"
    heap.freeze_loaded(load_games())  # as the bot does at start (bot/heap.py)
    before = reference_ms()
    results = asyncio.run(main_async(args))
    after = reference_ms()
    reference = median(before + after)
    print(f"\nThe event loop during long commands (reference: median {reference:.1f} ms)\n")
    print(
        "| backend | command | events | took | longest loop step (target ≤ 50 ms) "
        "| ticker lag max | step / reference |"
    )
    print("|---|---|---:|---:|---:|---:|---:|")
    for r in results:
        print(
            f"| {r.backend} | {r.command} | {r.events} | {r.took_ms:.0f} ms | {r.longest_step} "
            f"| {r.lag_max_ms:.0f} ms | {r.longest_ms / reference:.2f} |"
        )
