"""Geometry of the arena grid: squares, adjacency, distance, line of sight, zones.

Pure functions over ``(x, y)`` squares; ``x`` counts columns from the left
(labelled A, B, …) and ``y`` rows from the top (labelled 1, 2, …).
Nothing here knows about units or rules beyond what a square holds.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from functools import lru_cache

Square = tuple[int, int]

#: The four orthogonal unit steps; diagonals never count (4.15.1, 4.17.2).
STEPS: tuple[Square, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


def label(square: Square) -> str:
    """``(2, 4)`` → ``"C5"``: column letter, then row number."""
    x, y = square
    return f"{chr(ord('A') + x)}{y + 1}"


def parse_label(text: str) -> Square | None:
    """``"C5"`` (any case, spaces ignored) → ``(2, 4)``; ``None`` if malformed."""
    t = text.strip().upper().replace(" ", "")
    if len(t) < 2 or not ("A" <= t[0] <= "Z") or not t[1:].isdigit():
        return None
    row = int(t[1:])
    return None if row < 1 else (ord(t[0]) - ord("A"), row - 1)


def adjacent(a: Square, b: Square) -> bool:
    """Two squares sharing a side (4.17.2)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def neighbours(square: Square, width: int, height: int) -> list[Square]:
    """The orthogonally adjacent squares inside the grid."""
    x, y = square
    return [(x + dx, y + dy) for dx, dy in STEPS if 0 <= x + dx < width and 0 <= y + dy < height]


def distance(a: Square, b: Square) -> int:
    """Range distance counted in adjacent squares, diagonals not counting (4.15.1)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def aligned(a: Square, b: Square) -> bool:
    """Same row or column (4.15.4 line spells, 7.5.21 Rastreio)."""
    return a[0] == b[0] or a[1] == b[1]


def crosses(a: Square, b: Square, square: Square) -> bool:
    """Whether the centre-to-centre segment a→b passes through ``square``'s interior.

    4.15.9: a line is blocked by a square it *cuts*; a line that only grazes a
    corner or runs along an edge does not cut it. Exact integer arithmetic, so
    there are no rounding surprises on long diagonals: with coordinates doubled,
    centres are whole numbers, and the points ``a + t·(b − a)`` inside the square
    are those whose ``t`` lies in an open interval per axis, compared as
    numerators over one common denominator.
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    mx, my = abs(dx) or 1, abs(dy) or 1
    # t runs over [0, 1], that is numerators [0, denominator].
    low, high = 0, 4 * mx * my
    for start, delta, edge, scale in ((a[0], dx, square[0], 2 * my), (a[1], dy, square[1], 2 * mx)):
        if delta == 0:
            # Parallel to this axis: inside the square's open band, or never in it.
            if start != edge:
                return False
            continue
        # Doubled, the line is at 2·start + 1 + t·2·delta and the band is the open
        # interval (2·edge, 2·edge + 2): t between these two, over 2·|delta|.
        sign = 1 if delta > 0 else -1
        near = (2 * edge - 2 * start - 1) * sign * scale
        far = (2 * edge + 1 - 2 * start) * sign * scale
        low = max(low, min(near, far))
        high = min(high, max(near, far))
    return low < high


@lru_cache(maxsize=8192)
def _crossed(a: Square, b: Square) -> tuple[Square, ...]:
    """:func:`squares_crossed`, kept per pair (the recent few thousand): it depends
    on nothing else, and a view asks for the same lines again on every move."""
    xs = range(min(a[0], b[0]), max(a[0], b[0]) + 1)
    ys = range(min(a[1], b[1]), max(a[1], b[1]) + 1)
    return tuple((x, y) for x in xs for y in ys if (x, y) not in (a, b) and crosses(a, b, (x, y)))


def squares_crossed(a: Square, b: Square) -> list[Square]:
    """Every square strictly between a and b that the segment cuts (4.15.9)."""
    return list(_crossed(a, b))


def line_of_sight(a: Square, b: Square, blocks: Callable[[Square], bool]) -> bool:
    """A line of sight from a to b exists unless a cut square blocks (4.15.9)."""
    return not any(blocks(s) for s in _crossed(a, b))


class Facing(enum.Enum):
    """The direction of a spell, from caster towards target (4.16.3)."""

    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"

    @property
    def step(self) -> Square:
        """The unit step of this direction on the grid."""
        return {
            Facing.NORTH: (0, -1),
            Facing.EAST: (1, 0),
            Facing.SOUTH: (0, 1),
            Facing.WEST: (-1, 0),
        }[self]


def facings(caster: Square, target: Square) -> list[Facing]:
    """Possible orientations of a spell from caster to target.

    Aligned targets have one; otherwise the dominant axis decides, and an exact
    diagonal offers both candidates (the caster chooses). A spell on the
    caster's own square has none.
    """
    dx, dy = target[0] - caster[0], target[1] - caster[1]
    horizontal = Facing.EAST if dx > 0 else Facing.WEST
    vertical = Facing.SOUTH if dy > 0 else Facing.NORTH
    if dx == 0 and dy == 0:
        return []
    if abs(dx) > abs(dy):
        return [horizontal]
    if abs(dy) > abs(dx):
        return [vertical]
    return [horizontal, vertical]


class Zone(enum.Enum):
    """Areas of effect of 4.16.3."""

    SINGLE = "single"
    CROSS = "cross"
    SQUARE = "square"
    HAMMER = "hammer"
    STAFF = "staff"
    SHOVEL = "shovel"
    NEEDLE = "needle"
    BREATH = "breath"
    MULTIPLE = "multiple"

    @property
    def oriented(self) -> bool:
        """Whether the zone depends on the caster's direction (4.16.3)."""
        return self in _ORIENTED


_ORIENTED = frozenset({Zone.HAMMER, Zone.STAFF, Zone.SHOVEL, Zone.NEEDLE, Zone.BREATH})


def zone_squares(zone: Zone, target: Square, facing: Facing | None) -> list[Square]:
    """The additional squares of a zone around ``target`` (not the target itself).

    "Behind" is one step further along ``facing``; "left"/"right" are the
    perpendicular neighbours. MULTIPLE depends on the spell's legal targets and
    is resolved by the caller. Squares may lie off the grid; callers clip.
    """
    x, y = target
    if zone is Zone.CROSS:
        return [(x + dx, y + dy) for dx, dy in STEPS]
    if zone is Zone.SQUARE:
        return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]
    if zone in (Zone.SINGLE, Zone.MULTIPLE):
        return []
    if facing is None:
        raise ValueError(f"zone {zone.value} needs a facing")
    fx, fy = facing.step
    sides = [(x - fy, y + fx), (x + fy, y - fx)]  # perpendicular neighbours
    behind = (x + fx, y + fy)
    if zone is Zone.STAFF:
        return sides
    if zone is Zone.HAMMER:
        return [*sides, behind]
    if zone is Zone.SHOVEL:
        return [behind]
    if zone is Zone.NEEDLE:
        return [behind, (x + 2 * fx, y + 2 * fy)]
    # BREATH: the cone of three squares in the row behind the target.
    bx, by = behind
    return [(bx - fy, by + fx), behind, (bx + fy, by - fx)]


def straight_path(start: Square, facing: Facing, count: int) -> list[Square]:
    """The ``count`` squares one after another from ``start`` along ``facing``."""
    fx, fy = facing.step
    return [(start[0] + fx * i, start[1] + fy * i) for i in range(1, count + 1)]


def in_grid(square: Square, width: int, height: int) -> bool:
    """Whether a square lies on the board."""
    return 0 <= square[0] < width and 0 <= square[1] < height


def clip(squares: Iterable[Square], width: int, height: int) -> list[Square]:
    """Squares on the board, in order, without duplicates."""
    seen: list[Square] = []
    for s in squares:
        if in_grid(s, width, height) and s not in seen:
            seen.append(s)
    return seen
