"""Property: what autocomplete offers for ``use`` is accepted by ``use`` (legal values only)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import UseAction
from engines.battlescenes.rules.state import State
from engines.core import EngineError, IllegalActionError, Seat, SeededDice
from tests.engines.battlescenes.helpers import pack
from tests.engines.battlescenes.test_properties import candidates


def offered(state: State, seat: int, option: str, current: str = "", **typed: object) -> list[str]:
    return [str(c.value) for c in ENGINE.autocomplete(state, seat, "use", option, current, typed)]


def grow(state: State, seat: int, option: str, typed: dict[str, object]) -> str:
    """Fill a list option by always taking the first suggestion until it stops growing."""
    current = ""
    while True:
        found = offered(state, seat, option, current, **typed)
        if not found or found[0] == current.rstrip(", "):
            return current.rstrip(", ")
        current = found[0] + ", "


def suggested_uses(state: State, seat: int) -> list[UseAction]:
    uses = []
    for character in offered(state, seat, "character"):
        for name in offered(state, seat, "action", character=int(character)):
            typed: dict[str, object] = {"character": int(character), "action": name}
            modes = offered(state, seat, "mode", **typed)
            if modes:
                typed["mode"] = modes[0]
            targets = grow(state, seat, "targets", typed)
            typed["targets"] = targets
            pay = grow(state, seat, "pay", typed)
            uses.append(
                UseAction(
                    int(character), name, targets, 0, mode=str(typed.get("mode", "")), pay=pay
                )
            )
    return uses


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**31))
def test_suggested_uses_are_accepted(seed: int) -> None:
    rng = random.Random(seed)
    seats = [Seat(0, "Ana"), Seat(1, "Bruno")]
    state = ENGINE.new_match({}, seats, pack(), SeededDice(seed.to_bytes(8, "big"), 0))
    for n in range(1, 160):
        decisions = ENGINE.pending(state)
        if not decisions:
            break
        decision = decisions[0]
        dice = SeededDice(seed.to_bytes(8, "big"), n)
        if "use" in decision.kinds:
            for action in suggested_uses(state, decision.seat):
                try:
                    ENGINE.apply(state, decision.seat, action, dice)
                except IllegalActionError as exc:
                    raise AssertionError(f"{action} was suggested but refused: {exc.key}") from exc
        options = candidates(state, decision.seat, decision.kinds, rng)
        rng.shuffle(options)
        for option in options:
            try:
                state = ENGINE.apply(state, decision.seat, option, dice).state
            except EngineError:
                continue
            break
        if ENGINE.result(state) is not None:
            break
