"""bot.heap.freeze_loaded: what start-up loads is kept out of the collector's full passes."""

from __future__ import annotations

import gc

from bot.heap import collector_paused, freeze_loaded
from bot.match import history
from bot.match.service import MatchService
from engines.core.registry import load_games
from tests.bot.test_verify import play_to_the_end


def _tracked(obj: object) -> bool:
    return any(o is obj for o in gc.get_objects())


def test_settle_loads_the_games_and_freezes_what_lives_for_the_process() -> None:
    engines = load_games()
    try:
        frozen = freeze_loaded(engines)
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


async def test_the_collector_rests_while_long_commands_run_and_comes_back_after() -> None:
    # Two commands overlap (tasks and threads): the collector is back only when the
    # last ends, and a collector someone else had turned off stays off.
    assert gc.isenabled()
    first, second = collector_paused(), collector_paused()
    first.__enter__()
    second.__enter__()
    assert not gc.isenabled()
    first.__exit__(None, None, None)
    assert not gc.isenabled()
    second.__exit__(None, None, None)
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


async def test_a_verified_match_leaves_nothing_for_the_collector(service: MatchService) -> None:
    # The export (thousands of objects for a long match) is freed before the collector
    # is back: no pass after the command has it to walk.
    match_id = await play_to_the_end(service, target=200)
    await history.verify_match(service, match_id)  # caches and imports, once
    gc.collect()
    with collector_paused():
        _, report = await history.verify_match(service, match_id)
        assert report.ok and report.complete
        left = len(gc.get_objects(generation=0))
    # An export alive would be several objects an event (its row, action, dice, events).
    assert report.checked_events > 30 and left < report.checked_events * 3, left
