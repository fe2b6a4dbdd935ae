"""``/match verify`` and ``/match export`` without holding the event loop.

Both read a match's whole log, so their work grows with its length: 5,000 events
of Battle Scenes take seconds to replay. The loop must keep answering every other
interaction within Discord's 3 seconds meanwhile, so the log is read a page at a
time (``MatchService.export``) and the replay and the JSON are made in a thread.
A thread still shares the interpreter with the loop, but Python hands the lock
back every few milliseconds, so the loop's steps stay short (``python -m bench
heavy``: the longest step while a 5,000-event match is verified, docs/performance.md).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from bot.heap import collector_paused, release
from bot.match.service import MatchService
from bot.match.types import MatchSnapshot
from bot.match.verify import Verification, verify_export
from engines.core import GameEngine

T = TypeVar("T")


async def verify_match(service: MatchService, match_id: int) -> tuple[MatchSnapshot, Verification]:
    """The match as it is and the check of its export (a full replay once it ended)."""
    with collector_paused():
        export = [await service.export(match_id)]
        snap = await service.load(match_id)
        report = await asyncio.to_thread(_consumed, export, partial(_verified, snap.engine))
    return snap, report


async def export_file(service: MatchService, match_id: int) -> tuple[bool, bytes]:
    """The bytes of the export's file (``match-N.json``), and whether it holds the seed
    (the match has ended)."""
    with collector_paused():
        exported = [await service.export(match_id)]
        final = bool(exported[0]["match"]["seed"])
        data = await asyncio.to_thread(_consumed, exported, _file)
    return final, data


def _consumed(box: list[Any], work: Callable[[Any], T]) -> T:
    """``work`` of the one export in ``box``, taken out of it first and freed here, a
    slice of events at a time. It must be freed while the collector is still paused (a
    pass would walk it all), and a worker thread keeps the arguments of its call a
    moment after handing back the result."""
    export = box.pop()
    try:
        return work(export)
    finally:
        release(export["events"])


def _verified(engine: GameEngine[Any], export: dict[str, Any]) -> Verification:
    return verify_export(export, engine)


def _file(exported: dict[str, Any]) -> bytes:
    return json.dumps(exported, indent=1, ensure_ascii=False).encode()
