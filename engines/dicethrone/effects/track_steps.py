"""Typed steps of a hero's track (the Duelist's Footwork, issue 22): steps its owner
must take, steps she may take, and a condition on where the marker stands.

Only records and decoders live here (no handler), so :mod:`.steps` can merge
:data:`TRACK_DECODERS` into its table; the handlers are in :mod:`.tracks`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engines.dicethrone.content import Script, Step

#: The ways a step may go: up the track ("forward"), down ("backward"), or either.
DIRECTIONS = ("forward", "backward", "any")


@dataclass(frozen=True)
class MoveTrack:
    """ "Take N steps forward/backward" (they must be taken): the marker moves ``count``
    positions (times the dice showing ``per``), steps beyond an end are lost."""

    track: str
    count: int
    forward: bool
    per: str | None


@dataclass(frozen=True)
class TakeSteps:
    """ "You may take up to N steps" (in ``direction``, or either way): the owner
    picks where the marker ends, at most ``count`` positions away (or leaves it)."""

    track: str
    count: int
    direction: str


@dataclass(frozen=True)
class OnTrack:
    """ "If your marker is on …": ``steps`` resolve when it stands on one of
    ``positions``."""

    track: str
    positions: tuple[int, ...]
    steps: Script


#: Record ``op`` -> typed step, for the steps of this module.
TRACK_DECODERS: Mapping[str, Callable[[Step], object]] = {
    "move_track": lambda s: MoveTrack(s.track or "", s.amount, s.topic != "backward", s.per),
    "take_steps": lambda s: TakeSteps(s.track or "", s.amount, s.topic or "any"),
    "on_track": lambda s: OnTrack(s.track or "", s.numbers, s.steps),
}
