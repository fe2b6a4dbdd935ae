"""Validating reader of one spell (figures' and rewards' alike); same error style as the
loader: the file, the line and the field."""

from __future__ import annotations

from engines.krosmaster.content.effects import parse_effect
from engines.krosmaster.content.node import Fields, Node
from engines.krosmaster.content.schema import (
    EffectKind,
    Element,
    Limit,
    RangeKind,
    SpellDef,
    SpellKind,
)
from engines.krosmaster.geometry import Zone


def parse_spell(node: Node) -> SpellDef:
    """One spell of a figure or a reward (4.15 range, 7.1 cost, 7.5 effects, 4.19.9 control)."""
    f = node.fields(
        {"id", "name", "kind", "element", "range", "cost", "amount", "zone", "limit"}
        | {"effects", "keywords", "control"},
        {"id", "name", "kind", "range"},
    )
    r = f["range"].fields({"kind", "min", "max", "variable"}, {"kind"})
    range_kind = r["kind"].choice(RangeKind)
    has_bounds = range_kind in (RangeKind.RANGED, RangeKind.LINE, RangeKind.NO_LOS)
    low = r.get("min", lambda n: n.integer(0, 30), 1 if has_bounds else 0)
    high = r.get("max", lambda n: n.integer(0, 30), 1 if has_bounds else 0)
    if has_bounds and ("min" not in r or "max" not in r):
        raise f["range"].fail(f"{range_kind.value} range needs min and max (4.15.3)")
    if not has_bounds and ("min" in r or "max" in r):
        raise f["range"].fail(f"{range_kind.value} range has no min/max (4.15.2, 4.15.6)")
    if low > high:
        raise r["min"].fail("min is above max")
    ap, mp, wounds, fixed_cost = _cost(f)
    keywords = [k.text() for k in f["keywords"].items()] if "keywords" in f else []
    for i, k in enumerate(keywords):
        if k not in ("tracking", "invasion"):
            raise f["keywords"].items()[i].fail("keywords are: tracking, invasion")
    kind = f["kind"].choice(SpellKind)
    effects = tuple(parse_effect(e) for e in f["effects"].items()) if "effects" in f else ()
    control = f.get("control", lambda n: n.integer(1, 20), 0)
    if any(e.kind is EffectKind.SUMMON for e in effects) != (control > 0):
        raise node.fail("a summoning spell has both a summon effect and a control value (4.19.9)")
    name, names = f["name"].name()
    return SpellDef(
        id=f["id"].text(),
        name=name,
        names=names,
        kind=kind,
        range_kind=range_kind,
        element=f.get("element", lambda n: n.choice(Element), Element.NEUTRAL),
        range_min=1 if range_kind is RangeKind.MELEE else low,
        range_max=1 if range_kind is RangeKind.MELEE else high,
        # 4.15.2: melee range can never be modified.
        variable=range_kind is not RangeKind.MELEE
        and r.get("variable", Node.boolean, range_kind is not RangeKind.PERSONAL),
        ap=ap,
        mp=mp,
        wounds=wounds,
        fixed_cost=fixed_cost,
        amount=f.get("amount", lambda n: n.integer(0, 30), 0),
        zone=f.get("zone", lambda n: n.choice(Zone), Zone.SINGLE),
        limit=f.get("limit", lambda n: n.choice(Limit), Limit.UNLIMITED),
        effects=effects,
        control=control,
        tracking="tracking" in keywords,
        invasion="invasion" in keywords,
    )


def _cost(f: Fields[Node]) -> tuple[int, int, int, bool]:
    """7.1: the AP, MP and wounds a spell costs, and whether nothing changes the cost."""
    if "cost" not in f:
        return 0, 0, 0, False
    cost = f["cost"].fields({"ap", "mp", "wounds", "fixed"})
    return (
        cost.get("ap", lambda n: n.integer(0, 20), 0),
        cost.get("mp", lambda n: n.integer(0, 20), 0),
        cost.get("wounds", lambda n: n.integer(0, 20), 0),
        cost.get("fixed", Node.boolean, False),
    )
