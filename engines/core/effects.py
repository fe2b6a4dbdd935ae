"""One way to declare and run effects: typed steps, a handler per step type, one interpreter.

A game declares its effect vocabulary as frozen dataclasses (one class per step:
``Damage``, ``Heal``, ``Roll``...) and registers one handler per class in a
:class:`Handlers` table. :class:`Interpreter` walks a script of such steps:

* each step is dispatched by its type (never by a string), its handler gets the
  :class:`Run` (the cursor: the steps still to resolve, the context, the current
  frame's data) and the state, and returns the new state;
* a handler may push nested steps (``run.push``: "if you roll a 6, ..."), defer
  steps to the very end (``run.defer``: "Additionally"), change the context for the
  rest of the script (``run.ctx = ...``) or stop the script to wait for a player
  (``run.suspend()``);
* a suspended script is kept as a :class:`Suspension` (the steps still to run plus a
  typed continuation, an Enum member naming what the rules do once the script ends)
  and goes on later with :meth:`Interpreter.resume`, optionally with the steps the
  player chose inserted first;
* what happens once a script has ended is a :class:`Continuations` table keyed by the
  continuation Enum, complete by construction (every member has a handler).

Frames, suspensions and steps are plain frozen dataclasses, so a suspended script
stored in a state round-trips through ``engines.core.serde`` like everything else.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

S = TypeVar("S")  # the game's state
St = TypeVar("St")  # the game's step base type
C = TypeVar("C")  # the game's script context (who resolves it, flags)
D = TypeVar("D")  # data each frame carries (e.g. the dice its steps read)
K = TypeVar("K", bound=enum.Enum)  # the game's continuation Enum
E = TypeVar("E")  # the game's services a handler uses (content, dice, events), or None
R = TypeVar("R")  # what a continuation returns (the state, or an outcome)
T = TypeVar("T")


@dataclass(frozen=True)
class Frame(Generic[St, D]):
    """Steps of a script still to resolve, with the data they read (e.g. dice)."""

    steps: tuple[St, ...]
    data: D


@dataclass(frozen=True)
class Suspension(Generic[K, St, D]):
    """A script stopped to wait for a player, and what to do once it has ended.

    ``frames`` (innermost last) and ``later`` (deferred steps) are the rest of the
    script; ``then`` is the typed continuation: the member of the game's Enum whose
    handler in :class:`Continuations` runs when the script is over.
    """

    then: K
    frames: tuple[Frame[St, D], ...] = ()
    later: tuple[Frame[St, D], ...] = ()


class Run(Generic[S, St, C, D, E]):
    """One resolution of a script: the cursor every handler gets.

    ``ctx`` is the script's context (replace it to change it for the rest of the
    script), ``data`` the data of the frame the current step came from, ``env`` the
    game's services the handlers use (its content, dice and event list; fixed).
    """

    def __init__(
        self,
        frames: list[Frame[St, D]],
        later: list[Frame[St, D]],
        ctx: C,
        data: D,
        env: E,
    ) -> None:
        self.env = env
        self.frames = frames
        self.later = later
        self.ctx = ctx
        self.data = data
        self.suspended = False

    def push(self, steps: tuple[St, ...], data: D | None = None) -> None:
        """Resolve ``steps`` next (before the rest of the current frame), reading
        ``data`` (the current frame's data when ``None``)."""
        self.frames.append(Frame(steps, self.data if data is None else data))

    def defer(self, steps: tuple[St, ...], data: D | None = None) -> None:
        """Resolve ``steps`` after everything else of the script ("Additionally")."""
        self.later.append(Frame(steps, self.data if data is None else data))

    def suspend(self) -> None:
        """Stop the script after this step; the handler stores what the player owes
        (its state holds the :meth:`rest`), and the script goes on with ``resume``."""
        self.suspended = True

    def rest(self) -> tuple[tuple[Frame[St, D], ...], tuple[Frame[St, D], ...]]:
        """The frames and deferred frames still to resolve (innermost frame last)."""
        return tuple(self.frames), tuple(self.later)

    def pending(self) -> bool:
        """Whether anything of the script is left to resolve."""
        return bool(self.later) or any(f.steps for f in self.frames)


#: A step's handler: resolves ``step`` on ``state`` within ``run``, returns the new state.
Handler = Callable[[Run[S, Any, C, D, E], S, Any], S]
#: A rewrite applied to each step before its handler is chosen (e.g. an offer to
#: decline, or asking which opponent an effect aims at): returns the step to resolve.
Rewrite = Callable[[Run[S, St, C, D, E], S, St], St]


class UnknownStepError(TypeError):
    """A script holds a step type no handler was registered for (a programming error)."""


class Handlers(Generic[S, St, C, D, E]):
    """The handler table of a game's effect vocabulary, keyed by step type.

    Register with the decorator :meth:`on` (``@HANDLERS.on(Damage)``); a step whose
    exact type has no handler falls back to the nearest base class that has one.
    """

    def __init__(self) -> None:
        self._table: dict[type[Any], Handler[S, C, D, E]] = {}

    def on(
        self, step_type: type[T]
    ) -> Callable[
        [Callable[[Run[S, St, C, D, E], S, T], S]], Callable[[Run[S, St, C, D, E], S, T], S]
    ]:
        """Decorator: the function handles steps of ``step_type``."""

        def register(
            handler: Callable[[Run[S, St, C, D, E], S, T], S],
        ) -> Callable[[Run[S, St, C, D, E], S, T], S]:
            if step_type in self._table:
                raise ValueError(f"{step_type.__name__} already has a handler")
            self._table[step_type] = handler
            return handler

        return register

    def handler(self, step: object) -> Handler[S, C, D, E]:
        """The handler of ``step``'s type (or of its nearest registered base class)."""
        for klass in type(step).__mro__:
            found = self._table.get(klass)
            if found is not None:
                return found
        raise UnknownStepError(f"no handler for step {type(step).__name__}")

    @classmethod
    def combine(cls, *tables: Handlers[S, St, C, D, E]) -> Handlers[S, St, C, D, E]:
        """One table of several (e.g. one per topic module); a type in two is an error."""
        out: Handlers[S, St, C, D, E] = cls()
        for table in tables:
            for step_type, handler in table._table.items():
                if step_type in out._table:
                    raise ValueError(f"{step_type.__name__} already has a handler")
                out._table[step_type] = handler
        return out

    def types(self) -> frozenset[type[Any]]:
        """Every step type with a handler (for tests that the vocabulary is complete)."""
        return frozenset(self._table)


class Interpreter(Generic[S, St, C, D, E]):
    """Runs scripts of typed steps through a :class:`Handlers` table.

    ``rewrites`` change each step before it resolves. ``decode`` is for a game whose
    scripts are stored as records of another shape (kept as they are, e.g. in saved
    states): it turns a record into the typed step whose handler then runs — the one
    place that reads a record's tag.
    """

    def __init__(
        self,
        handlers: Handlers[S, St, C, D, E],
        rewrites: tuple[Rewrite[S, St, C, D, E], ...] = (),
        decode: Callable[[St], object] | None = None,
    ) -> None:
        self.handlers = handlers
        self.rewrites = rewrites
        self.decode = decode

    def run(
        self, state: S, steps: tuple[St, ...], ctx: C, data: D, env: E
    ) -> tuple[S, Run[S, St, C, D, E]]:
        """Resolve ``steps`` reading ``data``; returns the state and the run (its
        ``suspended`` says whether the script stopped to wait for a player)."""
        return self.execute(state, Run([Frame(steps, data)], [], ctx, data, env))

    def resume(
        self,
        state: S,
        frames: tuple[Frame[St, D], ...],
        later: tuple[Frame[St, D], ...],
        ctx: C,
        env: E,
        first: Frame[St, D],
    ) -> tuple[S, Run[S, St, C, D, E]]:
        """Go on with a suspended script: ``first`` (the option a player chose; no
        steps for none) resolves before the rest."""
        run: Run[S, St, C, D, E] = Run([*frames, first], list(later), ctx, first.data, env)
        return self.execute(state, run)

    def execute(self, state: S, run: Run[S, St, C, D, E]) -> tuple[S, Run[S, St, C, D, E]]:
        """The loop: innermost frame first, deferred frames once every frame is done."""
        frames, later = run.frames, run.later
        while frames or later:
            if not frames:
                frames.append(later.pop(0))
                continue
            top = frames[-1]
            if not top.steps:
                frames.pop()
                continue
            frames[-1] = Frame(top.steps[1:], top.data)
            run.data = top.data
            step = top.steps[0]
            for rewrite in self.rewrites:
                step = rewrite(run, state, step)
            typed = step if self.decode is None else self.decode(step)
            state = self.handlers.handler(typed)(run, state, typed)
            if run.suspended:
                break
        return state, run


class Continuations(Generic[K, E, S, R]):
    """What the rules do once a script has ended, keyed by the continuation Enum.

    Built complete: every member of the Enum needs a handler, so a new continuation
    cannot be forgotten (and none is ever compared as a string). A handler gets
    ``env`` (whatever the game's rules need: its rules object, the seat) and the state.
    """

    def __init__(self, kind: type[K], table: Mapping[K, Callable[[E, S], R]]) -> None:
        missing = [m.name for m in kind if m not in table]
        if missing:
            raise ValueError(f"{kind.__name__}: no continuation for {', '.join(missing)}")
        self.kind = kind
        self._table = dict(table)

    def after(self, then: K, env: E, state: S) -> R:
        """Run the continuation ``then`` on the state a finished script left."""
        return self._table[then](env, state)
