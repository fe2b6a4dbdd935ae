"""Cards that change or re-roll the offensive dice (e.g. "Duas vezes Selvagem").

They work while the offensive dice are still in play: after a roll attempt
and before the announced ability activates (4.1–4.3). Any player may change
them, so an opponent can break the ability the active player announced; the
activation then re-checks the dice ("4.3": announce another ability or go
back to unused roll attempts).

The player names the dice in the card's ``target``:

* ``set_dice: N`` — up to N dice to any face: ``"3=6"`` or ``"1=6 2=6"``;
* ``nudge_dice: N`` — up to N dice by one pip up or down: ``"3=4"``;
* ``reroll_dice: N`` — re-roll up to N dice: ``"1 4"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core import Event
from engines.core.model import replace
from engines.dicethrone.content import CardDef, Step
from engines.dicethrone.state import DICE, Phase, State

if TYPE_CHECKING:
    from engines.dicethrone.effects import Ctx, Interpreter

DICE_STEPS = frozenset({"set_dice", "nudge_dice", "reroll_dice"})


def dice_step(card: CardDef) -> Step | None:
    """The card's dice-changing step, if it has one."""
    return next((s for s in card.effect if s.op in DICE_STEPS), None)


def dice_in_play(state: State) -> bool:
    """Whether the offensive dice may still be changed (rolled, not yet activated)."""
    return state.phase is Phase.OFFENSIVE and state.roll.attempts > 0 and not state.roll.activated


def parse(step: Step, dice: tuple[int, ...], target: str) -> dict[int, int] | None:
    """die index -> new face (0 = re-roll), or None if ``target`` does not fit the step."""
    changes: dict[int, int] = {}
    for part in target.replace(",", " ").split():
        die_text, eq, face_text = part.partition("=")
        if not die_text.isdigit() or not 1 <= int(die_text) <= DICE or int(die_text) - 1 in changes:
            return None
        index = int(die_text) - 1
        if step.op == "reroll_dice":
            if eq:
                return None
            changes[index] = 0
            continue
        if not face_text.isdigit() or not 1 <= int(face_text) <= 6:
            return None
        face = int(face_text)
        if step.op == "nudge_dice" and abs(face - dice[index]) != 1:
            return None
        changes[index] = face
    if not changes or len(changes) > step.amount:
        return None
    return changes


def step(interp: Interpreter, state: State, st: Step, ctx: Ctx) -> State:
    """Change the offensive dice as the card's ``target`` says (checked when played)."""
    dice = list(state.roll.dice)
    changes = parse(st, state.roll.dice, ctx.pick) if dice_in_play(state) else None
    if changes is None:
        return state
    for index, face in sorted(changes.items()):
        dice[index] = face or interp.dice.roll(6, f"re-roll die {index + 1}")
    interp.events.append(
        Event(
            "dicethrone.event.dice_changed",
            {"player": state.seats[ctx.owner].name, "dice": " ".join(map(str, dice))},
            rule="4.3",
        )
    )
    return replace(state, roll=replace(state.roll, dice=tuple(dice)))
