"""Which of an ability's effects need a target ("Subdivisões do Turno" 4.4 and 5).

With more than one opponent, 4.4 resolves every effect that needs no target
(gain Evasive, heal 5, gain CP…) before the targeting phase (5), and an ability
that aims at nobody needs no targeting phase at all. The rest resolves once the
Defender is known.
"""

from __future__ import annotations

from engines.dicethrone.content import DamageKind, Script, Step

#: Steps that may resolve at 4.4 when they aim at their owner: plain steps that
#: neither modify the Attack in the ledger nor roll dice (a roll may pause).
EARLY_OPS = frozenset(
    {"heal", "gain_cp", "draw", "gain", "remove", "remove_all"}
    | {"gain_companion", "lose_companion", "self_damage"}
)
#: Steps holding other steps; they aim at someone when a nested step does.
NESTING_OPS = frozenset({"or", "option", "roll", "with", "additionally"})
#: Steps that aim at nobody whatever their fields say.
AIMLESS_OPS = frozenset({"then", "self_damage", "set_dice", "nudge_dice", "reroll_dice"})


def aims(step: Step) -> bool:
    """Whether a step needs another player as its target."""
    if step.op in NESTING_OPS:
        return any(aims(s) for s in (*step.steps, *step.otherwise))
    if step.op in AIMLESS_OPS:
        return False
    if step.op in ("opposed", "manual"):
        # An opposed roll is against an opponent; a manual text may name anyone.
        return True
    if step.op == "damage" and step.kind is DamageKind.COLLATERAL:
        # "Regras Especiais de Alvo": the ability or card names who takes collateral
        # damage, so no targeting phase is needed for it ("Nenhuma Fase de Alvo").
        # Written as "the opponent" it hits the Defender when other effects call
        # for one, else the default opponent (the one on the left).
        return False
    return step.target != "self"


def aims_anyone(script: Script) -> bool:
    """Whether the targeting phase (5) is needed for this script at all."""
    return any(aims(step) for step in script)


def early(step: Step) -> bool:
    """Whether a top-level step resolves at 4.4, before the targeting phase."""
    if step.op == "with":
        # "Com [símbolo]" reads the offensive dice, already final at 4.4.
        return all(early(s) for s in step.steps)
    return step.op in EARLY_OPS and not aims(step)


def split(script: Script) -> tuple[Script, Script]:
    """The effects resolved at 4.4 and those waiting for the Defender (order kept)."""
    first = tuple(s for s in script if early(s))
    rest = tuple(s for s in script if not early(s))
    return first, rest
