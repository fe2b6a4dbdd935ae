"""Parsing of spell effects (7.5, 4.18.4 lasting changes, 4.19.9 summons) from content YAML
and from scenario set-ups; same error style as the loader."""

from __future__ import annotations

from typing import Any

import yaml

from engines.krosmaster.content.node import Fields, Node
from engines.krosmaster.content.schema import (
    GROUP_SIDES,
    GROUP_WHO,
    LASTING_STATS,
    UNGAINABLE,
    Effect,
    EffectKind,
    Element,
    Power,
)


def parse_effect(node: Node) -> Effect:
    if isinstance(node.node, yaml.ScalarNode):
        kind = node.choice(EffectKind)
        if kind not in (EffectKind.LIFESTEAL, EffectKind.ARMOUR_PIERCING):
            raise node.fail(f"{kind.value} needs an amount, e.g. {{{kind.value}: 1}}")
        return Effect(kind)
    names = {k.value for k in EffectKind}
    f = node.fields(
        names
        | {
            "element",
            "per_adjacent",
            "if_adjacent",
            "count",
            "caster",
            "stat",
            "until",
            "spell",
            "once",
        }
        | {"side", "who", "power", "of"}
    )
    kinds = [k for k in f.children if k in names]
    if len(kinds) != 1:
        raise node.fail("an effect has exactly one kind, e.g. {push: 2}")
    kind = EffectKind(kinds[0])
    if kind in (EffectKind.MANUAL, EffectKind.MARKER):
        return Effect(kind, text=f[kind.value].text())
    if kind is EffectKind.SUMMON:
        # 4.19.9.b: the effect says how many tokens; they go on the target, then the zone.
        count = f.get("count", lambda n: n.integer(1, 9), 1)
        return Effect(kind, amount=count, figure=f["summon"].text())
    if kind is EffectKind.GAIN_POWER:
        # 1.3.10.a: "until the end of the fight"; only keywords without a number.
        power = f[kind.value].choice(Power)
        if power in UNGAINABLE:
            raise f[kind.value].fail(f"{power.value} cannot be gained by an effect")
        caster = f.get("caster", Node.boolean, False)
        return Effect(kind, power=power, to_caster=caster)
    if kind is EffectKind.LASTING:
        return _lasting(f)
    for extra in ("stat", "until", "spell", "once", "side", "who", "power", "of"):
        if extra in f:
            raise f[extra].fail(f"{extra} is for lasting effects only (4.18.4)")
    if "caster" in f:
        raise f["caster"].fail("caster is for gain_power and lasting effects only")
    if "count" in f:
        raise f["count"].fail("count is for summon effects only (4.19.9.b)")
    amount = f[kind.value].integer(-9, 9)
    element = f.get("element", lambda n: n.choice(Element), None)
    if kind is EffectKind.BONUS_DAMAGE and element is None:
        raise node.fail("bonus_damage needs an element (7.5.5–7.5.8)")
    per = f.get("per_adjacent", Node.text, None)
    once = f.get("if_adjacent", Node.text, None)
    if per and once:
        raise f["if_adjacent"].fail("write per_adjacent or if_adjacent, not both")
    return Effect(kind, amount=amount, element=element, per_adjacent=per, if_adjacent=once)


def _lasting(f: Fields[Node]) -> Effect:
    """4.18.4: ``{lasting: 1, stat: damage, until: turn, spell: retrocesso, once: true}``."""
    for need in ("stat", "until"):
        if need not in f:
            raise f["lasting"].fail(f"a lasting effect needs {need}")
    stat = f["stat"].text()
    if stat not in LASTING_STATS:
        raise f["stat"].fail(f"stat is one of: {', '.join(LASTING_STATS)}")
    until = f["until"].text()
    if until not in ("turn", "fight"):
        raise f["until"].fail("until is one of: turn, fight")
    if stat != "damage" and ("spell" in f or "once" in f):
        raise f["stat"].fail("spell and once are for stat: damage")
    amount = f["lasting"].integer(-9, 9)
    if stat == "powers" and amount != -1:
        raise f["lasting"].fail("stat: powers takes -1: the unit loses its powers (4.18.4.g)")
    power = f.get("power", lambda n: n.choice(Power), None)  # one named power (4.18.4.g)
    if power is not None and stat != "powers":
        raise f["power"].fail("power is for stat: powers (the one power lost, 4.18.4.g)")
    side = f.get("side", Node.text, "")
    who = f.get("who", Node.text, "units")
    for key in ("who", "of"):
        if key in f and not side:
            raise f[key].fail(f"{key} needs side: allies, enemies or all (4.18.4.c)")
    if side:
        if side not in GROUP_SIDES:
            raise f["side"].fail(f"side is one of: {', '.join(GROUP_SIDES)}")
        if who not in GROUP_WHO:
            raise f["who"].fail(f"who is one of: {', '.join(GROUP_WHO)}")
        for extra in ("caster", "once"):
            if extra in f:
                raise f[extra].fail(f"{extra} is not for a group's change (4.18.4.c)")
    return Effect(
        EffectKind.LASTING,
        side=side,
        who=who,
        amount=amount,
        to_caster=f.get("caster", Node.boolean, False),
        stat=stat,
        until=until,
        spell=f.get("spell", Node.text, None),
        once=f.get("once", Node.boolean, False),
        power=power,
        of=f.get("of", Node.text, ""),
    )


def effects_from_data(data: Any, where: str) -> tuple[Effect, ...]:
    """Parse a list of effects given as plain data (scenario set-ups), same rules as files."""
    node = yaml.compose(yaml.safe_dump(list(data)))
    if node is None:
        return ()
    return tuple(parse_effect(n) for n in Node(node, where, "effects").items())
