"""Referee operations: extend deadlines, rule, settle disputes, set results.

Every act is an event in the match log with its author and reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from bot.errors import UserError
from bot.match.access import MatchAccess
from bot.match.pace import Pace
from bot.match.types import MatchSnapshot
from bot.match.verify import NoSuchPath, apply_changes, describe_changes
from bot.store import repository as repo
from bot.store import requests as stored
from bot.store.models import Dispute, DisputeStatus, EventKind, Match, MatchStatus, utcnow
from engines.core.serde import SerdeError, field_name

#: The hours ``/ref extend`` may add, both bounds included: a deadline only ever moves
#: later (an earlier one would expire a player's time behind their back), by up to two
#: weeks at a time. The command declares the same bounds to Discord.
EXTEND_HOURS = (1, 336)


def check_extension(hours: int) -> None:
    """Refuse an extension outside :data:`EXTEND_HOURS`, saying the limits."""
    low, high = EXTEND_HOURS
    if not low <= hours <= high:
        raise UserError("bot.error.extend_hours", hours=hours, min=low, max=high)


class Referee:
    """Referee acts on matches (``MatchService.referee``); the caller checks the role."""

    def __init__(self, access: MatchAccess) -> None:
        self.access = access

    async def extend(self, match_id: int, actor: int, hours: int, reason: str) -> MatchSnapshot:
        """Push every owed decision's deadline back by ``hours`` (:data:`EXTEND_HOURS`)."""

        check_extension(hours)

        async with self.access.transaction() as change:
            session = change.session
            loaded = await self.access.loaded(
                session, match_id, [MatchStatus.ACTIVE], "bot.error.no_deadline"
            )
            match = loaded.match
            old = match.deadline_at
            if old is None:
                raise UserError("bot.error.no_deadline", match=match_id)
            await repo.append_meta(
                session,
                loaded,
                kind=EventKind.REFEREE,
                actor_id=actor,
                seat=None,
                payload={"extend_hours": hours},
                reason=reason,
            )
            kept = _kept(match)
            assert kept is not None  # the match has a deadline (checked above)
            start = kept + timedelta(hours=hours)
            await change.commit_move(loaded, start=start)
        return MatchSnapshot.of(loaded)

    async def set_result(
        self, match_id: int, actor: int, winners: Sequence[int], reason: str
    ) -> MatchSnapshot:
        """End the match with these winning seats and their teammates (none: a draw)."""

        async with self.access.transaction() as change:
            session = change.session
            loaded = await self.access.loaded(
                session, match_id, [MatchStatus.ACTIVE, MatchStatus.PAUSED]
            )
            engine = loaded.engine
            seats = [s.seat for s in loaded.seats]
            # A team game's winner wins with the whole team (the engine knows teams).
            winning = sorted(
                {
                    side
                    for seat in winners
                    for side in engine.winning_side(loaded.state, seat, seats)
                }
            )
            result = {
                "kind": "win" if winning else "draw",
                "winners": winning,
                "reason": "referee",
            }
            await repo.append_meta(
                session,
                loaded,
                kind=EventKind.REFEREE,
                actor_id=actor,
                seat=None,
                payload={"set_result": True},
                reason=reason,
                result=result,
            )
            await change.commit_move(loaded)
        return MatchSnapshot.of(loaded)

    async def rule(
        self, match_id: int, actor: int, ruling: str, dispute_id: int | None = None
    ) -> MatchSnapshot:
        """Record a ruling in the log, settling dispute ``dispute_id``; without one it
        settles the match's only open dispute, and asks which when several are open."""

        async with self.access.transaction() as change:
            session = change.session
            loaded = await self.access.loaded(session, match_id)
            match = loaded.match
            payload: dict[str, object] = {"ruling": ruling}
            dispute: Dispute | None = None
            if dispute_id is not None:
                dispute = await stored.dispute_for_update(session, dispute_id)
                if dispute is None or dispute.match_id != match_id:
                    raise UserError("bot.error.no_such_dispute", dispute=dispute_id)
                if dispute.status != DisputeStatus.OPEN:
                    raise UserError("bot.error.dispute_closed", dispute=dispute_id)
            else:
                waiting = await stored.open_match_disputes(session, match_id)
                if len(waiting) > 1:
                    raise UserError(
                        "bot.error.which_dispute",
                        disputes=", ".join(f"#{d.id} (“{d.reason}”)" for d in waiting),
                    )
                dispute = waiting[0] if waiting else None
            if dispute is not None:
                dispute_id = dispute.id
                dispute.status, dispute.ruling = DisputeStatus.RESOLVED, ruling
                dispute.resolved_by, dispute.resolved_at = actor, utcnow()
                payload["dispute"] = dispute_id
            await repo.append_meta(
                session,
                loaded,
                kind=EventKind.REFEREE,
                actor_id=actor,
                seat=None,
                payload=payload,
                reason=ruling,
            )
            # A ruling changes nothing on the board: the owed decisions keep their time,
            # an extension included (the jobs are re-made for the new version).
            await change.commit_move(loaded, start=_kept(match))
        snap = MatchSnapshot.of(loaded)
        snap.dispute = dispute
        return snap

    async def adjust(
        self, match_id: int, actor: int, changes: dict[str, object], reason: str
    ) -> MatchSnapshot:
        """Change the state by hand, where a card's text overrides what the engine does."""

        async with self.access.transaction() as change:
            session = change.session
            loaded = await self.access.loaded(session, match_id)
            engine = loaded.engine
            try:
                state = apply_changes(engine, loaded.state, changes)
            except NoSuchPath as exc:
                raise UserError("bot.error.adjust_no_path", path=exc.path) from None
            except SerdeError as exc:  # a value of the wrong kind for its field
                where = field_name(exc.path) or ", ".join(str(path) for path in changes)
                raise UserError("bot.error.adjust_bad_value", path=where) from None
            described = describe_changes(engine, loaded.state, state, changes)
            await repo.adjust(
                session, loaded, state=state, changes=changes, actor_id=actor, reason=reason
            )
            await change.commit_move(loaded)
        snap = MatchSnapshot.of(loaded)
        snap.changes = described
        return snap

    async def act(
        self, match_id: int, actor: int, seat: int, action: str, reason: str
    ) -> MatchSnapshot:
        """Apply a game action for ``seat`` on the referee's authority (e.g. a game's
        own manual-adjustment action), whoever's turn it is; logged with the reason.
        ``action`` is JSON text, parsed by the game (bad JSON: InvalidActionError)."""

        async with self.access.transaction() as change:
            session = change.session
            loaded = await self.access.loaded(
                session, match_id, [MatchStatus.ACTIVE, MatchStatus.PAUSED]
            )
            if seat not in {s.seat for s in loaded.seats}:
                raise UserError("bot.error.not_a_player")
            parsed = loaded.engine.parse_action_text(action)
            result = await repo.append_action(
                session,
                loaded,
                seat=seat,
                actor_id=actor,
                action=parsed,
                reason=reason,
                referee=True,
            )
            await change.commit_move(loaded)
        return MatchSnapshot.of(loaded, result.outcome.events)

    async def open_dispute(self, match_id: int, user_id: int, reason: str) -> Dispute:
        """A player disputes the match as it stands (at the current event number)."""
        async with self.access.sessions.begin() as session:
            match = await self.access.match(session, match_id)
            if not any(s.user_id == user_id for s in match.seats):
                raise UserError("bot.error.not_a_player")
            return await stored.add_dispute(
                session, match_id=match_id, seq=match.version, opened_by=user_id, reason=reason
            )

    async def open_disputes(self, guild_id: int) -> list[tuple[Dispute, Match]]:
        """Every open dispute of a guild, oldest first."""
        async with self.access.sessions.begin() as session:
            return await stored.open_disputes(session, guild_id)


def _kept(match: Match) -> datetime | None:
    """When the current decisions' time started counting, as their deadline says (an
    extension moved it later), so rescheduling after an event that changes nothing
    owed keeps that deadline; ``None`` (count from now) when there is none."""
    if match.deadline_at is None:
        return None
    return match.deadline_at - timedelta(hours=Pace.from_data(match.pace).deadline_hours or 0)
