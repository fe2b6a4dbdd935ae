"""The steps of cards that change or re-roll dice in play (``set_dice``, ``nudge_dice``,
``reroll_dice``; see :mod:`engines.dicethrone.rules.dice_cards` for which dice and when)."""

from __future__ import annotations

from engines.core import Event
from engines.core.model import replace
from engines.dicethrone.content import Step
from engines.dicethrone.effects.context import may_wait
from engines.dicethrone.effects.env import DTHandlers, DTRun
from engines.dicethrone.effects.steps import ChangeDice, RerollOwnDie
from engines.dicethrone.rules.dice_cards import (
    RULES,
    current_dice,
    dice_in_play,
    effect_roll,
    own_dice,
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


#: Labels of the dice a :class:`RerollOwnDie` offers, per locale.
OWN_DIE_LABELS = {
    "en-US": {"keep": "Keep your dice", "die": "Re-roll die {n} (shows {value})"},
    "pt-BR": {"keep": "Manter seus dados", "die": "Re-rolar o dado {n} (mostra {value})"},
    "it": {"keep": "Tieni i tuoi dadi", "die": "Ritira il dado {n} (mostra {value})"},
}


@HANDLERS.on(RerollOwnDie)
def reroll_own_die(run: DTRun, state: State, step: RerollOwnDie) -> State:
    """The owner picks one of her own dice in play to roll again (or none); the board's
    dice follow, and an announced ability is checked again when it activates (4.3)."""
    owner = run.ctx.owner
    dice = own_dice(state, owner)
    if not dice:
        return state
    if step.index is None:
        if not may_wait(run.ctx):
            return state
        keep = Step(op="option", text={k: v["keep"] for k, v in OWN_DIE_LABELS.items()})
        options = [keep]
        for i, value in enumerate(dice):
            label = {k: v["die"].format(n=i + 1, value=value) for k, v in OWN_DIE_LABELS.items()}
            again = Step(op="reroll_own_die", dice=i + 1)
            options.append(Step(op="option", steps=(again,), text=label))
        run.push((Step(op="or", steps=tuple(options), topic="reroll"),))
        return state
    values = list(dice)
    values[step.index] = run.env.dice.roll(6, f"re-roll die {step.index + 1}")
    run.env.events.append(
        Event(
            "dicethrone.event.dice_changed",
            {"player": state.seats[owner].name, "dice": " ".join(map(str, values))},
            rule=RULES.get(state.step.value if state.step else "", "4.3"),
        )
    )
    if state.step is TurnStep.DEFENSE_ROLLED:
        return replace(state, roll=replace(state.roll, defense_dice=tuple(values)))
    return replace(state, roll=replace(state.roll, dice=tuple(values)))
