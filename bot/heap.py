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
from collections.abc import Iterable
from typing import Any

from engines.core.protocol import GameEngine


def settle(engines: Iterable[GameEngine[Any]]) -> int:
    """Load what every move reuses (each game's catalogue and built-in content), collect
    what start-up left behind, then freeze the rest; returns how many objects were frozen."""
    for engine in engines:
        engine.catalog()
        engine.load_content(None)
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
