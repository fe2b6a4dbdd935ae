"""Grid geometry: labels, adjacency, range distance, line of sight, zones (4.15–4.17)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engines.krosmaster.geometry import (
    Facing,
    Zone,
    adjacent,
    aligned,
    crosses,
    distance,
    facings,
    label,
    line_of_sight,
    parse_label,
    squares_crossed,
    zone_squares,
)

squares = st.tuples(st.integers(0, 11), st.integers(0, 11))


def test_labels_are_column_letter_then_row_number() -> None:
    assert label((0, 0)) == "A1"
    assert label((2, 4)) == "C5"
    assert parse_label(" c5 ") == (2, 4)
    assert parse_label("L12") == (11, 11)
    assert parse_label("5C") is None
    assert parse_label("C0") is None


@given(squares)
def test_labels_round_trip(square: tuple[int, int]) -> None:
    assert parse_label(label(square)) == square


def test_adjacency_and_distance_ignore_diagonals() -> None:
    # 4.17.2 adjacency shares a side; 4.15.1 counts range without diagonals.
    assert adjacent((3, 3), (3, 4))
    assert not adjacent((3, 3), (4, 4))
    assert distance((0, 0), (2, 3)) == 5
    assert aligned((1, 5), (1, 9)) and not aligned((1, 5), (2, 9))


def test_straight_line_is_cut_by_the_squares_between() -> None:
    assert squares_crossed((0, 0), (3, 0)) == [(1, 0), (2, 0)]


def test_exact_diagonal_cuts_only_the_squares_it_passes_through() -> None:
    # A1→C3 passes through B2's centre and only grazes the corners of A2 and B1.
    assert squares_crossed((0, 0), (2, 2)) == [(1, 1)]
    assert not crosses((0, 0), (2, 2), (1, 0))


def test_knight_move_line_cuts_both_middle_squares() -> None:
    # A1→C2 runs from (0.5, 0.5) to (2.5, 1.5): it crosses B1 then B2.
    assert squares_crossed((0, 0), (2, 1)) == [(1, 0), (1, 1)]


def test_line_of_sight_is_blocked_only_by_blocking_squares() -> None:
    wall = {(1, 1)}
    assert not line_of_sight((0, 0), (2, 2), lambda s: s in wall)
    assert line_of_sight((0, 0), (2, 0), lambda s: s in wall)
    # The target square itself never blocks.
    assert line_of_sight((0, 0), (1, 1), lambda s: s in wall)


@given(squares, squares, squares)
def test_line_of_sight_is_symmetric(
    a: tuple[int, int], b: tuple[int, int], s: tuple[int, int]
) -> None:
    assert crosses(a, b, s) == crosses(b, a, s)


@given(squares, squares)
def test_crossed_squares_lie_within_the_bounding_box(
    a: tuple[int, int], b: tuple[int, int]
) -> None:
    for x, y in squares_crossed(a, b):
        assert min(a[0], b[0]) <= x <= max(a[0], b[0])
        assert min(a[1], b[1]) <= y <= max(a[1], b[1])


def test_facing_follows_the_dominant_axis_and_offers_both_on_a_diagonal() -> None:
    assert facings((5, 5), (8, 6)) == [Facing.EAST]
    assert facings((5, 5), (5, 2)) == [Facing.NORTH]
    assert facings((5, 5), (7, 7)) == [Facing.EAST, Facing.SOUTH]
    assert facings((5, 5), (5, 5)) == []


def test_unoriented_zones() -> None:
    assert sorted(zone_squares(Zone.CROSS, (5, 5), None)) == [(4, 5), (5, 4), (5, 6), (6, 5)]
    assert len(zone_squares(Zone.SQUARE, (5, 5), None)) == 8
    assert zone_squares(Zone.SINGLE, (5, 5), None) == []


def test_oriented_zones_follow_the_casters_direction() -> None:
    # Caster west of the target, spell pointing east: "behind" is further east.
    east = Facing.EAST
    assert sorted(zone_squares(Zone.STAFF, (5, 5), east)) == [(5, 4), (5, 6)]
    assert sorted(zone_squares(Zone.HAMMER, (5, 5), east)) == [(5, 4), (5, 6), (6, 5)]
    assert zone_squares(Zone.SHOVEL, (5, 5), east) == [(6, 5)]
    assert zone_squares(Zone.NEEDLE, (5, 5), east) == [(6, 5), (7, 5)]
    assert sorted(zone_squares(Zone.BREATH, (5, 5), east)) == [(6, 4), (6, 5), (6, 6)]
    # Pointing north, behind is the row above.
    assert zone_squares(Zone.SHOVEL, (5, 5), Facing.NORTH) == [(5, 4)]
    assert sorted(zone_squares(Zone.STAFF, (5, 5), Facing.NORTH)) == [(4, 5), (6, 5)]
