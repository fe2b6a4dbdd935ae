"""A step reading the Attack as it stands: ``if_attack_deals`` (the Paladin's Crit: an
Attack already dealing at least 5 damage deals 4 more, an Attack Modifier).

The Attack's damage is what its ability put in the ledger for its Defender, with the
Attack Modifiers added so far and before any prevention (the Defender has not rolled:
"Fase de Rolagem Ofensiva" 4.4). ``DECODERS`` joins the vocabulary's table (``steps.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engines.dicethrone.content import Script, Step
from engines.dicethrone.effects.context import seat_name
from engines.dicethrone.effects.env import DTHandlers, DTRun
from engines.dicethrone.rules.state import State

HANDLERS: DTHandlers = DTHandlers()


@dataclass(frozen=True)
class IfAttackDeals:
    """The nested steps, when the owner's Attack already deals ``at_least`` damage."""

    at_least: int
    steps: Script


#: Record ``op`` -> typed step, for the steps of this module.
DECODERS: Mapping[str, Callable[[Step], object]] = {
    "if_attack_deals": lambda s: IfAttackDeals(s.amount, s.steps),
}


def attack_damage(state: State, seat: int) -> int:
    """The damage ``seat``'s Attack deals as it stands: its ability's damage and the
    Attack Modifiers added, before prevention."""
    return sum(
        inc.amount + (inc.added if inc.kind.enhanceable else 0)
        for inc in state.ledger
        if inc.attack and inc.source == seat
    )


@HANDLERS.on(IfAttackDeals)
def if_attack_deals(run: DTRun, state: State, step: IfAttackDeals) -> State:
    """The steps when the owner's Attack deals enough; else nothing, said."""
    owner = run.ctx.owner
    if attack_damage(state, owner) >= step.at_least:
        run.push(step.steps)
    else:
        name = seat_name(state, owner)
        run.env.emit("attack_below", "4.4", player=name, count=step.at_least)
    return state
