"""Conditional static effects on cards (4.18.4.a/e) in the content files.

``{power: armour, while: {adjacent: Tofu}}``: a keyword power the bearer has only while
the condition holds. ``{static: 1, stat: mp, while: {wounds_at_least: 3}, name: Fúria}``:
a number of the bearer changed while it holds ("while …, this unit has +1 MP").
"""

from __future__ import annotations

from engines.krosmaster.content.node import Node
from engines.krosmaster.content.schema import (
    CONDITION_TURNS,
    GROUP_SIDES,
    STATIC_STATS,
    Condition,
    Power,
    PowerDef,
)

CONDITION_KEYS = {"adjacent", "side", "wounds_at_least", "wounds_below", "turn"}


def parse_condition(node: Node) -> Condition:
    """``while: {adjacent: Tofu, side: allies, wounds_at_least: 2, turn: own}`` (all hold)."""
    f = node.fields(CONDITION_KEYS)
    if not f.children:
        raise node.fail(f"while needs one of: {', '.join(sorted(CONDITION_KEYS))}")
    side = f.get("side", Node.text, "all")
    if side not in GROUP_SIDES:
        raise f["side"].fail(f"side is one of: {', '.join(GROUP_SIDES)}")
    if "side" in f and "adjacent" not in f:
        raise f["side"].fail("side is the side of the adjacent unit: it needs adjacent")
    turn = f.get("turn", Node.text, "")
    if "turn" in f and turn not in CONDITION_TURNS:
        raise f["turn"].fail(f"turn is one of: {', '.join(CONDITION_TURNS)}")
    at_least = f.get("wounds_at_least", lambda n: n.integer(1, 99), 0)
    below = f.get("wounds_below", lambda n: n.integer(1, 99), 0)
    if at_least and below and below <= at_least:
        raise f["wounds_below"].fail("wounds_below must be above wounds_at_least")
    return Condition(
        adjacent=f.get("adjacent", Node.text, ""),
        side=side,
        wounds_at_least=at_least,
        wounds_below=below,
        turn=turn,
    )


def parse_static(node: Node) -> PowerDef:
    """``{static: ±X, stat: mp, while: {...}, name: "..."}``: a number changed while the
    condition holds (4.18.4.a/e); without ``while`` it always applies."""
    f = node.fields({"static", "stat", "while", "name"}, {"static", "stat"})
    stat = f["stat"].text()
    if stat not in STATIC_STATS:
        raise f["stat"].fail(f"stat is one of: {', '.join(STATIC_STATS)}")
    amount = f["static"].integer(-9, 9)
    if not amount:
        raise f["static"].fail("a static change needs a non-zero amount")
    condition = parse_condition(f["while"]) if "while" in f else None
    name = f.get("name", Node.text, "")
    return PowerDef(Power.MANUAL, name=name, amount=amount, condition=condition, stat=stat)
