"""State of "High Card Dice", the small game the bot's tests play.

Each turn the active player rolls a d6, then plays a card from a hidden hand:
the die plus the card is added to their score, and they draw a card. The first
to reach the target wins; when the cards run out the higher score wins. It is
small but has what the real games have: phases, dice, hidden hands and a
deck, a win and a draw.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engines.core import Seat


class Phase(enum.Enum):
    """Phases of a turn; :data:`TRANSITIONS` lists the legal moves between them."""

    ROLL = "roll"
    PLAY = "play"
    OVER = "over"


TRANSITIONS: dict[Phase, frozenset[Phase]] = {
    Phase.ROLL: frozenset({Phase.PLAY}),
    Phase.PLAY: frozenset({Phase.ROLL, Phase.OVER}),
    Phase.OVER: frozenset(),
}


@dataclass(frozen=True)
class Player:
    """One seat's cards and score."""

    name: str
    hand: tuple[int, ...]
    score: int = 0


@dataclass(frozen=True)
class State:
    """The whole match; hands and the deck are hidden information."""

    seats: tuple[Seat, ...]
    players: tuple[Player, ...]
    deck: tuple[int, ...]
    target: int
    active: int
    phase: Phase
    last_roll: int | None = None
    turn: int = 1
    winner: int | None = None
    draw: bool = False
