"""A game that never ends, for long event logs (the test game ends within ~40 events).

Seats take turns to ``tick``: roll a d6 and add it to their total. The state
keeps the last rolls too, so snapshots are not trivially small.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engines.core import (
    Action,
    CommandSpec,
    Decision,
    Dice,
    Event,
    GameEngine,
    MatchResult,
    Message,
    Outcome,
    Seat,
    View,
)
from engines.core.model import replace


@dataclass(frozen=True)
class Tick(Action):
    """Roll a d6 and add it to your total."""

    kind: ClassVar[str] = "tick"


@dataclass(frozen=True)
class State:
    """Totals per seat, whose turn it is, and the recent rolls."""

    names: tuple[str, ...]
    totals: tuple[int, ...]
    active: int = 0
    turn: int = 1
    recent: tuple[int, ...] = ()


class Endless(GameEngine[State]):
    """Engine of the endless game."""

    name = "endless"
    title_key = "endless.title"
    state_type = State
    action_types = (Tick,)

    def new_match(
        self, options: Mapping[str, Any], seats: Sequence[Seat], content: Any, dice: Dice
    ) -> State:
        self.check_seats(len(seats))
        first = dice.roll(len(seats), "first player") - 1
        return State(tuple(s.name for s in seats), (0,) * len(seats), active=first)

    def pending(self, state: State) -> list[Decision]:
        return [Decision(state.active, ("tick",), Message("endless.prompt"), default=Tick())]

    def rules_apply(self, state: State, seat: int, action: Action, dice: Dice) -> Outcome[State]:
        value = dice.roll(6, "tick")
        totals = list(state.totals)
        totals[seat] += value
        new = replace(
            state,
            totals=tuple(totals),
            active=(seat + 1) % len(totals),
            turn=state.turn + 1,
            recent=(*state.recent, value)[-16:],
        )
        return Outcome(new, (Event("endless.ticked", {"seat": seat, "value": value}),))

    def view(self, state: State, seat: int | None) -> View:
        return View(self.name, seat, {"totals": list(state.totals)})

    def result(self, state: State) -> MatchResult | None:
        return None

    def render(self, view: View, kind: str = "board", locale: str = "en-US") -> bytes:
        return b""

    def commands(self) -> list[CommandSpec]:
        return [CommandSpec("tick", Message("endless.command.tick"), "tick")]


ENGINE = Endless()
