"""The effects kernel: typed steps dispatched by type, nested and deferred steps,
suspension and resumption with a typed continuation."""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pytest

from engines.core.effects import (
    Continuations,
    Frame,
    Handlers,
    Interpreter,
    Run,
    Suspension,
    UnknownStepError,
)
from engines.core.model import replace


@dataclass(frozen=True)
class Board:
    """A toy state: a score, a log of what resolved, and a suspended script."""

    score: int = 0
    log: tuple[str, ...] = ()
    waiting: Suspension[Then, Step, int] | None = None


class Then(enum.Enum):
    END_TURN = "end_turn"
    DOUBLE = "double"


class Step:
    pass


@dataclass(frozen=True)
class Add(Step):
    amount: int


@dataclass(frozen=True)
class AddDie(Step):
    """Add the frame's die (the data frames carry)."""


@dataclass(frozen=True)
class IfEven(Step):
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Additionally(Step):
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Ask(Step):
    """Stop until the player picks an option."""


@dataclass(frozen=True)
class Bonus(Add):
    """A subclass without its own handler: resolved as an Add."""


ToyRun = Run[Board, Step, str, int, None]
HANDLERS: Handlers[Board, Step, str, int, None] = Handlers()


def _note(state: Board, text: str) -> Board:
    return replace(state, log=(*state.log, text))


@HANDLERS.on(Add)
def _add(run: ToyRun, state: Board, step: Add) -> Board:
    return _note(replace(state, score=state.score + step.amount), f"{run.ctx}+{step.amount}")


@HANDLERS.on(AddDie)
def _add_die(run: ToyRun, state: Board, step: AddDie) -> Board:
    return _note(replace(state, score=state.score + run.data), f"die {run.data}")


@HANDLERS.on(IfEven)
def _if_even(run: ToyRun, state: Board, step: IfEven) -> Board:
    if run.data % 2 == 0:
        run.push(step.steps)
    return state


@HANDLERS.on(Additionally)
def _additionally(run: ToyRun, state: Board, step: Additionally) -> Board:
    run.defer(step.steps)
    return state


@HANDLERS.on(Ask)
def _ask(run: ToyRun, state: Board, step: Ask) -> Board:
    run.suspend()
    frames, later = run.rest()
    return replace(state, waiting=Suspension(Then.DOUBLE, frames, later))


INTERP = Interpreter(HANDLERS)


def test_steps_resolve_in_order_with_nested_and_deferred_steps() -> None:
    script = (Additionally((Add(100),)), IfEven((AddDie(), Add(1))), Add(10))
    state, run = INTERP.run(Board(), script, "me", 4, None)
    # The even die's branch resolves before the next step; "Additionally" last.
    assert state.log == ("die 4", "me+1", "me+10", "me+100")
    assert state.score == 115 and not run.suspended


def test_a_branch_not_taken_adds_nothing() -> None:
    state, _ = INTERP.run(Board(), (IfEven((Add(5),)), Add(1)), "me", 3, None)
    assert state.score == 1


def test_a_subclass_uses_its_base_class_handler_and_an_unknown_step_is_refused() -> None:
    state, _ = INTERP.run(Board(), (Bonus(3),), "me", 0, None)
    assert state.score == 3
    with pytest.raises(UnknownStepError, match="Step"):
        INTERP.run(Board(), (Step(),), "me", 0, None)


def test_a_type_gets_one_handler_only() -> None:
    with pytest.raises(ValueError, match="already has a handler"):
        HANDLERS.on(Add)(_add)


def test_a_suspended_script_resumes_with_the_chosen_steps_first() -> None:
    script = (Add(1), Ask(), Add(2), Additionally((Add(30),)))
    state, run = INTERP.run(Board(), (Additionally((Add(100),)), *script), "me", 6, None)
    assert run.suspended and state.score == 1 and run.pending()
    waiting = state.waiting
    assert waiting is not None and waiting.then is Then.DOUBLE
    chosen = Frame[Step, int]((Add(7),), 6)
    after, run = INTERP.resume(state, waiting.frames, waiting.later, "you", None, chosen)
    assert after.log == ("me+1", "you+7", "you+2", "you+100", "you+30")
    assert after.score == 140 and not run.suspended


def test_rewrites_change_each_step_before_it_resolves() -> None:
    def doubled(run: ToyRun, state: Board, step: Step) -> Step:
        return Add(step.amount * 2) if isinstance(step, Add) else step

    state, _ = Interpreter(HANDLERS, (doubled,)).run(Board(), (Add(2), Add(3)), "me", 0, None)
    assert state.score == 10


@dataclass(frozen=True)
class Record:
    """A stored step of another shape: decoded into a typed step before dispatch."""

    op: str
    amount: int = 0


def test_records_decode_into_typed_steps_and_tables_combine() -> None:
    extra: Handlers[Board, Step, str, int, None] = Handlers()

    @extra.on(Record)
    def _never(run: ToyRun, state: Board, step: Record) -> Board:
        raise AssertionError("records are decoded first")

    table = Handlers.combine(HANDLERS, extra)
    decode = {"add": lambda r: Add(r.amount), "die": lambda r: AddDie()}
    interp = Interpreter(table, decode=lambda r: decode[r.op](r) if isinstance(r, Record) else r)
    script: tuple[Step, ...] = (Record("add", 2), Record("die"), Add(1))  # type: ignore[assignment]
    state, _ = interp.run(Board(), script, "me", 5, None)
    assert state.score == 8
    with pytest.raises(ValueError, match="Add already has a handler"):
        Handlers.combine(HANDLERS, HANDLERS)


def test_continuations_are_complete_and_dispatch_by_enum() -> None:
    with pytest.raises(ValueError, match="DOUBLE"):
        Continuations(Then, {Then.END_TURN: lambda env, s: s})
    after: Continuations[Then, int, Board, Board] = Continuations(
        Then,
        {
            Then.END_TURN: lambda env, s: s,
            Then.DOUBLE: lambda env, s: replace(s, score=s.score * env),
        },
    )
    assert after.after(Then.DOUBLE, 2, Board(score=5)).score == 10
