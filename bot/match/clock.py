"""Time, injected: the real clock in production, a frozen one in tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    """Something that tells the current UTC time."""

    def now(self) -> datetime:
        """The current time, timezone-aware UTC."""
        ...


class SystemClock:
    """The machine's clock."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class FrozenClock:
    """A clock that only moves when told to (deadline and reminder tests)."""

    def __init__(self, start: datetime | None = None) -> None:
        self.current = start or datetime(2026, 1, 5, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.current

    def advance(self, **delta: float) -> datetime:
        """Move forward by ``timedelta(**delta)``; returns the new time."""
        self.current += timedelta(**delta)
        return self.current
