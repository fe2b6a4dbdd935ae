"""The one seam between the bot's match services and a stored match.

:class:`MatchAccess` owns the database sessions and the clock, loads a match (and the
seat a user plays in it) with the refusals a player may meet, and opens the
transaction in which a match changes. Every change to a match ends the same way,
through :meth:`Change.commit_move`: the automatic answers players opted into are
played, the deadlines of what is owed next are scheduled, and — once the transaction
has committed — the new state is remembered for the next move. The play service,
the referee, requests, players, packs and the deadline runner all take this object;
none reaches into another service.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.errors import UserError
from bot.match.autoplay import play_automatic_answers
from bot.match.clock import Clock, SystemClock
from bot.match.scheduling import schedule
from bot.match.types import engine_for
from bot.store import repository as repo
from bot.store.models import EventKind, Match, MatchStatus
from engines.core import Event

#: Statuses of a match that was never started (its version stays below 0).
_UNSTARTED = (MatchStatus.PROPOSED, MatchStatus.CANCELLED)


@dataclass
class Change:
    """A transaction in which a match changes (see :meth:`MatchAccess.transaction`)."""

    access: MatchAccess
    session: AsyncSession
    #: The matches changed in it, remembered once it has committed.
    committed: list[repo.LoadedMatch] = field(default_factory=list)

    async def commit_move(
        self,
        loaded: repo.LoadedMatch,
        *,
        automatic: bool = False,
        start: datetime | None = None,
        now: datetime | None = None,
    ) -> list[Event]:
        """Finish a change already written to ``loaded`` (an action, a referee's act, a
        revert…): play the automatic answers players opted into (``automatic``: after a
        move of the game, not after a referee's act), schedule the deadlines of what is
        owed now (their time counting from ``start``, default now), and remember the
        state once the transaction commits. Returns the automatic answers' events."""
        events = await play_automatic_answers(self.session, loaded) if automatic else []
        when = now or self.access.clock.now()
        await schedule(self.session, loaded.match, loaded.engine, loaded.state, when, start=start)
        self.committed.append(loaded)
        return events


class MatchAccess:
    """Sessions, the clock, and loading a match: what every match service shares."""

    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], clock: Clock | None = None
    ) -> None:
        self.sessions = sessions
        self.clock: Clock = clock or SystemClock()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Change]:
        """One database transaction; the matches committed in it are remembered after
        it commits (a state of a transaction that rolled back never is)."""
        async with self.sessions.begin() as session:
            change = Change(self, session)
            yield change
        for loaded in change.committed:
            repo.remember(session, loaded)

    async def match(self, session: AsyncSession, match_id: int, lock: bool = False) -> Match:
        """The match row, or the refusal of an id that does not exist."""
        match = await repo.get_match(session, match_id, lock=lock)
        if match is None:
            raise UserError("bot.error.no_such_match", match=match_id)
        return match

    async def loaded(
        self,
        session: AsyncSession,
        match_id: int,
        statuses: Sequence[str] | None = None,
        refusal: str = "bot.error.not_active",
    ) -> repo.LoadedMatch:
        """A started match with its engine and state; ``statuses`` restricts which
        statuses are accepted (else ``refusal`` is raised)."""
        match = await self.match(session, match_id)
        if match.status in _UNSTARTED and match.version < 0:
            raise UserError("bot.error.not_started", match=match_id)
        if statuses is not None and match.status not in statuses:
            raise UserError(refusal, match=match_id)
        return await repo.load_match(session, match_id, engine_for(match.game), fresh=match)

    async def seated(
        self, session: AsyncSession, match_id: int, user_id: int
    ) -> tuple[repo.LoadedMatch, int]:
        """An active match and the seat ``user_id`` plays in it (or the refusal)."""
        match = await self.match(session, match_id)
        if match.status == MatchStatus.PAUSED:
            raise await self.paused_refusal(session, match_id)
        if match.status != MatchStatus.ACTIVE:
            raise UserError("bot.error.not_active", match=match_id)
        loaded = await repo.load_match(session, match_id, engine_for(match.game), fresh=match)
        seat = loaded.seat_of(user_id)
        if seat is None:
            raise UserError("bot.error.not_a_player")
        return loaded, seat

    async def paused_refusal(self, session: AsyncSession, match_id: int) -> UserError:
        """Why a paused match takes no move: a referee's pause with its reason, or a
        missed deadline waiting for a referee."""
        cause = await repo.pause_cause(session, match_id)
        if cause is not None and cause.kind == EventKind.REFEREE:
            return UserError("bot.error.paused_by_referee", match=match_id, reason=cause.reason)
        return UserError("bot.error.paused_by_deadline", match=match_id)
