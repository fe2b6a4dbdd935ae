"""Requests that wait for a confirmation: a player's undo, a referee's rollback, and
a referee's act on a match they play in (every other player must agree to it).

A request is a database row tied to the match version it is about, so it
survives restarts and lapses by itself once the match moves on.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from bot.errors import UserError
from bot.match.access import Change, MatchAccess
from bot.match.types import MatchSnapshot
from bot.store import repository as repo
from bot.store import requests as stored
from bot.store.models import MatchRequest, MatchStatus

UNDO, ROLLBACK, CONSENT = "undo", "rollback", "consent"
OPEN, DONE, DECLINED, LAPSED = "open", "done", "declined", "lapsed"


@dataclass
class RequestOutcome:
    """What answering a request did; ``snapshot`` is set once it was carried out."""

    request: MatchRequest
    snapshot: MatchSnapshot | None = None
    waiting_for: list[int] | None = None
    #: Everyone who agreed, once all have (a referee's act then goes ahead).
    agreed: list[int] | None = None


class Requests:
    """Undo-with-consent and rollback-with-preview operations (``MatchService.requests``)."""

    def __init__(self, access: MatchAccess) -> None:
        self.access = access

    async def request_undo(self, match_id: int, user_id: int) -> MatchRequest:
        """Ask the opponents to take back the user's last move.

        Only a move the engine marks undoable, with no dice and nothing hidden
        revealed, may be undone by players; a referee can undo anything.
        """
        async with self.access.sessions.begin() as session:
            loaded, seat = await self.access.seated(session, match_id, user_id)
            rows = await repo.list_events(session, match_id, loaded.match.version, 1)
            last = rows[0] if rows else None
            if last is None or last.kind != "action" or last.seat != seat:
                raise UserError("bot.error.undo_not_yours")
            hidden = any(e.get("redact") for e in last.events or [])
            action = loaded.engine.parse_action(last.action)
            if last.dice or hidden or not loaded.engine.undoable(action):
                raise UserError("bot.error.undo_not_allowed")
            return await stored.add_request(
                session,
                match_id=match_id,
                version=loaded.match.version,
                kind=UNDO,
                requested_by=user_id,
                payload={"to_seq": loaded.match.version - 1},
            )

    async def answer_undo(
        self, match_id: int, request_id: int, user_id: int, accept: bool
    ) -> RequestOutcome:
        """An opponent accepts or declines; the undo happens once all have accepted."""
        async with self.access.transaction() as change:
            session = change.session
            request = await self._open_request(session, match_id, request_id, UNDO)
            seats = await repo.get_seats(session, request.match_id)
            opponents = [s.user_id for s in seats if s.user_id != request.requested_by]
            waiting = _answer(request, opponents, user_id, accept)
            if waiting is None or waiting:
                return RequestOutcome(request, waiting_for=waiting)
            # The log says who agreed (by name, as the match's seats know them).
            agreed = ", ".join(s.display_name for s in seats if s.user_id in opponents)
            snap = await self._revert(change, request, request.requested_by, f"undo ✔ {agreed}")
            request.status = DONE
            return RequestOutcome(request, snapshot=snap)

    async def request_consent(
        self, match_id: int, referee_id: int, act: dict[str, object]
    ) -> tuple[MatchRequest, list[int]]:
        """A referee who plays in the match asks every other player to agree to ``act``
        (the command and its arguments); returns the request and whom it waits for."""
        async with self.access.sessions.begin() as session:
            match = await self.access.match(session, match_id)
            seats = await repo.get_seats(session, match_id)
            others = sorted({s.user_id for s in seats if s.user_id != referee_id})
            request = await stored.add_request(
                session,
                match_id=match_id,
                version=match.version,
                kind=CONSENT,
                requested_by=referee_id,
                payload=dict(act),
            )
            return request, others

    async def answer_consent(
        self, match_id: int, request_id: int, user_id: int, accept: bool
    ) -> RequestOutcome:
        """Another player agrees or declines; once all agreed the request is done and
        ``agreed`` lists them (the caller then carries out the act). A match that
        moved on since the request lapses it, as for an undo."""
        async with self.access.sessions.begin() as session:
            request = await self._open_request(session, match_id, request_id, CONSENT)
            seats = await repo.get_seats(session, request.match_id)
            others = sorted({s.user_id for s in seats if s.user_id != request.requested_by})
            waiting = _answer(request, others, user_id, accept)
            if waiting is None or waiting:
                return RequestOutcome(request, waiting_for=waiting)
            request.status = DONE
            return RequestOutcome(request, agreed=others)

    async def rollback_agreed(
        self, match_id: int, referee_id: int, to_seq: int, reason: str
    ) -> MatchSnapshot:
        """A rollback the other players agreed to (:meth:`answer_consent`): no preview."""

        async with self.access.transaction() as change:
            session = change.session
            started = [MatchStatus.ACTIVE, MatchStatus.PAUSED, MatchStatus.FINISHED]
            loaded = await self.access.loaded(session, match_id, started, "bot.error.not_started")
            reverted = await repo.revert_to(
                session, loaded, to_seq=to_seq, actor_id=referee_id, reason=reason
            )
            await change.commit_move(reverted)
            return MatchSnapshot.of(reverted)

    async def request_rollback(
        self, match_id: int, referee_id: int, to_seq: int, reason: str
    ) -> MatchRequest:
        """A referee's rollback, carried out after they confirm the preview."""
        async with self.access.sessions.begin() as session:
            match = await self.access.match(session, match_id)
            if not 0 <= to_seq < match.version:
                raise UserError("bot.error.no_such_event", seq=to_seq, last=match.version - 1)
            return await stored.add_request(
                session,
                match_id=match_id,
                version=match.version,
                kind=ROLLBACK,
                requested_by=referee_id,
                payload={"to_seq": to_seq, "reason": reason},
            )

    async def confirm_rollback(
        self, match_id: int, request_id: int, referee_id: int
    ) -> MatchSnapshot:
        """Carry out a previewed rollback, as a new event with the referee and reason."""
        async with self.access.transaction() as change:
            request = await self._open_request(change.session, match_id, request_id, ROLLBACK)
            if request.requested_by != referee_id:
                raise UserError("bot.error.not_your_button")
            snap = await self._revert(change, request, referee_id, str(request.payload["reason"]))
            request.status = DONE
            return snap

    async def _open_request(
        self, session: AsyncSession, match_id: int, request_id: int, kind: str
    ) -> MatchRequest:
        """The open request ``request_id`` about ``match_id`` (the match the control
        was resolved to: a request of any other match is refused as closed)."""
        request = await stored.request_for_update(session, request_id)
        if (
            request is None
            or request.match_id != match_id
            or request.kind != kind
            or request.status != OPEN
        ):
            raise UserError("bot.error.request_closed")
        match = await self.access.match(session, request.match_id)
        if match.version != request.version:
            request.status = LAPSED
            await session.flush()
            raise UserError("bot.error.request_lapsed")
        return request

    async def _revert(
        self, change: Change, request: MatchRequest, actor: int, reason: str
    ) -> MatchSnapshot:
        session = change.session

        started = [MatchStatus.ACTIVE, MatchStatus.PAUSED, MatchStatus.FINISHED]
        loaded = await self.access.loaded(
            session, request.match_id, started, "bot.error.not_started"
        )
        reverted = await repo.revert_to(
            session, loaded, to_seq=int(request.payload["to_seq"]), actor_id=actor, reason=reason
        )
        await change.commit_move(reverted)
        return MatchSnapshot.of(reverted)


def _answer(
    request: MatchRequest, answering: list[int], user_id: int, accept: bool
) -> list[int] | None:
    """Record ``user_id``'s answer to ``request``, which ``answering`` must all accept:
    ``None`` once declined, else who has still to answer (empty: everyone agreed)."""
    if user_id not in answering:
        raise UserError("bot.error.not_your_answer")
    if not accept:
        request.status = DECLINED
        return None
    request.answers = {**request.answers, str(user_id): True}
    return [u for u in answering if str(u) not in request.answers]
