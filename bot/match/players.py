"""Players' own settings (time zone, quiet hours, vacation) and per-guild standings."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.errors import UserError
from bot.match.access import MatchAccess
from bot.match.pace import is_valid_zone
from bot.match.ratings import Rating, rate_matches
from bot.match.scheduling import vacation_changed
from bot.store import players
from bot.store.models import PlayerSettings
from engines.core.registry import installed


@dataclass(frozen=True)
class Vacation:
    """A vacation that started: until when, days left this year, and each
    active match to tell (its thread and the opponents it concerns)."""

    until: datetime
    days_left: int
    threads: list[players.ActiveThread]


@dataclass
class Standing:
    """One player's record in a game in one guild."""

    user_id: int
    name: str
    wins: int = 0
    losses: int = 0
    draws: int = 0
    rating: Rating = field(default_factory=Rating)

    @property
    def played(self) -> int:
        """Finished matches."""
        return self.wins + self.losses + self.draws

    @property
    def points(self) -> float:
        """1 per win, ½ per draw."""
        return self.wins + self.draws / 2


class Players:
    """Player settings and standings (``MatchService.players``)."""

    def __init__(self, access: MatchAccess, vacation_days_per_year: int = 21) -> None:
        self.access = access
        self.vacation_days_per_year = vacation_days_per_year

    async def settings(self, user_id: int) -> PlayerSettings | None:
        """A player's settings, if any were set."""
        async with self.access.sessions.begin() as session:
            return await players.get_player(session, user_id)

    async def set_timezone(self, user_id: int, zone: str) -> None:
        """Set the time zone quiet hours are read in (an IANA name)."""
        if not is_valid_zone(zone):
            raise UserError("bot.error.bad_timezone", zone=zone)
        async with self.access.sessions.begin() as session:
            (await players.player_for_update(session, user_id)).timezone = zone

    async def set_preference(self, user_id: int, key: str, enabled: bool) -> None:
        """Turn a standing preference (declared by an installed game) on or off."""
        if key not in {p.key for e in installed() for p in e.preferences}:
            raise UserError("bot.error.unknown_preference", preference=key)
        async with self.access.sessions.begin() as session:
            row = await players.player_for_update(session, user_id)
            row.preferences = {**(row.preferences or {}), key: enabled}

    async def set_quiet_hours(self, user_id: int, start: int, end: int) -> None:
        """Hold reminders between these local hours (equal hours: no quiet hours)."""
        async with self.access.sessions.begin() as session:
            row = await players.player_for_update(session, user_id)
            row.quiet_start, row.quiet_end = (None, None) if start == end else (start, end)

    async def start_vacation(self, user_id: int, days: int) -> Vacation:
        """Take ``days`` from this year's bank; the decisions owed start over (reminders
        and deadline) when the vacation ends."""
        now = self.access.clock.now()
        async with self.access.sessions.begin() as session:
            row = await players.player_for_update(session, user_id)
            if row.vacation_year != now.year:
                row.vacation_year, row.vacation_days_used = now.year, 0
            left = self.vacation_days_per_year - row.vacation_days_used
            if days > left:
                raise UserError("bot.error.vacation_bank", days=days, left=left)
            start = max(now, row.vacation_until or now)
            row.vacation_until = start + timedelta(days=days)
            row.vacation_days_used += days
            await vacation_changed(session, user_id, row.vacation_until, now)
            threads = await players.active_threads(session, user_id)
            return Vacation(row.vacation_until, left - days, threads)

    async def end_vacation(self, user_id: int) -> Vacation:
        """Come back early; whole unused days return to the bank, and the decisions
        owed get their full time counted from now."""
        now = self.access.clock.now()
        async with self.access.sessions.begin() as session:
            row = await players.player_for_update(session, user_id)
            if row.vacation_until is None or row.vacation_until <= now:
                raise UserError("bot.error.no_vacation")
            unused = math.floor((row.vacation_until - now) / timedelta(days=1))
            row.vacation_days_used = max(0, row.vacation_days_used - unused)
            row.vacation_until = now
            await vacation_changed(session, user_id, now, now)
            threads = await players.active_threads(session, user_id)
            return Vacation(now, self.vacation_days_per_year - row.vacation_days_used, threads)

    async def standings(self, guild_id: int, game: str) -> list[Standing]:
        """Every player of a game in a guild with wins, losses, draws and a Glicko-2
        rating over the guild's finished matches in the order they ended; best first."""
        async with self.access.sessions.begin() as session:
            rows = await players.finished_seats(session, guild_id, game)
        table: dict[int, Standing] = {}
        outcomes: dict[int, tuple[list[int], list[int]]] = {}
        for row in rows:
            entry = table.setdefault(row.user_id, Standing(row.user_id, row.name))
            entry.name = row.name
            winners, losers = outcomes.setdefault(row.match_id, ([], []))
            if not row.result or row.result.get("kind") == "draw":
                entry.draws += 1
                winners.append(row.user_id)
            elif row.seat in (row.result.get("winners") or []):
                entry.wins += 1
                winners.append(row.user_id)
            else:
                entry.losses += 1
                losers.append(row.user_id)
        for user_id, rating in rate_matches(outcomes.values()).items():
            table[user_id].rating = rating
        return sorted(table.values(), key=lambda s: (-s.rating.rating, -s.points, s.name))
