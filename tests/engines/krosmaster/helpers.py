"""Shared helpers: a match placed in a rulebook position, rigged dice, quick actions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from engines.core import RiggedDice, Seat
from engines.krosmaster import ENGINE
from engines.krosmaster.content.loader import load_dir
from engines.krosmaster.content.schema import ArenaDef, ContentPack, FigureDef, Power, PowerDef
from engines.krosmaster.geometry import parse_label
from engines.krosmaster.rules.state import State

SEATS = (Seat(0, "Alice"), Seat(1, "Bruno"))
#: Test figures named after the rulebook's examples (made-up numbers and spells) over the
#: built-in pack: fixtures/rulebook_examples/figures.yaml.
EXAMPLES = Path(__file__).parent / "fixtures" / "rulebook_examples"


@cache
def examples() -> ContentPack:
    """The built-in pack with the rulebook-example test figures and test teams (read once)."""
    return load_dir(EXAMPLES)


def sq(text: str) -> tuple[int, int]:
    """A square from its label."""
    found = parse_label(text)
    assert found is not None
    return found


def empty_arena(
    trees: Sequence[str] = (),
    bushes: Sequence[str] = (),
    boxes: Sequence[str] = (),
    demonic: Sequence[str] = (),
) -> ArenaDef:
    """A 12×12 arena with only the scenery asked for (starting squares on rows 1 and 12)."""
    return ArenaDef(
        id="test",
        name="Test",
        width=12,
        height=12,
        source="test",
        verified=False,
        trees=tuple(sq(s) for s in trees),
        bushes=tuple(sq(s) for s in bushes),
        boxes=tuple(sq(s) for s in boxes),
        demonic=tuple(sq(s) for s in demonic),
        starts=(tuple((x, 0) for x in range(12)), tuple((x, 11) for x in range(12))),
    )


def new_match(
    team1: str = "brakmar-raiders",
    team2: str = "bonta-guard",
    dice: Sequence[Any] = (True,),
    **options: str,
) -> State:
    """A fresh match (in deployment); identical teams draw the first player (1.3.1.c)."""
    opts = {"team1": team1, "team2": team2, **options}
    state: State = ENGINE.new_match(opts, SEATS, examples(), RiggedDice(dice))
    return state


def position(
    setup: Mapping[str, Any],
    team1: str = "brakmar-raiders",
    team2: str = "bonta-guard",
    arena: ArenaDef | None = None,
) -> State:
    """A match whose arena is ``arena`` (empty by default), then the scenario ``setup``."""
    state = new_match(team1, team2)
    state = replace(state, arena=arena or empty_arena(), floor_kamas={})
    result: State = ENGINE.apply_setup(state, setup)
    return result


def with_power(state: State, figure: str, *powers: Power, **changes: Any) -> State:
    """Give a figure extra printed powers (or other card changes) for a test."""
    fig: FigureDef = state.figures[figure]
    fig = replace(fig, powers=(*fig.powers, *(PowerDef(p) for p in powers)), **changes)
    return replace(state, figures={**state.figures, figure: fig})


def act(state: State, action: Any, dice: Sequence[Any] = (), seat: int | None = None) -> State:
    """Apply an action for the seat that owes a decision; every forced die must be used."""
    rigged = RiggedDice(dice)
    who = ENGINE.pending(state)[0].seat if seat is None else seat
    out: State = ENGINE.apply(state, who, action, rigged).state
    assert not rigged.queue, f"unused forced dice: {list(rigged.queue)}"
    return out


def events(state: State, action: Any, dice: Sequence[Any] = ()) -> tuple[State, list[str]]:
    """Apply and return the event keys too."""
    rigged = RiggedDice(dice)
    out = ENGINE.apply(state, ENGINE.pending(state)[0].seat, action, rigged)
    assert not rigged.queue, f"unused forced dice: {list(rigged.queue)}"
    return out.state, [e.key for e in out.events]
