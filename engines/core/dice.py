"""All randomness of an engine: seeded and recorded in play, rigged in tests.

In a match every event gets its own stream, derived as
``HMAC-SHA256(seed, "event:<n>")``; numbers are drawn from that stream by
rejection sampling, so the same seed and event number always give the same
results and anyone holding the revealed seed can re-derive every roll. Each
draw is recorded as a :class:`DiceOutcome` stored with the event.

Tests and scenarios use :class:`RiggedDice`, fed from a queue of forced results,
which is how the rulebooks' worked examples become deterministic tests.
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import secrets
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from engines.core.errors import DiceExhaustedError

T = TypeVar("T")

_U64 = 1 << 64


class DrawKind(enum.Enum):
    """What was drawn: a die, a coin flip or a shuffle."""

    DIE = "die"
    COIN = "coin"
    SHUFFLE = "shuffle"


@dataclass(frozen=True)
class DiceOutcome:
    """One recorded random draw.

    ``value`` is the die result (1..sides), the coin (1 heads, 0 tails) or, for
    a shuffle, the permutation of the original indices. ``face`` is the face's
    name for custom dice, so a log reads "Crit" rather than "4".
    """

    kind: DrawKind
    sides: int
    value: int | tuple[int, ...]
    label: str = ""
    face: str | None = None


def new_seed() -> bytes:
    """A fresh secret per-match seed (32 bytes from the OS)."""
    return secrets.token_bytes(32)


def seed_commitment(seed: bytes) -> str:
    """The SHA-256 of a seed, published when the match starts."""
    return hashlib.sha256(seed).hexdigest()


def face_name(face: Any) -> str:
    """How a custom face is written in logs and forced-result queues."""
    value = getattr(face, "value", face)
    return str(getattr(face, "name", value)) if isinstance(face, enum.Enum) else str(face)


class Dice(ABC):
    """A source of randomness that records every draw."""

    def __init__(self) -> None:
        self.outcomes: list[DiceOutcome] = []

    @abstractmethod
    def _die(self, sides: int, faces: Sequence[str] | None) -> int:
        """One die result in ``1..sides``."""

    @abstractmethod
    def _permutation(self, n: int) -> tuple[int, ...]:
        """A permutation of ``range(n)``."""

    def roll(self, sides: int = 6, label: str = "") -> int:
        """Roll one die with ``sides`` numbered faces."""
        if sides < 1:
            raise ValueError("a die needs at least one face")
        value = self._die(sides, None)
        self.outcomes.append(DiceOutcome(DrawKind.DIE, sides, value, label))
        return value

    def roll_many(self, count: int, sides: int = 6, label: str = "") -> list[int]:
        """Roll ``count`` dice; results are in roll order."""
        return [self.roll(sides, label) for _ in range(count)]

    def roll_faces(self, faces: Sequence[T], label: str = "") -> T:
        """Roll a custom die whose faces are ``faces`` (e.g. Krosmaster's six faces)."""
        if not faces:
            raise ValueError("a die needs at least one face")
        names = [face_name(f) for f in faces]
        value = self._die(len(faces), names)
        self.outcomes.append(DiceOutcome(DrawKind.DIE, len(faces), value, label, names[value - 1]))
        return faces[value - 1]

    def coin(self, label: str = "") -> bool:
        """Flip a coin: ``True`` for heads."""
        value = self._coin()
        self.outcomes.append(DiceOutcome(DrawKind.COIN, 2, int(value), label))
        return value

    def _coin(self) -> bool:
        return self._die(2, None) == 1

    def shuffle(self, items: Sequence[T], label: str = "") -> list[T]:
        """Return ``items`` in a random order."""
        order = self._permutation(len(items))
        self.outcomes.append(DiceOutcome(DrawKind.SHUFFLE, len(items), order, label))
        return [items[i] for i in order]


class SeededDice(Dice):
    """Deterministic dice for event ``event_number`` of the match with ``seed``."""

    def __init__(self, seed: bytes, event_number: int) -> None:
        super().__init__()
        self._key = hmac.new(seed, f"event:{event_number}".encode(), hashlib.sha256).digest()
        self._block = 0
        self._buffer = b""

    def _next_u64(self) -> int:
        if len(self._buffer) < 8:
            self._buffer += hmac.new(
                self._key, self._block.to_bytes(8, "big"), hashlib.sha256
            ).digest()
            self._block += 1
        chunk, self._buffer = self._buffer[:8], self._buffer[8:]
        return int.from_bytes(chunk, "big")

    def _below(self, n: int) -> int:
        # Rejection sampling keeps every result exactly equally likely.
        limit = _U64 - (_U64 % n)
        while True:
            x = self._next_u64()
            if x < limit:
                return x % n

    def _die(self, sides: int, faces: Sequence[str] | None) -> int:
        return self._below(sides) + 1

    def _permutation(self, n: int) -> tuple[int, ...]:
        order = list(range(n))
        for i in range(n - 1, 0, -1):  # Fisher-Yates
            j = self._below(i + 1)
            order[i], order[j] = order[j], order[i]
        return tuple(order)


class RiggedDice(Dice):
    """Dice that return forced results, in order, for tests and scenarios.

    The queue holds die results (``4``), face names for custom dice
    (``"Crit"``), booleans for coins, and lists for shuffles (the new order as
    indices of the original sequence). A shuffle with no list at the head of the
    queue keeps the original order, so a scenario stacks a deck by listing it.
    A die or coin with an empty queue raises :class:`DiceExhaustedError`.
    """

    def __init__(self, forced: Iterable[int | str | bool | Sequence[int]] = ()) -> None:
        super().__init__()
        self.queue: deque[Any] = deque(forced)

    def push(self, *forced: int | str | bool | Sequence[int]) -> None:
        """Append forced results to the queue."""
        self.queue.extend(forced)

    def _pop(self, what: str) -> Any:
        if not self.queue:
            raise DiceExhaustedError(f"No forced result left for {what}.", params={"what": what})
        return self.queue.popleft()

    def _die(self, sides: int, faces: Sequence[str] | None) -> int:
        value = self._pop(f"a d{sides}")
        if isinstance(value, str) and faces is not None:
            matches = [i for i, name in enumerate(faces) if name.lower() == value.lower()]
            if not matches:
                raise DiceExhaustedError(
                    f"Forced face {value!r} is not one of {', '.join(faces)}.",
                    key="core.error.dice_bad_forced",
                    params={"value": value},
                )
            return matches[0] + 1
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
            raise DiceExhaustedError(
                f"Forced result {value!r} does not fit a d{sides}.",
                key="core.error.dice_bad_forced",
                params={"value": str(value)},
            )
        return value

    def _coin(self) -> bool:
        value = self._pop("a coin flip")
        if not isinstance(value, bool):
            if value in ("heads", "tails"):
                return bool(value == "heads")
            raise DiceExhaustedError(
                f"Forced coin {value!r} must be true/false or heads/tails.",
                key="core.error.dice_bad_forced",
                params={"value": str(value)},
            )
        return value

    def _permutation(self, n: int) -> tuple[int, ...]:
        if self.queue and isinstance(self.queue[0], list | tuple):
            order = tuple(self.queue.popleft())
            if sorted(order) != list(range(n)):
                raise DiceExhaustedError(
                    f"Forced shuffle {list(order)} is not an order of {n} items.",
                    key="core.error.dice_bad_forced",
                    params={"value": str(list(order))},
                )
            return order
        return tuple(range(n))
