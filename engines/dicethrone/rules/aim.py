"""Which of an ability's effects need a target ("Subdivisões do Turno" 4.4 and 5).

With more than one opponent, 4.4 resolves every effect that needs no target
(gain Evasive, heal 5, gain CP…) before the targeting phase (5), and an ability
that aims at nobody needs no targeting phase at all. The rest resolves once the
Defender is known.

4.4 also says "Determine seus efeitos variáveis": a top-level "Role [#]" is
rolled then (Suppress's three dice are known before the target is chosen); its
nested effects needing no target resolve with it, and the rest reads the same
dice once the Defender is known (the dice are kept in ``Roll.early_dice``).
"""

from __future__ import annotations

from engines.core.model import replace
from engines.dicethrone.content import DamageKind, Script, Step

#: Steps that may resolve at 4.4 when they aim at their owner: plain steps that
#: neither modify the Attack in the ledger nor roll dice (a roll may pause).
EARLY_OPS = frozenset(
    {"heal", "gain_cp", "draw", "gain", "remove", "remove_all"}
    | {"gain_companion", "lose_companion", "self_damage"}
    | {"raise_limit", "gain_per"}  # the owner's own stack limit and tokens (Pyromancer)
)
#: Steps holding other steps; they aim at someone when a nested step does.
NESTING_OPS = frozenset({"or", "option", "roll", "with", "additionally"})
#: Steps holding other steps added for the heroes of issue 22 (re-roll offers, a chosen
#: player, a discard as a cost): nested likewise.
NESTING_OPS |= {"reroll", "reroll_die", "choose_player", "discard_for", "discard_at"}
#: Steps repeated per token held or per token/CP paid (the Pyromancer): nested likewise.
NESTING_OPS |= {"for_each_token", "spend_for", "if_status"}
#: A hero's piece (Thor's Mjölnir): taking it back, conditions on it, a repeated script.
NESTING_OPS |= {"recall_piece", "if_piece_home", "if_piece_sent", "repeat"}
#: Steps that aim at nobody whatever their fields say.
AIMLESS_OPS = frozenset(
    {"then", "self_damage", "set_dice", "nudge_dice", "reroll_dice", "keep_dice"}
    | {"raise_limit", "pay_cp", "gain_per"}
)
#: A "Role [#]" rolled at 4.4 whose dice the rest of the ability reads again.
REUSE = "early_dice"
#: Ends a 4.4 roll: keeps its final dice (after any card changed them) for the rest.
KEEP_DICE = Step(op="keep_dice")


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
    """The effects resolved at 4.4 and those waiting for the Defender (order kept).

    A top-level roll that also holds effects needing a target is rolled at 4.4
    with its other effects; the waiting part reuses its dice (``REUSE``).
    """
    first: list[Step] = []
    rest: list[Step] = []
    for step in script:
        if early(step):
            first.append(step)
        elif step.op == "roll":
            # Only this roll's own steps are split (a roll nested in it waits whole).
            now = tuple(s for s in step.steps if early(s))
            later = tuple(s for s in step.steps if not early(s))
            first.append(replace(step, steps=(*now, KEEP_DICE)))
            rest.append(replace(step, steps=later, topic=REUSE))
        else:
            rest.append(step)
    return tuple(first), tuple(rest)
