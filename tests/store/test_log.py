"""The match log: round trip, engine errors, crashes, snapshots and replay."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.store import repository as repo
from bot.store.errors import MatchStateError
from bot.store.models import EventKind, MatchStatus, Snapshot
from engines.core import IllegalActionError, NotYourTurnError, SeededDice, seed_commitment
from engines.core.serde import to_json
from tests.store import endless
from tests.store.helpers import ALICE, BOB, THREAD, next_move, play, started_match
from tests.testgame import ENGINE as TESTGAME
from tests.testgame.actions import Play


async def test_create_start_append_load_round_trip(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    async with sessions.begin() as session:
        match = await repo.create_match(
            session,
            guild_id=1,
            channel_id=2,
            game="testgame",
            seats=[(ALICE, "Alice"), (BOB, "Bob")],
            options=TESTGAME.parse_options({"target": 40}),
            created_by=ALICE,
        )
        assert (match.status, match.version) == (MatchStatus.PROPOSED, -1)
        assert seed_commitment(bytes.fromhex(match.seed)) == match.seed_hash
        assert [(s.seat, s.user_id, s.accepted) for s in match.seats] == [
            (0, ALICE, True),
            (1, BOB, False),
        ]
        with pytest.raises(MatchStateError):
            await repo.start_match(session, match, TESTGAME, THREAD)
        assert await repo.accept_seat(session, match, BOB) is True
        loaded = await repo.start_match(session, match, TESTGAME, THREAD)
        match_id = match.id
    assert (loaded.match.status, loaded.version, loaded.match.thread_id) == (
        MatchStatus.ACTIVE,
        0,
        THREAD,
    )

    played = await play(sessions, match_id, 5, TESTGAME)

    async with sessions.begin() as session:
        again = await repo.load_match(session, match_id, TESTGAME)
        events = await repo.list_events(session, match_id)
    assert again.version == 5
    assert again.replayed == 5  # snapshot 0, then events 1-5
    assert again.state == played.state
    assert [e.seq for e in events] == list(range(6))
    assert events[0].kind == EventKind.START and events[0].dice  # the deck shuffle, coin
    roll = events[1]
    assert roll.kind == EventKind.ACTION and roll.action == {"kind": "roll"}
    # The stored dice are exactly what SeededDice(seed, seq) draws.
    dice = SeededDice(bytes.fromhex(again.match.seed), 1)
    dice.roll(6, "turn die")
    assert roll.dice == to_json(dice.outcomes)
    # Events are stored unredacted (the hidden draw keeps its card).
    drew = [e for ev in events for e in ev.events if e["key"] == "testgame.event.drew"]
    assert drew and all(e["redact"] and "card" in e["params"] for e in drew)
    assert again.match.created_at.tzinfo is not None


async def test_engine_error_writes_nothing(sessions: async_sessionmaker[AsyncSession]) -> None:
    loaded = await started_match(sessions)
    seat, _ = next_move(TESTGAME, loaded.state)
    async with sessions.begin() as session:
        loaded = await repo.load_match(session, loaded.match.id, TESTGAME)
        with pytest.raises(NotYourTurnError):
            await repo.append_action(session, loaded, seat=1 - seat, actor_id=BOB, action=Play(1))
        with pytest.raises(NotYourTurnError):  # a play during the roll phase
            await repo.append_action(session, loaded, seat=seat, actor_id=ALICE, action=Play(1))
        # The caller catches the error and commits anyway: still nothing was written.
    async with sessions.begin() as session:
        loaded = await repo.load_match(session, loaded.match.id, TESTGAME)
        roll_seat, roll = next_move(TESTGAME, loaded.state)
        await repo.append_action(session, loaded, seat=roll_seat, actor_id=None, action=roll)
        hand = loaded.state.players[roll_seat].hand
        missing = next(c for c in range(1, 10) if c not in hand)
        with pytest.raises(IllegalActionError):
            await repo.append_action(
                session, loaded, seat=roll_seat, actor_id=None, action=Play(missing)
            )
    async with sessions.begin() as session:
        assert await repo.count_events(session, loaded.match.id) == 2
        reloaded = await repo.load_match(session, loaded.match.id, TESTGAME)
    assert reloaded.version == 1
    assert reloaded.state == loaded.state


async def test_crash_before_commit_keeps_earlier_moves_only(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    before = await play(sessions, (await started_match(sessions)).match.id, 3, TESTGAME)
    match_id = before.match.id

    class Crash(Exception):
        pass

    with pytest.raises(Crash):
        async with sessions.begin() as session:
            loaded = await repo.load_match(session, match_id, TESTGAME)
            seat, action = next_move(TESTGAME, loaded.state)
            await repo.append_action(session, loaded, seat=seat, actor_id=None, action=action)
            assert loaded.version == 4  # applied and flushed...
            raise Crash  # ...but the process dies before the commit

    async with sessions.begin() as session:
        after = await repo.load_match(session, match_id, TESTGAME)
        assert await repo.count_events(session, match_id) == 4  # seq 0-3
    assert after.version == 3
    assert after.state == before.state
    # The lost move can simply be made again, with the same seq and dice.
    redo = await play(sessions, match_id, 1, TESTGAME)
    assert redo.version == 4


async def test_load_replays_only_events_after_latest_snapshot(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    game = endless.ENGINE
    match_id = (await started_match(sessions, game)).match.id
    for _ in range(5):  # 5,000 events in five transactions of 1,000
        loaded = await play(sessions, match_id, 1000, game)
    loaded = await play(sessions, match_id, 3, game)
    async with sessions.begin() as session:
        again = await repo.load_match(session, match_id, game)
        snapshots = await session.scalar(
            select(func.count()).select_from(Snapshot).where(Snapshot.match_id == match_id)
        )
    assert again.version == 5003
    assert again.replayed == 3  # from the snapshot at 5000
    assert again.state == loaded.state
    assert snapshots == 5000 // repo.SNAPSHOT_EVERY + 1  # every 50th event, and the start
    assert again.state.turn == 5004


async def test_snapshot_interval_is_configurable(
    sessions: async_sessionmaker[AsyncSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = endless.ENGINE
    monkeypatch.setattr(repo, "SNAPSHOT_EVERY", 4)
    match_id = (await started_match(sessions, game)).match.id
    await play(sessions, match_id, 10, game)
    async with sessions.begin() as session:
        assert (await repo.load_match(session, match_id, game)).replayed == 2  # after 8
        loaded = await repo.load_match(session, match_id, game)
        seat, action = next_move(game, loaded.state)
        await repo.append_action(
            session, loaded, seat=seat, actor_id=None, action=action, snapshot_every=11
        )
        assert (await repo.load_match(session, match_id, game)).replayed == 0


async def test_finished_match_refuses_moves(sessions: async_sessionmaker[AsyncSession]) -> None:
    loaded = await started_match(sessions, options={"target": 5})
    async with sessions.begin() as session:
        loaded = await repo.load_match(session, loaded.match.id, TESTGAME)
        while TESTGAME.result(loaded.state) is None:
            seat, action = next_move(TESTGAME, loaded.state)
            outcome = await repo.append_action(
                session, loaded, seat=seat, actor_id=None, action=action
            )
        assert outcome.result is not None
    assert loaded.match.status is MatchStatus.FINISHED
    assert loaded.match.result == to_json(outcome.result)
    async with sessions.begin() as session:
        again = await repo.load_match(session, loaded.match.id, TESTGAME)
        assert again.replayed == 0  # the final state was snapshotted
        assert again.match.status is MatchStatus.FINISHED
        with pytest.raises(MatchStateError):
            await repo.append_action(session, again, seat=0, actor_id=None, action=Play(1))
