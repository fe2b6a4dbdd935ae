"""Load generator: N concurrent matches of every game, each move through the bot's path.

Each match is a task that plays its match to the end (then starts another) by
taking, as the seat's user, the default of the first decision owed, the way a
player presses a decision's button. One move makes exactly the calls the bot's
``Router.press`` → ``Router.act`` → ``Router.publish`` → ``Router.posted`` make for a
button, minus Discord's own I/O:

1. ``MatchService.resolve`` (the tenancy gate) and ``check_control`` (``Router.may_use``);
2. ``MatchService.act`` (load, apply, append, autoplay, deadlines, commit);
3. the guild's locale, then ``Presenter.public`` (events, controls, view, render, PNG);
4. ``MatchService.record_state_post`` and, when an older post is superseded, the
   guild's locale again for its "my view" button.

It reports, per backend and number of processes: moves per second, each move's
latency (median, p95, max), conflicts ("the match changed", which must be 0: no two
tasks ever play the same match) and other errors, the event loop's lag (a ticker
task asking to sleep 10 ms; how much longer each sleep took: with every match
pressing without pause that is mostly waiting behind the other ready steps), the
longest single step the loop ran (a stall: nothing else could run; with the
collector's share of it) and the longest full collection, resident memory, and
the reference workload (``bench.common``) timed in the same process just before.

    python -m bench load --quick                 # a couple of minutes
    python -m bench load --matches 100 --seconds 60 --backend all --processes 1,2,4
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import inspect
import multiprocessing
import os
import tempfile
import time
import traceback
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

from bench.common import (
    LagMonitor,
    StepTimer,
    cpu_seconds,
    cpu_used,
    median,
    percentile,
    reference_ms,
    rss_mb,
)
from bench.store_load import DEFAULT_PG, _pg_admin
from bot import heap
from bot.discord.presenter import Presenter
from bot.i18n import Texts, build_catalog
from bot.match.service import MatchService
from bot.match.types import MatchSnapshot, Player
from bot.store import db
from bot.store.errors import MatchChangedError
from engines.core.i18n import LOCALES
from engines.core.registry import load_games

#: Each process plays in its own guilds, users and threads (ids offset by this).
_PROCESS_SPAN = 10_000_000


@dataclass
class Stats:
    """What one process measured."""

    moves: int = 0
    seconds: float = 0.0
    latencies_ms: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    conflicts: int = 0
    errors: list[str] = field(default_factory=list)
    lags_ms: list[float] = field(default_factory=list)
    #: The loop's steps over 1 ms, as (ms, of which garbage collection): bench.common.StepTimer.
    steps: list[tuple[float, float]] = field(default_factory=list)
    full_collections_ms: list[float] = field(default_factory=list)
    rss_mb: float = 0.0
    peak_mb: float = 0.0
    reference_ms: list[float] = field(default_factory=list)
    #: CPU time of the bot-like process itself during the window (renders run in
    #: worker processes and are not in it).
    cpu_seconds: float = 0.0
    #: CPU time of this process's render workers during the window.
    worker_cpu_seconds: float = 0.0
    #: CPU time of the database server's processes for this database during the
    #: window (PostgreSQL on this machine, measured by the first process only, for
    #: every process's connections); ``None`` when it cannot be read (SQLite runs in
    #: the bot's own process: its work is in the bot's CPU).
    db_cpu_seconds: float | None = None

    def merge(self, other: Stats) -> None:
        """Add another process's numbers (moves add up; wall time is the longest)."""
        self.moves += other.moves
        self.seconds = max(self.seconds, other.seconds)
        for game, samples in other.latencies_ms.items():
            self.latencies_ms[game].extend(samples)
        self.conflicts += other.conflicts
        self.errors.extend(other.errors)
        self.lags_ms.extend(other.lags_ms)
        self.steps.extend(other.steps)
        self.full_collections_ms.extend(other.full_collections_ms)
        self.rss_mb = max(self.rss_mb, other.rss_mb)
        self.peak_mb = max(self.peak_mb, other.peak_mb)
        self.reference_ms.extend(other.reference_ms)
        self.cpu_seconds += other.cpu_seconds
        self.worker_cpu_seconds += other.worker_cpu_seconds
        if other.db_cpu_seconds is not None:
            self.db_cpu_seconds = (self.db_cpu_seconds or 0.0) + other.db_cpu_seconds


@dataclass(frozen=True)
class Press:
    """What a player's client holds between two moves of a match: the posted button
    (the match, its version, the decision's action, who may press it). Not the
    match's state: the bot reads that again (from its cache) at each press, and a
    benchmark task holding every match's snapshot would keep hundreds of states
    alive that the bot never holds, each one more for the collector's full passes."""

    match_id: int
    guild_id: int
    thread_id: int | None
    version: int
    user: int
    action: dict[str, Any]

    @classmethod
    def of(cls, snap: MatchSnapshot) -> Press | None:
        """The press the match's post offers first (its decision's default), if any."""
        pending = snap.pending()
        default = pending[0].default if pending else None
        if default is None:
            return None
        decision = pending[0]
        match = snap.match
        return cls(
            match.id,
            match.guild_id,
            match.thread_id,
            match.version,
            snap.user_of(decision.seat),
            snap.engine.action_to_json(default),
        )


class Driver:
    """Plays matches through one process's service and presenter, like the bot."""

    def __init__(self, service: MatchService, presenter: Presenter, process: int) -> None:
        self.service = service
        self.presenter = presenter
        self.base = (process + 1) * _PROCESS_SPAN
        self.counter = 0
        self.stats = Stats()

    async def configure_guilds(self) -> None:
        """One guild per catalog locale, so posts are drawn in all three languages."""
        for index, locale in enumerate(LOCALES):
            await self.service.configure(self.base + index, locale=locale)

    async def new_match(self, game: str, seats: int) -> Press | None:
        """Propose, accept and start a match of ``game`` (not timed); its first press."""
        self.counter += 1
        number = self.counter
        guild = self.base + number % len(LOCALES)
        users = [Player(self.base + number * 10 + i, f"P{number}-{i}") for i in range(seats)]
        match, _ = await self.service.create(
            guild_id=guild,
            channel_id=guild,
            game=game,
            creator=users[0],
            opponents=users[1:],
            options_text=None,
        )
        for user in users[1:]:
            await self.service.respond_invite(match.id, user.user_id, True)
        return Press.of(await self.service.start(match.id, self.base + 5_000_000 + number))

    async def locale(self, snap: MatchSnapshot) -> str:
        """``Router.public_locale``: the guild's language, from the snapshot when the
        service read it with the move (older services take no snapshot, so the
        benchmark still runs on earlier commits for before/after tables)."""
        guild_locale: Any = self.service.guild_locale
        if "snap" in inspect.signature(guild_locale).parameters:
            return str(await guild_locale(snap.match.guild_id, "en-US", snap))
        return str(await guild_locale(snap.match.guild_id, "en-US"))

    async def move(self, press: Press | None) -> Press | None:
        """One move as a button press; ``None`` when the match needs a new one."""
        if press is None:
            return None
        user, match_id, kind = press.user, press.match_id, str(press.action["kind"])
        # Router.may_press → Router.may_use: the tenancy gate, then the control's check.
        await self.service.resolve(
            guild_id=press.guild_id, user_id=user, channel_id=press.thread_id, explicit=match_id
        )
        await self.service.check_control(match_id, user, press.version, kind)
        # Router.act's work: the move, then the public post in the guild's language.
        snap = await self.service.act(match_id, user, press.action, press.version)
        locale = await self.locale(snap)
        post = await self.presenter.public(snap, locale)
        assert post.images and post.images[0].data
        # Router.posted: record the new state post; retire the old one's controls.
        old = await self.service.record_state_post(
            snap.match.id,
            1_000_000_000 + snap.match.id * 10_000 + snap.match.version,
            snap.match.version,
            post.since,
        )
        if old is not None:
            locale = await self.locale(snap)
            self.presenter.view_button(snap, locale)
        return Press.of(snap)

    async def play(self, game: str, seats: int, until: float, press: Press | None) -> None:
        """Play ``press``'s match, then new ones of ``game``, until ``until`` (monotonic)."""
        while time.monotonic() < until:
            start = time.perf_counter()
            try:
                if press is None:
                    press = await self.new_match(game, seats)
                    continue
                moved = await self.move(press)
            except MatchChangedError:
                # Nobody else plays this match: any conflict here is a spurious one.
                self.stats.conflicts += 1
                press = None
                continue
            except Exception as exc:  # noqa: BLE001 — a benchmark reports, it does not stop
                # Its kind and first line, without the SQL and parameters after them.
                first = (str(exc).splitlines() or [""])[0]
                self.stats.errors.append(f"{type(exc).__name__}: {first}"[:160])
                press = None
                continue
            if moved is None:
                press = None
                continue
            self.stats.latencies_ms[game].append((time.perf_counter() - start) * 1000)
            self.stats.moves += 1
            press = moved


async def drive(url: str, matches: int, seconds: float, process: int, barrier: Any) -> Stats:
    """Run ``matches`` concurrent matches per game for ``seconds`` in this process."""
    engines = load_games()
    engine = db.make_engine(url)
    service = MatchService(db.make_sessionmaker(engine))
    presenter = Presenter(Texts(build_catalog(engines)))
    driver = Driver(service, presenter, process)
    reference = reference_ms()
    try:
        await driver.configure_guilds()
        heap.freeze_loaded(engines)  # as the bot does at start (bot.heap)
        # Warm up: one move of each game, so first-use costs (imports, fonts) stay out.
        for game_engine in engines:
            await driver.move(await driver.new_match(game_engine.name, game_engine.min_seats))
        # Every match is created before the clock starts; later ones (after a match
        # ends) are created inside the window, untimed.
        tasks = [
            (game_engine, await driver.new_match(game_engine.name, game_engine.min_seats))
            for game_engine in engines
            for _ in range(matches)
        ]
        if barrier is not None:
            await asyncio.to_thread(barrier.wait)
        monitor, steps = LagMonitor(), StepTimer()
        # Only the first process counts the database server's CPU (all of it).
        db_pids = await _database_pids(engine) if process == 0 else []
        db_cpu, workers_cpu = cpu_seconds(db_pids), cpu_seconds(_worker_pids())
        monitor.start()
        steps.start()
        begin = time.monotonic()
        cpu = time.process_time()
        until = begin + seconds
        await asyncio.gather(
            *(driver.play(game.name, game.min_seats, until, press) for game, press in tasks)
        )
        driver.stats.seconds = time.monotonic() - begin
        driver.stats.cpu_seconds = time.process_time() - cpu
        driver.stats.worker_cpu_seconds = cpu_used(workers_cpu, cpu_seconds(_worker_pids()))
        if db_cpu:
            now = cpu_seconds(await _database_pids(engine))
            driver.stats.db_cpu_seconds = cpu_used(db_cpu, now)
        steps.stop()
        await monitor.stop()
        driver.stats.lags_ms = monitor.lags_ms
        driver.stats.steps = steps.steps
        driver.stats.full_collections_ms = steps.full_collections_ms
    finally:
        await engine.dispose()
    driver.stats.rss_mb, driver.stats.peak_mb = rss_mb()
    driver.stats.reference_ms = reference
    return driver.stats


def _worker_pids() -> list[int]:
    """The render workers' process ids (none on a commit before the pool had them)."""
    try:
        from bot import render_pool
    except ImportError:
        return []
    pids = getattr(render_pool, "worker_pids", None)
    return list(pids()) if pids is not None else []


async def _database_pids(engine: AsyncEngine) -> list[int]:
    """The PostgreSQL server processes serving this database (none on SQLite)."""
    if engine.dialect.name != "postgresql":
        return []
    async with engine.connect() as conn:
        rows = await conn.execute(
            text("SELECT pid FROM pg_stat_activity WHERE datname = current_database()")
        )
        return [int(pid) for (pid,) in rows]


def _child(url: str, matches: int, seconds: float, process: int, barrier: Any, out: Any) -> None:
    try:
        out.put(asyncio.run(drive(url, matches, seconds, process, barrier)))
    except BaseException:
        out.put(traceback.format_exc())
        raise
    finally:
        _stop_render_workers()


def _stop_render_workers() -> None:
    """A multiprocessing child skips atexit and waits for its own children at exit:
    stop the render workers here, or it would wait for them forever."""
    try:
        from bot import render_pool
    except ImportError:  # an earlier commit, rendering in threads
        return
    render_pool.shutdown()


def run_processes(url: str, processes: int, matches: int, seconds: float) -> Stats:
    """``processes`` bot-like processes on one database, started together."""
    if processes == 1:
        return asyncio.run(drive(url, matches, seconds, 0, None))
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(processes)
    out = context.Queue()
    children = [
        context.Process(target=_child, args=(url, matches, seconds, i, barrier, out))
        for i in range(processes)
    ]
    for child in children:
        child.start()
    total = Stats()
    for _ in children:
        result = out.get()
        if isinstance(result, str):
            raise RuntimeError(f"a load process failed:\n{result}")
        total.merge(result)
    for child in children:
        child.join()
    return total


def _row(backend: str, processes: int, matches: int, stats: Stats) -> str:
    every = [ms for samples in stats.latencies_ms.values() for ms in samples]
    rate = stats.moves / stats.seconds if stats.seconds else 0.0
    ref = median(stats.reference_ms)
    p95 = percentile(every, 0.95)
    total = stats.cpu_seconds + stats.worker_cpu_seconds + (stats.db_cpu_seconds or 0.0)

    def per_move(seconds: float | None) -> str:
        return "—" if seconds is None else f"{seconds * 1000 / max(stats.moves, 1):.0f} ms"

    return (
        f"| {backend} | {processes} | {matches} | {stats.moves} | {rate:.1f} "
        f"| {median(every):.0f} ms | {p95:.0f} ms | {max(every, default=0):.0f} ms "
        f"| {percentile(stats.lags_ms, 0.99):.0f} ms | {max(stats.lags_ms, default=0):.0f} ms "
        f"| {StepTimer.summary(stats.steps)} | {max(stats.full_collections_ms, default=0):.0f} ms "
        f"| {stats.conflicts} | {len(stats.errors)} | {stats.rss_mb:.0f} MiB "
        f"| {per_move(stats.cpu_seconds)} | {per_move(stats.worker_cpu_seconds)} "
        f"| {per_move(stats.db_cpu_seconds)} | {per_move(total)} "
        f"| {ref:.1f} ms | {p95 / ref if ref else 0:.1f}× |"
    )


def _game_rows(backend: str, matches: int, stats: Stats) -> list[str]:
    return [
        f"| {backend} | {matches} | {game} | {len(samples)} | {median(samples):.0f} ms "
        f"| {percentile(samples, 0.95):.0f} ms |"
        for game, samples in sorted(stats.latencies_ms.items())
    ]


def _backends(args: argparse.Namespace) -> list[str]:
    return ["sqlite", "postgres"] if args.backend == "all" else [args.backend]


def _one_run(url_for: Any, args: argparse.Namespace, processes: int, matches: int) -> Stats:
    with url_for() as url:
        asyncio.run(db.upgrade(url))
        return run_processes(url, processes, matches, args.seconds)


@contextlib.contextmanager
def _sqlite_url() -> Iterator[str]:
    with tempfile.TemporaryDirectory() as tmp:
        yield f"sqlite+aiosqlite:///{tmp}/load.db"


def _postgres_url(admin_url: str) -> Callable[[], contextlib.AbstractContextManager[str]]:
    @contextlib.contextmanager
    def scratch() -> Iterator[str]:
        name = f"load_bench_{uuid.uuid4().hex[:8]}"
        asyncio.run(_pg_admin(admin_url, f'CREATE DATABASE "{name}"'))
        try:
            yield make_url(admin_url).set(database=name).render_as_string(False)
        finally:
            asyncio.run(_pg_admin(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))

    return scratch


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m bench load", description=__doc__)
    parser.add_argument(
        "--matches", default="1,33", help="concurrent matches per game, comma-separated"
    )
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--backend", choices=("sqlite", "postgres", "all"), default="all")
    parser.add_argument("--processes", default="1", help="comma-separated, e.g. 1,2,4")
    parser.add_argument("--postgres-url", default=DEFAULT_PG, help="server to create a db on")
    parser.add_argument("--quick", action="store_true", help="1 and 5 matches per game, 15 s")
    args, _ = parser.parse_known_args(argv)
    if args.quick:
        args.matches, args.seconds = "1,5", 15.0
    counts = [int(n) for n in args.processes.split(",") if n]
    sizes = [int(n) for n in args.matches.split(",") if n]
    rows: list[str] = []
    game_rows: list[str] = []
    errors: list[str] = []
    for backend in _backends(args):
        url_for = _sqlite_url if backend == "sqlite" else _postgres_url(args.postgres_url)
        for matches in sizes:
            for processes in counts:
                if backend == "sqlite" and processes > 1:
                    continue  # one SQLite file is for one bot process
                try:
                    stats = _one_run(url_for, args, processes, matches)
                except (OSError, DBAPIError) as exc:
                    print(f"{backend} skipped: {exc}")
                    break
                rows.append(_row(backend, processes, matches * 3 * processes, stats))
                if processes == 1:
                    game_rows.extend(_game_rows(backend, matches * 3, stats))
                errors.extend(stats.errors)
                print(rows[-1], flush=True)
    print(f"\nLoad: {args.seconds:.0f} s per row, {os.cpu_count()} CPUs\n")
    print(
        "| backend | processes | matches | moves | moves/s | move p50 | move p95 | move max "
        "| loop lag p99 | loop lag max | longest loop step | longest full GC | conflicts | errors "
        "| RSS | CPU per move: bot "
        "| render workers | database | all | reference | p95 / reference |"
    )
    print(
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:"
        "|---:|---:|"
    )
    print("\n".join(rows))
    print("\n| backend | matches | game | moves | p50 | p95 |\n|---|---:|---|---:|---:|---:|")
    print("\n".join(game_rows))
    kinds: dict[str, int] = defaultdict(int)
    for error in errors:
        kinds[error] += 1
    for error, count in sorted(kinds.items(), key=lambda item: -item[1]):
        print(f"\n{count} × {error}")
