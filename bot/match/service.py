"""The match flow, free of Discord: load → authorise → apply → commit.

Cogs and views call these methods with plain ids and get plain results back;
every database write happens inside one transaction per call, so an action is
either fully stored or not at all (see bot/store).
"""

from __future__ import annotations

import asyncio
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.errors import UserError
from bot.heap import release
from bot.match.access import MatchAccess
from bot.match.clock import Clock
from bot.match.export import build_export
from bot.match.pace import Pace
from bot.match.packs import Packs
from bot.match.players import Players
from bot.match.referee import Referee
from bot.match.requests import Requests
from bot.match.types import MatchRef, MatchSnapshot, Player, check_game, engine_for, stale
from bot.store import repository as repo
from bot.store.models import EventKind, Match, MatchEvent, MatchSeat, MatchStatus
from engines.core import Event, GameEngine, Seat, SeededDice, new_seed
from engines.core.serde import from_json

PROPOSED, ACTIVE, FINISHED, CANCELLED = "proposed", "active", "finished", "cancelled"
#: Events read per query for an export: a page's rows are turned into objects in one
#: step of the event loop, so a page must stay small (a few milliseconds).
EXPORT_PAGE = 100


@dataclass(frozen=True)
class InviteOutcome:
    """What an accept/decline click changed."""

    match: Match
    seats: list[MatchSeat]
    everyone_accepted: bool
    cancelled: bool


def parse_option_text(text: str | None) -> dict[str, str]:
    """``"target=20 hand=4"`` → ``{"target": "20", "hand": "4"}``."""
    options: dict[str, str] = {}
    for token in shlex.split(text or ""):
        name, sep, value = token.partition("=")
        if not sep or not name:
            raise UserError("bot.error.option_syntax", token=token)
        options[name.strip().lower()] = value.strip()
    return options


def _export_of(
    rows: list[list[MatchEvent]],
    match: Match,
    seats: Sequence[MatchSeat],
    engine: GameEngine[Any],
    final: Any,
) -> dict[str, Any]:
    """The export of ``rows`` (taken out of the list: the thread frees them, a slice at a
    time, instead of the event loop all at once)."""
    events = rows.pop()
    try:
        return build_export(match, seats, events, engine, final)
    finally:
        release(events)


class MatchService:
    """Match operations, each in its own transaction.

    Every operation that leaves new decisions owed also schedules their
    deadlines and reminders, in the same transaction (bot/deadlines.py).
    """

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        clock: Clock | None = None,
        vacation_days_per_year: int = 21,
    ) -> None:
        self.access = MatchAccess(sessions, clock)
        self.sessions = self.access.sessions
        self.clock = self.access.clock
        self.requests = Requests(self.access)
        self.referee = Referee(self.access)
        self.players = Players(self.access, vacation_days_per_year)
        self.packs = Packs(self.access)

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        creator: Player,
        opponents: Sequence[Player],
        options_text: str | None,
        pace: Pace | None = None,
        pack: str | None = None,
    ) -> tuple[Match, list[MatchSeat]]:
        """Propose a match; every opponent must accept before it starts.

        ``pack`` names a content pack of the game: built-in, installed by the operator
        (``engines.core.packs``) or uploaded to this server (``/content``, stored as
        its current version's key); it is loaded now, so a broken pack is refused
        with its file, line and field before anyone accepts.
        """
        engine = engine_for(game)
        players = [creator, *opponents]
        if any(p.bot for p in opponents):
            raise UserError("bot.error.bot_opponent")
        if len({p.user_id for p in players}) != len(players):
            raise UserError("bot.error.duplicate_player")
        engine.check_seats(len(players))
        options = engine.parse_options(parse_option_text(options_text))
        if pack:  # built-in, installed by the operator, or uploaded to this server
            pack = await self.packs.for_match(guild_id, engine, pack)
        # A trial set-up with these options, players and pack: an unknown arena, a mode
        # for another number of players, a hero, team or deck the pack lacks is refused
        # now, privately to the proposer, rather than at the last acceptance.
        content = await self.packs.loaded(engine, pack or None)
        trial = [Seat(i, p.name) for i, p in enumerate(players)]
        engine.new_match(options, trial, content, SeededDice(new_seed(), 0))
        async with self.sessions.begin() as session:
            match = await repo.create_match(
                session,
                guild_id=guild_id,
                channel_id=channel_id,
                game=engine.name,
                seats=[(p.user_id, p.name) for p in players],
                options=options,
                created_by=creator.user_id,
                content_pack=pack or None,
            )
            match.pace = (pace or Pace()).to_data()
            seats = await repo.get_seats(session, match.id)
        return match, seats

    async def respond_invite(self, match_id: int, user_id: int, accept: bool) -> InviteOutcome:
        """Accept or decline an invitation; a decline cancels the proposal."""
        async with self.sessions.begin() as session:
            match = await self.access.match(session, match_id, lock=True)
            seats = await repo.get_seats(session, match_id)
            seat = next((s for s in seats if s.user_id == user_id), None)
            if seat is None:
                raise UserError("bot.error.not_invited")
            if match.status != PROPOSED:
                raise UserError("bot.error.not_proposed")
            if not accept:
                await repo.cancel_match(session, match, actor_id=user_id, reason="declined")
                return InviteOutcome(match, seats, False, True)
            everyone = await repo.accept_seat(session, match, user_id)
            seats = await repo.get_seats(session, match_id)
        return InviteOutcome(match, seats, everyone, False)

    async def check_start(self, match_id: int) -> None:
        """Refuse (with the engine's set-up error) a proposal that would not start,
        before its thread is opened: the very set-up :meth:`start` stores, written
        nowhere."""
        async with self.sessions.begin() as session:
            match = await self.access.match(session, match_id)
            if match.status != PROPOSED:
                raise UserError("bot.error.not_proposed")
            await repo.set_up(session, match, engine_for(match.game))

    async def cancel_unstartable(self, match_id: int, actor_id: int) -> list[MatchSeat]:
        """Cancel a proposal whose set-up failed when everyone had accepted (a pack
        changed since it was proposed): it would fail the same way again. Returns its
        seats, who are told."""
        async with self.sessions.begin() as session:
            match = await self.access.match(session, match_id, lock=True)
            seats = list(await repo.get_seats(session, match_id))
            if match.status == PROPOSED:
                await repo.cancel_match(session, match, actor_id=actor_id, reason="setup_failed")
        return seats

    async def start(self, match_id: int, thread_id: int) -> MatchSnapshot:
        """Set the match up in its thread (event 0) once everyone accepted."""
        async with self.access.transaction() as change:
            session = change.session
            match = await self.access.match(session, match_id, lock=True)
            if match.status != PROPOSED:
                raise UserError("bot.error.not_proposed")
            engine = engine_for(match.game)
            loaded = await repo.start_match(session, match, engine, thread_id)
            automatic = await change.commit_move(loaded, automatic=True)
            first = await repo.list_events(session, match_id, 0, 1)
        return MatchSnapshot(
            engine,
            loaded.match,
            loaded.seats,
            loaded.state,
            [*(_events_of(first[0]) if first else []), *automatic],
        )

    async def load(self, match_id: int) -> MatchSnapshot:
        """The current state of a started match."""
        async with self.sessions.begin() as session:
            loaded = await self.access.loaded(session, match_id)
        repo.remember(session, loaded)  # committed data: the move that follows reuses it
        return MatchSnapshot.of(loaded)

    async def act(
        self,
        match_id: int,
        user_id: int,
        action: dict[str, Any],
        expected_version: int | None = None,
        game: str | None = None,
    ) -> MatchSnapshot:
        """Apply a player's action and store it; engine errors change nothing.

        ``game`` is the game whose command sent it (``None``: a button or menu of the
        match): another game's command is refused by naming the match's game.

        ``expected_version`` is the match version a button or menu was posted for:
        if the match has moved on since, :class:`StaleControlError` and nothing
        happens. The check holds until the commit: the append is guarded by the
        same loaded version (a writer in between makes it ``MatchChangedError``).
        """
        async with self.access.transaction() as change:
            session = change.session
            loaded, seat = await self.access.seated(session, match_id, user_id)
            if expected_version is not None and loaded.match.version != expected_version:
                raise stale(loaded.match)
            engine = loaded.engine
            check_game(engine, match_id, game)
            parsed = engine.parse_action(action)
            before, before_version = loaded.state, loaded.match.version
            result = await repo.append_action(
                session, loaded, seat=seat, actor_id=user_id, action=parsed
            )
            automatic = await change.commit_move(loaded, automatic=True)
            guild = loaded.match.guild_id
            settings = None if guild is None else await repo.get_guild_settings(session, guild)
            told = await _told(session, loaded.match, before_version)
        return MatchSnapshot(
            engine,
            loaded.match,
            loaded.seats,
            loaded.state,
            [*result.outcome.events, *automatic],
            before=before,
            before_version=before_version,
            told=told,
            guild_locale=settings.locale if settings is not None and settings.locale else None,
        )

    async def check_control(
        self, match_id: int, user_id: int, version: int | None, kind: str
    ) -> MatchSnapshot:
        """The match, if a control of ``kind`` posted at ``version`` is this user's to
        use now; else why not: :class:`StaleControlError` when the match has moved on
        since (``None``: a control of a post made before controls carried a version),
        or what the user owes instead. The move itself checks the version again."""
        snap = await self.load(match_id)
        if snap.match.status == MatchStatus.PAUSED:
            async with self.sessions.begin() as session:
                raise await self.access.paused_refusal(session, match_id)
        if version != snap.match.version:
            raise stale(snap.match)
        seat = snap.seat_of(user_id)
        if seat is None:
            raise UserError("bot.error.not_a_player")
        mine = [d for d in snap.pending(optional=True) if d.seat == seat]
        if any(kind in d.kinds for d in mine):
            return snap
        owed = [d for d in mine if not d.optional]
        if owed:
            raise UserError("bot.error.owe_other", prompt=owed[0].prompt)
        raise UserError("bot.error.owe_nothing")

    async def record_state_post(
        self, match_id: int, message_id: int, version: int, since: int | None
    ) -> int | None:
        """Remember the newest public post of the match's state (for outdated controls),
        telling the events after version ``since``; returns the id of the post it
        supersedes, whose controls are now outdated."""
        async with self.sessions.begin() as session:
            return await repo.record_state_post(session, match_id, message_id, version, since)

    async def is_seated(self, match_id: int, user_id: int) -> bool:
        """Whether ``user_id`` has a seat (invited or playing) in the match."""
        async with self.sessions.begin() as session:
            seats = await repo.get_seats(session, match_id)
        return any(s.user_id == user_id for s in seats)

    async def resign(self, match_id: int, user_id: int) -> MatchSnapshot:
        """A player concedes: the other seat(s) win, or, where the game goes on
        without them (a free-for-all), the player withdraws."""
        async with self.access.transaction() as change:
            session = change.session
            loaded, seat = await self.access.seated(session, match_id, user_id)
            withdrawn = await repo.withdraw(session, loaded, seat=seat, actor_id=user_id)
            if withdrawn is None:
                await repo.resign(session, loaded, seat=seat, actor_id=user_id)
                events: list[Event] = []
            else:  # the game goes on without them: the automatic answers may play
                events = list(withdrawn.outcome.events)
            events += await change.commit_move(loaded, automatic=withdrawn is not None)
        return MatchSnapshot(loaded.engine, loaded.match, loaded.seats, loaded.state, events)

    async def referee_undo(self, match_id: int, actor_id: int, reason: str) -> MatchSnapshot:
        """Revert the last event still in effect (an earlier undo's revert counts as the
        event it returned to), as a new event recording the referee and reason."""
        async with self.access.transaction() as change:
            session = change.session
            loaded = await self.access.loaded(session, match_id)
            target = await repo.undo_target(session, match_id, loaded.match.version)
            if target is None:
                raise UserError("bot.error.nothing_to_undo")
            reverted = await repo.revert_to(
                session, loaded, to_seq=target, actor_id=actor_id, reason=reason
            )
            await change.commit_move(reverted)
        return MatchSnapshot.of(reverted)

    async def pause(self, match_id: int, actor_id: int, reason: str) -> MatchSnapshot:
        """A referee pauses a match: no deadlines run until it is resumed."""
        return await self._set_paused(match_id, actor_id, reason, paused=True)

    async def resume(self, match_id: int, actor_id: int, reason: str) -> MatchSnapshot:
        """A referee resumes a paused match: each owed decision gets back the time it
        had left when paused (a fresh allowance after a pause for a missed deadline)."""
        return await self._set_paused(match_id, actor_id, reason, paused=False)

    async def _set_paused(
        self, match_id: int, actor_id: int, reason: str, *, paused: bool
    ) -> MatchSnapshot:
        async with self.access.transaction() as change:
            session = change.session
            loaded = await self.access.loaded(
                session,
                match_id,
                [MatchStatus.ACTIVE if paused else MatchStatus.PAUSED],
                "bot.error.not_active" if paused else "bot.error.not_paused",
            )
            now = self.clock.now()
            payload: dict[str, Any] = {"pause": paused}
            start = None
            if paused and loaded.match.deadline_at is not None:
                # The time left is kept, so the resumed decision gets it back: an
                # extension or a vacation granted before the pause is not lost.
                left = loaded.match.deadline_at - now
                payload["remaining_s"] = max(0, int(left.total_seconds()))
            elif not paused:
                start = await self._resumed_start(session, match_id, loaded.match, now)
            await repo.append_meta(
                session,
                loaded,
                kind=EventKind.REFEREE,
                actor_id=actor_id,
                seat=None,
                payload=payload,
                reason=reason,
                status=MatchStatus.PAUSED if paused else MatchStatus.ACTIVE,
            )
            await change.commit_move(loaded, start=start, now=now)
        return MatchSnapshot.of(loaded)

    async def _resumed_start(
        self, session: AsyncSession, match_id: int, match: Match, now: datetime
    ) -> datetime | None:
        """When the resumed decisions' time counts from so that they get back exactly
        the time they had left when a referee paused (``None``: a full allowance, after
        a pause for a missed deadline or one with no deadline running)."""
        cause = await repo.pause_cause(session, match_id)
        if cause is None or not isinstance(cause.action, dict):
            return None
        left = cause.action.get("remaining_s")
        allowed = Pace.from_data(match.pace).deadline_hours
        if not isinstance(left, int) or not allowed:
            return None
        return now + timedelta(seconds=left) - timedelta(hours=allowed)

    async def export(self, match_id: int) -> dict[str, Any]:
        """The whole match as JSON (the seed and hidden details only once it ended).

        Its work grows with the match's length, so none of it holds the event loop
        long: the events are read a page at a time (the loop runs between pages) and
        the JSON is built in a thread."""
        async with self.sessions.begin() as session:
            match = await self.access.match(session, match_id)
            seats = await repo.get_seats(session, match_id)
            events: list[MatchEvent] = []
            while page := await repo.list_events(session, match_id, len(events), EXPORT_PAGE):
                events.extend(page)
            engine = engine_for(match.game)
            final = None
            if match.version >= 0:
                final = await repo.state_at(session, match, match.version, engine)
        rows = [events]  # handed to the thread, which frees them too
        del events
        return await asyncio.to_thread(_export_of, rows, match, seats, engine, final)

    async def state_after(self, match_id: int, seq: int) -> MatchSnapshot:
        """The match as it was right after event ``seq`` (for replays and previews)."""
        async with self.sessions.begin() as session:
            match = await self.access.match(session, match_id)
            if match.status in (PROPOSED, CANCELLED) and match.version < 0:
                raise UserError("bot.error.not_started", match=match_id)
            engine = engine_for(match.game)
            if not 0 <= seq <= match.version:
                raise UserError("bot.error.no_such_event", seq=seq, last=match.version)
            state = await repo.state_at(session, match, seq, engine)
            seats = await repo.get_seats(session, match_id)
        return MatchSnapshot(engine, match, seats, state)

    async def resolve(
        self,
        *,
        guild_id: int | None,
        user_id: int,
        channel_id: int | None,
        explicit: int | None,
    ) -> MatchRef:
        """The match an interaction is about (the explicit id, else the thread's),
        as seen from where the interaction happens.

        This is the one gate between an interaction and a match. Servers are
        tenants: in a server (``guild_id``) only that server's matches exist; in
        direct messages (``guild_id`` ``None``) only the matches ``user_id`` has a
        seat in. Any other match is refused exactly like an id that exists nowhere,
        so nothing about it leaks.
        """
        async with self.sessions.begin() as session:
            found = await repo.visible_match_id(
                session,
                guild_id=guild_id,
                user_id=user_id,
                match_id=explicit,
                thread_id=channel_id if explicit is None else None,
            )
        if found is not None:
            return MatchRef(*found)
        if explicit is not None:
            raise UserError("bot.error.no_such_match", match=explicit)
        raise UserError("bot.error.no_match_here")

    async def log(
        self, match_id: int, page: int | None, per_page: int
    ) -> tuple[Sequence[MatchEvent], int, int]:
        """A page (1-based; ``None``: the latest) of the event log, with the page
        shown and the number of pages."""
        async with self.sessions.begin() as session:
            await self.access.match(session, match_id)
            total = await repo.count_events(session, match_id)
            pages = max(1, -(-total // per_page))
            page = pages if page is None else min(max(page, 1), pages)
            rows = await repo.list_events(session, match_id, (page - 1) * per_page, per_page)
        return rows, page, pages

    async def reverted(self, match_id: int) -> tuple[int, Sequence[MatchEvent], str]:
        """What the match's latest event, a revert (an undo or a rollback), took back:
        the event it returned to, the events after it that no longer count, and the
        revert's logged reason."""
        async with self.sessions.begin() as session:
            match = await self.access.match(session, match_id)
            (last,) = await repo.list_events(session, match_id, match.version, 1)
            if last.kind != EventKind.REVERT:
                return match.version, [], ""
            to_seq = int(last.action["to_seq"])
            rows = await repo.list_events(session, match_id, to_seq + 1, match.version - to_seq - 1)
        return to_seq, rows, last.reason or ""

    async def matches(
        self,
        guild_id: int | None,
        user_id: int | None = None,
        statuses: Sequence[str] = (PROPOSED, ACTIVE),
    ) -> list[tuple[Match, list[MatchSeat]]]:
        """Open matches of a guild (optionally only a user's), with their seats;
        ``guild_id`` ``None`` (direct messages): the user's matches in every guild."""
        if guild_id is None and user_id is None:
            raise ValueError("matches of every guild need a user")
        async with self.sessions.begin() as session:
            rows = await repo.list_matches(
                session,
                guild_id=guild_id,
                user_id=user_id,
                statuses=[MatchStatus(s) for s in statuses],
            )
            return [(m, await repo.get_seats(session, m.id)) for m in rows]

    async def guild_locale(
        self, guild_id: int | None, fallback: str, snap: MatchSnapshot | None = None
    ) -> str:
        """The locale public posts of a guild use (``snap``'s, when the operation that
        made it read it, without another transaction)."""
        if snap is not None and snap.guild_locale is not None:
            return snap.guild_locale
        if guild_id is None:
            return fallback
        async with self.sessions.begin() as session:
            settings = await repo.get_guild_settings(session, guild_id)
        return settings.locale if settings and settings.locale else fallback

    async def guild_pace(self, guild_id: int) -> Pace:
        """The pace new matches of a guild start from (``/setup deadlines``)."""
        async with self.sessions.begin() as session:
            settings = await repo.get_guild_settings(session, guild_id)
        return Pace.from_data(settings.pace if settings else None)

    async def referee_role(self, guild_id: int) -> int | None:
        """The guild's referee role, if configured."""
        async with self.sessions.begin() as session:
            settings = await repo.get_guild_settings(session, guild_id)
        return settings.referee_role_id if settings else None

    async def configure(self, guild_id: int, **fields: Any) -> None:
        """Change guild settings (referee role, locale)."""
        async with self.sessions.begin() as session:
            await repo.update_guild_settings(session, guild_id, **fields)


async def _told(session: AsyncSession, match: Match, before_version: int) -> list[Event]:
    """The events the match's state post tells, when it is the post of the state before
    this move (``before_version``): the presenter may edit it to go on with an exchange."""
    since = match.state_post_since
    if since is None or match.state_post_version != before_version:
        return []
    rows = await repo.events_between(session, match.id, since, before_version)
    return [event for row in rows for event in _events_of(row)]


def _events_of(row: MatchEvent) -> list[Event]:
    return [from_json(Event, e) for e in row.events or []]
