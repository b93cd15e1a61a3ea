"""`offset_words`: where a cell lies from another, as players read it (distance and compass
direction, never coordinates), on square boards and on pointy- and flat-topped hex boards; and
`plural`, the one way a count and its noun are worded ("1 token", "2 tokens")."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.board import Board
from game.core.geometry import HEX_DIRS, SQUARE_DIRS, HexGrid, SquareGrid
from game.core.wording import hex_direction_names, offset_words, plural
from game.ui.layout import Layout

SQUARE = SquareGrid()
POINTY = HexGrid("y", "odd")
FLAT = HexGrid("x", "odd")
COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


def _screen_word(dx: float, dy: float) -> str:
    """The compass word of a screen vector (y down)."""
    return COMPASS[round(math.degrees(math.atan2(dy, dx)) / 45) % 8]


# -- square --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("step", "word"), list(zip(SQUARE_DIRS, ("east", "south-east", "south", "south-west",
                                                              "west", "north-west", "north", "north-east"),
                                               strict=True)))
def test_square_eight_directions_with_distance(step, word):
    start = (5, 5)
    one = (start[0] + step[0], start[1] + step[1])
    three = (start[0] + 3 * step[0], start[1] + 3 * step[1])
    assert offset_words(SQUARE, start, one) == f"1 tile {word}"
    assert offset_words(SQUARE, start, three) == f"3 tiles {word}"
    assert offset_words(SQUARE, start, three, "square") == f"3 squares {word}"


def test_square_off_line_offsets_read_as_two_components_larger_first():
    assert offset_words(SQUARE, (4, 4), (5, 1)) == "3 north, 1 east"
    assert offset_words(SQUARE, (4, 4), (1, 5)) == "3 west, 1 south"
    assert offset_words(SQUARE, (0, 0), (-2, -6)) == "6 north, 2 west"


def test_same_cell_reads_here():
    assert offset_words(SQUARE, (2, 3), (2, 3)) == "here"
    assert offset_words(POINTY, (2, 3), (2, 3)) == "here"


# -- hex -----------------------------------------------------------------------------------------

def test_hex_direction_names_follow_the_tops():
    pointy = ("east", "south-east", "south-west", "west", "north-west", "north-east")
    flat = ("south-east", "south", "south-west", "north-west", "north", "north-east")
    assert hex_direction_names("y") == pointy
    assert hex_direction_names("x") == flat


@pytest.mark.parametrize("grid", [POINTY, FLAT], ids=["pointy", "flat"])
@pytest.mark.parametrize("d", range(6))
def test_hex_six_directions_with_distance(grid, d):
    word = hex_direction_names(grid.stagger_axis)[d]
    dq, dr = HEX_DIRS[d]
    assert offset_words(grid, (3, 3), (3 + dq, 3 + dr)) == f"1 hex {word}"
    assert offset_words(grid, (3, 3), (3 + 4 * dq, 3 + 4 * dr)) == f"4 hexes {word}"


@pytest.mark.parametrize("axis", ["y", "x"])
@pytest.mark.parametrize("index", ["odd", "even"])
def test_hex_direction_words_match_the_drawn_board(axis, index):
    """Each hex direction's word is where the neighbour is drawn on screen (game.ui.layout)."""
    board = Board.blank("hex", 12, 12, stagger_axis=axis, stagger_index=index)
    size = (55, 64) if axis == "y" else (64, 55)  # regular hexes, side 32
    layout = Layout(board, size, 32)
    for col, row in ((5, 5), (6, 6), (5, 6), (6, 5)):
        here = board.grid.from_offset(col, row)
        hx, hy = layout.centre(here)
        for dq, dr in HEX_DIRS:
            there = (here[0] + dq, here[1] + dr)
            tx, ty = layout.centre(there)
            assert offset_words(board.grid, here, there) == f"1 hex {_screen_word(tx - hx, ty - hy)}"


def test_hex_between_directions_reads_the_two_neighbouring_directions():
    assert offset_words(POINTY, (0, 0), (2, 1)) == "2 east, 1 south-east"  # 2*(1,0) + (0,1)
    assert offset_words(POINTY, (0, 0), (1, 2)) == "2 south-east, 1 east"
    assert offset_words(POINTY, (0, 0), (1, 1)) == "1 east, 1 south-east"
    assert offset_words(FLAT, (0, 0), (1, 1)) == "1 south-east, 1 south"


def test_hex_equal_split_on_a_compass_point_reads_as_that_point():
    assert offset_words(POINTY, (0, 0), (1, -2)) == "2 hexes north"  # north-east + north-west
    assert offset_words(POINTY, (0, 0), (-3, 6)) == "6 hexes south"
    assert offset_words(FLAT, (0, 0), (2, -1)) == "2 hexes east"
    assert offset_words(FLAT, (0, 0), (-2, 1)) == "2 hexes west"


# -- every offset its own words --------------------------------------------------------------------

@pytest.mark.parametrize("grid", [SQUARE, POINTY, FLAT], ids=["square", "pointy", "flat"])
def test_every_offset_reads_differently_and_without_coordinates(grid):
    seen: dict[str, tuple[int, int]] = {}
    for dx in range(-9, 10):
        for dy in range(-9, 10):
            words = offset_words(grid, (0, 0), (dx, dy))
            assert words not in seen, (words, seen.get(words), (dx, dy))
            seen[words] = (dx, dy)
            assert not re.search(r"\d\s*,\s*\d|\(", words), words


@given(st.tuples(st.integers(-30, 30), st.integers(-30, 30)),
       st.tuples(st.integers(-8, 8), st.integers(-8, 8)))
def test_counts_add_up_to_the_distance(start, offset):
    """The numbers in the words are the steps of a straight route: they add up to the distance."""
    end = (start[0] + offset[0], start[1] + offset[1])
    for grid in (POINTY, FLAT):
        numbers = [int(n) for n in re.findall(r"\d+", offset_words(grid, start, end))]
        assert sum(numbers) == grid.distance(start, end)
    square = [int(n) for n in re.findall(r"\d+", offset_words(SQUARE, start, end))]
    assert max(square, default=0) == SQUARE.distance(start, end)
    assert offset_words(SQUARE, start, end) == offset_words(SQUARE, (0, 0), offset)


# -- counts ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("n", "word", "many", "expected"), [
    (1, "token", "", "1 token"),
    (2, "token", "", "2 tokens"),
    (0, "token", "", "0 tokens"),
    (1, "hex", "", "1 hex"),
    (3, "hex", "", "3 hexes"),
    (2, "success", "", "2 successes"),
    (2, "match", "", "2 matches"),
    (1, "copy", "copies", "1 copy"),
    (4, "copy", "copies", "4 copies"),
    (0.5, "input", "", "0.5 inputs"),
    (1.0, "input", "", "1 input"),
    (2.0, "input", "", "2 inputs"),
])
def test_plural_words_a_count_as_players_say_it(n, word, many, expected):
    assert plural(n, word, many) == expected

