"""bot.heap.settle: what start-up loads is kept out of the collector's full passes."""

from __future__ import annotations

import gc

from bot.heap import settle
from engines.core.registry import load_games


def _tracked(obj: object) -> bool:
    return any(o is obj for o in gc.get_objects())


def test_settle_loads_the_games_and_freezes_what_lives_for_the_process() -> None:
    engines = load_games()
    try:
        frozen = settle(engines)
        # Each game's catalogue and built-in content were loaded, then frozen: the
        # collector's passes (gc.get_objects lists what they walk) no longer see them.
        assert frozen > 10_000
        for engine in engines:
            assert not _tracked(engine.catalog())
        # Objects made afterwards (a match's state, say) are collected as before.
        fresh: dict[str, object] = {"state": [1, 2, 3]}
        assert _tracked(fresh)
    finally:
        gc.unfreeze()  # give the test process its objects back
    assert gc.get_freeze_count() == 0
