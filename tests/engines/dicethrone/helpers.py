"""Shared helpers of the Dice Throne tests: set-ups and rigged play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engines.core import Action, Event, RiggedDice, Seat
from engines.core.model import replace
from engines.dicethrone import ENGINE
from engines.dicethrone.effects import put
from engines.dicethrone.loader import load_pack
from engines.dicethrone.rules import install_pack
from engines.dicethrone.state import State

SEATS = [Seat(0, "Alice"), Seat(1, "Bruno")]

#: A test-only pack ("Or", opposed rolls, manual steps, Upkeep damage).
MINI = load_pack("mini", root=Path(__file__).parent / "packs")
install_pack(MINI)


def start(
    hero1: str = "barbarian", hero2: str = "paladin", first: tuple[int, ...] = (6, 1)
) -> State:
    """A new match; the first-player dice are forced (seat 0 starts by default)."""
    dice = RiggedDice(list(first))
    state = ENGINE.new_match(
        {"hero1": hero1, "hero2": hero2}, SEATS, ENGINE.load_content(None), dice
    )
    assert not dice.queue
    return state


def act(state: State, seat: int, action: Action, *forced: Any) -> tuple[State, list[Event]]:
    """Apply an action with forced dice results, all of which must be used."""
    dice = RiggedDice(list(forced))
    out = ENGINE.apply(state, seat, action, dice)
    assert not dice.queue, f"unused forced dice {list(dice.queue)}"
    return out.state, list(out.events)


def with_player(state: State, seat: int, **changes: Any) -> State:
    """The state with one player's fields replaced."""
    return put(state, seat, **changes)


def keys(events: list[Event]) -> list[str]:
    """Event keys without the game prefix."""
    return [e.key.removeprefix("dicethrone.event.") for e in events]


__all__ = ["MINI", "SEATS", "act", "keys", "replace", "start", "with_player"]
