"""A condition on the die a spent token rolled (issue 22, Black Widow's Elude!: "if the
outcome of an Agility die roll is 5-6", played after that roll): ``if_spent_roll:
{status, numbers, do}`` resolves its steps when the latest effect roll of this roll
phase was the owner's, made by spending a token of ``status`` (``Roll.effect_spent``),
and one of its dice shows one of ``numbers`` (as the owner's statuses let her read
it). ``DECODERS`` joins the vocabulary's table (``steps.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engines.dicethrone.content import Content, Script, Step
from engines.dicethrone.effects.context import seat_name
from engines.dicethrone.effects.env import DTHandlers, DTRun
from engines.dicethrone.rules.state import State
from engines.dicethrone.rules.statuses import readable

HANDLERS: DTHandlers = DTHandlers()


@dataclass(frozen=True)
class IfSpentRoll:
    """The steps when the owner's latest roll spending ``status`` shows ``numbers``."""

    status: str
    numbers: tuple[int, ...]
    steps: Script


#: Record ``op`` -> typed step, for the steps of this module.
DECODERS: Mapping[str, Callable[[Step], object]] = {
    "if_spent_roll": lambda s: IfSpentRoll(s.status or "", s.numbers, s.steps),
}


def spent_roll_shows(state: State, owner: int, step: IfSpentRoll, content: Content) -> bool:
    """Whether the roll phase's latest effect roll is the owner's roll for spending
    ``step.status`` (a plain roll, not an opposed one) and shows one of its numbers."""
    roll = state.roll
    if roll.effect_owner != owner or roll.effect_spent != step.status:
        return False
    if roll.effect_foe is not None:
        return False  # an opposed roll came after it
    dice = readable(content, state, owner, roll.effect_dice)
    return any(value in step.numbers for value in dice)


@HANDLERS.on(IfSpentRoll)
def if_spent_roll(run: DTRun, state: State, step: IfSpentRoll) -> State:
    """The steps when the spent token's die shows enough; else nothing, said."""
    owner = run.ctx.owner
    if spent_roll_shows(state, owner, step, run.env.content):
        run.push(step.steps)
    else:
        name = run.env.content.status_label(step.status)
        run.env.emit("spent_roll_missed", player=seat_name(state, owner), status=name)
    return state
