"""Parser of the steps counting the owner's own tokens or CP (issue 22, the
Pyromancer, the Druid): ``for_each_token``, ``spend_for``, ``raise_limit``,
``gain_per`` and ``if_status``.

```yaml
- for_each_token: {status: fire_mastery, do: [{damage: 1}]}
- spend_for: {status: fire_mastery, up_to: 4, do: [{damage: 3}]}   # tokens
- spend_for: {cp: true, do: [{gain: fire_mastery}]}                # CP, as desired
- raise_limit: fire_mastery                                        # or {status, count}
- gain_per: {status: fire_mastery, per: fiery_soul, times: 2}      # 2 per die showing it
- if_status: {status: bear_form, do: [...], else: [...]}           # the owner holds one
- if_status: {status: haunted_head, holder: opponent, do: [...]}   # or any_opponent
```
"""

from __future__ import annotations

from collections.abc import Callable

import yaml

from engines.core.yamlnode import Fields, Node
from engines.dicethrone.content import Script, Step

OPS = frozenset({"for_each_token", "spend_for", "raise_limit", "gain_per", "if_status"})
#: Who ``if_status`` asks about.
HOLDERS = ("self", "opponent", "any_opponent")


def step(op: str, arg: Node, script: Callable[[Node], Script]) -> Step:
    """One of :data:`OPS`; ``script`` parses the nested ``do``."""
    if op == "raise_limit":
        if isinstance(arg.node, yaml.ScalarNode):
            return Step(op=op, status=_ident(arg), amount=1)
        f = Fields(arg, {"status", "count"})
        count = f.get("count", lambda n: n.integer(1, 5), 1)
        return Step(op=op, status=f.need("status", _ident), amount=count)
    if op == "gain_per":
        f = Fields(arg, {"status", "per", "times"})
        return Step(
            op=op,
            status=f.need("status", _ident),
            per=f.need("per", _ident),
            amount=f.get("times", lambda n: n.integer(1, 5), 1),
        )
    if op == "if_status":
        f = Fields(arg, {"status", "do", "else", "holder"})
        # Who must hold it (the Headless Horseman's Haunted Head, issue 22): the owner,
        # "your opponent" (the Defender of her Attack, else the default opponent) or
        # "an opponent" (any living one). Kept in the record's ``topic``.
        holder = f.get("holder", Node.text, "self")
        if holder not in HOLDERS:
            raise arg.fail(f"holder is one of {', '.join(HOLDERS)}")
        return Step(
            op=op,
            status=f.need("status", _ident),
            steps=f.need("do", script),
            otherwise=f.get("else", script, ()),
            topic="" if holder == "self" else holder,
        )
    if op == "for_each_token":
        f = Fields(arg, {"status", "do"})
        counted = f.need("status", _ident)
        return Step(op=op, status=counted, steps=f.need("do", script))
    f = Fields(arg, {"status", "cp", "up_to", "do"})
    status = f.get("status", _ident, None)
    cp = f.get("cp", Node.boolean, False)
    if (status is None) == (not cp):
        raise arg.fail("spend_for names either a status or 'cp: true'")
    up_to = f.get("up_to", lambda n: n.integer(1, 15), 0)
    return Step(op=op, status=status, amount=up_to, steps=f.need("do", script))


def _ident(node: Node) -> str:
    value = node.text()
    if not value.replace("_", "").isalnum() or value.lower() != value:
        raise node.fail(f"ids are lowercase letters, digits and _, not {value!r}")
    return value
