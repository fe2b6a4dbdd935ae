"""Handlers of the steps counting a hero's own tokens or CP (:mod:`.token_steps`;
issue 22, the Pyromancer's Fire Mastery).

"For each token you hold" reads the count when the step resolves. "Up to N" and "as
desired" are the owner's choice: an "Or" listing every amount she may pay, each
option paying it and then resolving the effect that many times.
"""

from __future__ import annotations

from itertools import product

from engines.dicethrone.content import Script, Step
from engines.dicethrone.effects.context import may_wait, put, seat_name
from engines.dicethrone.effects.env import DTHandlers, DTRun, here
from engines.dicethrone.effects.token_steps import (
    ForEachToken,
    GainPer,
    Grow,
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
    "en-US": {"token": "Remove {n} {status}", "cp": "Spend {n} CP", "none": "Remove none"},
    "pt-BR": {"token": "Remover {n} {status}", "cp": "Gastar {n} PC", "none": "Não remover"},
    "it": {"token": "Rimuovi {n} {status}", "cp": "Spendi {n} PC", "none": "Non rimuovere"},
}
#: Labels of the ways a :class:`Grow` offers, per locale.
GROW_LABELS = {
    "en-US": {
        "new": "Gain a {status}",
        "turn": "Turn a {status} into a {into}",
        "stop": "Stop growing",
    },
    "pt-BR": {
        "new": "Ganhar um {status}",
        "turn": "Transformar um {status} em {into}",
        "stop": "Parar de crescer",
    },
    "it": {
        "new": "Ottieni un {status}",
        "turn": "Trasforma un {status} in {into}",
        "stop": "Smetti di crescere",
    },
}


def _label(key: str, n: int, status: dict[str, str] | None = None) -> dict[str, str]:
    names = status or {}
    return {
        loc: words[key].format(n=n, status=names.get(loc) or names.get("en-US", ""))
        for loc, words in LABELS.items()
    }


@HANDLERS.on(ForEachToken)
def for_each_token(run: DTRun, state: State, step: ForEachToken) -> State:
    """The nested steps once per token of the statuses the owner holds now."""
    held = state.players[run.ctx.owner].statuses
    count = sum(held.get(status, 0) for status in step.statuses)
    if count:
        run.push(step.steps * count)
    return state


@HANDLERS.on(SpendFor)
def spend_for(run: DTRun, state: State, step: SpendFor) -> State:
    """The owner picks how many tokens (or CP) to pay, from what she has; with several
    statuses, also which tokens (every mix she holds is an option)."""
    owner = run.ctx.owner
    player = state.players[owner]
    held = [player.statuses.get(status, 0) for status in step.statuses]
    have = player.cp if not step.statuses else sum(held)
    most = min(have, step.up_to) if step.up_to else have
    if most <= 0 or not may_wait(run.ctx):
        return state  # nothing to pay, or nobody to ask: nothing is paid
    if not step.statuses:
        # No CP by default (the first option, which a deadline picks): it cannot be had back.
        options = tuple(_cp_option(step, n) for n in range(0, most + 1))
    else:
        # By default every token the step may remove, as the ability is built on them,
        # the earliest statuses listed first.
        mixes = sorted(
            (mix for mix in product(*(range(n + 1) for n in held)) if sum(mix) <= most),
            key=lambda mix: (-sum(mix), [-n for n in mix]),
        )
        options = tuple(_token_option(run, step, mix) for mix in mixes)
    run.push((Step(op="or", steps=options, topic="spend_for"),))
    return state


def _paid(step: SpendFor, n: int) -> Script:
    """The steps an option paying ``n`` units resolves."""
    also = step.also if step.at_least and n >= step.at_least else ()
    return (*(step.steps * n), *also)


def _cp_option(step: SpendFor, n: int) -> Step:
    pay = (Step(op="pay_cp", amount=n),) if n else ()
    return Step(op="option", steps=(*pay, *_paid(step, n)), text=_label("cp", n))


def _token_option(run: DTRun, step: SpendFor, mix: tuple[int, ...]) -> Step:
    pay = tuple(
        Step(op="remove", status=status, amount=n, target="self")
        for status, n in zip(step.statuses, mix, strict=True)
        if n
    )
    names = [dict(run.env.content.status(status).name) for status in step.statuses]
    parts = [(n, name) for n, name in zip(mix, names, strict=True) if n]
    if len(step.statuses) == 1:
        label = _label("token", mix[0], names[0])
    elif not parts:
        label = {loc: words["none"] for loc, words in LABELS.items()}
    else:
        label = {
            loc: ", ".join(_label("token", n, name)[loc] for n, name in parts) for loc in LABELS
        }
    return Step(op="option", steps=(*pay, *_paid(step, sum(mix))), text=label)


@HANDLERS.on(Grow)
def grow(run: DTRun, state: State, step: Grow) -> State:
    """Grow tokens along the chain: all of them once (``each``), or one at a time, the
    owner picking among the ways that fit the stack limits (none: the growth is lost)."""
    owner = run.ctx.owner
    held = [state.players[owner].statuses.get(status, 0) for status in step.chain]
    content = run.env.content
    room = [
        stack_limit(content, state, owner, s) - n for s, n in zip(step.chain, held, strict=True)
    ]
    if step.each:
        return _grow_each_chosen(run, state, step, held, room)
    ways = _grow_ways(step.chain, held, room)
    if not ways or step.times <= 0:
        return state
    rest = (Step(op="grow", statuses=step.chain, amount=step.times - 1),) if step.times > 1 else ()
    if len(ways) == 1 or not may_wait(run.ctx):
        run.push((*ways[0], *rest))
        return state
    options = tuple(
        Step(op="option", steps=(*way, *rest), text=_grow_label(run, way)) for way in ways
    )
    run.push((Step(op="or", steps=options, topic="grow"),))
    return state


def _grow_ways(chain: tuple[str, ...], held: list[int], room: list[int]) -> list[Script]:
    """One growth's possible ways: a new first-stage token (listed first, the default),
    then a token turned into the next stage, the latest stage first."""
    ways: list[Script] = []
    if room[0] > 0:
        ways.append((Step(op="gain", status=chain[0], amount=1, target="self"),))
    for k in range(len(chain) - 2, -1, -1):
        if held[k] > 0 and room[k + 1] > 0:
            ways.append(_turn(chain[k], chain[k + 1], 1))
    return ways


def _grow_each_chosen(
    run: DTRun, state: State, step: Grow, held: list[int], room: list[int]
) -> State:
    """ "You may grow every token you hold once, in any order": one at a time, the
    owner picks which stage grows next (the latest stage first by default) or stops;
    a token grown this way does not grow again. A script that cannot wait grows them
    all, the later stages first."""
    left = [min(n, h) for n, h in zip(step.left or held, held, strict=True)]
    if not may_wait(run.ctx):
        run.push(_grow_each(step.chain, left, room))
        return state
    options = []
    for k in range(len(step.chain) - 2, -1, -1):
        if left[k] > 0 and room[k + 1] > 0:
            rest = [*left[:k], left[k] - 1, *left[k + 1 :]]
            again = Step(
                op="grow", statuses=step.chain, topic="each", numbers=tuple(rest), text=step.name
            )
            way = _turn(step.chain[k], step.chain[k + 1], 1)
            text = _grow_label(run, way)
            options.append(Step(op="option", steps=(*way, again), text=text))
    if not options:
        return state
    stop = {loc: words["stop"] for loc, words in GROW_LABELS.items()}
    options.append(Step(op="option", text=stop))
    run.push((Step(op="or", steps=tuple(options), topic="grow"),))
    return state


def _grow_each(chain: tuple[str, ...], held: list[int], room: list[int]) -> Script:
    """Every token held grows once: the later stages first, so each finds what room the
    one before it left."""
    steps: list[Step] = []
    space = list(room)
    for k in range(len(chain) - 2, -1, -1):
        n = min(held[k], space[k + 1])
        if n:
            steps += _turn(chain[k], chain[k + 1], n)
            space[k] += n
            space[k + 1] -= n
    return tuple(steps)


def _turn(status: str, into: str, n: int) -> Script:
    return (
        Step(op="remove", status=status, amount=n, target="self"),
        Step(op="gain", status=into, amount=n, target="self"),
    )


def _grow_label(run: DTRun, way: Script) -> dict[str, str]:
    names = [dict(run.env.content.status(s.status or "").name) for s in way]
    if len(way) == 1:
        return {
            loc: words["new"].format(status=names[0].get(loc) or names[0].get("en-US", ""))
            for loc, words in GROW_LABELS.items()
        }
    return {
        loc: words["turn"].format(
            status=names[0].get(loc) or names[0].get("en-US", ""),
            into=names[1].get(loc) or names[1].get("en-US", ""),
        )
        for loc, words in GROW_LABELS.items()
    }


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
        op = "gain" if step.target == "self" else "inflict"
        run.push((Step(op=op, status=step.status, amount=count, target=step.target),))
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
