"""Handlers of the steps counting a hero's own tokens or CP (:mod:`.token_steps`;
issue 22, the Pyromancer's Fire Mastery).

"For each token you hold" reads the count when the step resolves. "Up to N" and "as
desired" are the owner's choice: an "Or" listing every amount she may pay, each
option paying it and then resolving the effect that many times.
"""

from __future__ import annotations

from engines.dicethrone.content import Step
from engines.dicethrone.effects.context import may_wait, put, seat_name
from engines.dicethrone.effects.env import DTHandlers, DTRun, here
from engines.dicethrone.effects.token_steps import (
    ForEachToken,
    GainPer,
    IfStatus,
    PayCp,
    RaiseLimit,
    SpendFor,
)
from engines.dicethrone.rules.combos import symbol_counts
from engines.dicethrone.rules.state import State
from engines.dicethrone.rules.statuses import stack_limit

HANDLERS: DTHandlers = DTHandlers()

#: Labels of the amounts a :class:`SpendFor` offers, per locale.
LABELS = {
    "en-US": {"token": "Remove {n} {status}", "cp": "Spend {n} CP"},
    "pt-BR": {"token": "Remover {n} {status}", "cp": "Gastar {n} PC"},
    "it": {"token": "Rimuovi {n} {status}", "cp": "Spendi {n} PC"},
}


def _label(key: str, n: int, status: dict[str, str] | None = None) -> dict[str, str]:
    names = status or {}
    return {
        loc: words[key].format(n=n, status=names.get(loc) or names.get("en-US", ""))
        for loc, words in LABELS.items()
    }


@HANDLERS.on(ForEachToken)
def for_each_token(run: DTRun, state: State, step: ForEachToken) -> State:
    """The nested steps once per token of the status the owner holds now."""
    count = state.players[run.ctx.owner].statuses.get(step.status, 0)
    if count:
        run.push(step.steps * count)
    return state


@HANDLERS.on(SpendFor)
def spend_for(run: DTRun, state: State, step: SpendFor) -> State:
    """The owner picks how many tokens (or CP) to pay, from what she has."""
    owner = run.ctx.owner
    player = state.players[owner]
    have = player.cp if step.status is None else player.statuses.get(step.status, 0)
    most = min(have, step.up_to) if step.up_to else have
    if most <= 0 or not may_wait(run.ctx):
        return state  # nothing to pay, or nobody to ask: nothing is paid
    # The first option is the default (a deadline picks it): every token the step may
    # remove, as the ability is built on them; but no CP, which cannot be had back.
    amounts = range(0, most + 1) if step.status is None else range(most, -1, -1)
    options = tuple(_option(run, step, n) for n in amounts)
    run.push((Step(op="or", steps=options, topic="spend_for"),))
    return state


def _option(run: DTRun, step: SpendFor, n: int) -> Step:
    if step.status is None:
        pay = Step(op="pay_cp", amount=n)
        label = _label("cp", n)
    else:
        pay = Step(op="remove", status=step.status, amount=n, target="self")
        label = _label("token", n, dict(run.env.content.status(step.status).name))
    paid = (pay,) if n else ()
    return Step(op="option", steps=(*paid, *(step.steps * n)), text=label)


@HANDLERS.on(PayCp)
def pay_cp(run: DTRun, state: State, step: PayCp) -> State:
    """CP paid for an effect (never below 0)."""
    owner = run.ctx.owner
    player = state.players[owner]
    paid = min(step.amount, player.cp)
    run.env.emit("cp_paid", player=seat_name(state, owner), amount=paid, cp=player.cp - paid)
    return put(state, owner, cp=player.cp - paid)


@HANDLERS.on(RaiseLimit)
def raise_limit(run: DTRun, state: State, step: RaiseLimit) -> State:
    """The owner's stack limit of the status grows, for the rest of the match."""
    owner = run.ctx.owner
    bonus = state.players[owner].stack_bonus
    raised = {**bonus, step.status: bonus.get(step.status, 0) + step.amount}
    state = put(state, owner, stack_bonus=raised)
    run.env.emit(
        "limit_raised",
        "Limites de Empilhamento",
        player=seat_name(state, owner),
        status=dict(run.env.content.status(step.status).name),
        limit=stack_limit(run.env.content, state, owner, step.status),
    )
    return state


@HANDLERS.on(GainPer)
def gain_per(run: DTRun, state: State, step: GainPer) -> State:
    """Tokens gained per die of the frame showing the symbol (none: nothing)."""
    ctx = here(run)
    count = step.times * symbol_counts(ctx.hero, ctx.dice)[step.per]
    if count:
        run.push((Step(op="gain", status=step.status, amount=count, target="self"),))
    return state


@HANDLERS.on(IfStatus)
def if_status(run: DTRun, state: State, step: IfStatus) -> State:
    """The steps when the status is held now (by the owner, her opponent or any
    opponent, as the step says), else the others."""
    owner = run.ctx.owner
    if step.holder == "any_opponent":
        seats: tuple[int, ...] = state.opponents(owner)
    elif step.holder == "opponent":
        seats = (run.env.foe(state, run.ctx),)
    else:
        seats = (owner,)
    held = any(state.players[seat].statuses.get(step.status, 0) for seat in seats)
    branch = step.steps if held else step.otherwise
    if branch:
        run.push(branch)
    return state
