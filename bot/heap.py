"""Keeping the garbage collector's full passes short (issue 12: the event loop never
stalls more than 50 ms).

A full (generation 2) collection walks every object the collector tracks. Measured
under `python -m bench load`, those passes were what stalled the bot's event loop for
80–100 ms: the walk went over the 120,000-odd objects that live as long as the process
does (imported modules, every game's catalogue and built-in content, SQLAlchemy's and
discord.py's tables) although none of them is ever garbage. `gc.freeze` moves
everything alive into a permanent generation the collector no longer walks; objects
made afterwards (matches, states, posts) are collected as before, and a frozen object
is still freed the moment nothing refers to it. Only a reference cycle among frozen
objects would stay, which is why this runs once, at start, on objects meant to live
as long as the process (never in tests, which start and drop many bots per process).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from engines.core.protocol import GameEngine


def freeze_loaded(engines: Iterable[GameEngine[Any]]) -> int:
    """Load what every move reuses (each game's catalogue and built-in content), collect
    what start-up left behind, then freeze the rest; returns how many objects were frozen."""
    for engine in engines:
        engine.catalog()
        engine.load_content(None)
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


_paused = 0
_was_enabled = False
_pause_lock = threading.Lock()


@contextmanager
def collector_paused() -> Iterator[None]:
    """No collection while the block runs (a command whose work grows with a match's
    length: ``bot/history.py``).

    Such a command holds tens of thousands of objects at once (a 5,000-event log, its
    export); a full pass in the middle would walk all of them and stall the event loop
    for as long (100–250 ms measured on a loaded machine), wherever it was triggered. What
    the command made is freed by reference counting when it ends (an export is a tree,
    no cycles), so nothing needs collecting meanwhile; the few cycles other work makes
    in those seconds wait for the next pass. Blocks may overlap (several commands, in
    tasks and threads): the collector comes back when the last one ends, and only if
    it was on when the first began."""
    global _paused, _was_enabled
    with _pause_lock:
        if _paused == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _paused += 1
    try:
        yield
    finally:
        with _pause_lock:
            _paused -= 1
            if _paused == 0 and _was_enabled:
                gc.enable()


#: How many items :func:`release` drops at a time.
RELEASE_SLICE = 200


def release(items: list[Any]) -> None:
    """Empty ``items`` (a long log's rows, an export's events) a slice at a time, in a
    worker thread. Freeing a tree of thousands of objects is one uninterrupted call that
    holds the interpreter, and with it the event loop, from end to end; between slices
    the loop gets its turn."""
    while items:
        del items[-RELEASE_SLICE:]
