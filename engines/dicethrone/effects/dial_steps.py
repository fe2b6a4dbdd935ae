"""Typed steps of a hero's two-sided dial (the Sun Elf's Sun Dial, issue 22): raise,
lower, set, empty or turn it over, and a condition on its side and value.

Only records and decoders live here (no handler), so :mod:`.steps` can merge
:data:`DIAL_DECODERS` into its table; the handlers are in :mod:`.dials`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engines.dicethrone.content import Script, Step


@dataclass(frozen=True)
class ChangeDial:
    """The dial raised (``by`` > 0, or half the frame's dice rounded up with
    ``half_roll``), lowered (``by`` < 0) or set to ``to``."""

    dial: str
    by: int = 0
    to: int | None = None
    half_roll: bool = False


@dataclass(frozen=True)
class EmptyDial:
    """ "Reduce the dial to 0": when it shows more than 0 it goes to 0 and ``steps``
    resolve reading one die that shows how much it came down."""

    dial: str
    steps: Script


@dataclass(frozen=True)
class FlipDial:
    """The dial turns over to its other side."""

    dial: str


@dataclass(frozen=True)
class OnDial:
    """ "If the dial is on side …" / "… at 0": ``steps`` when it is (``side`` -1: any
    side; ``values`` empty: any value)."""

    dial: str
    side: int
    values: tuple[int, ...]
    steps: Script


def _change(s: Step) -> ChangeDial:
    if s.op == "set_dial":
        return ChangeDial(s.dial or "", to=s.amount)
    sign = -1 if s.op == "lower_dial" else 1
    return ChangeDial(s.dial or "", by=sign * s.amount, half_roll=s.half)


#: Record ``op`` -> typed step, for the steps of this module.
DIAL_DECODERS: Mapping[str, Callable[[Step], object]] = {
    "raise_dial": _change,
    "lower_dial": _change,
    "set_dial": _change,
    "empty_dial": lambda s: EmptyDial(s.dial or "", s.steps),
    "flip_dial": lambda s: FlipDial(s.dial or ""),
    # ``dice``: the side + 1 (0: any side).
    "on_dial": lambda s: OnDial(s.dial or "", s.dice - 1, s.numbers, s.steps),
}
