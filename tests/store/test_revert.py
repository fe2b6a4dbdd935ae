"""Reverts, resignations and meta events: new events, history kept."""

from __future__ import annotations

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.store import repository as repo
from bot.store.errors import InvalidRevertError, MatchStateError, SeatError, StoreError
from bot.store.models import EventKind, MatchStatus
from engines.core import SeededDice
from tests.store.helpers import ALICE, BOB, next_move, play, started_match
from tests.testgame import ENGINE as TESTGAME


async def test_revert_is_a_new_event_and_play_continues(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    match_id = (await started_match(sessions)).match.id
    await play(sessions, match_id, 6, TESTGAME)
    async with sessions.begin() as session:
        loaded = await repo.load_match(session, match_id, TESTGAME)
        at_2 = await repo.state_at(session, loaded, 2, TESTGAME)
        reverted = await repo.revert_to(
            session, loaded, to_seq=2, actor_id=ALICE, reason="misclick"
        )
    assert reverted.version == 7
    assert reverted.state == at_2

    async with sessions.begin() as session:
        events = await repo.list_events(session, match_id)
        again = await repo.load_match(session, match_id, TESTGAME)
    assert [e.seq for e in events] == list(range(8))  # history kept
    revert = events[-1]
    assert (revert.kind, revert.action, revert.reason, revert.actor_id) == (
        EventKind.REVERT,
        {"kind": "core.revert", "to_seq": 2},
        "misclick",
        ALICE,
    )
    assert (again.state, again.replayed) == (at_2, 0)  # loads from the revert's snapshot

    # Play continues from the restored state, with event 8's own dice.
    seat, action = next_move(TESTGAME, again.state)
    expected = TESTGAME.apply(at_2, seat, action, SeededDice(bytes.fromhex(again.match.seed), 8))
    after = await play(sessions, match_id, 1, TESTGAME)
    assert after.version == 8
    assert after.state == expected.state
    async with sessions.begin() as session:
        assert (await repo.load_match(session, match_id, TESTGAME)).state == expected.state
        # Earlier states are still reachable; replay jumps over the revert via its snapshot.
        assert await repo.state_at(session, after.match, 6, TESTGAME) != at_2
        assert await repo.state_at(session, after.match, 7, TESTGAME) == at_2


async def test_revert_bounds(sessions: async_sessionmaker[AsyncSession]) -> None:
    match_id = (await started_match(sessions)).match.id
    await play(sessions, match_id, 3, TESTGAME)
    async with sessions.begin() as session:
        loaded = await repo.load_match(session, match_id, TESTGAME)
        for bad in (-1, 3, 4):
            with pytest.raises(InvalidRevertError, match="0–2"):
                await repo.revert_to(session, loaded, to_seq=bad, actor_id=ALICE, reason=None)
        await repo.revert_to(session, loaded, to_seq=0, actor_id=ALICE, reason=None)
    assert loaded.version == 4


async def test_revert_reopens_a_finished_match(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    match_id = (await started_match(sessions, options={"target": 5})).match.id
    async with sessions.begin() as session:
        loaded = await repo.load_match(session, match_id, TESTGAME)
        while loaded.match.status is MatchStatus.ACTIVE:
            seat, action = next_move(TESTGAME, loaded.state)
            await repo.append_action(session, loaded, seat=seat, actor_id=None, action=action)
        assert loaded.match.result is not None
        last = loaded.version
        await repo.revert_to(session, loaded, to_seq=last - 1, actor_id=BOB, reason="dispute")
    async with sessions.begin() as session:
        again = await repo.load_match(session, match_id, TESTGAME)
        assert (again.match.status, again.match.result) == (MatchStatus.ACTIVE, None)
        # Reverting to the winning move itself finishes it again.
        await repo.revert_to(session, again, to_seq=last, actor_id=BOB, reason=None)
        assert again.match.status is MatchStatus.FINISHED
        assert again.match.result is not None
        assert again.match.result["kind"] == "win"


async def test_resign_finishes_and_revert_undoes_it(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    match_id = (await started_match(sessions)).match.id
    await play(sessions, match_id, 2, TESTGAME)
    async with sessions.begin() as session:
        loaded = await repo.load_match(session, match_id, TESTGAME)
        with pytest.raises(SeatError):
            await repo.resign(session, loaded, seat=5, actor_id=BOB)
        event = await repo.resign(session, loaded, seat=1, actor_id=BOB)
    assert (event.seq, event.kind, event.seat) == (3, EventKind.RESIGN, 1)
    async with sessions.begin() as session:
        over = await repo.load_match(session, match_id, TESTGAME)
        assert over.match.status is MatchStatus.FINISHED
        assert over.match.result == {"kind": "win", "winners": [0], "reason": "resign"}
        with pytest.raises(MatchStateError):
            seat, action = next_move(TESTGAME, over.state)
            await repo.append_action(session, over, seat=seat, actor_id=None, action=action)
        with pytest.raises(MatchStateError):
            await repo.resign(session, over, seat=0, actor_id=ALICE)
        # A referee note (4) after the end; a revert (5) to the resignation keeps the
        # match over; a revert (6) to before it reopens the match.
        await repo.append_meta(
            session, over, kind="referee", actor_id=ALICE, seat=None, payload={"note": "gg"}
        )
        await repo.revert_to(session, over, to_seq=3, actor_id=ALICE, reason=None)
        assert over.match.status is MatchStatus.FINISHED
        await repo.revert_to(session, over, to_seq=2, actor_id=ALICE, reason="wrong button")
        assert over.match.result is None
        assert over.match.status is MatchStatus.ACTIVE
        # Reverting to event 5 follows that revert back to the resignation.
        await repo.revert_to(session, over, to_seq=5, actor_id=ALICE, reason=None)
        assert over.match.status is MatchStatus.FINISHED
        assert over.match.result == {"kind": "win", "winners": [0], "reason": "resign"}


async def test_meta_events_keep_state_and_pause(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    match_id = (await started_match(sessions)).match.id
    async with sessions.begin() as session:
        loaded = await repo.load_match(session, match_id, TESTGAME)
        before = loaded.state
        await repo.append_meta(
            session,
            loaded,
            kind="referee",
            actor_id=ALICE,
            seat=None,
            payload={"pause": True},
            reason="lunch",
            status=MatchStatus.PAUSED,
        )
        with pytest.raises(MatchStateError):
            seat, action = next_move(TESTGAME, loaded.state)
            await repo.append_action(session, loaded, seat=seat, actor_id=None, action=action)
    async with sessions.begin() as session:
        again = await repo.load_match(session, match_id, TESTGAME)
        assert (again.version, again.state, again.match.status) == (1, before, MatchStatus.PAUSED)
        note = (await repo.list_events(session, match_id, offset=1))[0]
        assert note.action == {"kind": "core.referee", "pause": True}
        assert note.reason == "lunch"
        await repo.append_meta(
            session,
            again,
            kind="referee",
            actor_id=ALICE,
            seat=None,
            payload={"resume": True},
            status=MatchStatus.ACTIVE,
        )
        await repo.cancel_match(session, again.match, actor_id=ALICE, engine=TESTGAME)
        assert again.match.status is MatchStatus.CANCELLED
        with pytest.raises(StoreError):
            await repo.append_meta(
                session, again, kind="action", actor_id=None, seat=None, payload={}
            )
