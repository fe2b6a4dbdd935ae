"""What a move or a cast would do, shown to its player before it is made.

``plan`` is the data the ``preview`` render draws over the seat's own view: no die is
rolled and the view is the one the seat already sees, so nothing hidden is revealed.
The action has already passed every check ``apply`` makes (``Krosmaster.preview``
runs it against dice that refuse to roll), so the functions here meet no refusal.
"""

from __future__ import annotations

from typing import Any

from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import RangeKind
from engines.krosmaster.geometry import label, parse_label
from engines.krosmaster.names import local_name
from engines.krosmaster.rules import movement, play
from engines.krosmaster.rules.board import trap_at
from engines.krosmaster.rules.casting import cast_squares, choose_facing
from engines.krosmaster.rules.state import State
from engines.krosmaster.rules.targeting import find_spell, in_range, reaches, unit_targets


def move_plan(state: State, action: A.Move) -> dict[str, Any]:
    """6.3.2 / 4.14: the path ``move`` would walk, its length against the MP, and where
    lock tests would happen with the enemies that would test."""
    unit = play.active(state)
    assert unit.pos is not None
    path = movement.parse_path(state, unit, action.to, action.path)
    walked, locks = movement.lock_plan(state, unit, path)
    trap = walked[-1] if walked and trap_at(state, walked[-1]) is not None else None
    return {
        "kind": "move",
        "unit": local_name(state.fig(unit)),
        "from": label(unit.pos),
        "path": [label(s) for s in walked],
        "steps": len(walked),
        "mp": unit.mp,
        "locks": [
            {
                "square": label(x.square),
                "enemies": [local_name(state.fig(state.unit(e))) for e in x.enemies],
                "ids": list(x.enemies),
            }
            for x in locks
        ],
        "trap": label(trap) if trap is not None else None,
    }


def cast_plan(state: State, action: A.Cast) -> dict[str, Any]:
    """7.1 / 4.16: the spell's range from the caster with the squares out of sight, the
    target, and the zone's squares with the units the cast would make targets (7.2.3)."""
    caster = play.active(state)
    assert caster.pos is not None
    spell = find_spell(state, caster, action.spell)
    square = parse_label(action.target)
    assert square is not None
    facing = choose_facing(caster, spell, square, action.facing)
    zone = cast_squares(state, caster, spell, square, facing)
    seen: list[str] = []
    blocked: list[str] = []
    for y in range(state.arena.height):
        for x in range(state.arena.width):
            if not in_range(state, caster, spell, (x, y)):
                continue
            (seen if reaches(state, caster, spell, (x, y)) else blocked).append(label((x, y)))
    hit = unit_targets(state, zone)
    return {
        "kind": "cast",
        "unit": local_name(state.fig(caster)),
        "spell": local_name(spell),
        "from": label(caster.pos),
        "target": label(square),
        "facing": facing.value if facing is not None else None,
        "sight": spell.range_kind not in (RangeKind.NO_LOS, RangeKind.PERSONAL),
        "range": seen,
        "blocked": blocked,
        "zone": [label(s) for s in zone],
        "hit": [local_name(state.fig(u)) for u in hit],
        "hit_ids": [u.id for u in hit],
    }
