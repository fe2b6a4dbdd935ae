"""Interpreter of effect scripts ("Resolvendo o texto").

Scripts are lists of steps (see :class:`engines.dicethrone.content.Step` and
the vocabulary in docs/dicethrone.md). Damage and healing are not applied here:
they are added to the state's ledger and applied together when the phase
concludes ("Fase de Rolagem Defensiva" 6.6; "Fase de Manutenção" 3).
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.model import replace
from engines.dicethrone import aim, dice_cards, foes
from engines.dicethrone import statuses as status_rules
from engines.dicethrone.combos import symbol_counts
from engines.dicethrone.content import Content, Hero, Script, Step, text_for
from engines.dicethrone.effect_helpers import (
    Ctx,
    chosen_player,
    dice_message,
    draw_card,
    may_wait,
    paused,
    put,
    remove_status,
    seat_name,
)
from engines.dicethrone.effect_steps import StepRunner
from engines.dicethrone.state import Frame, State, Suspended

__all__ = [
    "Ctx",
    "Interpreter",
    "chosen_player",
    "draw_card",
    "paused",
    "put",
    "remove_status",
]


@dataclass
class Interpreter(StepRunner):
    """Runs scripts against a state, collecting events."""

    def run(self, state: State, steps: Script, ctx: Ctx) -> State:
        """Resolve ``steps``; "Additionally" steps after all the others.

        An "Or", a manual step or a "Then" pauses the script: a
        :class:`Suspended` is pushed on the state's stack and the caller stops
        until :meth:`resume` is called (with the chosen option).
        """
        return self._execute(state, [Frame(steps, ctx.dice)], [], ctx)

    def resume(self, state: State, option: int, hero: Hero) -> State:
        """Go on with a paused script after its owner picked ``option``."""
        ch = state.choice
        assert ch is not None
        ctx = Ctx(ch.seat, hero, ch.dice, ch.attack, ch.ultimate, ch.resume, ch.pick, ch.foe)
        steps = ch.options[option].steps if ch.options else ()
        frames = [*ch.frames, Frame(steps, ch.dice)]
        state = replace(state, stack=state.stack[:-1])
        return self._execute(state, frames, list(ch.later), ctx)

    def _execute(self, state: State, frames: list[Frame], later: list[Frame], ctx: Ctx) -> State:
        while frames or later:
            if not frames:
                frames.append(later.pop(0))
                continue
            top = frames[-1]
            if not top.steps:
                frames.pop()
                continue
            step = status_rules.offer_decline(self, state, top.steps[0], ctx)
            step = foes.ask_foe(state, step, ctx)
            frames[-1] = Frame(top.steps[1:], top.dice)
            here = replace(ctx, dice=top.dice)
            if step.op == "foe":
                # The opponent picked for the rest of this effect (-1: back to the default).
                ctx = replace(ctx, foe=step.amount if step.amount >= 0 else None)
            elif step.op == "additionally":
                later.append(Frame(step.steps, top.dice))
            elif step.op == "roll" and step.topic == aim.REUSE and state.roll.early_dice:
                # Rolled at 4.4 ("Determine seus efeitos variáveis"): the same dice.
                values, *left = state.roll.early_dice
                state = replace(state, roll=replace(state.roll, early_dice=tuple(left)))
                frames.append(Frame(step.steps, values))
            elif step.op == "keep_dice":
                kept = (*state.roll.early_dice, top.dice)
                state = replace(state, roll=replace(state.roll, early_dice=kept))
            elif step.op == "roll":
                values = self._roll(state, step, here)
                roll = replace(state.roll, effect_dice=values, effect_owner=ctx.owner)
                state = replace(state, roll=replace(roll, effect_foe=None))
                frames.append(Frame(step.steps, values))
                if self._dice_pause(state, ctx):
                    return self._pause_rolled(state, frames, later, values, ctx)
            elif step.op == "with":
                if self._with(step, here):
                    frames.append(Frame(step.steps, top.dice))
            elif step.op == "opposed":
                # Each player's die is in play (die 1 the owner's, 2 the opponent's) and
                # may be changed before they are compared; the branches keep the
                # enclosing dice (carried in the comparing step's ``numbers``).
                values = self._opposed(state, here)
                result = replace(step, op="opposed_result", numbers=top.dice)
                frames.append(Frame((result,), values))
                if self._dice_pause(state, ctx):
                    roll = replace(state.roll, effect_dice=values, effect_owner=ctx.owner)
                    foe = self.foe(state, ctx)
                    state = replace(state, roll=replace(roll, effect_foe=foe))
                    return self._pause_rolled(state, frames, later, values, ctx)
            elif step.op == "opposed_result":
                won = top.dice[0] > top.dice[1] or (top.dice[0] == top.dice[1] and step.ties_win)
                if not won and self._may_reroll(state, step, ctx):
                    # "Se você gastar um Recarregar, você pode re-rolar aquele dado uma vez."
                    offer = reroll_offer(self.content, step)
                    frames.append(Frame((offer,), top.dice))
                    continue
                frames.append(Frame(step.steps if won else step.otherwise, step.numbers))
            elif step.op == "opposed_reroll":
                # The owner's die is rolled again, once; the opponent's stays.
                values = (self.dice.roll(6, "opposed roll: owner again"), top.dice[1])
                self._emit("opposed_reroll", player=seat_name(state, ctx.owner), value=values[0])
                frames.append(Frame((replace(step, op="opposed_result"),), values))
                roll = replace(state.roll, effect_dice=values, effect_owner=ctx.owner)
                state = replace(state, roll=replace(roll, effect_foe=self.foe(state, ctx)))
                if self._dice_pause(state, ctx):
                    return self._pause_rolled(state, frames, later, values, ctx)
            elif step.op == "then":
                # "Então": a pause where anyone may play cards or spend tokens,
                # if anything is left to resolve (and not during set-up).
                if may_wait(ctx) and (later or any(f.steps for f in frames)):
                    pause = Suspended(
                        ctx.owner,
                        (),
                        tuple(frames),
                        tuple(later),
                        top.dice,
                        ctx.attack,
                        ctx.ultimate,
                        ctx.resume,
                        pause=True,
                        pick=ctx.pick,
                        foe=ctx.foe,
                    )
                    self._emit("then", "Então", player=seat_name(state, ctx.owner))
                    return replace(state, stack=(*state.stack, pause), passed=(), priority=None)
            elif step.op in ("or", "manual"):
                manual = step.op == "manual"
                choice = Suspended(
                    ctx.owner,
                    (Step(op="option"),) if manual else step.steps,
                    tuple(frames),
                    tuple(later),
                    top.dice,
                    ctx.attack,
                    ctx.ultimate,
                    ctx.resume,
                    step.text if manual else {},
                    pick=ctx.pick,
                    topic=step.topic,
                    foe=ctx.foe,
                    # A synthetic "Or" may name another chooser: ``amount`` = seat + 1.
                    chooser=step.amount - 1 if step.op == "or" and step.amount else None,
                )
                if manual:
                    # Never skip a card's text silently: stop until it is applied by hand.
                    text = dict(step.text)
                    self._emit("manual", player=seat_name(state, ctx.owner), text=text)
                else:
                    count = len(step.steps)
                    who = choice.picker
                    self._emit("choose", "Ou", player=seat_name(state, who), count=count)
                return replace(state, stack=(*state.stack, choice))
            else:
                state = self._step(state, step, here)
        return state

    def _may_reroll(self, state: State, step: Step, ctx: Ctx) -> bool:
        """Whether the owner may spend a token to re-roll her losing opposed die."""
        if not step.status or not may_wait(ctx):
            return False  # set-up and trigger scripts cannot wait for a choice
        return state.players[ctx.owner].statuses.get(step.status, 0) > 0

    def _roll(self, state: State, step: Step, ctx: Ctx) -> tuple[int, ...]:
        """ "Role [#]": fresh dice, rolled once; earlier dice do not count."""
        values = tuple(self.dice.roll(6, "effect roll") for _ in range(step.dice))
        self._emit(
            "effect_roll",
            "Role [#]",
            player=seat_name(state, ctx.owner),
            dice=dice_message(ctx.hero, values),
        )
        return values

    def _with(self, step: Step, ctx: Ctx) -> bool:
        """ "Com [símbolo]": true once, however many dice match."""
        counts = symbol_counts(ctx.hero, ctx.dice)
        ok = all(counts[s] >= n for s, n in step.symbols.items())
        if step.numbers and not any(v in step.numbers for v in ctx.dice):
            return False
        return ok and sum(ctx.dice) >= step.sum_at_least

    def _dice_pause(self, state: State, ctx: Ctx) -> bool:
        """Whether an effect's dice pause to be changed: only when a hero at the table
        has a card that changes any dice, and never in set-up or trigger scripts."""
        return may_wait(ctx) and dice_cards.effect_dice_changeable(self.content, state)

    def _pause_rolled(
        self,
        state: State,
        frames: list[Frame],
        later: list[Frame],
        values: tuple[int, ...],
        ctx: Ctx,
    ) -> State:
        """Pause after an effect's roll so cards may change its dice before they count."""
        pause = Suspended(
            ctx.owner,
            (),
            tuple(frames),
            tuple(later),
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

    def _opposed(self, state: State, ctx: Ctx) -> tuple[int, int]:
        """Owner and opponent roll 1 die each; the higher wins (ties as the step says).

        In a Defensive Ability the owner's die is her defensive die, already rolled
        (and perhaps changed by cards, 6.3–6.4): the Gunslinger's Duel ("Você e o
        atacante rolam 1 cada", ROLAGEM DEFENSIVA 1) rolls one die, which is hers;
        only the attacker rolls a fresh one.
        """
        if ctx.resume == "defend" and ctx.dice:
            mine = ctx.dice[0]
        else:
            mine = self.dice.roll(6, "opposed roll: owner")
        theirs = self.dice.roll(6, "opposed roll: opponent")
        other = self.foe(state, ctx)
        self._emit(
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
