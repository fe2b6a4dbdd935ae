"""The ``tracks:``, ``dials:`` and ``pieces:`` of a hero file (issue 22): a marker moved
along a row of positions by "steps" (the Duelist's Footwork), each position with its
name and its bonus scripts; a two-sided dial (the Sun Elf's Sun Dial); a piece that
sits on its hero's board or with another player (Thor's Mjölnir) (docs/dicethrone.md,
"Content format")."""

from __future__ import annotations

from engines.core.yamlnode import Fields, Node
from engines.dicethrone.content import DialDef, PieceDef, Script, Text, TrackDef
from engines.dicethrone.content.board_actions import board_actions
from engines.dicethrone.content.vocab import ident, script, text


def track(node: Node) -> TrackDef:
    """One track: its ends, start, position names and bonuses."""
    f = Fields(node, {"id", "name", "text", "low", "high", "start", "positions"} | _PROVENANCE)
    low = f.need("low", lambda n: n.integer(-5, 0))
    high = f.need("high", lambda n: n.integer(0, 5))
    labels: dict[int, Text] = {}
    attacking: dict[int, Script] = {}
    attacked: dict[int, Script] = {}
    for key, child in f.need("positions", Node.mapping).items():
        try:
            position = int(key)
        except ValueError:
            raise child.fail(f"positions are numbers from {low} to {high}, not {key!r}") from None
        if not low <= position <= high:
            raise child.fail(f"position {position} is off the track ({low} to {high})")
        p = Fields(child, {"name", "attacking", "attacked"})
        labels[position] = p.need("name", text)
        attacking[position] = p.get("attacking", script, ())
        attacked[position] = p.get("attacked", script, ())
    start = f.get("start", lambda n: n.integer(low, high), 0)
    if sorted(labels) != list(range(low, high + 1)):
        raise node.fail(f"name every position from {low} to {high}")
    return TrackDef(
        id=f.need("id", ident),
        name=f.need("name", text),
        text=f.need("text", text),
        low=low,
        high=high,
        start=start,
        labels=labels,
        attacking={k: v for k, v in attacking.items() if v},
        attacked={k: v for k, v in attacked.items() if v},
        source=f.need("source", Node.text),
        verified=f.need("verified", Node.boolean),
    )


_PROVENANCE = {"source", "verified"}


def dial(node: Node) -> DialDef:
    """One two-sided dial: its top value, side names, turning rules and scripts."""
    allowed = {"id", "name", "text", "high", "start", "sides", "overflow"} | _PROVENANCE
    allowed |= {"flip_when_full", "flip_when_empty", "upkeep", "attacking"}
    f = Fields(node, allowed)
    sides = f.need("sides", lambda n: tuple(text(i) for i in n.items()))
    if len(sides) == 1:
        # A one-sided dial (Raveness's Nevermore dial) never turns over: its one
        # name stands for both sides.
        sides = (sides[0], sides[0])
    if len(sides) != 2:
        raise node.fail("a dial has one or two sides")
    high = f.need("high", lambda n: n.integer(1, 10))

    def by_side(n: Node) -> dict[int, Script]:
        return {int(k): script(v) for k, v in n.mapping().items() if k in ("0", "1")}

    return DialDef(
        id=f.need("id", ident),
        name=f.need("name", text),
        text=f.need("text", text),
        high=high,
        sides=(sides[0], sides[1]),
        source=f.need("source", Node.text),
        verified=f.need("verified", Node.boolean),
        start=f.get("start", lambda n: n.integer(0, high), 0),
        overflow=f.get("overflow", script, ()),
        flip_when_full=f.get("flip_when_full", lambda n: n.integer(0, 1), None),
        flip_when_empty=f.get("flip_when_empty", lambda n: n.integer(0, 1), None),
        upkeep=f.get("upkeep", by_side, {}),
        attacking=f.get("attacking", by_side, {}),
    )


def piece(node: Node) -> PieceDef:
    """One piece: its name, rules text, what sending it away and taking it back do,
    what activating it does and what it does at its holder's Upkeep."""
    keys = {"id", "name", "text", "sent", "recalled", "activate", "holder_upkeep", "actions"}
    f = Fields(node, keys | _PROVENANCE)
    piece_id = f.need("id", ident)
    return PieceDef(
        id=piece_id,
        name=f.need("name", text),
        text=f.need("text", text),
        source=f.need("source", Node.text),
        verified=f.need("verified", Node.boolean),
        sent=f.get("sent", script, ()),
        recalled=f.get("recalled", script, ()),
        activate=f.get("activate", script, ()),
        holder_upkeep=f.get("holder_upkeep", script, ()),
        actions=f.get("actions", lambda n: board_actions(n, piece_id), ()),
    )
