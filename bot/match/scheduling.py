"""Scheduling the deadlines of owed decisions: their reminders and expiries.

It happens inside the transaction of the state change that created the decisions
(:meth:`bot.match.access.Change.commit_move`), so a committed move always has its
deadline and a rolled-back one never leaves jobs behind. Running the jobs is
``bot/deadlines.py``'s.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot.match.pace import Pace
from bot.store import jobs, players
from bot.store import repository as repo
from bot.store.models import JobKind, Match, MatchStatus, ScheduledJob
from engines.core import GameEngine


async def schedule(
    session: AsyncSession,
    match: Match,
    engine: GameEngine[Any],
    state: Any,
    now: datetime,
    start: datetime | None = None,
) -> None:
    """Replace a match's jobs with those of the decisions owed in ``state``.

    The allowed time counts from ``start`` (default: now; a referee's extension
    moves it later). Sets ``match.deadline_at`` to the earliest deadline
    (``None`` when nothing is owed, the match is not active, or its pace has no
    deadlines). A player on vacation gets the full allowed time counted from the
    end of the vacation.
    """
    await jobs.close_open_jobs(session, match.id, now, "superseded")
    pace = Pace.from_data(match.pace)
    if match.status != MatchStatus.ACTIVE or not pace.deadline_hours:
        match.deadline_at = None
        return
    owed = sorted({d.seat for d in engine.pending(state) if not d.optional})
    users = {s.seat: s.user_id for s in match.seats}
    settings = await players.players(session, users.values())
    new_jobs = []
    # Set once, after the query above: assigned before it, the query's autoflush
    # would write the match row twice per move (first NULL, then the deadline).
    earliest: datetime | None = None
    for seat in owed:
        user = users[seat]
        away = settings.get(user)
        begin = start or now
        if away is not None and away.vacation_until is not None and away.vacation_until > begin:
            begin = away.vacation_until
        deadline = pace.deadline(begin)
        assert deadline is not None
        for when in pace.reminders(begin):
            if when > now:
                new_jobs.append(new_job(match, seat, user, JobKind.REMINDER, when))
        new_jobs.append(new_job(match, seat, user, JobKind.EXPIRY, deadline))
        earliest = deadline if earliest is None else min(earliest, deadline)
    match.deadline_at = earliest
    await jobs.insert_jobs(session, new_jobs)


def new_job(match: Match, seat: int, user: int, kind: JobKind, due: datetime) -> ScheduledJob:
    """A job of ``kind`` for ``seat``'s decision at the match's current version."""
    return ScheduledJob(
        match_id=match.id, version=match.version, kind=kind, seat=seat, user_id=user, due_at=due
    )


async def restart_after(
    session: AsyncSession, job: ScheduledJob, match: Match, begin: datetime, now: datetime
) -> None:
    """The decision ``job`` belongs to starts over at ``begin`` (the end of a vacation):
    its reminders and expiry are scheduled again as if it were owed from then."""
    pace = Pace.from_data(match.pace)
    for old in await jobs.seat_jobs(session, job):
        jobs.finish(old, now, "vacation")
    await session.flush()
    deadline = pace.deadline(begin)
    fresh = [
        new_job(match, job.seat, job.user_id, JobKind.REMINDER, t)
        for t in pace.reminders(begin)
        if t > now
    ]
    if deadline is not None:
        fresh.append(new_job(match, job.seat, job.user_id, JobKind.EXPIRY, deadline))
    await jobs.add_jobs(session, fresh)
    match.deadline_at = await jobs.earliest_expiry(session, match.id)


async def vacation_changed(
    session: AsyncSession, user_id: int, until: datetime, now: datetime
) -> None:
    """A player's vacation now ends at ``until`` (taken, or cut short with ``until = now``):
    every decision they owe gets its full allowed time counted from then."""
    for job in await jobs.owed_by(session, user_id):
        match = await repo.get_match(session, job.match_id)
        if (
            match is not None
            and match.status == MatchStatus.ACTIVE
            and match.version == job.version
        ):
            await restart_after(session, job, match, until, now)
