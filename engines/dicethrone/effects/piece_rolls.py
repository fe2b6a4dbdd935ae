"""Changing the die roll a hero's piece makes at its holder's Upkeep (issue 22, Raveness's
Feather on the Nevermore Die Roll): ``change_piece_roll: {piece, by}`` re-rolls that roll's
die (``by: reroll``) or moves it one pip up or down (``by: nudge``: the owner picks the
direction among those that stay on the die), while the roll is paused for its dice to
be changed ("Role [#]"). Anywhere else the step does nothing.

The roll is the owner's piece's ``holder_upkeep`` roll when the paused script on top of
the stack is hers, resumes the holder's Upkeep (``Resume.HELD_PIECE``) and has just
rolled. ``DECODERS`` joins the vocabulary's table (``steps.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engines.core.model import replace
from engines.dicethrone.content import Step
from engines.dicethrone.effects.context import may_wait, seat_name
from engines.dicethrone.effects.env import DTHandlers, DTRun
from engines.dicethrone.rules.state import Resume, State

HANDLERS: DTHandlers = DTHandlers()

#: The ways the die may change: rolled again, one pip either way (asked), up, down.
WAYS = ("reroll", "nudge", "up", "down")

#: Labels of the directions a nudge offers, per locale.
NUDGE_LABELS = {
    "en-US": {"up": "+1 (to {value})", "down": "-1 (to {value})"},
    "pt-BR": {"up": "+1 (para {value})", "down": "-1 (para {value})"},
    "it": {"up": "+1 (a {value})", "down": "-1 (a {value})"},
}


@dataclass(frozen=True)
class ChangePieceRoll:
    """The owner's ``piece``'s Upkeep roll, paused, changes as ``way`` says."""

    piece: str
    way: str


#: Record ``op`` -> typed step, for the steps of this module.
DECODERS: Mapping[str, Callable[[Step], object]] = {
    "change_piece_roll": lambda s: ChangePieceRoll(s.piece or "", s.topic or "reroll"),
}


def piece_roll_paused(state: State, owner: int) -> bool:
    """Whether the roll of ``owner``'s piece at its holder's Upkeep is paused now."""
    if not state.stack:
        return False
    ch = state.stack[-1]
    return ch.rolled and ch.resume is Resume.HELD_PIECE and ch.seat == owner and len(ch.dice) == 1


def _directions(value: int) -> tuple[str, ...]:
    return tuple(way for way, to in (("up", value + 1), ("down", value - 1)) if 1 <= to <= 6)


def usable(state: State, owner: int, step: Step) -> bool:
    """Whether a ``change_piece_roll`` record can change anything now."""
    if not piece_roll_paused(state, owner):
        return False
    way = step.topic or "reroll"
    return way in ("reroll", "nudge") or way in _directions(state.stack[-1].dice[0])


@HANDLERS.on(ChangePieceRoll)
def change_piece_roll(run: DTRun, state: State, step: ChangePieceRoll) -> State:
    """Re-roll or nudge the paused die (the frame its nested steps read, the board's)."""
    owner = run.ctx.owner
    if not piece_roll_paused(state, owner):
        return state
    value = state.stack[-1].dice[0]
    if step.way == "nudge":
        ways = _directions(value)
        if len(ways) == 1 or not may_wait(run.ctx):
            run.push((Step(op="change_piece_roll", piece=step.piece, topic=ways[0]),))
            return state
        options = tuple(
            Step(
                op="option",
                steps=(Step(op="change_piece_roll", piece=step.piece, topic=way),),
                text={
                    loc: words[way].format(value=value + (1 if way == "up" else -1))
                    for loc, words in NUDGE_LABELS.items()
                },
            )
            for way in ways
        )
        run.push((Step(op="or", steps=options),))
        return state
    if step.way == "reroll":
        new = run.env.dice.roll(6, "piece roll again")
    else:
        new = value + (1 if step.way == "up" else -1)
    run.env.emit("piece_roll_changed", "Role [#]", player=seat_name(state, owner), value=new)
    ch = state.stack[-1]
    frames = (*ch.frames[:-1], replace(ch.frames[-1], dice=(new,)))
    ch = replace(ch, dice=(new,), frames=frames)
    roll = replace(state.roll, effect_dice=(new,))
    return replace(state, stack=(*state.stack[:-1], ch), roll=roll)
