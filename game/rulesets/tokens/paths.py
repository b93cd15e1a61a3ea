"""Paths on tokens' square grid (TK-STEP, TK-BYPASS, TK-SPRINT): step prices, the search of every
tile a unit can reach with its move tokens, and sprint runs.

Step costs carry the diagonal parity as the search's tag: within a turn the 1st, 3rd... diagonal
step costs 2 and the 2nd, 4th... 1 (times the tile's move_cost); Bypass pays double for each step
out of a threatened tile (or, by the other reading, for every step).
Searches are kept per (board, start, budget, parity, Bypass, enemy tiles): within a side's turn the
enemies stand still, so a unit's search repeats until it moves itself.
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from game.core.board import board_tables
from game.core.geometry import Cell
from game.core.pathing import Reach
from game.rulesets.tokens.combat import in_reach
from game.rulesets.tokens.readings import BYPASS_STEPS, reading

if TYPE_CHECKING:
    from collections.abc import Iterable

    from game.core.board import Board
    from game.core.match import Match

SPRINT_COST = 4
SPRINT_TILES = 8
BYPASS_FACTOR = 2


def doubled_tiles(match: Match, threatened: Iterable[Cell]) -> frozenset[Cell] | None:
    """TK-BYPASS: the tiles a Bypass pays double to step out of: the threatened ones (the steps
    that would provoke), or None for every step (the `bypass_steps=every` reading)."""
    if reading(match, BYPASS_STEPS) == "every":
        return None
    return frozenset(threatened)


def step_cost(board: Board, src: Cell, dst: Cell, diagonals: int, bypass: bool = False,
              doubled: frozenset[Cell] | None = None) -> tuple[float, int]:
    """TK-STEP: (cost of one step, diagonals taken after it); a Bypass step out of a `doubled`
    tile (any tile when None) costs twice."""
    t = board.at(dst)
    factor = BYPASS_FACTOR if bypass and (doubled is None or src in doubled) else 1
    if src[0] != dst[0] and src[1] != dst[1]:
        return (2 if diagonals % 2 == 0 else 1) * t.move_cost * factor, diagonals + 1
    return 1 * t.move_cost * factor, diagonals


def path_cost(
    board: Board, start: Cell, path: tuple[Cell, ...] | list[Cell], diagonals: int, bypass: bool = False,
    doubled: frozenset[Cell] | None = None,
) -> tuple[float, int]:
    """Total cost of a path from `start` and the diagonal count after it."""
    cost = 0.0
    prev = start
    for c in path:
        d, diagonals = step_cost(board, prev, c, diagonals, bypass, doubled)
        cost += d
        prev = c
    return cost, diagonals


#: recent searches kept per board (its `board_tables`): (start, budget, parity, bypass, foes) ->
#: Reach; within a side's turn the enemies stand still, so a unit's search repeats until it moves
#: itself (kept small)
REACH_KEPT = 256


def search_from(
    board: Board, start: Cell, budget: int, diagonals: int, bypass: bool, foes: frozenset[Cell],
    doubled: frozenset[Cell] | None = None,
) -> Reach:
    """The shared search behind `reach` (its `stoppable` is not filled: callers filter `cost`);
    a Bypass search pays double out of `doubled` tiles (every tile when None)."""
    memo = board_tables(board).setdefault("tokens_reach", {})
    key = (start, budget, diagonals % 2, bypass, foes, doubled if bypass else None)
    found = memo.get(key)
    if found is not None:
        return found
    search = _parity_search(board, start, budget, diagonals % 2, BYPASS_FACTOR if bypass else 1, foes,
                            doubled if bypass else None)
    if len(memo) > REACH_KEPT:
        memo.clear()
    memo[key] = search
    return search


def _steps(board: Board) -> dict[Cell, list[tuple[Cell, bool, float]]]:
    """Per tile, its open neighbours in the grid's order: (tile, diagonal?, move_cost)."""
    tables = board_tables(board)
    found = tables.get("tokens_steps")
    if found is None:
        found = {}
        for cell in board.terrain:
            row = []
            for n in board.neighbors(cell):
                t = board.terrain[n]
                if not t.blocks_move:
                    row.append((n, n[0] != cell[0] and n[1] != cell[1], t.move_cost))
            found[cell] = row
        tables["tokens_steps"] = found
    return found


def _parity_search(
    board: Board, start: Cell, budget: float, tag: int, factor: int, foes: frozenset[Cell],
    doubled: frozenset[Cell] | None = None,
) -> Reach:
    """core.pathing's tagged search specialised to TK-STEP (same nodes, same order, same ties):
    the tag is the diagonal parity; the 1st, 3rd... diagonal step costs 2, the others 1, times
    the entered tile's move_cost and the Bypass factor (on steps out of `doubled` tiles only,
    when given)."""
    steps = _steps(board)
    reach = Reach(start)
    best: dict[tuple[Cell, int], float] = {(start, tag): 0.0}
    cost_of = reach.cost
    came = reach.came
    best_node = reach.best_node
    prev_of = reach.prev_node
    cost_of[start] = 0.0
    came[start] = None
    prev_of[(start, tag)] = None
    best_node[start] = (start, tag)
    inf = float("inf")
    limit = budget + 1e-9
    heap: list[tuple[float, Cell, int, Cell | None]] = [(0.0, start, tag, None)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost, cell, node_tag, _ = pop(heap)
        if cost > best.get((cell, node_tag), inf):
            continue
        here = factor if doubled is None or cell in doubled else 1
        for nxt, diag, move_cost in steps.get(cell, ()):
            if nxt in foes:
                continue
            if diag:
                delta = (2 if node_tag == 0 else 1) * move_cost * here
                nxt_tag = 1 - node_tag
            else:
                delta = move_cost * here
                nxt_tag = node_tag
            new = cost + delta + 0.0
            if new > limit:
                continue
            key = (nxt, nxt_tag)
            if new < best.get(key, inf) - 1e-12:
                best[key] = new
                prev_of[key] = (cell, node_tag)
                if new < cost_of.get(nxt, inf) - 1e-12:
                    cost_of[nxt] = new
                    came[nxt] = cell
                    best_node[nxt] = key
                push(heap, (new, nxt, nxt_tag, cell))
    reach.stoppable = set(cost_of)
    return reach


def sprint_runs(
    board: Board, start: Cell, foes: set[Cell] | frozenset[Cell], taken: set[Cell] | frozenset[Cell]
) -> list[tuple[Cell, ...]]:
    """`sprint_paths` from `start` given the tiles the mover may not enter and may not end on."""
    out = []
    for run in _open_runs(board, start, frozenset(foes)):
        if len(run) < 2 or run[0] in taken or run[1] in taken:
            continue
        end = len(run)
        while end and run[end - 1] in taken:
            end -= 1
        if end >= 2:
            out.append(run[:end])
    return out


#: straight open runs kept per board (its `board_tables`), per (start, enemy tiles): what
#: sprint_runs cuts by the taken tiles
RUNS_KEPT = 1024


def _open_runs(board: Board, start: Cell, foes: frozenset[Cell]) -> list[tuple[Cell, ...]]:
    """In each of the 8 directions, the tiles up to SPRINT_TILES away before a wall, the edge or
    an enemy."""
    memo = board_tables(board).setdefault("tokens_runs", {})
    key = (start, foes)
    found = memo.get(key)
    if found is not None:
        return found
    x, y = start
    out = []
    for dx, dy in ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)):
        run: list[Cell] = []
        for k in range(1, SPRINT_TILES + 1):
            c = (x + dx * k, y + dy * k)
            if c not in board or not board.passable(c) or c in foes:
                break
            run.append(c)
        out.append(tuple(run))
    if len(memo) > RUNS_KEPT:
        memo.clear()
    memo[key] = out
    return out


def steps_to_fire(board: Board, foes: frozenset[Cell], reach: int) -> dict[Cell, int]:
    """Per open tile, the fewest steps (walls in the way, units not) to a tile from which one of
    `foes` is within `reach` and in sight: how far a unit is from firing, where the straight
    distance reads a foe behind a wall as in range. Tiles that never get there are left out.
    Kept per (board, foes, reach): within a side's turn the enemies stand still."""
    tables = board_tables(board)
    memo = tables.setdefault("tokens_fire", {})
    key = (foes, reach)
    found = memo.get(key)
    if found is not None:
        return found
    steps = _steps(board)
    terrain = board.terrain
    # the attack's own range-and-sight check (`combat.can_target`), from every open tile
    firing = [cell for cell in steps if not terrain[cell].blocks_move
              and any(in_reach(board, cell, foe, reach) for foe in foes)]
    found = dict.fromkeys(firing, 0)
    frontier = firing
    while frontier:
        nxt_frontier: list[Cell] = []
        for cell in frontier:
            d = found[cell] + 1
            for nxt, _diag, _cost in steps[cell]:
                if nxt not in found:
                    found[nxt] = d
                    nxt_frontier.append(nxt)
        frontier = nxt_frontier
    if len(memo) > 64:
        memo.clear()
    memo[key] = found
    return found
