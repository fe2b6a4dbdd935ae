"""A match's pace: how long each decision may take and what happens when it doesn't.

Chosen at ``/match new`` and stored with the match (``matches.pace``). Pure
data and arithmetic, no Discord or database, so it is tested directly.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engines.core.serde import SerdeError, from_json, to_json

#: Deadline choices offered at /match new (hours; 0 means no deadline).
DEADLINE_CHOICES = (12, 24, 48, 72, 0)
DEFAULT_DEADLINE_HOURS = 48


class ExpiryPolicy(enum.StrEnum):
    """What a missed deadline does (before the forfeit threshold is reached)."""

    #: Apply the engine's default where it allows one automatically, else pause.
    AUTO = "auto"
    #: Always pause and call the referees.
    PAUSE = "pause"


@dataclass(frozen=True)
class Pace:
    """Deadlines, reminders and the expiry policy of one match."""

    #: Hours each decision may take; ``None``: no deadline (and no reminders).
    deadline_hours: int | None = DEFAULT_DEADLINE_HOURS
    #: Reminders at these fractions of the allowed time (0.5 = half time)…
    remind_fractions: tuple[float, ...] = (0.5,)
    #: …and this many hours before the deadline.
    remind_hours_before: tuple[int, ...] = (2,)
    policy: ExpiryPolicy = ExpiryPolicy.AUTO
    #: A player who misses this many deadlines in a match forfeits it (None: never).
    forfeit_after: int | None = 3

    @classmethod
    def from_data(cls, data: Mapping[str, Any] | None) -> Pace:
        """The pace stored with a match (defaults for matches created before paces)."""
        try:
            pace: Pace = from_json(cls, dict(data or {}))
        except SerdeError:
            return cls()
        return pace

    def to_data(self) -> dict[str, Any]:
        """JSON for ``matches.pace``."""
        data = to_json(self)
        assert isinstance(data, dict)
        return data

    def deadline(self, start: datetime) -> datetime | None:
        """When a decision owed from ``start`` expires."""
        if not self.deadline_hours:
            return None
        return start + timedelta(hours=self.deadline_hours)

    def late_grace(self) -> timedelta:
        """Time left after a reminder sent only once the deadline had come (the bot was
        down, quiet hours held every reminder): the last reminder's lead, 2 h by default,
        never more than the allowed time itself."""
        lead = min((h for h in self.remind_hours_before if h > 0), default=2)
        return timedelta(hours=min(lead, self.deadline_hours or lead))

    def reminders(self, start: datetime) -> list[datetime]:
        """When to remind about a decision owed from ``start``, in order, without repeats."""
        deadline = self.deadline(start)
        if deadline is None:
            return []
        span = deadline - start
        times = {start + span * f for f in self.remind_fractions if 0 < f < 1}
        times |= {deadline - timedelta(hours=h) for h in self.remind_hours_before if h > 0}
        return sorted(t for t in times if start < t < deadline)


def zone(name: str | None) -> ZoneInfo:
    """A time zone by IANA name (``America/Sao_Paulo``); UTC when unknown."""
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def is_valid_zone(name: str) -> bool:
    """Whether ``name`` is a known IANA time zone."""
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def after_quiet_hours(
    when: datetime, timezone: str | None, start: int | None, end: int | None
) -> datetime:
    """``when``, or the end of the player's quiet hours if it falls inside them.

    Quiet hours are local hours ``start`` (inclusive) to ``end`` (exclusive) and
    may wrap midnight (22 → 7).
    """
    if start is None or end is None or start == end:
        return when
    local = when.astimezone(zone(timezone))
    hour = local.hour
    inside = start <= hour < end if start < end else (hour >= start or hour < end)
    if not inside:
        return when
    resume = local.replace(hour=end, minute=0, second=0, microsecond=0)
    if resume <= local:
        resume += timedelta(days=1)
    return resume.astimezone(when.tzinfo)
