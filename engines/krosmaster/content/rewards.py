"""Validating loader for demonic reward tokens (4.7); same error style as the loader."""

from __future__ import annotations

from engines.krosmaster.content.effects import parse_effect
from engines.krosmaster.content.node import Node
from engines.krosmaster.content.schema import (
    Effect,
    EffectKind,
    Element,
    Gear,
    Power,
    RewardDef,
    RewardKind,
    Tier,
)
from engines.krosmaster.content.spells import parse_spell

FIELDS = {"id", "name", "tier", "kind", "gear", "ap", "mp", "range", "bonus_damage", "powers"}
FIELDS |= {"text", "source", "verified", "spells", "punch"}


def parse_reward(node: Node) -> RewardDef:
    """One reward token; equipment needs its type, boosts and buffs must not have one."""
    f = node.fields(FIELDS, {"id", "name", "tier", "kind", "source", "verified"})
    kind = f["kind"].choice(RewardKind)
    gear = f.get("gear", lambda n: n.choice(Gear), None)
    if (kind is RewardKind.EQUIPMENT) != (gear is not None):
        raise node.fail("equipment has a gear type (4.7.11); boosts and buffs have none")
    damage: tuple[Effect, ...] = ()
    if "bonus_damage" in f:
        d = f["bonus_damage"].mapping({"amount", "element"}, {"amount", "element"})
        element = d["element"].choice(Element)
        damage = (Effect(EffectKind.BONUS_DAMAGE, d["amount"].integer(1, 9), element),)
    powers = tuple(p.choice(Power) for p in f["powers"].items()) if "powers" in f else ()
    if Power.MANUAL in powers or Power.LOOT in powers:
        raise f["powers"].fail("reward powers are keywords; write card text under `text`")
    spells = tuple(parse_spell(s) for s in f["spells"].items()) if "spells" in f else ()
    if spells and kind is RewardKind.BUFF:
        raise f["spells"].fail("only equipment and boosts give spells (4.7.5.a, 4.7.5.c)")
    added = tuple(parse_effect(e) for e in f["punch"].items()) if "punch" in f else ()
    if added and gear is not Gear.TECHNIQUE:
        raise f["punch"].fail("only Techniques add effects to the Punch (4.7.11.e)")
    name, names = f["name"].name()
    return RewardDef(
        id=f["id"].text(),
        name=name,
        names=names,
        tier=f["tier"].choice(Tier),
        kind=kind,
        source=f["source"].text(),
        verified=f["verified"].boolean(),
        gear=gear,
        ap=f.get("ap", lambda n: n.integer(-6, 6), 0),
        mp=f.get("mp", lambda n: n.integer(-6, 6), 0),
        range=f.get("range", lambda n: n.integer(-6, 6), 0),
        damage=damage,
        powers=powers,
        text=f.get("text", Node.text, ""),
        spells=spells,
        punch=added,
    )
