"""The turn flow as the phase modules see it (``first_roll``, ``upkeep``, ``targeting``).

:class:`engines.dicethrone.rules.turn.Flow` drives the turn and calls those modules; they call
back into it (the next turn, the ability's effects). They name it by this protocol, so
no module imports the one that imports it.
"""

from __future__ import annotations

from typing import Protocol

from engines.core import Dice, Event
from engines.dicethrone.content import Content, Hero
from engines.dicethrone.effects.interpreter import Interpreter
from engines.dicethrone.rules.state import State


class TurnFlow(Protocol):
    """What a phase module needs of the turn: content, dice, events, effects, and
    the turn's next steps."""

    content: Content
    dice: Dice
    events: list[Event]
    interp: Interpreter

    def hero(self, state: State, seat: int) -> Hero:
        """The hero a seat plays, as its board currently reads."""
        ...

    def emit(self, key: str, rule: str | None = None, **params: object) -> None:
        """Record an event."""
        ...

    def name(self, state: State, seat: int) -> str:
        """A seat's player name."""
        ...

    def start_turn(self, state: State) -> State:
        """Upkeep then Income, then Main (1)."""
        ...

    def next_turn(self, state: State) -> State:
        """The next living seat in turn order starts its turn."""
        ...

    def run_ability(self, state: State) -> State:
        """Resolve the activated ability's effects against the Defender."""
        ...

    def _level(self, state: State, seat: int, slot: str) -> int:
        """The upgrade level of an ability slot."""
        ...
