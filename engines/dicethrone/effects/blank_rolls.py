"""An effect's own roll read through its roller's blanked faces (issue 22, Raveness's
Hex: the afflicted player treats every die face showing 6 as blank, S5). The dice of
a "Role [#]" made by a player holding such a status reach its nested steps through
``read_roll``, a bookkeeping step resolved after any pause to change those dice: the
dice as finally rolled, each blanked face read as a blank die (0: no symbol, no
number). The board still shows the faces rolled. ``DECODERS`` joins the vocabulary's
table (``steps.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engines.dicethrone.content import Script, Step
from engines.dicethrone.effects.env import DTHandlers, DTRun
from engines.dicethrone.rules.state import State
from engines.dicethrone.rules.statuses import blank_faces, readable

HANDLERS: DTHandlers = DTHandlers()


@dataclass(frozen=True)
class ReadRoll:
    """Bookkeeping: ``steps`` read the frame's dice as ``seat``'s statuses let them."""

    seat: int
    steps: Script


#: Record ``op`` -> typed step, for the steps of this module.
DECODERS: Mapping[str, Callable[[Step], object]] = {
    "read_roll": lambda s: ReadRoll(s.amount, s.steps),
}


def blank_read(run: DTRun, state: State, steps: Script, roller: str) -> Script:
    """What a roll pushes for its nested ``steps``: the steps themselves, or, when its
    roller (``""`` the owner, ``"opponent"``) holds a status blanking faces, a
    ``read_roll`` of them."""
    seat = run.env.foe(state, run.ctx) if roller == "opponent" else run.ctx.owner
    if not blank_faces(run.env.content, state, seat):
        return steps
    return (Step(op="read_roll", amount=seat, steps=steps),)


@HANDLERS.on(ReadRoll)
def read_roll(run: DTRun, state: State, step: ReadRoll) -> State:
    """The nested steps with the roll's final dice, blanked faces read as blank."""
    run.push(step.steps, readable(run.env.content, state, step.seat, run.data or ()))
    return state
