"""Errors of the store. Like engine errors they carry a message key and parameters.

The English message is safe to show to a player; ``key`` and ``params`` let the
bot localise it (``store.error.*`` in the bot's catalogs).
"""

from __future__ import annotations

from engines.core.errors import LocalisedError


class StoreError(LocalisedError):
    """Base of every error the store raises on purpose."""

    default_key = "store.error.generic"


class MatchNotFoundError(StoreError):
    """No match has this id."""

    default_key = "store.error.match_not_found"

    def __init__(self, match_id: int) -> None:
        super().__init__(f"Match {match_id} does not exist.", params={"match": match_id})
        self.match_id = match_id


class MatchChangedError(StoreError):
    """Someone else changed the match first; reload it and show the new state.

    Raised for every lost race between writers of this match: the version guard
    matched no row, the ``(match_id, seq)`` unique constraint fired, or
    PostgreSQL gave up waiting for the match's row lock. Nothing of the failed
    write is kept once the caller's transaction rolls back.
    """

    default_key = "store.error.match_changed"

    def __init__(self, match_id: int) -> None:
        super().__init__(
            f"Match {match_id} changed while you were acting; here is the new state.",
            params={"match": match_id},
        )
        self.match_id = match_id


class DatabaseBusyError(StoreError):
    """SQLite stayed busy with other writes (anywhere in the file) past its busy
    timeout. Not a conflict: nothing is known to have changed in this match, and
    nothing of the failed write is kept; trying again later works."""

    default_key = "store.error.busy"

    def __init__(self) -> None:
        super().__init__("The database is busy; nothing was changed. Please try again.")


class MatchStateError(StoreError):
    """The match's status does not allow this (e.g. a move in a finished match)."""

    default_key = "store.error.match_state"


class InvalidRevertError(StoreError):
    """A revert to an event that is not in the match's past."""

    default_key = "store.error.invalid_revert"


class SeatError(StoreError):
    """The user has no seat in this match, or the seats given are invalid."""

    default_key = "store.error.seat"


class ReplayError(StoreError):
    """A stored event no longer replays (e.g. the engine changed incompatibly).

    This is a bug or a missing data migration, never a player's fault; the
    original engine error is chained as ``__cause__``.
    """

    default_key = "store.error.replay"

    def __init__(self, match_id: int, seq: int, detail: str) -> None:
        super().__init__(
            f"Match {match_id}: event {seq} cannot be replayed ({detail}).",
            params={"match": match_id, "seq": seq, "detail": detail},
        )
        self.match_id = match_id
        self.seq = seq
