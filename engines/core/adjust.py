"""Manual adjustments: what a printed text does that a game's effect language cannot.

Each game has an ``adjust``-like action (Dice Throne ``adjust``, Krosmaster ``adjust``,
Battle Scenes ``manual``) by which the player owing a manual text — or a referee, at
any time (``GameEngine.referee_apply``) — changes the state by hand. Whatever is
adjusted, the same things hold: the seat named must exist, bounded values stay in
their bounds, a count is a sensible number, and every adjustment is an event naming
who made it (a referee as such) and why, so the thread keeps a readable log.
"""

from __future__ import annotations

from engines.core.errors import IllegalActionError
from engines.core.model import Message


def seat_index(number: int, seats: int, key: str) -> int:
    """The 0-based seat of a seat ``number`` as players write it (from 1); refused
    with the catalog message ``key`` (parameter ``seat``) when there is no such seat."""
    if not 1 <= number <= seats:
        raise IllegalActionError(f"There is no seat {number}.", key=key, params={"seat": number})
    return number - 1


def bounded(value: int, change: int, low: int, high: int) -> int:
    """``value`` changed by ``change``, kept from ``low`` to ``high`` (rules' bounds
    still hold by hand: a health cap, a CP cap, no negative counts)."""
    return max(low, min(high, value + change))


def count(value: int, key: str, signed: bool = False, limit: int = 60) -> int:
    """A count given by hand: 1 to ``limit`` (or ``-limit`` to ``limit`` but not 0 when
    ``signed``); refused with the catalog message ``key`` (parameter ``count``)."""
    if value == 0 or (value < 0 and not signed) or abs(value) > limit:
        raise IllegalActionError(
            f"Give a count from 1 to {limit}.", key=key, params={"count": value}
        )
    return value


def author(name: str, referee: bool, key: str) -> str | Message:
    """Who made an adjustment, for its event: the player's name, or — made on a
    referee's authority — the catalog message ``key`` naming the referee's player."""
    return Message(key, {"player": name}) if referee else name
