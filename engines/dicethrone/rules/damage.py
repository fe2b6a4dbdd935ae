"""The final damage procedure ("Dano Final Total").

1. Incoming damage; 2. add and subtract fixed amounts (the subtotal);
3. every multiplier and divider is computed independently from the subtotal
and applied at the end, divisions always rounded up. Anything else that uses
the incoming damage in a multiplication or division (e.g. the Paladin's
Retribution sending half back) is computed from the same subtotal.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.dicethrone.content import DamageKind


def half_up(value: int) -> int:
    """Half of ``value``, rounded up (every division in Dice Throne rounds up)."""
    return -(-value // 2)


@dataclass(frozen=True)
class Incoming:
    """Damage waiting to be dealt to ``target`` at the end of the phase.

    ``attack`` marks the damage of an Attack (an offensive ability that targets
    an opponent), the only damage Attack Modifiers may change.
    """

    target: int
    source: int | None
    amount: int
    kind: DamageKind
    attack: bool = False
    added: int = 0
    prevented: int = 0
    halves: int = 0
    reflects: int = 0
    prevent_all: bool = False
    #: This damage leaves its target at 1 health at least (Thor's Indomitable Will!).
    survive: bool = False


@dataclass(frozen=True)
class Resolution:
    """How one Incoming resolved: the subtotal, the total and what went back."""

    subtotal: int
    total: int
    reflected: int


def resolve(inc: Incoming) -> Resolution:
    """Final damage of one incoming damage (steps 1–3)."""
    added = inc.added if inc.kind.enhanceable else 0
    avoidable = inc.kind.avoidable
    subtotal = inc.amount + added - (inc.prevented if avoidable else 0)
    subtotal = max(0, subtotal)
    # Step 3: each divider is computed from the same subtotal, independently.
    reductions = inc.halves * half_up(subtotal) if avoidable else 0
    reflected = inc.reflects * half_up(subtotal) if avoidable else 0
    total = 0 if (inc.prevent_all and avoidable) else max(0, subtotal - reductions)
    return Resolution(subtotal=subtotal, total=total, reflected=reflected)
