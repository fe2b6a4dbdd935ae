"""A move's latency with one match at a time: the target "a move answered with its
image in ≤ 150 ms (p95)" read without queueing behind other matches.

``python -m bench load`` presses as fast as the bot answers in many matches at once,
so there a move's latency is mostly waiting for the others (about matches ÷
throughput). Here a single task plays one match of each game in turn, move after
move, each move exactly ``bench.load``'s (the bot's path for a button: tenancy gate,
the control's check, the move, the guild's language, the public post with its
render in the worker pool, the state post recorded). Reported per backend and game:
p50, p95 and max of a move, the bot process's own CPU time per move (render workers
not included), the event loop's lag, and the reference workload of the same run.

    python -m bench latency --quick              # about a minute
    python -m bench latency --moves 150 --backend all
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import DBAPIError

from bench.common import LagMonitor, cpu_seconds, cpu_used, median, percentile, reference_ms
from bench.load import Driver, Press, _database_pids, _postgres_url, _sqlite_url, _worker_pids
from bench.store_load import DEFAULT_PG
from bot import heap
from bot.discord.presenter import Presenter
from bot.i18n import Texts, build_catalog
from bot.match.service import MatchService
from bot.store import db
from engines.core.registry import load_games


@dataclass
class Timings:
    """One backend's numbers: each move's latency per game, CPU, loop lag."""

    latencies_ms: dict[str, list[float]] = field(default_factory=dict)
    cpu_ms: dict[str, float] = field(default_factory=dict)
    #: The render workers' and the database server's CPU per move (``None``: unknown).
    worker_ms: dict[str, float] = field(default_factory=dict)
    db_ms: dict[str, float | None] = field(default_factory=dict)
    lags_ms: list[float] = field(default_factory=list)
    reference_ms: list[float] = field(default_factory=list)


async def measure(url: str, moves: int) -> Timings:
    """``moves`` timed moves of each game, one match and one move at a time."""
    games = load_games()
    engine = db.make_engine(url)
    service = MatchService(db.make_sessionmaker(engine))
    driver = Driver(service, Presenter(Texts(build_catalog(games))), 0)
    timings = Timings(reference_ms=reference_ms())
    monitor = LagMonitor()
    try:
        await driver.configure_guilds()
        heap.freeze_loaded(games)  # as the bot does at start (bot.heap)
        for game in games:  # warm-up: imports, fonts, the render workers
            await driver.move(await driver.new_match(game.name, game.min_seats))
        monitor.start()
        db_pids = await _database_pids(engine)
        for game in games:
            samples: list[float] = []
            cpu = 0.0
            press = await untimed_match(driver, monitor, game.name, game.min_seats)
            workers_before, db_before = cpu_seconds(_worker_pids()), cpu_seconds(db_pids)
            while len(samples) < moves:
                start, cpu_start = time.perf_counter(), time.process_time()
                moved = await driver.move(press)
                if moved is None:  # the match ended: a new one, untimed
                    press = await untimed_match(driver, monitor, game.name, game.min_seats)
                    continue
                samples.append((time.perf_counter() - start) * 1000)
                cpu += time.process_time() - cpu_start
                press = moved
            timings.latencies_ms[game.name] = samples
            timings.cpu_ms[game.name] = cpu * 1000 / len(samples)
            # (The workers and the server also did the set-ups of matches that ended
            # meanwhile: a little more than the moves' own share.)
            used = cpu_used(workers_before, cpu_seconds(_worker_pids()))
            timings.worker_ms[game.name] = used * 1000 / len(samples)
            db_used = cpu_used(db_before, cpu_seconds(db_pids)) if db_before else None
            timings.db_ms[game.name] = None if db_used is None else db_used * 1000 / len(samples)
        await monitor.stop()
        timings.lags_ms = monitor.lags_ms
    finally:
        await engine.dispose()
    return timings


async def untimed_match(driver: Driver, monitor: LagMonitor, game: str, seats: int) -> Press | None:
    """A new match's first press, its set-up left out of the loop's lag too (setting a
    match up is not a move; a Battle Scenes set-up reads its card files, a stall of its
    own)."""
    kept = len(monitor.lags_ms)
    press = await driver.new_match(game, seats)
    await asyncio.sleep(3 * monitor.interval)  # let the ticker record the set-up's stall
    del monitor.lags_ms[kept:]
    return press


def _mean(per_game: Mapping[str, float | None], game: str) -> Any:
    """A game's value, or for "all" the mean over the games (``None`` if unknown)."""
    if game in per_game:
        return per_game[game]
    known = [v for v in per_game.values() if v is not None]
    return sum(known) / len(known) if known else None


def _rows(backend: str, timings: Timings) -> list[str]:
    ref = median(timings.reference_ms)
    every = [ms for samples in timings.latencies_ms.values() for ms in samples]
    groups = [*sorted(timings.latencies_ms.items()), ("all", every)]
    rows = []
    for game, samples in groups:
        bot, workers, database = (
            _mean(per_game, game) for per_game in (timings.cpu_ms, timings.worker_ms, timings.db_ms)
        )
        total = bot + workers + (database or 0.0)
        p95 = percentile(samples, 0.95)
        rows.append(
            f"| {backend} | {game} | {len(samples)} | {median(samples):.0f} ms | {p95:.0f} ms "
            f"| {max(samples, default=0):.0f} ms | {bot:.0f} ms | {workers:.0f} ms "
            f"| {'—' if database is None else f'{database:.0f} ms'} | {total:.0f} ms "
            f"| {max(timings.lags_ms, default=0):.0f} ms | {ref:.1f} ms | {p95 / ref:.2f}× |"
        )
    return rows


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m bench latency", description=__doc__)
    parser.add_argument("--moves", type=int, default=100, help="timed moves per game")
    parser.add_argument("--backend", choices=("sqlite", "postgres", "all"), default="all")
    parser.add_argument("--postgres-url", default=DEFAULT_PG, help="server to create a db on")
    parser.add_argument("--quick", action="store_true", help="40 moves per game")
    args, _ = parser.parse_known_args(argv)
    if args.quick:
        args.moves = 40
    rows: list[str] = []
    backends = ["sqlite", "postgres"] if args.backend == "all" else [args.backend]
    for backend in backends:
        url_for = _sqlite_url if backend == "sqlite" else _postgres_url(args.postgres_url)
        try:
            with url_for() as url:
                asyncio.run(db.upgrade(url))
                timings = asyncio.run(measure(url, args.moves))
        except (OSError, DBAPIError) as exc:
            print(f"{backend} skipped: {exc}")
            continue
        rows.extend(_rows(backend, timings))
        print(rows[-1], flush=True)
    print(f"\nLatency, one match at a time: {args.moves} moves per game\n")
    print(
        "| backend | game | moves | p50 | p95 | max | CPU per move: bot | render workers "
        "| database | all | loop lag max | reference | p95 / reference |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    print("\n".join(rows))
