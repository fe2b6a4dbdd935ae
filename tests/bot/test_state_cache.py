"""The states the service keeps between moves are always the database's own."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.errors import UserError
from bot.match.clock import FrozenClock
from bot.match.service import MatchService
from bot.match.types import Player
from bot.store import db
from bot.store import repository as repo
from bot.store.loading import forget_states
from engines.core import EngineError
from engines.core.registry import register
from tests.conftest import fresh_sqlite_database
from tests.testgame import ENGINE as TESTGAME

ALICE, BRUNO = Player(11, "Alice"), Player(22, "Bruno")


@pytest.fixture
async def two_services(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[MatchService, MatchService]]:
    # Same seed and same match ids in both databases: only the database tells them apart.
    monkeypatch.setattr(repo, "new_seed", lambda: bytes([3]) * 32)
    register(TESTGAME)
    engines = []
    for name in ("a", "b"):
        url = await fresh_sqlite_database(tmp_path / f"{name}.sqlite3")
        engines.append(db.make_engine(url))
    yield (
        MatchService(db.make_sessionmaker(engines[0]), FrozenClock()),
        MatchService(db.make_sessionmaker(engines[1]), FrozenClock()),
    )
    for engine in engines:
        await engine.dispose()


async def _started(service: MatchService) -> int:
    match, _ = await service.create(
        guild_id=1,
        channel_id=2,
        game="testgame",
        creator=ALICE,
        opponents=[BRUNO],
        options_text="target=200",
    )
    await service.respond_invite(match.id, BRUNO.user_id, accept=True)
    await service.start(match.id, thread_id=3)
    return match.id


async def test_each_database_gets_its_own_state_and_refused_moves_leave_none(
    two_services: tuple[MatchService, MatchService],
) -> None:
    first, second = two_services
    match_a, match_b = await _started(first), await _started(second)
    assert match_a == match_b
    # Version 1 in both, reached differently: a move in one, a referee's change in the other.
    snap = await first.load(match_a)
    decision = snap.pending()[0]
    assert decision.default is not None
    moved = await first.act(
        match_a, snap.user_of(decision.seat), TESTGAME.action_to_json(decision.default)
    )
    await second.load(match_b)
    await second.referee.adjust(match_b, 99, {"players.0.score": 150}, "card text")
    a, b = await first.load(match_a), await second.load(match_b)
    assert (a.match.version, b.match.version) == (1, 1)
    assert a.state == moved.state and b.state != a.state
    assert b.state.players[0].score == 150
    # A refused move stores nothing and leaves the kept state as it was.
    owing = a.pending()[0]
    with pytest.raises((EngineError, UserError)):
        await first.act(match_a, a.user_of(1 - owing.seat), {"kind": "no-such-kind"})
    again = await first.load(match_a)
    assert again.match.version == 1 and again.state == a.state
    # Read from the database afresh, every state is the same.
    forget_states()
    assert (await first.load(match_a)).state == a.state
    assert (await second.load(match_b)).state == b.state
