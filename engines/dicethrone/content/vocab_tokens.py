"""Parser of the steps counting the owner's own tokens or CP (issue 22, the
Pyromancer, the Druid): ``for_each_token``, ``spend_for``, ``raise_limit``,
``gain_per`` and ``if_status``.

```yaml
- for_each_token: {status: fire_mastery, do: [{damage: 1}]}
- spend_for: {status: fire_mastery, up_to: 4, do: [{damage: 3}]}   # tokens
- spend_for: {cp: true, do: [{gain: fire_mastery}]}                # CP, as desired
- raise_limit: fire_mastery                                        # or {status, count}
- gain_per: {status: fire_mastery, per: fiery_soul, times: 2}      # 2 per die showing it
  (``target: opponent``: inflicted on the opponent instead)
- if_status: {status: bear_form, do: [...], else: [...]}           # the owner holds one
- if_status: {status: haunted_head, holder: opponent, do: [...]}   # or any_opponent
- for_each_token: {status: [seedling, sapling, dryad], do: [...]}  # several count together
- spend_for: {status: [seedling, sapling], up_to: 3, do: [...], at_least: 2, also: [...]}
- grow: {chain: [seedling, sapling, dryad], times: 2}              # or {chain, each: true}
```
"""

from __future__ import annotations

from collections.abc import Callable

import yaml

from engines.core.yamlnode import Fields, Node
from engines.dicethrone.content import Script, Step, Text

OPS = frozenset({"for_each_token", "spend_for", "raise_limit", "gain_per", "if_status", "grow"})
#: Who ``if_status`` asks about.
HOLDERS = ("self", "opponent", "any_opponent")


def step(
    op: str, arg: Node, script: Callable[[Node], Script], text: Callable[[Node], Text]
) -> Step:
    """One of :data:`OPS`; ``script`` parses the nested ``do``, ``text`` a ``name``."""
    if op == "raise_limit":
        if isinstance(arg.node, yaml.ScalarNode):
            return Step(op=op, status=_ident(arg), amount=1)
        f = Fields(arg, {"status", "count"})
        count = f.get("count", lambda n: n.integer(1, 5), 1)
        return Step(op=op, status=f.need("status", _ident), amount=count)
    if op == "gain_per":
        # ``target: opponent``: the tokens are inflicted (the Samurai's Masamune:
        # one Shame per helmet); the owner gains them by default.
        f = Fields(arg, {"status", "per", "times", "target"})
        target = f.get("target", Node.text, "self")
        if target not in ("self", "opponent"):
            raise arg.fail("target is self or opponent")
        return Step(
            op=op,
            status=f.need("status", _ident),
            per=f.need("per", _ident),
            amount=f.get("times", lambda n: n.integer(1, 5), 1),
            target=target,
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
    if op == "grow":
        return _grow(arg, text)
    if op == "for_each_token":
        f = Fields(arg, {"status", "do", "name"})
        counted = f.need("status", _statuses)
        return Step(op=op, statuses=counted, steps=f.need("do", script), text=_name(f, text))
    f = Fields(arg, {"status", "cp", "up_to", "do", "at_least", "also", "name"})
    nothing: tuple[str, ...] = ()
    statuses = f.get("status", _statuses, nothing)
    cp = f.get("cp", Node.boolean, False)
    if (not statuses) == (not cp):
        raise arg.fail("spend_for names either a status (or a list of them) or 'cp: true'")
    up_to = f.get("up_to", lambda n: n.integer(1, 15), 0)
    at_least = f.get("at_least", lambda n: n.integer(1, 15), 0)
    no_steps: Script = ()
    also = f.get("also", script, no_steps)
    if bool(at_least) != bool(also):
        raise arg.fail("spend_for's 'also' needs 'at_least' (and only then)")
    return Step(
        op=op,
        statuses=statuses,
        amount=up_to,
        steps=f.need("do", script),
        at_least=at_least,
        also=also,
        text=_name(f, text),
    )


def _grow(arg: Node, text: Callable[[Node], Text]) -> Step:
    """``grow: {chain: [first, …, last], times: N}`` or ``{chain, each: true}``."""
    f = Fields(arg, {"chain", "times", "each", "name"})
    chain = f.need("chain", _statuses)
    if len(chain) < 2 or len(set(chain)) != len(chain):
        raise arg.fail("a chain names two or more different statuses, first stage first")
    each = f.get("each", Node.boolean, False)
    times = f.get("times", lambda n: n.integer(1, 10), 0)
    if each == bool(times):
        raise arg.fail("grow takes 'times: N' or 'each: true'")
    topic = "each" if each else ""
    return Step(op="grow", statuses=chain, amount=times, topic=topic, text=_name(f, text))


def _name(f: Fields[Node], text: Callable[[Node], Text]) -> Text:
    """``name``: the record's word for any of several statuses ("Spirit"; plain or per
    locale, read by ``text``), said instead of listing them."""
    none: Text = {}
    return f.get("name", text, none)


def _statuses(node: Node) -> tuple[str, ...]:
    """One status id, or a list of them counted together."""
    if isinstance(node.node, yaml.SequenceNode):
        items = tuple(_ident(i) for i in node.items())
        if not items:
            raise node.fail("name at least one status")
        return items
    return (_ident(node),)


def _ident(node: Node) -> str:
    value = node.text()
    if not value.replace("_", "").isalnum() or value.lower() != value:
        raise node.fail(f"ids are lowercase letters, digits and _, not {value!r}")
    return value
