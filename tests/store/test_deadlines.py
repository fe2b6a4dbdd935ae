"""Deadlines, reminders and expiries with a frozen clock, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.errors import UserError
from bot.match.access import MatchAccess
from bot.match.clock import FrozenClock
from bot.match.deadlines import DeadlineRunner
from bot.match.pace import ExpiryPolicy, Pace
from bot.match.service import MatchService
from bot.match.types import Player
from bot.store import players
from bot.store.loading import forget_states
from bot.store.models import MatchEvent, ScheduledJob, Snapshot
from engines.core.registry import register
from tests.testgame import ENGINE as TESTGAME

ALICE, BRUNO = Player(11, "Alice"), Player(22, "Bruno")


async def started(
    sessions: async_sessionmaker[AsyncSession], clock: FrozenClock, pace: Pace
) -> tuple[MatchService, int]:
    register(TESTGAME)
    service = MatchService(sessions, clock)
    match, _ = await service.create(
        guild_id=1,
        channel_id=2,
        game="testgame",
        creator=ALICE,
        opponents=[BRUNO],
        options_text="target=200",
        pace=pace,
    )
    await service.respond_invite(match.id, BRUNO.user_id, accept=True)
    await service.start(match.id, thread_id=3)
    return service, match.id


def owing(snap_pending: list[object]) -> int:
    (decision,) = snap_pending
    return decision.seat  # type: ignore[attr-defined, no-any-return]


async def test_reminders_at_half_time_and_two_hours_before_each_once(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    clock = FrozenClock()
    service, match_id = await started(sessions, clock, Pace(deadline_hours=24))
    snap = await service.load(match_id)
    assert snap.match.deadline_at == clock.now() + timedelta(hours=24)
    runner = DeadlineRunner(MatchAccess(sessions, clock), "w1")

    clock.advance(hours=11, minutes=59)
    assert await runner.run_due() == []
    clock.advance(minutes=1)
    (first,) = await runner.run_due()
    assert (first.kind, first.outcome) == ("reminder", "sent")
    assert first.user_id == snap.user_of(owing(snap.pending()))
    assert await runner.run_due() == []  # never twice

    clock.advance(hours=10)
    (second,) = await runner.run_due()
    assert second.kind == "reminder"
    assert await runner.run_due() == []


async def test_a_late_scheduler_sends_only_the_latest_reminder(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    clock = FrozenClock()
    await started(sessions, clock, Pace(deadline_hours=24))
    clock.advance(hours=23)  # down since before half time: both reminders are due
    outcomes = await DeadlineRunner(MatchAccess(sessions, clock), "w1").run_due()
    assert [(o.kind, o.outcome) for o in outcomes] == [("reminder", "sent")]


async def test_an_expired_decision_with_an_automatic_default_is_applied_once(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    clock = FrozenClock()
    service, match_id = await started(sessions, clock, Pace(deadline_hours=12))
    seat = owing((await service.load(match_id)).pending())
    clock.advance(hours=10)  # two hours before: the player is reminded
    assert [o.kind for o in await DeadlineRunner(MatchAccess(sessions, clock), "w1").run_due()] == [
        "reminder"
    ]
    clock.advance(hours=2)
    outcomes = await DeadlineRunner(MatchAccess(sessions, clock), "w1").run_due()
    expiry = [o for o in outcomes if o.kind == "expiry"]
    assert [o.outcome for o in expiry] == ["applied"]
    snap = await service.load(match_id)
    assert snap.match.version == 1
    async with sessions.begin() as session:
        event = await session.scalar(select(MatchEvent).where(MatchEvent.seq == 1))
    assert event is not None and event.actor_id is None and event.reason == "deadline"
    assert event.action == {"kind": "roll"} and event.seat == seat
    # The next decision (play a card) has a fresh deadline from now.
    assert snap.match.deadline_at == clock.now() + timedelta(hours=12)
    assert await DeadlineRunner(MatchAccess(sessions, clock), "w2").run_due() == []


async def test_a_move_before_the_deadline_makes_its_jobs_obsolete(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    clock = FrozenClock()
    service, match_id = await started(sessions, clock, Pace(deadline_hours=12))
    snap = await service.load(match_id)
    clock.advance(hours=6)
    await service.act(match_id, snap.user_of(owing(snap.pending())), {"kind": "roll"})
    clock.advance(hours=6)  # the old deadline; the new one is 12 h after the roll
    outcomes = await DeadlineRunner(MatchAccess(sessions, clock), "w1").run_due()
    assert [o.outcome for o in outcomes if o.kind == "expiry"] == []
    clock.advance(hours=6)
    outcomes = await DeadlineRunner(MatchAccess(sessions, clock), "w1").run_due()
    assert [o.outcome for o in outcomes if o.kind == "expiry"] == ["applied"]


async def test_pause_policy_and_forfeit_after_repeated_expiries(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    clock = FrozenClock()
    service, match_id = await started(
        sessions, clock, Pace(deadline_hours=12, policy=ExpiryPolicy.PAUSE, forfeit_after=2)
    )
    runner = DeadlineRunner(MatchAccess(sessions, clock), "w1")
    clock.advance(hours=10)
    assert [o.kind for o in await runner.run_due()] == ["reminder"]
    clock.advance(hours=2)
    (paused,) = [o for o in await runner.run_due() if o.kind == "expiry"]
    assert paused.outcome == "paused"
    snap = await service.load(match_id)
    assert snap.match.status == "paused" and snap.match.deadline_at is None
    assert await runner.run_due() == []
    # A move now is refused saying why: the missed deadline, not "not in progress".
    with pytest.raises(UserError) as refused:
        await service.act(match_id, snap.user_of(paused.seat), {"kind": "roll"})
    assert refused.value.key == "bot.error.paused_by_deadline"

    await service.resume(match_id, actor_id=99, reason="back on track")
    clock.advance(hours=10)
    assert [o.kind for o in await runner.run_due()] == ["reminder"]
    clock.advance(hours=2)
    (forfeit,) = [o for o in await runner.run_due() if o.kind == "expiry"]
    assert (forfeit.outcome, forfeit.missed) == ("forfeit", 2)
    snap = await service.load(match_id)
    assert snap.match.status == "finished"
    assert snap.match.result == {"kind": "win", "winners": [1 - forfeit.seat], "reason": "forfeit"}


async def test_no_deadline_means_no_jobs(sessions: async_sessionmaker[AsyncSession]) -> None:
    clock = FrozenClock()
    service, match_id = await started(sessions, clock, Pace(deadline_hours=None))
    assert (await service.load(match_id)).match.deadline_at is None
    clock.advance(days=30)
    assert await DeadlineRunner(MatchAccess(sessions, clock), "w1").run_due() == []


async def test_quiet_hours_hold_reminders_and_vacation_moves_the_deadline(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    clock = FrozenClock()  # 2026-01-05 12:00 UTC = 09:00 in São Paulo
    service, match_id = await started(sessions, clock, Pace(deadline_hours=24))
    snap = await service.load(match_id)
    user = snap.user_of(owing(snap.pending()))
    async with sessions.begin() as session:
        me = await players.player_for_update(session, user)
        me.timezone, me.quiet_start, me.quiet_end = "America/Sao_Paulo", 20, 23
    runner = DeadlineRunner(MatchAccess(sessions, clock), "w1")
    clock.advance(hours=12)  # half time: 21:00 in São Paulo, inside quiet hours
    assert await runner.run_due() == []
    clock.advance(hours=2)  # 23:00 local: quiet hours are over
    (held,) = await runner.run_due()
    assert held.kind == "reminder"

    # A vacation pushes the expiry to the end of the vacation plus the full allowed time.
    async with sessions.begin() as session:
        me = await players.player_for_update(session, user)
        me.vacation_until = clock.now() + timedelta(days=3)
    clock.advance(hours=10)  # the original deadline
    assert [o for o in await runner.run_due() if o.kind == "expiry"] == []
    async with sessions.begin() as session:
        expiry = await session.scalar(
            select(ScheduledJob).where(
                ScheduledJob.kind == "expiry", ScheduledJob.done_at.is_(None)
            )
        )
    assert expiry is not None
    assert expiry.due_at == clock.now() - timedelta(hours=10) + timedelta(days=3, hours=24)


async def test_two_schedulers_racing_run_each_job_once(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    clock = FrozenClock()
    matches = [await started(sessions, clock, Pace(deadline_hours=12)) for _ in range(4)]
    clock.advance(hours=10)
    runners = [DeadlineRunner(MatchAccess(sessions, clock), f"w{i}") for i in range(2)]
    results = await asyncio.gather(*(r.run_due() for r in runners))
    reminders = [o for batch in results for o in batch if o.kind == "reminder"]
    assert sorted(o.match_id for o in reminders) == sorted(m for _, m in matches)
    clock.advance(hours=2)
    results = await asyncio.gather(*(r.run_due() for r in runners))
    expiries = [o for batch in results for o in batch if o.kind == "expiry"]
    assert sorted(o.match_id for o in expiries) == sorted(m for _, m in matches)
    for service, match_id in matches:
        assert (await service.load(match_id)).match.version == 1  # one default each, not two


async def open_reminders(sessions: async_sessionmaker[AsyncSession]) -> list[ScheduledJob]:
    async with sessions.begin() as session:
        return list(
            await session.scalars(
                select(ScheduledJob).where(
                    ScheduledJob.kind == "reminder", ScheduledJob.done_at.is_(None)
                )
            )
        )


async def test_two_reminders_held_by_quiet_hours_become_one(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    # The bug of issue 11: both reminders pushed to the end of quiet hours collided.
    clock = FrozenClock()  # 12:00 UTC; reminders at 18:00 and 22:00, deadline 00:00
    service, match_id = await started(sessions, clock, Pace(deadline_hours=12))
    snap = await service.load(match_id)
    user = snap.user_of(owing(snap.pending()))
    async with sessions.begin() as session:
        me = await players.player_for_update(session, user)
        me.timezone, me.quiet_start, me.quiet_end = "UTC", 17, 23
    runner = DeadlineRunner(MatchAccess(sessions, clock), "w1")
    clock.advance(hours=6)
    assert await runner.run_due() == []
    clock.advance(hours=4)
    assert await runner.run_due() == []
    assert [j.due_at.hour for j in await open_reminders(sessions)] == [23]  # one, not two
    clock.advance(hours=1)
    (reminder,) = await runner.run_due()
    assert (reminder.kind, reminder.outcome, reminder.user_id) == ("reminder", "sent", user)
    assert reminder.deadline == clock.now() + timedelta(hours=1)
    clock.advance(hours=1)
    assert [o.outcome for o in await runner.run_due()] == ["applied"]


async def test_quiet_hours_over_the_deadline_hold_it_until_a_reminder_went_out(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    clock = FrozenClock()  # 12:00 UTC; deadline at 00:00, inside quiet hours 17–02
    service, match_id = await started(sessions, clock, Pace(deadline_hours=12))
    snap = await service.load(match_id)
    user = snap.user_of(owing(snap.pending()))
    async with sessions.begin() as session:
        me = await players.player_for_update(session, user)
        me.timezone, me.quiet_start, me.quiet_end = "UTC", 17, 2
    runner = DeadlineRunner(MatchAccess(sessions, clock), "w1")
    clock.advance(hours=12)  # the deadline: never reminded, so it waits for 02:00
    assert await runner.run_due() == []
    assert (await service.load(match_id)).match.deadline_at == clock.now() + timedelta(hours=2)
    clock.advance(hours=2)
    (late,) = await runner.run_due()
    assert (late.kind, late.outcome) == ("reminder", "sent")
    # Sent late, not dropped, with the last reminder's lead (2 h) to answer.
    assert late.deadline == clock.now() + timedelta(hours=2)
    assert (await service.load(match_id)).match.deadline_at == late.deadline
    clock.advance(hours=1, minutes=59)
    assert await runner.run_due() == []
    clock.advance(minutes=1)
    assert [o.outcome for o in await runner.run_due()] == ["applied"]


async def test_a_scheduler_down_past_the_deadline_reminds_before_applying(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    clock = FrozenClock()
    service, match_id = await started(sessions, clock, Pace(deadline_hours=12))
    runner = DeadlineRunner(MatchAccess(sessions, clock), "w1")
    clock.advance(hours=30)  # both reminders and the deadline are long due
    (late,) = await runner.run_due()
    assert (late.kind, late.outcome) == ("reminder", "sent")
    assert late.deadline == clock.now() + timedelta(hours=2)
    assert (await service.load(match_id)).match.version == 0  # nothing applied yet
    clock.advance(hours=2)
    assert [o.outcome for o in await runner.run_due()] == ["applied"]


async def test_a_move_after_a_late_reminder_cancels_the_postponed_deadline(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    clock = FrozenClock()
    service, match_id = await started(sessions, clock, Pace(deadline_hours=12))
    runner = DeadlineRunner(MatchAccess(sessions, clock), "w1")
    clock.advance(hours=13)
    assert [o.kind for o in await runner.run_due()] == ["reminder"]
    snap = await service.load(match_id)
    await service.act(match_id, snap.user_of(owing(snap.pending())), {"kind": "roll"})
    clock.advance(hours=2)  # the postponed deadline belonged to the roll: nothing happens
    assert await runner.run_due() == []


async def test_after_a_vacation_the_reminders_start_over_for_the_new_deadline(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    clock = FrozenClock()
    service, match_id = await started(sessions, clock, Pace(deadline_hours=12))
    snap = await service.load(match_id)
    user = snap.user_of(owing(snap.pending()))
    clock.advance(hours=1)
    away = await service.players.start_vacation(user, 1)
    runner = DeadlineRunner(MatchAccess(sessions, clock), "w1")
    clock.advance(hours=5)  # half time, on vacation: everything starts over at the return
    assert await runner.run_due() == []
    assert (await service.load(match_id)).match.deadline_at == away.until + timedelta(hours=12)
    assert sorted(j.due_at for j in await open_reminders(sessions)) == [
        away.until + timedelta(hours=6),
        away.until + timedelta(hours=10),
    ]
    clock.current = away.until + timedelta(hours=6)
    (first,) = await runner.run_due()
    assert (first.kind, first.deadline) == ("reminder", away.until + timedelta(hours=12))
    clock.advance(hours=4)
    assert [o.kind for o in await runner.run_due()] == ["reminder"]
    clock.advance(hours=2)
    assert [o.outcome for o in await runner.run_due()] == ["applied"]


async def test_a_failing_job_is_set_aside_and_never_blocks_other_matches(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    clock = FrozenClock()
    broken = await started(sessions, clock, Pace(deadline_hours=12))
    clock.advance(minutes=1)  # the others' jobs fall due after the broken one's
    others = [await started(sessions, clock, Pace(deadline_hours=12)) for _ in range(2)]
    async with sessions.begin() as session:
        # A corrupt match: its state can no longer be rebuilt, so its jobs fail.
        await session.execute(delete(Snapshot).where(Snapshot.match_id == broken[1]))
        await session.execute(
            update(ScheduledJob)
            .where(ScheduledJob.kind == "reminder")
            .values(done_at=clock.now(), outcome="sent")
        )
    forget_states()  # the corruption is behind the bot's back: read the database again
    runner = DeadlineRunner(MatchAccess(sessions, clock), "w1")
    clock.advance(hours=12)
    first = await runner.run_due()
    assert sorted((o.match_id, o.outcome) for o in first) == [(m, "applied") for _, m in others]
    for service, match_id in others:
        assert (await service.load(match_id)).match.version == 1
    async with sessions.begin() as session:
        job = await session.scalar(
            select(ScheduledJob).where(
                ScheduledJob.match_id == broken[1], ScheduledJob.kind == "expiry"
            )
        )
    assert job is not None and job.attempts == 1 and job.done_at is None
    assert await runner.run_due() == []  # backing off: not retried at once
    clock.advance(minutes=6)
    assert await runner.run_due() == []  # second failure
    clock.advance(minutes=9)
    assert await runner.run_due() == []  # still backing off (10 minutes now)
    clock.advance(minutes=2)
    (aside,) = await runner.run_due()
    assert (aside.match_id, aside.kind, aside.outcome) == (broken[1], "expiry", "failed")
    clock.advance(days=1)  # set aside for good (the other matches go on)
    assert broken[1] not in {o.match_id for o in await runner.run_due()}


async def test_only_open_jobs_are_unique_per_moment(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    clock = FrozenClock()
    await started(sessions, clock, Pace(deadline_hours=12))
    due = clock.now() + timedelta(hours=1)

    def job(done: bool) -> ScheduledJob:
        return ScheduledJob(
            match_id=1,
            version=0,
            kind="reminder",
            seat=0,
            user_id=11,
            due_at=due,
            done_at=clock.now() if done else None,
            outcome="sent" if done else None,
        )

    async with sessions.begin() as session:  # closed twins never collide with an open one
        session.add_all([job(True), job(True), job(False)])
    with pytest.raises(IntegrityError):
        async with sessions.begin() as session:
            session.add(job(False))


async def test_a_vacation_moves_the_deadline_at_once_and_coming_back_restarts_it(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    clock = FrozenClock()
    service, match_id = await started(sessions, clock, Pace(deadline_hours=72))
    snap = await service.load(match_id)
    user = snap.user_of(owing(snap.pending()))
    clock.advance(hours=1)
    # No job falls due during this vacation: the deadline still moves when it starts.
    away = await service.players.start_vacation(user, 1)
    assert (await service.load(match_id)).match.deadline_at == away.until + timedelta(hours=72)
    clock.advance(hours=5)
    await service.players.end_vacation(user)  # back early: the full time from now
    assert (await service.load(match_id)).match.deadline_at == clock.now() + timedelta(hours=72)
    assert sorted(j.due_at for j in await open_reminders(sessions)) == [
        clock.now() + timedelta(hours=36),
        clock.now() + timedelta(hours=70),
    ]
