"""Which opponent a script aims at when there are several (3–4 players).

Cards name their opponent when played and Attacks have their Defender (the
Attacker's ``when_attacking`` tokens aim at the Defender, the Defender's
``when_attacked`` ones at the Attacker; an ``overflow`` at whoever gave the
token). An Upkeep effect (a status token's or a passive's), an Income passive
and a hero's set-up script ask their owner instead, as an "Or" of the living
opponents, the first in turn order by default: nothing in the rules names one.
"""

from __future__ import annotations

from engines.dicethrone.content import Step
from engines.dicethrone.effects.env import DTRun
from engines.dicethrone.rules.state import Resume, State

#: Steps that act on "the opponent" (or a chosen player, who is one when nobody was named).
FOE_OPS = frozenset({"steal_cp", "steal_health", "move", "opposed"})
TARGETED_OPS = frozenset(
    {"damage", "heal", "gain_cp", "draw", "gain", "inflict", "remove", "remove_all"}
)
#: Scripts that may stop to ask: Upkeep, Income (``income`` with the
#: ``income_window`` option, ``income_quiet`` without: there the turn waits only
#: for this question) and a hero's set-up ("Preparação" 8).
ASKING = frozenset({Resume.UPKEEP, Resume.INCOME, Resume.INCOME_QUIET, Resume.SETUP})
#: Marks the start of one Upkeep effect: its opponent is asked afresh.
FOE_RESET = Step(op="foe", amount=-1)


def aims_at_foe(step: Step) -> bool:
    """Whether the step acts on "the opponent" (so it needs to know which one)."""
    if step.op in FOE_OPS:
        return True
    return step.op in TARGETED_OPS and step.target in ("opponent", "chosen")


def ask_foe(run: DTRun, state: State, step: Step) -> Step:
    """With 2+ living opponents, an Upkeep effect (status or passive), an Income
    passive or a set-up script aimed at "the opponent" asks its owner which one, as
    an "Or" of the opponents (the first in turn order by default); the pick holds
    for the rest of that effect (a rewrite of each step, before it resolves)."""
    ctx = run.ctx
    if ctx.resume not in ASKING or ctx.foe is not None or not aims_at_foe(step):
        return step
    foes = state.opponents(ctx.owner)
    if len(foes) < 2:
        return step
    options = tuple(
        Step(
            op="option",
            steps=(Step(op="foe", amount=seat), step),
            text={"en-US": f"{seat + 1}. {state.seats[seat].name}"},
        )
        for seat in foes
    )
    return Step(op="or", steps=options, topic="foe")
