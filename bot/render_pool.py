"""Renders in worker processes, so drawing a board never holds the bot's event loop.

A render is pure Python and Pillow work of tens of milliseconds. In a thread it
still holds the interpreter lock most of the time, so the event loop (the gateway,
every other match) stalls behind it and one bot process uses one core. Here a
process pool draws instead: a render needs only the game's name, the view (plain
data, cheap to pickle), the kind and the locale, and it returns PNG bytes, which
are the same bytes an inline render gives. The alt text (``engine.describe``) of a
post's image is written there too (:func:`picture`): it reads the same view and
costs the bot's own process a few milliseconds of Python per move otherwise.

The pool is one per process, started on first use (or by :func:`start` when the bot
starts) with ``RENDER_PROCESSES`` workers (default: one per CPU; 0 renders in a
thread as before). A worker finds the engine by importing the module that defines
it and taking that package's ``ENGINE``; an engine it cannot find that way (one
built inside a test), or a pool that broke or is shutting down, is rendered in a
thread instead, so a post never fails for the pool's sake.
"""

from __future__ import annotations

import asyncio
import atexit
import importlib
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot.heap import freeze_loaded
from engines.core import GameEngine, View

_T = TypeVar("_T")

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_workers: int | None = None
_modules: tuple[str, ...] = ()


class _NotInWorker(LookupError):
    """The worker has no engine of that name (the caller renders in a thread)."""


#: Engines found in this worker process, by (module, name).
_found: dict[tuple[str, str], GameEngine[Any]] = {}


def _engine_in_worker(module: str, name: str) -> GameEngine[Any]:
    """The engine ``name`` from the package that defines its class (``ENGINE``)."""
    found = _found.get((module, name))
    if found is not None:
        return found
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        try:
            candidate = getattr(importlib.import_module(".".join(parts[:end])), "ENGINE", None)
        except ImportError:
            continue
        if isinstance(candidate, GameEngine) and candidate.name == name:
            _found[(module, name)] = candidate
            return candidate
    raise _NotInWorker(name)


def _render_in_worker(module: str, name: str, view: View, kind: str, locale: str) -> bytes:
    return _engine_in_worker(module, name).render(view, kind, locale)


def _drawn(engine: GameEngine[Any], view: View, kind: str, locale: str) -> tuple[bytes, str]:
    """The PNG and the alt text of ``view``: both read the same view, and the alt
    text is about as much Python work as a small render (views parsed back into
    typed data, words looked up), so it is done where the drawing is."""
    return engine.render(view, kind, locale), engine.describe(view, kind, locale)


def _picture_in_worker(
    module: str, name: str, view: View, kind: str, locale: str
) -> tuple[bytes, str]:
    return _drawn(_engine_in_worker(module, name), view, kind, locale)


def _kinds_in_worker(
    module: str, name: str, view: View, _kind: str, locale: str
) -> tuple[str, ...]:
    return _engine_in_worker(module, name).private_kinds(view, locale)


def _warm_worker(modules: tuple[str, ...]) -> None:
    """Import the games (and with them Pillow and the fonts' code) before any render."""
    from engines.core.registry import load_games

    # A worker lives as long as the pool: what it loads once is frozen (bot.heap).
    freeze_loaded(load_games(modules))


def configure(workers: int | None = None, modules: Iterable[str] = ()) -> None:
    """Set the number of worker processes (``None``: one per CPU; 0: render in a
    thread) and the extra game modules the workers import ahead of time."""
    global _workers, _modules
    if (workers, tuple(modules)) == (_workers, _modules):
        return  # several bots in one process (shards, tests) share the pool
    shutdown()
    with _lock:
        _workers = workers
        _modules = tuple(modules)


def worker_count() -> int:
    """Workers the pool runs with: ``configure``'s, else ``$RENDER_PROCESSES``, else
    one per CPU."""
    if _workers is not None:
        return max(0, _workers)
    env = os.environ.get("RENDER_PROCESSES", "").strip()
    if env:
        return max(0, int(env))
    return os.cpu_count() or 1


def _get() -> ProcessPoolExecutor | None:
    global _pool
    with _lock:
        if _pool is None and worker_count() > 0:
            # spawn, never fork: the bot's threads (database drivers) and open sockets
            # must not be copied into a worker.
            _pool = ProcessPoolExecutor(
                max_workers=worker_count(),
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_warm_worker,
                initargs=(_modules,),
            )
        return _pool


def worker_pids() -> list[int]:
    """The process ids of the running workers (for benchmarks that count their CPU)."""
    with _lock:
        processes = getattr(_pool, "_processes", None) or {}
        return list(processes)


def start() -> None:
    """Start the workers now (the bot does at start), so the first post waits for no
    worker to import the games."""
    pool = _get()
    if pool is not None:
        for _ in range(worker_count()):
            pool.submit(_warm_worker, _modules)


def shutdown() -> None:
    """Stop the workers (waiting for renders in progress); the next render starts a
    new pool. Registered to run when the interpreter exits."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


atexit.register(shutdown)


async def render(engine: GameEngine[Any], view: View, kind: str, locale: str) -> bytes:
    """``engine.render(view, kind, locale)`` in a worker process, off the event loop."""
    found = await _pooled(_render_in_worker, engine, view, kind, locale)
    if found is not None:
        return found
    return await asyncio.to_thread(engine.render, view, kind, locale)


async def picture(engine: GameEngine[Any], view: View, kind: str, locale: str) -> tuple[bytes, str]:
    """``engine.render`` and ``engine.describe`` of ``view`` (PNG bytes, alt text), both
    in a worker process: neither holds the event loop nor the bot process's core."""
    found = await _pooled(_picture_in_worker, engine, view, kind, locale)
    if found is not None:
        return found
    return await asyncio.to_thread(_drawn, engine, view, kind, locale)


async def private_kinds(engine: GameEngine[Any], view: View, locale: str) -> tuple[str, ...]:
    """``engine.private_kinds(view, locale)`` in a worker process (it may measure text
    the way a render does), off the event loop."""
    found = await _pooled(_kinds_in_worker, engine, view, "", locale)
    if found is not None:
        return found
    return await asyncio.to_thread(engine.private_kinds, view, locale)


async def _pooled(
    work: Callable[[str, str, View, str, str], _T],
    engine: GameEngine[Any],
    view: View,
    kind: str,
    locale: str,
) -> _T | None:
    """``work``'s result from a worker process; ``None`` when the pool cannot do it
    (no pool, an engine the workers cannot find, a broken or closing pool): the
    caller then does it in a thread."""
    pool = _get()
    if pool is None:
        return None
    loop = asyncio.get_running_loop()
    module = type(engine).__module__
    try:
        return await loop.run_in_executor(pool, work, module, engine.name, view, kind, locale)
    except BrokenProcessPool:
        # A worker died (killed, out of memory): start afresh next time.
        shutdown()
    except (_NotInWorker, RuntimeError):
        # RuntimeError: the pool was shut down under us. A render's own errors
        # (anything else) are the engine's and propagate as they would inline.
        pass
    return None
