"""The steps of cards that change or re-roll dice in play (``set_dice``, ``nudge_dice``,
``reroll_dice``; see :mod:`engines.dicethrone.rules.dice_cards` for which dice and when)."""

from __future__ import annotations

from engines.core import Event
from engines.core.model import replace
from engines.dicethrone.effects.env import DTHandlers, DTRun
from engines.dicethrone.effects.steps import ChangeDice
from engines.dicethrone.rules.dice_cards import (
    RULES,
    current_dice,
    dice_in_play,
    effect_roll,
    parse,
)
from engines.dicethrone.rules.state import State
from engines.dicethrone.rules.state import Step as TurnStep

HANDLERS: DTHandlers = DTHandlers()


@HANDLERS.on(ChangeDice)
def change_dice(run: DTRun, state: State, change: ChangeDice) -> State:
    """Change the dice in play as the card's ``target`` says (checked when played)."""
    interp, ctx, st = run.env, run.ctx, change.record
    dice = list(current_dice(state))
    changes = parse(st, current_dice(state), ctx.pick) if dice_in_play(state, st.dice_of) else None
    if changes is None:
        return state
    for index, face in sorted(changes.items()):
        dice[index] = face or interp.dice.roll(6, f"re-roll die {index + 1}")
    interp.events.append(
        Event(
            "dicethrone.event.dice_changed",
            {"player": state.seats[ctx.owner].name, "dice": " ".join(map(str, dice))},
            rule="Role [#]"
            if effect_roll(state)
            else RULES.get(state.step.value if state.step else "", "4.3"),
        )
    )
    if effect_roll(state):
        # The paused roll's dice: the frame its nested steps read, and the render's.
        ch = state.stack[-1]
        frames = (*ch.frames[:-1], replace(ch.frames[-1], dice=tuple(dice)))
        ch = replace(ch, dice=tuple(dice), frames=frames)
        roll = replace(state.roll, effect_dice=tuple(dice))
        return replace(state, stack=(*state.stack[:-1], ch), roll=roll)
    if state.step is TurnStep.DEFENSE_ROLLED:
        return replace(state, roll=replace(state.roll, defense_dice=tuple(dice)))
    if state.step is TurnStep.TARGET_ROLLED:
        return replace(state, roll=replace(state.roll, target_die=dice[0]))
    if state.step is TurnStep.FIRST_ROLLED:
        return replace(state, roll=replace(state.roll, first_dice=tuple(dice)))
    return replace(state, roll=replace(state.roll, dice=tuple(dice)))
