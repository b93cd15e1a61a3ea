"""Reachable areas and paths: budgets, walls, move costs, enterable/can_stop, tagged steps."""

from __future__ import annotations

from collections.abc import Hashable

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.board import Board
from game.core.geometry import Cell
from game.core.pathing import default_step, reachable

settings.register_profile("pathing", max_examples=80, deadline=None)
settings.load_profile("pathing")


def path_cost(board: Board, start: Cell, path: list[Cell], step, tag: Hashable = None) -> float:
    """Replay a path through a step function."""
    total, cur = 0.0, start
    for cell in path:
        res = step(cur, cell, tag)
        assert res is not None, (cur, cell)
        delta, tag = res
        total += delta
        cur = cell
    return total


def test_square_budget_reaches_the_chebyshev_square():
    board = Board.blank("square", 11, 11)
    reach = reachable(board, (5, 5), 3)
    assert set(reach.cost) == {c for c in board.cells() if board.distance(c, (5, 5)) <= 3}
    assert reach.cost[(8, 8)] == 3 and (9, 5) not in reach.cost


def test_hex_budget_reaches_the_hex_disc():
    board = Board.blank("hex", 13, 13)
    centre = board.grid.from_offset(6, 6)
    for budget in range(4):
        reach = reachable(board, centre, budget)
        assert len(reach.cost) == 1 + 3 * budget * (budget + 1)


def test_exact_budget_is_enough_and_a_hair_less_is_not():
    board = Board.blank("square", 6, 1)
    assert (4, 0) in reachable(board, (0, 0), 4).cost
    assert (4, 0) not in reachable(board, (0, 0), 3.99).cost


def test_walls_are_walked_around():
    board = Board.blank("square", 7, 5)
    for y in range(0, 4):
        board.set((3, y), blocks_move=True)
    reach = reachable(board, (1, 1), 20)
    assert all((3, y) not in reach.cost for y in range(4))
    # Around the bottom of the wall: down to row 4, across, back up.
    assert reach.cost[(5, 1)] == 6
    path = reach.path_to((5, 1))
    assert (3, 4) in path and path[-1] == (5, 1)
    assert all(board.distance(a, b) == 1 for a, b in zip([(1, 1), *path], path, strict=False))


def test_sealed_cells_are_unreachable():
    board = Board.blank("square", 5, 5)
    for cell in board.grid.ring((2, 2), 1):
        board.set(cell, blocks_move=True)
    reach = reachable(board, (0, 0), 99)
    assert (2, 2) not in reach.cost and reach.path_to((2, 2)) == []


def test_move_cost_prices_entering_a_cell():
    board = Board.blank("square", 5, 3)
    for y in range(3):
        board.set((2, y), move_cost=2.0)
    reach = reachable(board, (0, 1), 10)
    assert reach.cost[(2, 1)] == 3.0 and reach.cost[(4, 1)] == 5.0
    assert (4, 1) not in reachable(board, (0, 1), 4.5).cost
    # A cheaper detour wins over mud when there is one.
    board.set((2, 0), move_cost=1.0)
    assert reachable(board, (0, 1), 10).cost[(4, 1)] == 4.0


def test_enterable_keeps_units_out_and_can_stop_lets_them_pass():
    board = Board.blank("square", 5, 1)
    enemy, ally = (2, 0), (1, 0)
    reach = reachable(board, (0, 0), 10, enterable=lambda c: c != enemy, can_stop=lambda c: c != ally)
    assert enemy not in reach.cost and (3, 0) not in reach.cost  # a 1-wide corridor is blocked
    assert ally in reach.cost and ally not in reach.stoppable
    assert (0, 0) in reach.stoppable


def test_same_board_same_paths():
    board = Board.blank("hex", 9, 9)
    start = board.grid.from_offset(4, 4)
    one = reachable(board, start, 4)
    two = reachable(board, start, 4)
    assert all(one.path_to(c) == two.path_to(c) for c in one.cost)


@st.composite
def rough_boards(draw: st.DrawFn) -> tuple[Board, Cell]:
    kind = draw(st.sampled_from(["square", "hex"]))
    board = Board.blank(kind, draw(st.integers(3, 9)), draw(st.integers(3, 9)))
    cells = board.cells()
    for cell in cells:
        roll = draw(st.integers(0, 9))
        if roll == 0:
            board.set(cell, blocks_move=True)
        elif roll <= 2:
            board.set(cell, move_cost=float(draw(st.integers(2, 3))))
    start = draw(st.sampled_from(cells))
    board.set(start, blocks_move=False)
    return board, start


@given(rough_boards(), st.integers(0, 8))
def test_paths_cost_what_the_search_says_and_stay_in_budget(case, budget):
    board, start = case
    reach = reachable(board, start, budget)
    step = default_step(board)
    for cell, cost in reach.cost.items():
        path = reach.path_to(cell)
        assert path_cost(board, start, path, step) == cost <= budget
        assert all(board.passable(c) for c in path)


def alternating_diagonals(board: Board):
    """5-10-5 style: every second diagonal step costs double; the tag remembers the parity."""

    def step(src: Cell, dst: Cell, odd: Hashable):
        if not board.passable(dst):
            return None
        if src[0] != dst[0] and src[1] != dst[1]:
            return (2.0 if odd else 1.0) * board.at(dst).move_cost, not odd
        return board.at(dst).move_cost, odd

    return step


@given(rough_boards(), st.integers(1, 8))
def test_tagged_paths_cost_what_the_search_says(case, budget):
    # Regression: the way back went cell to cell and could mix the tag states, giving a path
    # that cost more than reported (even over budget).
    board, start = case
    if board.kind != "square":
        return
    step = alternating_diagonals(board)
    reach = reachable(board, start, budget, step=step, tag=False)
    for cell, cost in reach.cost.items():
        assert path_cost(board, start, reach.path_to(cell), step, False) == cost <= budget


def test_tagged_diagonals_known_case():
    board = Board.blank("square", 6, 6)
    step = alternating_diagonals(board)
    reach = reachable(board, (0, 0), 10, step=step, tag=False)
    assert reach.cost[(1, 1)] == 1 and reach.cost[(2, 2)] == 3 and reach.cost[(3, 3)] == 4
    assert reach.path_to((3, 3)) == [(1, 1), (2, 2), (3, 3)]
