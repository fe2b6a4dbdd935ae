"""The facts of every built-in hero as JSON (``python -m bot content list dicethrone
--json``; the shape is documented in docs/content.md, "Dice Throne: the catalogue").

Facts only, read off the typed content: names in printed English, the six die faces,
health, each ability row of the printed board (level 1) with its requirement in words,
the defence, the status effects with their stack limits, and the hero's own cards (the
18 generic cards every deck holds are the pack's, :attr:`Content.generic`). Tests pin
each hero to the facts recorded from its public record
(tests/engines/dicethrone/printed/).
"""

from __future__ import annotations

from typing import Any

from engines.dicethrone.content import (
    Content,
    DamageKind,
    Hero,
    Requirement,
    Script,
    Step,
    text_for,
)
from engines.dicethrone.rules.state import START_HEALTH


def catalogue(content: Content) -> list[dict[str, Any]]:
    """One JSON object per hero of the pack, in the pack's order (``id`` first)."""
    generic = {c.id for c in content.generic}
    return [_hero(hero, generic) for hero in content.heroes.values()]


def _hero(hero: Hero, generic: set[str]) -> dict[str, Any]:
    return {
        "id": hero.id,
        "name": text_for(hero.name, "en-US"),
        "dice": list(hero.faces),
        "health": START_HEALTH,
        "abilities": [
            {
                "name": text_for(ability.name, "en-US"),
                "requirement": requirement_words(row.requirement, hero.faces),
                "ultimate": ability.ultimate,
                # An Ultimate's damage is never defended ("Tipos de Dano").
                "undefendable": ability.ultimate or _undefendable(row.effect),
                "damage": _damage(row.effect),
            }
            for ability in hero.abilities
            for row in ability.levels.get(1, ())
        ],
        "defense": [{"name": text_for(d.name, "en-US"), "dice": d.dice} for d in hero.defenses],
        "tokens": [
            {"name": text_for(s.name, "en-US"), "stack": s.stack_limit}
            for s in hero.statuses
            if not s.marker  # a state shown as a chip (the Druid's forms), not a token
        ],
        "cards": [
            {"name": text_for(c.name, "en-US"), "cost": c.cost, "timing": c.timing.value}
            for c in hero.cards
            if c.id not in generic
        ],
        "selectable": hero.selectable,
        "source": hero.source,
    }


def requirement_words(req: Requirement, faces: tuple[str, ...]) -> str:
    """A requirement in plain words: "5 strength", "2 sword + 2 strength", "small
    straight", "large straight", "4 of a kind"; symbols in the order of the die faces."""
    order = sorted(req.symbols, key=faces.index)
    parts = [f"{req.symbols[symbol]} {symbol}" for symbol in order]
    if req.straight:
        parts.append("small straight" if req.straight == 4 else "large straight")
    if req.of_a_kind:
        parts.append(f"{req.of_a_kind} of a kind")
    return " + ".join(parts)


#: Steps whose nested damage counts the owner's tokens (the Pyromancer's Fire Mastery):
#: read as part of the row, though their amount depends on the tokens.
COUNTED = ("for_each_token", "spend_for")


def _undefendable(effect: Script) -> bool:
    """Whether the row deals undefendable damage (at its top level, or per token)."""
    steps = [*effect, *(n for s in effect if s.op in COUNTED for n in s.steps)]
    return any(s.op == "damage" and s.kind is DamageKind.UNDEFENDABLE for s in steps)


def _where_piece(step: Step) -> bool:
    """Whether the step's damage to the opponent depends on where a piece is (Thor's
    Lightning Rod: more while Mjölnir is with an opponent)."""
    branches = (*step.steps, *step.otherwise)
    return step.op == "if_piece_home" and any(
        n.op == "damage" and n.kind is not DamageKind.COLLATERAL for n in branches
    )


def _hurts(steps: Script) -> bool:
    """Whether the steps deal damage (nested ones included)."""
    return any(s.op == "damage" or _hurts(s.steps) for s in steps)


def _damage(effect: Script) -> int | None:
    """The row's fixed damage to the opponent (its top-level damage steps); ``None`` when
    the damage depends on dice rolled for it, an opposed roll or tokens, 0 when it deals
    none; collateral damage is not counted."""
    if any(s.op in ("roll", "opposed") or _where_piece(s) for s in effect):
        return None  # dice rolled for it, or where a piece is, decide it
    if any(s.op in COUNTED and _hurts(s.steps) for s in effect):
        return None  # tokens held or paid decide it (not when they pay for something else)
    return sum(
        s.amount
        for s in effect
        if s.op == "damage"
        and not s.roll_sum
        and not s.per
        and s.target == "opponent"
        and s.kind is not DamageKind.COLLATERAL  # not the Attack's ("Tipos de Dano")
    )
