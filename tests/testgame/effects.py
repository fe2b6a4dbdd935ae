"""The test game's effects, declared on the kernel (``engines.core.effects``): the
template a new game copies.

A card play is a script of typed steps — discard the card, score it with the die,
draw a card — each step a frozen dataclass with its handler in :data:`HANDLERS`,
run by one :class:`Interpreter`. What the rules do once the script has ended is a
typed continuation (:class:`Then`), never a string.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engines.core import Event
from engines.core.effects import Handlers, Interpreter, Run
from engines.core.model import replace
from tests.testgame.state import State


@dataclass(frozen=True)
class Ctx:
    """Who resolves a script, and the events it produced so far."""

    seat: int
    events: tuple[Event, ...] = ()


class Step:
    """Base of the test game's steps."""


@dataclass(frozen=True)
class Discard(Step):
    """Play ``card`` from the hand and score it plus the turn's die (rule 2)."""

    card: int


@dataclass(frozen=True)
class DrawCard(Step):
    """Draw the deck's top card, if any (hidden from everyone else)."""


class Then(enum.Enum):
    """What the rules do once a script has ended (the continuation)."""

    NEXT_TURN = "next_turn"


#: One run of a test-game script (the frames carry no data).
TestRun = Run[State, Step, Ctx, None, None]
HANDLERS: Handlers[State, Step, Ctx, None, None] = Handlers()


def _emit(run: TestRun, event: Event) -> None:
    run.ctx = replace(run.ctx, events=(*run.ctx.events, event))


def _put(state: State, seat: int, **changes: object) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


@HANDLERS.on(Discard)
def _discard(run: TestRun, state: State, step: Discard) -> State:
    seat = run.ctx.seat
    player = state.players[seat]
    hand = list(player.hand)
    hand.remove(step.card)
    total = step.card + (state.last_roll or 0)
    _emit(
        run,
        Event(
            "testgame.event.played",
            {"player": player.name, "card": step.card, "total": total},
            rule="2",
        ),
    )
    return _put(state, seat, hand=tuple(hand), score=player.score + total)


@HANDLERS.on(DrawCard)
def _draw(run: TestRun, state: State, step: DrawCard) -> State:
    if not state.deck:
        return state
    seat = run.ctx.seat
    player = state.players[seat]
    card = state.deck[0]
    _emit(
        run,
        Event(
            "testgame.event.drew",
            {"player": player.name, "card": card},
            redact=True,
            audience=(seat,),
            public_params=("player",),
        ),
    )
    state = _put(state, seat, hand=(*player.hand, card))
    return replace(state, deck=state.deck[1:])


INTERPRETER: Interpreter[State, Step, Ctx, None, None] = Interpreter(HANDLERS)


def play_script(card: int) -> tuple[Step, ...]:
    """The script of playing ``card``: score it, then draw."""
    return (Discard(card), DrawCard())
