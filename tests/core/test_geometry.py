"""Grid geometry: hex and square distance, offsets, neighbours, rings, lines and arcs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.geometry import HEX_DIRS, SQUARE_DIRS, HexGrid, SquareGrid, hex_line

coord = st.integers(-40, 40)
cell = st.tuples(coord, coord)
STAGGERS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]
HEX = HexGrid()
SQUARE = SquareGrid()

settings.register_profile("geometry", max_examples=150, deadline=None)
settings.load_profile("geometry")


# -- hex ---------------------------------------------------------------------------------------

@given(cell, cell)
def test_hex_distance_is_symmetric_and_zero_only_on_itself(a, b):
    assert HEX.distance(a, b) == HEX.distance(b, a) >= 0
    assert (HEX.distance(a, b) == 0) == (a == b)


@given(cell, cell, cell)
def test_hex_distance_triangle_inequality(a, b, c):
    assert HEX.distance(a, c) <= HEX.distance(a, b) + HEX.distance(b, c)


@given(cell)
def test_hex_neighbours_are_six_distinct_cells_at_distance_one(a):
    ns = HEX.neighbors(a)
    assert len(set(ns)) == 6
    assert all(HEX.distance(a, n) == 1 for n in ns)


@pytest.mark.parametrize("axis,index", STAGGERS)
@given(col=coord, row=coord)
def test_offset_axial_round_trip_for_every_stagger(axis, index, col, row):
    grid = HexGrid(axis, index)
    assert grid.to_offset(grid.from_offset(col, row)) == (col, row)
    q, r = grid.from_offset(col, row)
    assert grid.from_offset(*grid.to_offset((q, r))) == (q, r)


@pytest.mark.parametrize("axis,index", STAGGERS)
def test_offset_neighbours_match_tiled_stagger(axis, index):
    """Tiled's layout: in a shifted row (pointy) a cell touches the next column's cells above and below."""
    grid = HexGrid(axis, index)
    shifted = 1 if index == "odd" else 0
    if axis == "y":
        # Row `shifted` is pushed right: (0, shifted) touches (1, shifted - 1) and (1, shifted + 1).
        a = grid.from_offset(0, shifted)
        expect = {(1, shifted), (-1, shifted), (0, shifted - 1), (1, shifted - 1), (0, shifted + 1),
                  (1, shifted + 1)}
    else:
        a = grid.from_offset(shifted, 0)
        expect = {(shifted, 1), (shifted, -1), (shifted - 1, 0), (shifted - 1, 1), (shifted + 1, 0),
                  (shifted + 1, 1)}
    assert {grid.to_offset(n) for n in grid.neighbors(a)} == expect


@given(cell, st.integers(0, 12))
def test_hex_ring_has_6r_cells_all_at_radius_r(centre, radius):
    ring = HEX.ring(centre, radius)
    assert len(ring) == len(set(ring)) == max(1, 6 * radius)
    assert all(HEX.distance(centre, c) == radius for c in ring)
    # Clockwise walk: consecutive cells are adjacent.
    if radius:
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
            assert HEX.distance(a, b) == 1


@given(cell, cell)
def test_hex_line_endpoints_length_and_continuity(a, b):
    line = HEX.line(a, b)
    assert line[0] == a and line[-1] == b
    assert len(line) == HEX.distance(a, b) + 1
    for x, y in zip(line, line[1:], strict=False):
        assert HEX.distance(x, y) == 1
    # Every step moves one closer to b.
    assert [HEX.distance(c, b) for c in line] == list(range(len(line) - 1, -1, -1))


@given(cell, cell, st.sampled_from([1e-6, -1e-6]))
def test_nudged_hex_lines_stay_continuous(a, b, nudge):
    line = hex_line(a, b, nudge)
    assert len(line) == HEX.distance(a, b) + 1
    assert all(HEX.distance(x, y) == 1 for x, y in zip(line, line[1:], strict=False))


@given(cell, st.integers(0, 5), st.integers(0, 5))
def test_arc_of_neighbour_in_direction_facing_plus_k_is_k(defender, facing, k):
    dq, dr = HEX_DIRS[(facing + k) % 6]
    attacker = (defender[0] + dq, defender[1] + dr)
    assert HEX.arc(defender, facing, attacker) == k
    assert HEX.direction_to(defender, attacker) == (facing + k) % 6


@given(cell, st.integers(0, 5), st.integers(1, 6), st.integers(0, 5))
def test_arc_is_the_same_along_a_straight_direction(defender, facing, dist, k):
    dq, dr = HEX_DIRS[(facing + k) % 6]
    attacker = (defender[0] + dq * dist, defender[1] + dr * dist)
    assert HEX.arc(defender, facing, attacker) == k


def on_arc_border(defender, attacker) -> bool:
    """Exactly between two arcs: 30° off a hex side, where two cube coordinates are equal."""
    q, r = attacker[0] - defender[0], attacker[1] - defender[1]
    s = -q - r
    return q == r or r == s or q == s


@given(cell, st.integers(0, 5), cell)
def test_arc_turns_with_facing(defender, facing, attacker):
    arc = HEX.arc(defender, facing, attacker)
    assert 0 <= arc <= 5
    turned = HEX.arc(defender, (facing + 1) % 6, attacker)
    if attacker != defender and not on_arc_border(defender, attacker):
        # Turning the defender one side clockwise moves the attacker one arc anticlockwise.
        assert turned == (arc - 1) % 6


def rotate(c: tuple[int, int], n: int) -> tuple[int, int]:
    """Axial vector turned n × 60° clockwise (y-down screen)."""
    q, r = c
    for _ in range(n % 6):
        q, r = -r, q + r
    return q, r


@given(cell, st.integers(0, 5), cell)
def test_arc_left_right_mirror(defender, facing, attacker):
    """An attacker mirrored across the facing line lands in the mirrored arc (1<->5, 2<->4).

    The border rule (nearer the front wins) is itself mirror-symmetric, so this holds exactly.
    """
    rel = rotate((attacker[0] - defender[0], attacker[1] - defender[1]), -facing)
    mirrored_rel = (rel[0] + rel[1], -rel[1])  # cube (q, r, s) -> (-s, -r, -q): fixes direction 0
    back = rotate(mirrored_rel, facing)
    mirrored = (defender[0] + back[0], defender[1] + back[1])
    a = HEX.arc(defender, facing, attacker)
    assert HEX.arc(defender, facing, mirrored) == (6 - a) % 6


def test_arc_borders_fall_to_the_arc_nearer_the_front():
    d = (0, 0)
    # (1, 1) sits exactly between direction 0 (front) and direction 1: front wins.
    assert HEX.arc(d, 0, (1, 1)) == 0
    # (2, -1) is between direction 0 and direction 5: front wins.
    assert HEX.arc(d, 0, (2, -1)) == 0
    # (-1, 2) sits between directions 1 and 2: 1 is nearer the front.
    assert HEX.arc(d, 0, (-1, 2)) == 1
    # (-2, 1): between 2 and 3 (rear) -> 2; (-1, -1): between 3 and 4 -> 4.
    assert HEX.arc(d, 0, (-2, 1)) == 2
    assert HEX.arc(d, 0, (-1, -1)) == 4


# -- square ------------------------------------------------------------------------------------

@given(cell, cell)
def test_square_distance_is_chebyshev(a, b):
    assert SQUARE.distance(a, b) == max(abs(a[0] - b[0]), abs(a[1] - b[1])) == SQUARE.distance(b, a)


@given(cell)
def test_square_neighbours_are_the_eight_around(a):
    ns = SQUARE.neighbors(a)
    assert len(set(ns)) == 8 and all(SQUARE.distance(a, n) == 1 for n in ns)
    assert len(SQUARE_DIRS) == 8


@given(cell, st.integers(0, 10))
def test_square_ring_size(centre, radius):
    ring = SQUARE.ring(centre, radius)
    assert len(set(ring)) == len(ring) == max(1, 8 * radius)
    assert all(SQUARE.distance(centre, c) == radius for c in ring)


small = st.tuples(st.integers(-15, 15), st.integers(-15, 15))


@given(small, small)
def test_square_line_is_symmetric_as_a_set(a, b):
    assert set(SQUARE.line(a, b)) == set(SQUARE.line(b, a))


@given(small, small)
def test_square_line_has_its_ends_and_is_connected(a, b):
    line = SQUARE.line(a, b)
    assert line[0] == a and line[-1] == b and len(set(line)) == len(line)
    # 8-connected: walking the cells in order never jumps.
    for x, y in zip(line, line[1:], strict=False):
        assert SQUARE.distance(x, y) == 1, line
    # At least one cell per step of Chebyshev distance.
    assert len(line) >= SQUARE.distance(a, b) + 1


def test_square_line_through_a_corner_enters_neither_side_cell():
    assert SQUARE.line((0, 0), (2, 2)) == [(0, 0), (1, 1), (2, 2)]
    assert set(SQUARE.line((0, 0), (2, 1))) == {(0, 0), (1, 0), (1, 1), (2, 1)}


@pytest.mark.parametrize("grid", [SQUARE, HEX], ids=["square", "hex"])
def test_from_to_offset_consistent(grid):
    for col in range(-3, 4):
        for row in range(-3, 4):
            assert grid.to_offset(grid.from_offset(col, row)) == (col, row)
