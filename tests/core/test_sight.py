"""Line of sight and cover along the line of fire, on square and hex boards."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.board import Board
from game.core.sight import CoverRule, between, board_sight, cover_on_line, has_los, sight_lines

settings.register_profile("sight", max_examples=120, deadline=None)
settings.load_profile("sight")


@st.composite
def boards(draw: st.DrawFn) -> tuple[Board, tuple[int, int], tuple[int, int]]:
    """A random small board with walls, cover and smoke, and two on-board cells."""
    kind = draw(st.sampled_from(["square", "hex"]))
    cols, rows = draw(st.integers(3, 10)), draw(st.integers(3, 10))
    board = Board.blank(kind, cols, rows)
    cells = board.cells()
    for cell in draw(st.lists(st.sampled_from(cells), max_size=len(cells) // 3)):
        board.set(cell, blocks_los=True, blocks_move=True, name="wall")
    for cell in draw(st.lists(st.sampled_from(cells), max_size=len(cells) // 4)):
        board.set(cell, cover=draw(st.integers(1, 3)))
    for cell in draw(st.lists(st.sampled_from(cells), max_size=4)):
        board.set(cell, obscured=True)
    a, b = draw(st.sampled_from(cells)), draw(st.sampled_from(cells))
    return board, a, b


@given(boards())
def test_los_is_symmetric(case):
    board, a, b = case
    assert has_los(board, a, b) == has_los(board, b, a)


@given(boards(), st.data())
def test_adding_a_wall_never_creates_sight(case, data):
    board, a, b = case
    before = has_los(board, a, b)
    board.set(data.draw(st.sampled_from(board.cells())), blocks_los=True)
    assert not has_los(board, a, b) or before


@given(boards())
def test_los_means_a_sight_line_free_of_walls(case):
    board, a, b = case
    # A line may clip an off-board cell at a ragged hex edge: that blocks like a wall.
    clear = [line for line in sight_lines(board, a, b)
             if not any(c not in board or board.at(c).blocks_los for c in between(line, a, b))]
    assert has_los(board, a, b) == bool(clear)
    for line in sight_lines(board, a, b):
        assert {a, b} <= set(line)


@given(boards())
def test_cover_on_line_lists_cover_cells_between_nearest_target_first(case):
    board, a, b = case
    found = cover_on_line(board, a, b)
    cells = [c for c, _ in found]
    assert a not in cells and b not in cells
    assert all(t.cover > 0 or t.obscured for _, t in found)
    dists = [board.distance(c, b) for c in cells]
    assert dists == sorted(dists)
    if has_los(board, a, b):
        # The line reported is one sight passes: it holds no wall.
        assert not any(t.blocks_los for _, t in found)
        lines = sight_lines(board, a, b)
        assert any(set(cells) <= set(line) for line in lines)


def test_adjacent_cells_always_see_each_other():
    board = Board.blank("square", 3, 3)
    for cell in board.cells():
        board.set(cell, blocks_los=True)
    assert has_los(board, (0, 0), (1, 1)) and has_los(board, (1, 1), (1, 2))


def test_wall_between_blocks_and_wall_beside_does_not():
    board = Board.blank("square", 7, 3)
    assert has_los(board, (0, 1), (6, 1))
    board.set((3, 0), blocks_los=True)
    assert has_los(board, (0, 1), (6, 1))
    board.set((3, 1), blocks_los=True)
    assert not has_los(board, (0, 1), (6, 1))
    assert not has_los(board, (6, 1), (0, 1))


def test_square_line_through_a_corner_slips_past_diagonal_walls():
    board = Board.blank("square", 3, 3)
    board.set((1, 0), blocks_los=True)
    board.set((0, 1), blocks_los=True)
    # The centre line from (0, 0) to (2, 2) touches only corners of the two walls.
    assert has_los(board, (0, 0), (2, 2))
    board.set((1, 1), blocks_los=True)
    assert not has_los(board, (0, 0), (2, 2))


def test_off_board_cells_see_nothing():
    board = Board.blank("square", 4, 4)
    assert not has_los(board, (0, 0), (9, 9))


def test_blockers_and_custom_blocking():
    board = Board.blank("square", 5, 1)
    assert not has_los(board, (0, 0), (4, 0), blockers=[(2, 0)])
    board.set((2, 0), cover=3)
    assert has_los(board, (0, 0), (4, 0))
    assert not has_los(board, (0, 0), (4, 0), blocks=lambda t: t.cover >= 3)


def test_hex_edge_lines_need_both_sides_walled_to_block():
    board = Board.blank("hex", 6, 6)
    a, b = (0, 0), (1, 1)  # the line runs along the edge between (1, 0) and (0, 1)
    assert len(sight_lines(board, a, b)) == 2
    board.set((1, 0), blocks_los=True)
    assert has_los(board, a, b)
    board.set((0, 1), blocks_los=True)
    assert not has_los(board, a, b)


def test_hex_cover_on_the_open_tie_line_counts_when_the_other_is_walled():
    # Regression: the wall-blocked tie line showed no cover although sight runs along the other.
    board = Board.blank("hex", 6, 6)
    board.set((1, 0), blocks_los=True)
    board.set((0, 1), cover=1)
    assert has_los(board, (0, 0), (1, 1))
    assert [c for c, _ in cover_on_line(board, (0, 0), (1, 1))] == [(0, 1)]


def test_hex_tie_gives_the_attacker_the_clearer_line():
    board = Board.blank("hex", 6, 6)
    board.set((1, 0), cover=2)
    board.set((0, 1), cover=1)
    assert [t.cover for _, t in cover_on_line(board, (0, 0), (1, 1))] == [1]
    board.set((0, 1), cover=2, obscured=True)
    # Equal cover: the line without smoke.
    assert [(c, t.obscured) for c, t in cover_on_line(board, (0, 0), (1, 1))] == [((1, 0), False)]


def test_cover_on_line_square_order_and_obscured():
    board = Board.blank("square", 8, 1)
    board.set((2, 0), cover=1)
    board.set((5, 0), cover=2)
    board.set((6, 0), obscured=True)
    board.set((7, 0), cover=3)  # the target's own cell does not count
    found = cover_on_line(board, (0, 0), (7, 0))
    assert [c for c, _ in found] == [(6, 0), (5, 0), (2, 0)]


# -- the memoised sight the rulesets' AI reads -------------------------------------------------------
class _HalfHeight(CoverRule):
    """Voidmarked's reading: cover counts within half its height of the target (5 ft a cell)."""

    def reach(self, terrain):
        return 1 + int(terrain.cover_height_ft / 2 // 5)

    def counts(self, terrain, gap):
        return gap * 5 <= terrain.cover_height_ft / 2


HALF = _HalfHeight()


@given(boards())
def test_memoised_sight_answers_what_has_los_and_cover_on_line_answer(case):
    board, _, _ = case
    for cell in board.cells()[::3]:
        board.set(cell, cover_height_ft=float(2 + hash(cell) % 9))
    sight = board_sight(board)
    cells = board.cells()
    for a in cells[::2]:
        for b in cells[::3]:
            assert sight.see(a, b) == has_los(board, a, b) == sight.see(b, a), (a, b)
            direct = any(t.cover > 0 and HALF.counts(t, board.distance(c, b) - 1)
                         for c, t in cover_on_line(board, a, b))
            assert sight.covered(a, b, HALF) == direct, (a, b)


def test_memoised_sight_follows_board_edits_and_is_shared_by_equal_boards():
    board = Board.blank("square", 5, 1)
    assert board_sight(board).see((0, 0), (4, 0))
    board.set((2, 0), blocks_los=True)
    assert not board_sight(board).see((0, 0), (4, 0))
    twin = Board.blank("square", 5, 1)
    twin.set((2, 0), blocks_los=True)
    assert board_sight(twin) is board_sight(board)
