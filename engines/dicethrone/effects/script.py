"""Steps that shape a script ("Resolvendo o texto"): rolls and their nested steps,
conditions, opposed rolls, "Additionally", and the steps that pause it for a player
("Ou", "Então", manual text, and dice that cards may change right after a roll)."""

from __future__ import annotations

from collections.abc import Mapping

from engines.core.model import replace
from engines.dicethrone.content import Content, Step, text_for
from engines.dicethrone.effects.blank_rolls import blank_read
from engines.dicethrone.effects.context import dice_message, may_wait, seat_name
from engines.dicethrone.effects.env import DiceValues, DTHandlers, DTRun, here, stored
from engines.dicethrone.effects.steps import (
    Additionally,
    AimAt,
    KeepDice,
    Manual,
    Opposed,
    OpposedReroll,
    OpposedResult,
    Or,
    Roll,
    Then,
    With,
)
from engines.dicethrone.rules import dice_cards
from engines.dicethrone.rules.combos import numbers, symbol_counts
from engines.dicethrone.rules.state import Resume, State, Suspended

HANDLERS: DTHandlers = DTHandlers()

#: A roll sized by tokens rolls at most this many dice (the five dice of a hero).
MAX_EFFECT_DICE = 5


@HANDLERS.on(AimAt)
def aim_at(run: DTRun, state: State, step: AimAt) -> State:
    """The opponent picked for the rest of this effect (or back to the default)."""
    run.ctx = replace(run.ctx, foe=step.seat)
    return state


@HANDLERS.on(Additionally)
def additionally(run: DTRun, state: State, step: Additionally) -> State:
    """ "Adicionalmente": after every other step of the script."""
    run.defer(step.steps)
    return state


@HANDLERS.on(Roll)
def roll(run: DTRun, state: State, step: Roll) -> State:
    """ "Role [#]": fresh dice its nested steps read, rolled once (earlier dice do not
    count); a roll made at 4.4 ("Determine seus efeitos variáveis") is read again."""
    if step.reuse and state.roll.early_dice:
        values, *left = state.roll.early_dice
        run.push(step.steps, values)
        return replace(state, roll=replace(state.roll, early_dice=tuple(left)))
    ctx = here(run)
    count = step.dice
    if step.per_token is not None:
        # One die per token the owner holds now, at most five ("até 5 no total").
        count = min(MAX_EFFECT_DICE, state.players[ctx.owner].statuses.get(step.per_token, 0))
    values = tuple(run.env.dice.roll(6, "effect roll") for _ in range(count))
    run.env.emit(
        "effect_roll",
        "Role [#]",
        player=seat_name(state, ctx.owner),
        dice=dice_message(ctx.hero, values),
    )
    rolled = replace(state.roll, effect_dice=values, effect_owner=ctx.owner)
    state = replace(state, roll=replace(rolled, effect_foe=None, effect_spent=ctx.spent))
    run.push(blank_read(run, state, step.steps, step.roller), values)
    return _pause_rolled(run, state, values) if _dice_pause(run, state) else state


@HANDLERS.on(KeepDice)
def keep_dice(run: DTRun, state: State, step: KeepDice) -> State:
    """A 4.4 roll's final dice, kept for the effects that wait for the Defender."""
    kept = (*state.roll.early_dice, run.data)
    return replace(state, roll=replace(state.roll, early_dice=kept))


@HANDLERS.on(With)
def with_(run: DTRun, state: State, step: With) -> State:
    """ "Com [símbolo]": the nested steps once, however many dice match."""
    ctx = here(run)
    counts = symbol_counts(ctx.hero, ctx.dice)
    ok = all(counts[s] >= n for s, n in step.symbols.items())
    if step.numbers and not any(v in step.numbers for v in ctx.dice):
        ok = False
    if step.of_a_kind and max(numbers(ctx.dice).values(), default=0) < step.of_a_kind:
        ok = False  # "On N-of-a-kind": numbers, not symbols
    if step.sum_at_most and sum(ctx.dice) > step.sum_at_most:
        ok = False  # "6 or less"
    if ok and sum(ctx.dice) >= step.sum_at_least:
        run.push(step.steps)
    return state


@HANDLERS.on(Opposed)
def opposed(run: DTRun, state: State, step: Opposed) -> State:
    """Each player's die is in play (die 1 the owner's, 2 the opponent's) and may be
    changed before they are compared; the branches keep the enclosing dice (carried
    in the comparing step's ``numbers``)."""
    values = _opposed_dice(run, state)
    result = replace(step.record, op="opposed_result", numbers=run.data)
    run.push((result,), values)
    if not _dice_pause(run, state):
        return state
    rolled = replace(state.roll, effect_dice=values, effect_owner=run.ctx.owner)
    foe = run.env.foe(state, run.ctx)
    state = replace(state, roll=replace(rolled, effect_foe=foe))
    return _pause_rolled(run, state, values)


@HANDLERS.on(OpposedResult)
def opposed_result(run: DTRun, state: State, step: OpposedResult) -> State:
    """The higher die wins (ties as the step says); a loser may re-roll for a token."""
    record, dice = step.record, run.data
    won = dice[0] > dice[1] or (dice[0] == dice[1] and record.ties_win)
    if not won and _may_reroll(run, state, record):
        # "Se você gastar um Recarregar, você pode re-rolar aquele dado uma vez."
        run.push((reroll_offer(run.env.content, record),))
        return state
    run.push(record.steps if won else record.otherwise, record.numbers)
    return state


@HANDLERS.on(OpposedReroll)
def opposed_reroll(run: DTRun, state: State, step: OpposedReroll) -> State:
    """The owner's die is rolled again, once; the opponent's stays."""
    ctx = run.ctx
    values = (run.env.dice.roll(6, "opposed roll: owner again"), run.data[1])
    run.env.emit("opposed_reroll", player=seat_name(state, ctx.owner), value=values[0])
    run.push((replace(step.record, op="opposed_result"),), values)
    rolled = replace(state.roll, effect_dice=values, effect_owner=ctx.owner)
    state = replace(state, roll=replace(rolled, effect_foe=run.env.foe(state, ctx)))
    return _pause_rolled(run, state, values) if _dice_pause(run, state) else state


@HANDLERS.on(Then)
def then(run: DTRun, state: State, step: Then) -> State:
    """ "Então": a pause where anyone may play cards or spend tokens, if anything is
    left to resolve (and not during set-up)."""
    ctx = run.ctx
    if not may_wait(ctx) or not run.pending():
        return state
    run.suspend()
    frames, later = run.rest()
    pause = Suspended(
        ctx.owner,
        (),
        stored(frames),
        stored(later),
        run.data,
        ctx.attack,
        ctx.ultimate,
        ctx.resume,
        pause=True,
        pick=ctx.pick,
        foe=ctx.foe,
    )
    run.env.emit("then", "Então", player=seat_name(state, ctx.owner))
    return replace(state, stack=(*state.stack, pause), passed=(), priority=None)


@HANDLERS.on(Or)
def or_(run: DTRun, state: State, step: Or) -> State:
    """ "Ou": the script waits for the owner (or the step's chooser) to pick."""
    choice = _choice(run, step.options, {}, step.topic, step.chooser)
    run.env.emit("choose", "Ou", player=seat_name(state, choice.picker), count=len(step.options))
    return replace(state, stack=(*state.stack, choice))


@HANDLERS.on(Manual)
def manual(run: DTRun, state: State, step: Manual) -> State:
    """Never skip a card's text silently: stop until it is applied by hand."""
    choice = _choice(run, (Step(op="option"),), step.text, step.topic, None)
    run.env.emit("manual", player=seat_name(state, run.ctx.owner), text=dict(step.text))
    return replace(state, stack=(*state.stack, choice))


def _choice(
    run: DTRun,
    options: tuple[Step, ...],
    text: Mapping[str, str],
    topic: str,
    chooser: int | None,
) -> Suspended:
    """The script suspended on a choice of ``options`` (or on a manual ``text``)."""
    ctx = run.ctx
    run.suspend()
    frames, later = run.rest()
    return Suspended(
        ctx.owner,
        options,
        stored(frames),
        stored(later),
        run.data,
        ctx.attack,
        ctx.ultimate,
        ctx.resume,
        text,
        pick=ctx.pick,
        topic=topic,
        foe=ctx.foe,
        chooser=chooser,
    )


def _may_reroll(run: DTRun, state: State, record: Step) -> bool:
    """Whether the owner may spend a token to re-roll her losing opposed die."""
    if not record.status or not may_wait(run.ctx):
        return False  # set-up and trigger scripts cannot wait for a choice
    return state.players[run.ctx.owner].statuses.get(record.status, 0) > 0


def _dice_pause(run: DTRun, state: State) -> bool:
    """Whether an effect's dice pause to be changed: only when a hero at the table
    has a card that changes any dice, and never in set-up or trigger scripts."""
    return may_wait(run.ctx) and dice_cards.effect_dice_changeable(run.env.content, state)


def _pause_rolled(run: DTRun, state: State, values: DiceValues) -> State:
    """Pause after an effect's roll so cards may change its dice before they count."""
    ctx = run.ctx
    run.suspend()
    frames, later = run.rest()
    pause = Suspended(
        ctx.owner,
        (),
        stored(frames),
        stored(later),
        values,
        ctx.attack,
        ctx.ultimate,
        ctx.resume,
        pause=True,
        pick=ctx.pick,
        foe=ctx.foe,
        rolled=True,
    )
    return replace(state, stack=(*state.stack, pause), passed=(), priority=None)


def _opposed_dice(run: DTRun, state: State) -> tuple[int, int]:
    """Owner and opponent roll 1 die each; the higher wins (ties as the step says).

    In a Defensive Ability the owner's die is her defensive die, already rolled
    (and perhaps changed by cards, 6.3–6.4): the Gunslinger's Duel ("Você e o
    atacante rolam 1 cada", ROLAGEM DEFENSIVA 1) rolls one die, which is hers;
    only the attacker rolls a fresh one.
    """
    ctx, dice = here(run), run.env.dice
    if ctx.resume is Resume.DEFEND and ctx.dice:
        mine = ctx.dice[0]
    else:
        mine = dice.roll(6, "opposed roll: owner")
    theirs = dice.roll(6, "opposed roll: opponent")
    other = run.env.foe(state, ctx)
    run.env.emit(
        "opposed",
        player=seat_name(state, ctx.owner),
        value=mine,
        opponent=seat_name(state, other),
        other=theirs,
    )
    return mine, theirs


#: Labels of the re-roll offer ("{status}" is the spent status's name).
REROLL_TEXT = {
    "en-US": ("Spend {status}: re-roll your die", "Keep the dice"),
    "pt-BR": ("Gastar {status}: re-rolar seu dado", "Manter os dados"),
    "it": ("Spendi {status}: ritira il tuo dado", "Tieni i dadi"),
}


def reroll_offer(content: Content, result: Step) -> Step:
    """An "Or" after a losing opposed roll: spend one token of ``result.status`` to
    re-roll the owner's die once (then compare again), or keep the dice."""
    name = content.status(result.status or "").name
    again = replace(result, status=None)
    spend = Step(op="remove", status=result.status, amount=1, target="self")
    reroll = Step(
        op="option",
        steps=(spend, replace(again, op="opposed_reroll")),
        text={k: v[0].format(status=text_for(name, k)) for k, v in REROLL_TEXT.items()},
    )
    keep = Step(op="option", steps=(again,), text={k: v[1] for k, v in REROLL_TEXT.items()})
    return Step(op="or", steps=(keep, reroll))  # keeping is the default
