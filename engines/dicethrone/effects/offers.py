"""A status its bringing hero may refuse ("Sempre que a Pirata for ganhar um Dobrão
Amaldiçoado, ela pode escolher não ganhar"): the gain becomes an "Or" (a rewrite of
each step before it resolves)."""

from __future__ import annotations

from engines.core.model import replace
from engines.dicethrone.content import Step
from engines.dicethrone.effects.context import may_wait
from engines.dicethrone.effects.env import DTRun
from engines.dicethrone.effects.steps import AddStatus, StatusStep, TokenMove, decode
from engines.dicethrone.rules.state import State
from engines.dicethrone.rules.statuses import ACCEPTED


def offer_decline(run: DTRun, state: State, step: Step) -> Step:
    """A gain (or a token passed to her) the bringing hero may refuse becomes an "Or".

    A token passed to her (``move``: another Pirate's board, a mirror match) is
    one she would gain too; refused, it stays with the player passing it (the
    move does not happen). A move that could not happen offers nothing.
    """
    interp, ctx = run.env, run.ctx
    match decode(step):
        case AddStatus():
            moving = False
        case StatusStep(move=TokenMove.MOVE):
            moving = True
        case _:
            return step
    if not may_wait(ctx) or not step.status:
        return step  # set-up and trigger scripts cannot wait for a choice
    if step.topic == ACCEPTED:
        return step  # she already chose to gain it: no second offer
    try:
        definition = interp.content.status(step.status)
    except KeyError:
        return step
    holder = ctx.owner if step.target == "self" else interp.foe(state, ctx)
    if not definition.decline or state.players[holder].hero != definition.hero:
        return step
    if moving and (
        holder == ctx.owner
        or not state.players[ctx.owner].statuses.get(step.status)
        or not definition.removable_by(ctx.hero.id)
    ):
        return step  # nothing would be passed to her
    if holder != ctx.owner and ctx.ultimate:
        return step  # nothing answers an Ultimate Ability ("Habilidade Suprema")
    gain = Step(op="option", steps=(replace(step, topic=ACCEPTED),), text=definition.name)
    refuse = Step(op="option", text=definition.decline)
    # "Sempre que a Pirata for ganhar": she is asked even when another player's effect
    # (a mirror match's Pirate) gives it; the script stays its owner's.
    chooser = 0 if holder == ctx.owner else holder + 1
    return Step(op="or", steps=(gain, refuse), amount=chooser)
