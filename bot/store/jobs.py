"""Scheduled jobs: the reminders and deadline expiries of every match.

Jobs are rows, so they survive restarts. Several bot processes share them:
a process *claims* a due job with a guarded UPDATE (and, on PostgreSQL,
``FOR UPDATE SKIP LOCKED`` so racing processes pick different rows), then
does the job and sets ``done_at`` in the same transaction as its effect, so a
job never acts twice. A claim expires after a lease, so a process that died
mid-job does not leave it stuck. A job whose run fails is retried with
back-off (its claim is simply held longer) and set aside after
``MAX_ATTEMPTS``; it never holds up the jobs behind it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta

from sqlalchemy import CursorResult, and_, func, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.models import JobKind, Match, MatchSeat, ScheduledJob

#: How long a claim protects a job from other processes.
LEASE = timedelta(minutes=5)
#: Failed runs after which a job is set aside (and the referees told).
MAX_ATTEMPTS = 3
#: Wait before retrying a failed job; doubles with each failure.
BACKOFF = timedelta(minutes=5)


async def add_jobs(session: AsyncSession, jobs: Iterable[ScheduledJob]) -> None:
    """Insert jobs (in the caller's transaction, with the state change they belong to)."""
    session.add_all(list(jobs))
    await session.flush()


#: The columns a new job is written with (its id and attempts come from the database).
_NEW_JOB_COLUMNS = ("match_id", "version", "kind", "seat", "user_id", "due_at")


async def insert_jobs(session: AsyncSession, jobs: Iterable[ScheduledJob]) -> None:
    """Insert new jobs in one statement, in the caller's transaction, without adding
    the objects to the session (their ids stay unset): for the jobs of every move,
    which nothing reads back in the transaction that schedules them."""
    rows = [{name: getattr(job, name) for name in _NEW_JOB_COLUMNS} for job in jobs]
    if rows:
        await session.execute(insert(ScheduledJob), rows)


async def claim_due(
    session: AsyncSession, now: datetime, worker: str, limit: int = 20
) -> list[int]:
    """Claim up to ``limit`` due jobs for ``worker``; returns their ids (oldest first)."""
    free = or_(ScheduledJob.claimed_until.is_(None), ScheduledJob.claimed_until < now)
    due = and_(ScheduledJob.done_at.is_(None), ScheduledJob.due_at <= now, free)
    candidates = (
        await session.scalars(
            select(ScheduledJob.id)
            .where(due)
            .order_by(ScheduledJob.due_at, ScheduledJob.id)
            .limit(limit)
            .with_for_update(skip_locked=True)  # PostgreSQL; SQLite serialises writers anyway
        )
    ).all()
    claimed = []
    for job_id in candidates:
        result = await session.execute(
            update(ScheduledJob)
            .where(ScheduledJob.id == job_id, due)
            .values(claimed_by=worker, claimed_until=now + LEASE)
        )
        if isinstance(result, CursorResult) and result.rowcount == 1:
            claimed.append(job_id)
    return claimed


async def get_claimed(session: AsyncSession, job_id: int, worker: str) -> ScheduledJob | None:
    """The job if ``worker`` still holds it and it is not done (locked on PostgreSQL)."""
    job = await session.scalar(
        select(ScheduledJob)
        .where(
            ScheduledJob.id == job_id,
            ScheduledJob.claimed_by == worker,
            ScheduledJob.done_at.is_(None),
        )
        .with_for_update()
    )
    return job


def finish(job: ScheduledJob, now: datetime, outcome: str) -> None:
    """Mark a job done (flushed with the caller's transaction)."""
    job.done_at = now
    job.outcome = outcome
    job.claimed_until = None


def release(job: ScheduledJob) -> None:
    """Give a claimed job back to the queue unchanged (it is not due after all)."""
    job.claimed_by = None
    job.claimed_until = None


async def postpone(
    session: AsyncSession, job: ScheduledJob, until: datetime, now: datetime
) -> bool:
    """Release a job to run again at ``until`` (quiet hours, a late reminder).

    Two reminders of one decision pushed to the same moment become one: if an
    open twin already waits at ``until``, this job is closed as ``merged``
    instead. Returns whether the job itself still waits.
    """
    twin = await session.scalar(
        select(ScheduledJob.id).where(
            ScheduledJob.match_id == job.match_id,
            ScheduledJob.version == job.version,
            ScheduledJob.kind == job.kind,
            ScheduledJob.seat == job.seat,
            ScheduledJob.due_at == until,
            ScheduledJob.done_at.is_(None),
            ScheduledJob.id != job.id,
        )
    )
    if twin is not None:
        finish(job, now, "merged")
        return False
    job.due_at = until
    release(job)
    return True


async def record_failure(session: AsyncSession, job_id: int, now: datetime) -> ScheduledJob | None:
    """Count a failed run of a job: it waits ``BACKOFF`` (doubling) before the next
    try, and after ``MAX_ATTEMPTS`` it is closed as ``failed``. Returns the job when
    it was set aside (so the referees can be told), else ``None``."""
    job = await session.get(ScheduledJob, job_id, with_for_update=True)
    if job is None or job.done_at is not None:
        return None
    job.attempts = (job.attempts or 0) + 1
    if job.attempts >= MAX_ATTEMPTS:
        finish(job, now, "failed")
        return job
    # Held by nobody but not claimable until then: the other jobs run meanwhile.
    job.claimed_by = None
    job.claimed_until = now + BACKOFF * 2 ** (job.attempts - 1)
    return None


async def close_open_jobs(session: AsyncSession, match_id: int, now: datetime, outcome: str) -> int:
    """Close every open job of a match (it changed, paused or ended); returns how many."""
    result = await session.execute(
        update(ScheduledJob)
        .where(ScheduledJob.match_id == match_id, ScheduledJob.done_at.is_(None))
        .values(done_at=now, outcome=outcome, claimed_until=None)
    )
    return result.rowcount if isinstance(result, CursorResult) else 0


async def open_jobs(session: AsyncSession, match_id: int) -> Sequence[ScheduledJob]:
    """A match's jobs still to run, soonest first."""
    return (
        await session.scalars(
            select(ScheduledJob)
            .where(ScheduledJob.match_id == match_id, ScheduledJob.done_at.is_(None))
            .order_by(ScheduledJob.due_at, ScheduledJob.id)
        )
    ).all()


async def job_match(session: AsyncSession, job: ScheduledJob) -> tuple[Match, str] | None:
    """The match a job belongs to and the display name of the player it concerns,
    read without rebuilding the match's state (which may be what fails)."""
    match = await session.get(Match, job.match_id)
    if match is None:
        return None
    name = await session.scalar(
        select(MatchSeat.display_name).where(
            MatchSeat.match_id == match.id, MatchSeat.user_id == job.user_id
        )
    )
    return match, name or ""


async def owed_by(session: AsyncSession, user_id: int) -> list[ScheduledJob]:
    """One open expiry for each decision ``user_id`` owes, in any match."""
    return list(
        await session.scalars(
            select(ScheduledJob)
            .where(
                ScheduledJob.user_id == user_id,
                ScheduledJob.kind == JobKind.EXPIRY,
                ScheduledJob.done_at.is_(None),
            )
            .order_by(ScheduledJob.match_id, ScheduledJob.seat)
        )
    )


async def seat_jobs(session: AsyncSession, job: ScheduledJob) -> Sequence[ScheduledJob]:
    """The open jobs of the decision ``job`` belongs to (same match, version and seat)."""
    return (
        await session.scalars(
            select(ScheduledJob)
            .where(
                ScheduledJob.match_id == job.match_id,
                ScheduledJob.version == job.version,
                ScheduledJob.seat == job.seat,
                ScheduledJob.done_at.is_(None),
            )
            .order_by(ScheduledJob.due_at, ScheduledJob.id)
        )
    ).all()


async def was_reminded(session: AsyncSession, job: ScheduledJob) -> bool:
    """Whether the player owing ``job``'s decision got a reminder of it."""
    sent = await session.scalar(
        select(func.count())
        .select_from(ScheduledJob)
        .where(
            ScheduledJob.match_id == job.match_id,
            ScheduledJob.version == job.version,
            ScheduledJob.seat == job.seat,
            ScheduledJob.kind == JobKind.REMINDER,
            ScheduledJob.outcome == "sent",
        )
    )
    return bool(sent)


async def earliest_expiry(session: AsyncSession, match_id: int) -> datetime | None:
    """When the match's next open deadline falls (``matches.deadline_at``)."""
    return await session.scalar(
        select(func.min(ScheduledJob.due_at)).where(
            ScheduledJob.match_id == match_id,
            ScheduledJob.kind == JobKind.EXPIRY,
            ScheduledJob.done_at.is_(None),
        )
    )


async def count_expiries(session: AsyncSession, match_id: int, seat: int) -> int:
    """Deadlines a seat has already missed in a match."""
    count = await session.scalar(
        select(func.count())
        .select_from(ScheduledJob)
        .where(
            ScheduledJob.match_id == match_id,
            ScheduledJob.seat == seat,
            ScheduledJob.kind == JobKind.EXPIRY,
            ScheduledJob.outcome.in_(("applied", "paused", "forfeit")),
        )
    )
    return int(count or 0)


async def later_reminder_due(session: AsyncSession, job: ScheduledJob, now: datetime) -> bool:
    """Whether a later reminder of the same decision is also due already."""
    later = await session.scalar(
        select(func.count())
        .select_from(ScheduledJob)
        .where(
            ScheduledJob.match_id == job.match_id,
            ScheduledJob.version == job.version,
            ScheduledJob.seat == job.seat,
            ScheduledJob.kind == JobKind.REMINDER,
            ScheduledJob.done_at.is_(None),
            ScheduledJob.due_at > job.due_at,
            ScheduledJob.due_at <= now,
        )
    )
    return bool(later)
