"""The ``actions:`` of a passive or a piece: "at any time" actions printed on a hero's
board, with a cost and a script (docs/dicethrone.md, "Content format")."""

from __future__ import annotations

from engines.core.yamlnode import Fields, Node
from engines.dicethrone.content import BoardAction
from engines.dicethrone.content.vocab import ident, script, text

#: What an action may cost: CP paid, or cards of the hand discarded (one of them).
COSTS = frozenset({"cp", "discard"})


def board_actions(node: Node, holder: str) -> tuple[BoardAction, ...]:
    """The actions of the passive or piece ``holder``."""
    return tuple(_action(item, holder) for item in node.items())


def _action(node: Node, holder: str) -> BoardAction:
    f = Fields(node, {"id", "name", "cost", "do", "once_per_turn", "levels"})
    empty: dict[str, Node] = {}
    cost = f.get("cost", lambda n: n.mapping(), empty)
    for key, child in cost.items():
        if key not in COSTS:
            raise child.fail(f"a cost is {' or '.join(sorted(COSTS))}, not {key!r}")
    if len(cost) != 1:
        raise node.fail("give the action one cost: {cp: N} or {discard: 1}")
    cp = cost["cp"].integer(1, 10) if "cp" in cost else 0
    discard = cost["discard"].integer(1, 1) if "discard" in cost else 0
    every: tuple[int, ...] = ()
    levels = f.get("levels", lambda n: tuple(i.integer(1, 3) for i in n.items()), every)
    return BoardAction(
        id=f.need("id", ident),
        name=f.need("name", text),
        effect=f.need("do", script),
        cp=cp,
        discard=discard,
        once_per_turn=f.get("once_per_turn", Node.boolean, False),
        levels=levels,
        holder=holder,
    )
