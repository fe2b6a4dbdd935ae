"""States for the menu tests, shared with the rulebook tests they come from."""

from __future__ import annotations

from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Power
from engines.krosmaster.rules.state import State
from tests.engines.krosmaster.helpers import act, position, with_power
from tests.engines.krosmaster.test_rewards import shop

__all__ = ["shop", "vigg_pending"]


def vigg_pending() -> State:
    """7.2.9 example 4: Vigg's Burla on a counter-attacker; two effects wait."""
    base = position(
        {
            "units": [
                {"id": "0.vigg-arysta", "square": "C3", "wounds": 9},
                {"id": "1.gasper-feyto", "square": "C4"},
                {"id": "1.gultar", "square": "J10"},
            ],
            "active": "0.vigg-arysta",
        }
    )
    base = with_power(base, "gasper-feyto", Power.COUNTER_ATTACK)
    return act(base, A.Cast("burla", "C4"), ["Crit", "Lock", "Lock"])
