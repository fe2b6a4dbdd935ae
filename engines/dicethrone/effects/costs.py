"""Handlers of the cost steps (:mod:`.cost_steps`): pay with tokens or CP, then the
effect; a re-roll offer as large as the owner's tokens.

Generic (no hero named here): the hero YAML says which card or ability pays what.
"""

from __future__ import annotations

from engines.dicethrone.content import Step
from engines.dicethrone.effects.context import may_wait, put, remove_status, seat_name
from engines.dicethrone.effects.cost_steps import GainChoice, PayFor, RerollPerToken
from engines.dicethrone.effects.env import DTHandlers, DTRun
from engines.dicethrone.rules.state import State

HANDLERS: DTHandlers = DTHandlers()


@HANDLERS.on(PayFor)
def pay_for(run: DTRun, state: State, step: PayFor) -> State:
    """The owner pays the cost if she can (all of it, never part), then the effect."""
    env, owner = run.env, run.ctx.owner
    player = state.players[owner]
    name = seat_name(state, owner)
    if step.status is not None:
        holder = env.target(state, "opponent", run.ctx) if step.of_opponent else owner
        label = env.content.status_label(step.status)
        if state.players[holder].statuses.get(step.status, 0) < step.count:
            who = seat_name(state, holder)
            env.emit("cost_unpaid_status", player=who, status=label, count=step.count)
            return state
        state = remove_status(state, holder, step.status, step.count, env.content, env.events)
    if step.cp:
        if player.cp < step.cp:
            env.emit("cost_unpaid_cp", player=name, amount=step.cp)
            return state
        state = put(state, owner, cp=player.cp - step.cp)
        env.emit("cost_paid_cp", player=name, amount=step.cp, cp=player.cp - step.cp)
    run.push(step.steps)
    return state


@HANDLERS.on(RerollPerToken)
def reroll_per_token(run: DTRun, state: State, step: RerollPerToken) -> State:
    """As many re-rolls as the owner's tokens of those statuses (up to the cap): the
    ordinary re-roll offer of that size; none at all leaves the dice as rolled."""
    held = state.players[run.ctx.owner].statuses
    count = min(step.cap, sum(held.get(status, 0) for status in step.statuses))
    if count <= 0:
        run.push(step.steps)
    else:
        run.push((Step(op="reroll", amount=count, steps=step.steps),))
    return state


@HANDLERS.on(GainChoice)
def gain_choice(run: DTRun, state: State, step: GainChoice) -> State:
    """One "Or" per token to gain, its options the statuses (named by the status)."""
    gains = tuple(
        Step(op="gain", status=status, amount=1, target="self") for status in step.statuses
    )
    if not may_wait(run.ctx):
        run.push(gains[:1] * step.count)
        return state
    content = run.env.content
    options = tuple(
        Step(op="option", steps=(gain,), text=dict(content.status(gain.status or "").name))
        for gain in gains
    )
    run.push(tuple(Step(op="or", steps=options) for _ in range(step.count)))
    return state
