"""Malformed and out-of-phase actions thrown at an engine (issue 10 §7).

``refuses_or_applies`` is the property every game's action test checks: any
action JSON, applied by a player (``apply``) or a referee (``referee_apply``),
is either applied or refused with a declared :class:`EngineError`, and the
state it was given never changes. ``junk_actions`` builds such JSON: every kind
the game knows (so other phases' kinds too) and unknown ones, fields of the
wrong type, missing or extra, out-of-range and negative numbers, huge ints,
unicode junk, and the ids and numbers found in the state itself; half of them
start from an action the match waits for (a default, a menu's choice) with one
or two fields spoiled, so the junk reaches the deepest checks.
"""

from __future__ import annotations

import dataclasses
import random
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from engines.core import Action, Decision, Dice, EngineError, GameEngine, SeededDice
from engines.core.serde import JSON

JUNK_TEXT = (
    "",
    " ",
    "..",
    "../x",
    "/etc/passwd",
    "0",
    "-1",
    "1",
    "2",
    "3",
    "99",
    "1000",
    "-99999999999999999999",
    "99999999999999999999",
    "1 2 3",
    "1,2",
    "1=7",
    "0=0",
    "9=9",
    "1:x",
    "1-1",
    "a1",
    "z99",
    "L12",
    "done",
    "none",
    "up",
    "down",
    "é\u0301\u202e🎲\x00",
    "\ud7ff\U0010ffff",
    "x" * 300,
)
JUNK_NUMBERS = (0, 1, 2, 3, -1, -2, 7, 99, 1000, 2**31, 2**63, -(2**63), 10**30)
JUNK_OTHER: tuple[JSON, ...] = (None, True, False, 1.5, float("nan"), [], [1], {}, {"a": 1})


def vocabulary(data: JSON, found: set[str | int] | None = None, depth: int = 0) -> set[str | int]:
    """Every short string and int in a state's JSON (ids, counts, labels)."""
    found = set() if found is None else found
    if isinstance(data, bool) or data is None or depth > 12:
        return found
    if isinstance(data, int) or (isinstance(data, str) and len(data) <= 40):
        found.add(data)
    elif isinstance(data, dict):
        for key, value in data.items():
            found.add(key)
            vocabulary(value, found, depth + 1)
    elif isinstance(data, list):
        for value in data:
            vocabulary(value, found, depth + 1)
    return found


def templates(engine: GameEngine[Any], state: Any) -> list[tuple[int, dict[str, JSON]]]:
    """Well-formed actions the match waits for now (defaults, menu choices, kinds),
    with the seat that may make them."""
    found: list[tuple[int, dict[str, JSON]]] = []
    for decision in engine.pending(state):
        if decision.default is not None:
            found.append((decision.seat, engine.action_to_json(decision.default)))
        for selection in decision.selections:
            for option in selection.options[:6]:
                found.append((decision.seat, selection.action([option.value])))
        found += [(decision.seat, {"kind": kind}) for kind in decision.kinds]
    return found


def _fields(engine: GameEngine[Any], kind: str) -> dict[str, Any]:
    for tp in engine.action_types:
        if tp.kind == kind:
            hints = typing.get_type_hints(tp)
            return {f.name: hints[f.name] for f in dataclasses.fields(tp)}
    return {}


def junk_actions(
    engine: GameEngine[Any], state: Any, seats: int
) -> st.SearchStrategy[tuple[int, dict[str, JSON]]]:
    """A seat and action JSON of every sort, mostly well-typed (so the rules see it) but
    not always; half of them what the match waits for, from the seat it waits for."""
    words = sorted(vocabulary(engine.state_to_json(state)), key=repr)
    texts = [w for w in words if isinstance(w, str)]
    numbers = [w for w in words if isinstance(w, int)]
    text = st.sampled_from(JUNK_TEXT) | st.text(max_size=12)
    if texts:
        some = st.lists(st.sampled_from(texts), min_size=1, max_size=3).map(" ".join)
        text = text | st.sampled_from(texts) | some
    number = st.sampled_from(JUNK_NUMBERS) | st.integers()
    if numbers:
        number = number | st.sampled_from(numbers)
    anything = text | number | st.sampled_from(JUNK_OTHER)
    starts = [{"kind": kind} for kind in engine.codec.kinds]
    waited = templates(engine, state)
    any_seat = st.integers(0, seats - 1)

    def junk_for(tp: Any) -> st.SearchStrategy[JSON]:
        if tp is int:
            return number
        if tp is bool:
            return st.booleans()
        return text

    @st.composite
    def build(draw: st.DrawFn) -> tuple[int, dict[str, JSON]]:
        if waited and draw(st.booleans()):
            seat, start = draw(st.sampled_from(waited))
            seat = draw(any_seat) if draw(st.integers(0, 9)) == 5 else seat
        else:
            seat, start = draw(any_seat), draw(st.sampled_from(starts))
        action = dict(start)
        # Hypothesis favours 0 and the bounds, so the rare spoils are middle values.
        if draw(st.integers(0, 29)) == 13:
            action["kind"] = draw(st.sampled_from(("", "KEEP", "nope", 1, None, ["x"])))
        fields = _fields(engine, str(action["kind"]))
        for name, tp in fields.items():  # a bare kind gets well-typed values
            if name not in action:
                action[name] = draw(junk_for(tp))
        for name in draw(st.permutations(sorted(fields)))[: draw(st.integers(0, 2))]:
            roll = draw(st.integers(0, 19))
            if roll == 7:
                del action[name]  # a missing field
            elif roll == 11:
                action[name] = draw(anything)  # often the wrong type
            else:
                action[name] = draw(junk_for(fields[name]))
        if draw(st.integers(0, 29)) == 17:
            action[draw(st.sampled_from(("extra", "seat", "__class__")))] = draw(anything)
        return seat, action

    return build()


def refuses_or_applies(
    engine: GameEngine[Any],
    state: Any,
    seat: int,
    data: JSON,
    dice: Dice,
    referee: bool,
    before: JSON | None = None,
) -> bool:
    """Parse and apply ``data`` for ``seat``; only a declared error may refuse it, and
    the state it was applied to never changes (``before``: its JSON, if known). True
    if it was applied."""
    before = engine.state_to_json(state) if before is None else before
    try:
        action = engine.parse_action(data)
        apply = engine.referee_apply if referee else engine.apply
        apply(state, seat, action, dice)
    except EngineError as exc:
        assert exc.key, exc
        assert engine.state_to_json(state) == before, f"{data} refused but changed the state"
        return False
    assert engine.state_to_json(state) == before, f"{data} changed the state it was applied to"
    return True


@dataclass(frozen=True)
class Spot:
    """A state reached by legal play, with what the junk thrown at it needs."""

    state: Any
    before: JSON
    moves: st.SearchStrategy[tuple[int, dict[str, JSON]]]


def spots(engine: GameEngine[Any], states: list[tuple[Any, int]]) -> tuple[Spot, ...]:
    """A :class:`Spot` for each ``(state, seat count)``."""
    return tuple(
        Spot(state, engine.state_to_json(state), junk_actions(engine, state, count))
        for state, count in states
    )


Candidates = Callable[[Any, Decision, random.Random], list[Action]]

#: Every game's junk property: deterministic in CI, a few seconds per game.
JUNK_SETTINGS = settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def walked_spots(
    engine: GameEngine[Any], starts: list[tuple[Any, int]], candidates: Candidates, steps: int
) -> tuple[Spot, ...]:
    """The :func:`spots` of one random legal game (:func:`walk`, seeded by its place in
    ``starts``) from each ``(start state, seat count)``."""
    found: list[tuple[Any, int]] = []
    for seed, (start, seats) in enumerate(starts):
        found += [(state, seats) for state in walk(engine, start, candidates, seed, steps)]
    return spots(engine, found)


def throw_junk(engine: GameEngine[Any], data: st.DataObject, places: tuple[Spot, ...]) -> None:
    """The property: one junk action at one spot, by a player or a referee."""
    spot = data.draw(st.sampled_from(places))
    seat, action = data.draw(spot.moves)
    referee = data.draw(st.booleans())
    dice = SeededDice(b"junk", 1)
    refuses_or_applies(engine, spot.state, seat, action, dice, referee, spot.before)


def walk(
    engine: GameEngine[Any], state: Any, candidates: Candidates, seed: int, steps: int
) -> list[Any]:
    """The states of one random legal game from ``state``: at each step the first owed
    decision's seat makes the first of its shuffled candidates the rules accept (else
    the decision's default); seeded dice, so the same seed walks the same game."""
    rng = random.Random(seed)
    states = [state]
    for n in range(1, steps):
        decisions = [d for d in engine.pending(state) if not d.optional]
        if not decisions or engine.result(state) is not None:
            break
        decision = decisions[0]
        options = candidates(state, decision, rng)
        rng.shuffle(options)
        if decision.default is not None:
            options.append(decision.default)
        for action in options:
            try:
                state = engine.apply(state, decision.seat, action, SeededDice(b"walk", n)).state
            except EngineError:
                continue
            break
        else:
            break  # nothing legal found: the walk ends here
        states.append(state)
    return states
