"""Line of sight in whole numbers gives exactly the answers of the rational-number
construction it replaced (4.15.9), on random boards and positions."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.krosmaster.geometry import Square, crosses, line_of_sight, squares_crossed

squares = st.tuples(st.integers(0, 15), st.integers(0, 15))


def _open_interval(start: Fraction, delta: Fraction, low: int) -> tuple[Fraction, Fraction] | None:
    """Parameters t where ``start + t*delta`` lies strictly inside ``(low, low+1)``."""
    if delta == 0:
        inside = low < start < low + 1
        return (Fraction(-1), Fraction(2)) if inside else None
    t1 = (low - start) / delta
    t2 = (low + 1 - start) / delta
    return (min(t1, t2), max(t1, t2))


def fraction_crosses(a: Square, b: Square, square: Square) -> bool:
    """The former ``crosses``: centres at half squares, exact rationals."""
    ax, ay = Fraction(a[0]) + Fraction(1, 2), Fraction(a[1]) + Fraction(1, 2)
    dx, dy = Fraction(b[0] - a[0]), Fraction(b[1] - a[1])
    ix = _open_interval(ax, dx, square[0])
    iy = _open_interval(ay, dy, square[1])
    if ix is None or iy is None:
        return False
    low = max(ix[0], iy[0], Fraction(0))
    high = min(ix[1], iy[1], Fraction(1))
    return low < high


def fraction_squares_crossed(a: Square, b: Square) -> list[Square]:
    xs = range(min(a[0], b[0]), max(a[0], b[0]) + 1)
    ys = range(min(a[1], b[1]), max(a[1], b[1]) + 1)
    return [
        (x, y) for x in xs for y in ys if (x, y) not in (a, b) and fraction_crosses(a, b, (x, y))
    ]


@settings(max_examples=1000)
@given(squares, squares, st.tuples(st.integers(-1, 16), st.integers(-1, 16)))
def test_a_square_is_cut_exactly_when_it_was(a: Square, b: Square, square: Square) -> None:
    assert crosses(a, b, square) == fraction_crosses(a, b, square)


@settings(max_examples=500)
@given(squares, squares)
def test_the_squares_a_line_cuts_are_the_same(a: Square, b: Square) -> None:
    assert squares_crossed(a, b) == fraction_squares_crossed(a, b)
    assert squares_crossed(b, a) == fraction_squares_crossed(b, a)


@settings(max_examples=200)
@given(st.sets(squares, max_size=60), st.lists(st.tuples(squares, squares), max_size=40))
def test_sight_on_a_random_board_is_the_same(
    blocking: set[Square], lines: list[tuple[Square, Square]]
) -> None:
    for a, b in lines:
        expected = not any(s in blocking for s in fraction_squares_crossed(a, b))
        assert line_of_sight(a, b, blocking.__contains__) == expected


def test_every_line_on_a_small_arena_is_the_same() -> None:
    # Exhaustive on 6 × 6: every pair of squares, every square of the arena.
    arena = [(x, y) for x in range(6) for y in range(6)]
    for a in arena:
        for b in arena:
            for square in arena:
                assert crosses(a, b, square) == fraction_crosses(a, b, square), (a, b, square)
