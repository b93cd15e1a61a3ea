"""Reachable areas and paths: budgets, walls, move costs, enterable/can_stop, tagged steps."""

from __future__ import annotations

from collections.abc import Hashable

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.board import Board
from game.core.counted import counted
from game.core.geometry import Cell
from game.core.pathing import Occupancy, Zones, default_step, diagonal_parity, reachable, search

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


# -- the one search the rulesets use: parity, occupancy, zones of control ---------------------------
def _walks(board: Board, start: Cell, budget: float, odd: float = 2.0,
           even: float = 1.0) -> dict[Cell, float]:
    """Every walk within budget, tried exhaustively: the cheapest cost per cell (the parity rule)."""
    best: dict[Cell, float] = {}
    seen: dict[tuple[Cell, int], float] = {}

    def walk(cell: Cell, cost: float, parity: int) -> None:
        if seen.get((cell, parity), float("inf")) <= cost:
            return
        seen[(cell, parity)] = cost
        best[cell] = min(best.get(cell, float("inf")), cost)
        for nxt in board.neighbors(cell):
            if not board.passable(nxt):
                continue
            diagonal = nxt[0] != cell[0] and nxt[1] != cell[1]
            price = ((odd if parity == 0 else even) if diagonal else 1.0) * board.at(nxt).move_cost
            if cost + price <= budget + 1e-9:
                walk(nxt, cost + price, 1 - parity if diagonal else parity)

    walk(start, 0.0, 0)
    return best


def test_parity_odd_diagonals_cost_two_and_even_ones_one():
    board = Board.blank("square", 9, 9)
    reach = search(board, (0, 0), 20, step=diagonal_parity(board), tag=0)
    # 1st diagonal 2, 2nd 1, 3rd 2, 4th 1: within one move the parity carries on
    assert [reach.cost[(d, d)] for d in range(1, 5)] == [2, 3, 5, 6]
    assert reach.cost[(4, 0)] == 4 and reach.cost[(4, 2)] == 5  # 2 diagonals (3) + 2 straight
    assert reach.route((4, 4)) == ((1, 1), (2, 2), (3, 3), (4, 4))


def test_parity_keeps_the_better_parity_not_the_first_cheapest_arrival():
    # (1, 1) costs 2 both ways: one diagonal (the next diagonal then costs 1) or two straight
    # steps (the next costs 2). (2, 2) can only be entered from (1, 1): a search keeping one step
    # history per cell prices it 4 when the straight arrival is the one it kept.
    board = Board.blank("square", 3, 3)
    for cell in ((1, 2), (2, 1)):
        board.set(cell, blocks_move=True)
    reach = search(board, (0, 0), 10, step=diagonal_parity(board), tag=0)
    assert reach.cost[(1, 1)] == 2 and reach.cost[(2, 2)] == 3
    assert reach.route((2, 2)) == ((1, 1), (2, 2))
    assert reach.cost == _walks(board, (0, 0), 10)


@given(rough_boards(), st.integers(1, 7))
def test_parity_search_matches_every_walk(case, budget):
    board, start = case
    if board.kind != "square" or len(board.terrain) > 40:
        return
    step = diagonal_parity(board)
    reach = search(board, start, budget, step=step, tag=0)
    assert reach.cost == _walks(board, start, budget)
    for cell, cost in reach.cost.items():
        assert path_cost(board, start, list(reach.route(cell)), step, 0) == cost


def test_capacity_lets_up_to_n_units_share_a_cell():
    board = Board.blank("square", 5, 1)
    occupancy = Occupancy.of([((1, 0), True), ((2, 0), True), ((2, 0), True), ((3, 0), True)], capacity=2)
    reach = search(board, (0, 0), 4, occupancy)
    assert (1, 0) in reach.stoppable and (3, 0) in reach.stoppable  # one ally there: room for one more
    assert (2, 0) in reach.cost and (2, 0) not in reach.stoppable  # two allies: full, passable
    assert (4, 0) in reach.stoppable
    single = search(board, (0, 0), 4, Occupancy.of([((1, 0), True)], capacity=1))
    assert (1, 0) in single.cost and (1, 0) not in single.stoppable


def test_foes_block_and_allies_are_passed_only_when_allowed():
    board = Board.blank("square", 5, 1)
    allies = [((2, 0), True)]
    passing = search(board, (0, 0), 4, Occupancy.of(allies))
    assert passing.cost[(4, 0)] == 4 and (2, 0) not in passing.stoppable
    assert passing.route((4, 0)) == ((1, 0), (2, 0), (3, 0), (4, 0))
    barred = search(board, (0, 0), 4, Occupancy.of(allies, pass_allies=False))
    assert set(barred.cost) == {(0, 0), (1, 0)}
    foe = search(board, (0, 0), 4, Occupancy.of([((2, 0), False)]))
    assert set(foe.cost) == {(0, 0), (1, 0)}
    through = search(board, (0, 0), 4, Occupancy.of([((2, 0), False)], pass_foes=True))
    assert (4, 0) in through.stoppable and (2, 0) not in through.stoppable


def test_zones_of_control_stop_a_unit_that_walks_in():
    board = Board.blank("square", 5, 3)
    threatened = frozenset({(2, 0), (2, 1), (2, 2)})  # a wall of threat across the board
    reach = search(board, (0, 1), 6, zones=Zones(threatened))
    assert (2, 1) in reach.stoppable  # entering is allowed...
    assert all(c[0] <= 2 for c in reach.cost)  # ...leaving is not
    priced = search(board, (0, 1), 6, zones=Zones(threatened, leave=2.0))
    assert priced.cost[(3, 1)] == 5 and priced.cost[(4, 1)] == 6  # 3 steps + 2 to step out of it


def test_zones_of_control_from_the_start_cell():
    board = Board.blank("square", 5, 1)
    threatened = frozenset({(0, 0), (1, 0)})
    free = search(board, (0, 0), 4, zones=Zones(threatened))
    assert set(free.cost) == {(0, 0), (1, 0)}  # disengages from the start, stuck in the next one
    held = search(board, (0, 0), 4, zones=Zones(threatened, leave=None, start_free=False))
    assert set(held.cost) == {(0, 0)}
    costly = search(board, (0, 0), 4, zones=Zones(threatened, leave=1.0, start_free=False))
    assert costly.cost[(1, 0)] == 2 and costly.cost[(2, 0)] == 4


@given(rough_boards(), st.integers(0, 8), st.data())
def test_fast_search_finds_what_the_tagged_search_finds(case, budget, data):
    board, start = case
    cells = board.cells()
    blocked = set(data.draw(st.lists(st.sampled_from(cells), max_size=4))) - {start}
    taken = blocked | set(data.draw(st.lists(st.sampled_from(cells), max_size=4)))
    fast = search(board, start, budget, blocked=blocked, taken=taken)
    slow = reachable(board, start, budget, enterable=lambda c: c not in blocked,
                     can_stop=lambda c: c not in taken)
    assert fast.cost == slow.cost and fast.stoppable == slow.stoppable
    step = default_step(board)
    for cell in fast.cost:
        assert path_cost(board, start, list(fast.route(cell)), step) == fast.cost[cell]


def test_search_results_follow_board_edits():
    board = Board.blank("square", 5, 1)
    assert (4, 0) in search(board, (0, 0), 4).cost
    board.set((2, 0), blocks_move=True)
    assert (4, 0) not in search(board, (0, 0), 4).cost


def test_counted_takes_the_cheapest_then_the_fewest_steps():
    board = Board.blank("square", 6, 3)
    board.set((2, 1), move_cost=4.0)

    def extra(t):
        return int(t.move_cost) - 1

    routes = counted(board, (0, 1), 6, 8, 1, set(), extra)
    assert routes[(3, 1)].cost == 3 and routes[(3, 1)].steps == 3  # around the mud, diagonally
    assert (2, 1) in routes and routes[(2, 1)].cost == 5
    short = counted(board, (0, 1), 2, 8, 1, {(1, 0), (1, 1), (1, 2)}, extra)
    assert set(short) == {(0, 0), (0, 2)}  # a wall of units: only along the edge
