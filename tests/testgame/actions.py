"""Actions of the test game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engines.core import Action


@dataclass(frozen=True)
class Roll(Action):
    """Roll the turn's die."""

    kind: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Play(Action):
    """Play a card of that value from the hand."""

    kind: ClassVar[str] = "play"
    card: int


@dataclass(frozen=True)
class Sort(Action):
    """Sort the hand (highest first or lowest first): no dice, nothing revealed."""

    kind: ClassVar[str] = "sort"
    descending: bool = False
