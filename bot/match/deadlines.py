"""Running the deadlines of decisions: reminders and expiries that are due.

Scheduling them is ``bot/match/scheduling.py``'s, inside the transaction of the
change that created the decisions. Running a job happens in its own transaction,
which also records the job as done: a reminder is sent at most once and a
default is applied at most once, across restarts and bot processes.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot.match.access import Change, MatchAccess
from bot.match.pace import ExpiryPolicy, Pace, after_quiet_hours
from bot.match.scheduling import new_job, restart_after
from bot.store import jobs, players
from bot.store import repository as repo
from bot.store.errors import MatchChangedError
from bot.store.models import EventKind, JobKind, Match, MatchStatus, ScheduledJob
from engines.core import Decision, Event
from engines.core.registry import UnknownGameError, get

log = logging.getLogger(__name__)


@dataclass
class JobOutcome:
    """What a due job did, for the bot to announce in the match thread."""

    match_id: int
    kind: str
    outcome: str  # sent | applied | paused | forfeit | withdrawn
    seat: int
    user_id: int
    thread_id: int | None
    guild_id: int
    deadline: datetime | None = None
    decision: Decision | None = None
    missed: int = 0
    events: list[Event] = field(default_factory=list)
    #: The player's display name (for posts that must not load the match's state).
    name: str = ""


class DeadlineRunner:
    """Runs due jobs; any number of runners (one per bot process) may share the queue."""

    def __init__(self, access: MatchAccess, worker: str):
        self.access = access
        self.worker = worker

    async def run_due(self) -> list[JobOutcome]:
        """Claim and run every job due now; returns what should be announced.

        Each job runs in its own transaction: one that fails is rolled back,
        counted and retried later (then set aside), and the others still run.
        """
        now = self.access.clock.now()
        async with self.access.sessions.begin() as session:
            claimed = await jobs.claim_due(session, now, self.worker)
        outcomes = []
        for job_id in claimed:
            try:
                outcome = await self._run(job_id, now)
            except MatchChangedError:
                # A player moved while the deadline passed: the move wins, the job
                # lapses (it belongs to the old version) when its lease runs out.
                log.info("job %s lost a race with a move", job_id)
                continue
            except Exception:  # any bug or bad row: isolate this job, run the others
                log.exception("job %s failed", job_id)
                outcome = await self._failed(job_id, now)
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    async def _failed(self, job_id: int, now: datetime) -> JobOutcome | None:
        async with self.access.sessions.begin() as session:
            job = await jobs.record_failure(session, job_id, now)
            if job is None:
                return None
            log.error(
                "job %s (%s of match %s) set aside after %s failed attempts",
                job.id,
                job.kind,
                job.match_id,
                job.attempts,
            )
            found = await jobs.job_match(session, job)
            if found is None:
                return None
            match, name = found
            return JobOutcome(
                match.id,
                job.kind,
                "failed",
                job.seat,
                job.user_id,
                match.thread_id,
                match.guild_id,
                name=name or "",
            )

    async def _run(self, job_id: int, now: datetime) -> JobOutcome | None:
        async with self.access.transaction() as change:
            session = change.session
            job = await jobs.get_claimed(session, job_id, self.worker)
            if job is None:
                return None
            if job.due_at > now:  # moved later since it was claimed (a late reminder)
                jobs.release(job)
                return None
            match = await repo.get_match(session, job.match_id)
            if match is None or match.status != MatchStatus.ACTIVE or match.version != job.version:
                jobs.finish(job, now, "stale")
                return None
            away = await players.get_player(session, job.user_id)
            if away is not None and away.vacation_until is not None and away.vacation_until > now:
                await restart_after(session, job, match, away.vacation_until, now)
                return None
            if job.kind == JobKind.REMINDER:
                return await self._remind(session, job, match, away, now)
            return await self._expire(change, job, match, away, now)

    async def _remind(
        self, session: AsyncSession, job: ScheduledJob, match: Match, away: Any, now: datetime
    ) -> JobOutcome | None:
        # A scheduler catching up (after downtime) must not send a pile of reminders:
        # only the latest of those due now, and none once the deadline has come if one
        # was sent already (else this one goes out late, with time to answer).
        expiry = next(
            (j for j in await jobs.seat_jobs(session, job) if j.kind == JobKind.EXPIRY), None
        )
        if expiry is None:
            jobs.finish(job, now, "stale")
            return None
        if await jobs.later_reminder_due(session, job, now):
            jobs.finish(job, now, "superseded")
            return None
        if away is not None:
            held = after_quiet_hours(now, away.timezone, away.quiet_start, away.quiet_end)
            if held > now:
                await jobs.postpone(session, job, held, now)
                return None
        if expiry.due_at <= now:
            if await jobs.was_reminded(session, job):
                jobs.finish(job, now, "late")
                return None
            return await self._late_reminder(session, job, expiry, match, now)
        jobs.finish(job, now, "sent")
        return self._sent(job, match, expiry.due_at)  # this player's own deadline

    async def _late_reminder(
        self,
        session: AsyncSession,
        job: ScheduledJob,
        expiry: ScheduledJob,
        match: Match,
        now: datetime,
    ) -> JobOutcome:
        """Remind a player who never was, and move their deadline to give them time."""
        for other in await jobs.seat_jobs(session, job):
            if other.kind == JobKind.REMINDER and other.id != job.id:
                jobs.finish(other, now, "superseded")
        if job.kind == JobKind.REMINDER:
            jobs.finish(job, now, "sent")
        else:  # the expiry itself: a reminder goes out (recorded as sent) and it waits
            sent = new_job(match, job.seat, job.user_id, JobKind.REMINDER, now)
            jobs.finish(sent, now, "sent")
            await jobs.add_jobs(session, [sent])
        await jobs.postpone(session, expiry, now + Pace.from_data(match.pace).late_grace(), now)
        await session.flush()
        match.deadline_at = await jobs.earliest_expiry(session, match.id)
        return self._sent(job, match, expiry.due_at)

    @staticmethod
    def _sent(job: ScheduledJob, match: Match, deadline: datetime | None) -> JobOutcome:
        return JobOutcome(
            match.id,
            JobKind.REMINDER,
            "sent",
            job.seat,
            job.user_id,
            match.thread_id,
            match.guild_id,
            deadline=deadline,
        )

    async def _expire(
        self, change: Change, job: ScheduledJob, match: Match, away: Any, now: datetime
    ) -> JobOutcome | None:
        session = change.session
        try:
            engine = get(match.game)
        except UnknownGameError:
            jobs.finish(job, now, "stale")
            return None
        loaded = await repo.load_match(session, match.id, engine)
        decision = next(
            (d for d in engine.pending(loaded.state) if d.seat == job.seat and not d.optional),
            None,
        )
        if decision is None:
            jobs.finish(job, now, "stale")
            return None
        if not await jobs.was_reminded(session, job):
            # Nobody loses on time unreminded: the reminder goes out (once quiet hours
            # are over) and the deadline moves to leave time to answer it.
            if away is not None:
                held = after_quiet_hours(now, away.timezone, away.quiet_start, away.quiet_end)
                if held > now:
                    await jobs.postpone(session, job, held, now)
                    await session.flush()
                    match.deadline_at = await jobs.earliest_expiry(session, match.id)
                    return None
            return await self._late_reminder(session, job, job, match, now)
        pace = Pace.from_data(match.pace)
        missed = await jobs.count_expiries(session, match.id, job.seat) + 1
        base = JobOutcome(
            match.id,
            job.kind,
            "",
            job.seat,
            job.user_id,
            match.thread_id,
            match.guild_id,
            decision=decision,
            missed=missed,
        )
        forfeits = bool(pace.forfeit_after and missed >= pace.forfeit_after)
        withdrawn = (
            await repo.withdraw(session, loaded, seat=job.seat, actor_id=None, reason="forfeit")
            if forfeits
            else None
        )
        if withdrawn is not None:
            # The game goes on without this player (a free-for-all).
            base.outcome, base.events = "withdrawn", list(withdrawn.outcome.events)
        elif forfeits:
            seats = [s.seat for s in loaded.seats]
            winners = list(engine.concede(loaded.state, job.seat, seats).winners)
            await repo.append_meta(
                session,
                loaded,
                kind=EventKind.DEADLINE,
                actor_id=None,
                seat=job.seat,
                payload={"forfeit": True, "missed": missed},
                reason="deadline",
                result={"kind": "win", "winners": winners, "reason": "forfeit"},
            )
            base.outcome = "forfeit"
        elif pace.policy is ExpiryPolicy.AUTO and decision.auto_default and decision.default:
            result = await repo.append_action(
                session,
                loaded,
                seat=job.seat,
                actor_id=None,
                action=decision.default,
                reason="deadline",
            )
            base.outcome, base.events = "applied", list(result.outcome.events)
        else:
            await repo.append_meta(
                session,
                loaded,
                kind=EventKind.DEADLINE,
                actor_id=None,
                seat=job.seat,
                payload={"pause": True, "missed": missed},
                reason="deadline",
                status=MatchStatus.PAUSED,
            )
            base.outcome = "paused"
        # A move of the game (a default applied, a player withdrawn) lets the automatic
        # answers play; a forfeit or a pause is not a move.
        moved = base.outcome in ("withdrawn", "applied")
        jobs.finish(job, now, base.outcome)
        await session.flush()
        base.events += await change.commit_move(loaded, automatic=moved, now=now)
        return base
