"""The vocabulary of step 3 (7.2.4): one frozen dataclass per additional effect a spell
applies, and the script a spell's printed effects make.

The content keeps effects as printed (:class:`~engines.krosmaster.content.schema.Effect`,
one record with an :class:`EffectKind`); :func:`script` turns them, in card order
(7.2.4.e), into typed steps the kernel's interpreter runs (``effects/handlers.py``).
Effects another step of the spell applies (bonus damage and armour piercing in steps
5–6, lifesteal in step 8, bonus heal in 7.3.2.b) make no step-3 step. Retribuição and
Revanche (4.9.19–4.9.20) gate everything printed after them, so their step holds the
rest of the script.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.krosmaster.content.schema import Effect, EffectKind, Power, SpellDef
from engines.krosmaster.geometry import Facing, Square


class Step:
    """Base of every step-3 step."""


@dataclass(frozen=True)
class Tokens(Step):
    """7.5.1–7.5.4: ±``amount`` ``stat`` ("ap" or "mp") tokens on each target."""

    stat: str
    amount: int


@dataclass(frozen=True)
class Steal(Step):
    """7.5.12–7.5.13: − tokens on each target, one + token on the caster per − token."""

    stat: str
    amount: int


@dataclass(frozen=True)
class Gain(Step):
    """7.5.14–7.5.15: the caster gains AP or MP at once."""

    stat: str
    amount: int


@dataclass(frozen=True)
class Shove(Step):
    """7.5.9–7.5.10: each target slides away from the caster (towards it: ``pull``)."""

    amount: int
    pull: bool = False


@dataclass(frozen=True)
class Reposition(Step):
    """7.5.16–7.5.17: the caster slides away from the targeted square (towards it:
    ``approach``)."""

    amount: int
    approach: bool = False


@dataclass(frozen=True)
class Summon(Step):
    """4.19.9: ``count`` summons ``figure`` on the targeted square, then the zone's."""

    figure: str
    count: int


@dataclass(frozen=True)
class Mark(Step):
    """4.13: the special marker ``name`` on the first Krosmaster targeted."""

    name: str


@dataclass(frozen=True)
class GainPower(Step):
    """1.3.10.a / 4.18.4.f: each target (or the caster) has ``power`` until the end of
    the fight."""

    power: Power
    to_caster: bool = False


@dataclass(frozen=True)
class LastingChange(Step):
    """4.18.4: a change of each target (or the caster) until the end of the turn or
    the fight, as printed in ``effect``."""

    effect: Effect


@dataclass(frozen=True)
class GroupChange(Step):
    """4.18.4.c: a change of the rules for a group of the caster's side, recorded once."""

    effect: Effect


@dataclass(frozen=True)
class CardText(Step):
    """1.5.1: text the engine cannot apply; the spell waits until the players have
    applied it, then goes on from effect ``resume_at``."""

    text: str
    resume_at: int


@dataclass(frozen=True)
class Gate(Step):
    """4.9.19 / 4.9.20: ``then`` (everything printed after the keyword) happens only
    with at least ``amount`` enemy Allies/Justiciers (Retribuição) or Allies/Villains
    (Revanche) in the arena."""

    kind: EffectKind
    amount: int
    then: tuple[Step, ...]


@dataclass
class Aim:
    """The script's context: whom and where the spell applies to (7.2.3).

    ``targets`` are the unit ids fixed at step 2; a step reads those still in the arena
    (a pushed target stays a target). ``squares`` are the spell's squares, the targeted
    one first (the zone's others follow, in order).
    """

    caster: str
    spell: SpellDef
    main: Square
    facing: Facing | None
    squares: tuple[Square, ...]
    targets: tuple[str, ...]


#: Effects applied in other steps of the spell (nothing to do in step 3).
LATER = frozenset(
    {
        EffectKind.BONUS_DAMAGE,
        EffectKind.ARMOUR_PIERCING,
        EffectKind.LIFESTEAL,
        EffectKind.BONUS_HEAL,
    }
)

#: The step of each printed effect (``None``: an incomplete record that does nothing).
STEP_OF: dict[EffectKind, Callable[[Effect], Step | None]] = {
    EffectKind.MP: lambda e: Tokens("mp", e.amount),
    EffectKind.AP: lambda e: Tokens("ap", e.amount),
    EffectKind.STEAL_MP: lambda e: Steal("mp", e.amount),
    EffectKind.STEAL_AP: lambda e: Steal("ap", e.amount),
    EffectKind.GAIN_MP: lambda e: Gain("mp", e.amount),
    EffectKind.GAIN_AP: lambda e: Gain("ap", e.amount),
    EffectKind.PUSH: lambda e: Shove(e.amount),
    EffectKind.PULL: lambda e: Shove(e.amount, pull=True),
    EffectKind.RETREAT: lambda e: Reposition(e.amount),
    EffectKind.APPROACH: lambda e: Reposition(e.amount, approach=True),
    EffectKind.SUMMON: lambda e: Summon(e.figure, e.amount) if e.figure else None,
    EffectKind.MARKER: lambda e: Mark(e.text),
    EffectKind.GAIN_POWER: lambda e: None if e.power is None else GainPower(e.power, e.to_caster),
    EffectKind.LASTING: lambda e: GroupChange(e) if e.side else LastingChange(e),
}

GATES = frozenset({EffectKind.RETRIBUTION, EffectKind.REVENGE})


def script(effects: tuple[Effect, ...], start: int = 0) -> tuple[Step, ...]:
    """The step-3 script of ``effects`` from the one at ``start`` on, in card order."""
    steps: list[Step] = []
    for index in range(start, len(effects)):
        effect = effects[index]
        if effect.kind in GATES:  # what follows is gated: the gate holds the rest
            steps.append(Gate(effect.kind, effect.amount, script(effects, index + 1)))
            break
        if effect.kind is EffectKind.MANUAL:
            steps.append(CardText(effect.text, index + 1))
        elif effect.kind not in LATER:
            step = STEP_OF[effect.kind](effect)
            if step is not None:
                steps.append(step)
    return tuple(steps)
