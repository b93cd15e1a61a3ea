"""Moves capped both in steps and in points (casket: hexes entered and SP paid)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.board import Board, board_tables
from game.core.geometry import Cell


@dataclass(frozen=True)
class Route:
    """The cheapest way to one cell: cells entered, points paid, steps taken."""

    cell: Cell
    path: tuple[Cell, ...]
    cost: int
    steps: int


def counted(board: Board, start: Cell, max_steps: int, budget: int, per_step: int,
            blocked: set[Cell], extra: Callable[[Any], int]) -> dict[Cell, Route]:
    """Every cell reachable within `max_steps` steps and `budget` points, each step costing
    `per_step` plus `extra(terrain)` of the entered cell: the cheapest route, then the one with
    fewest steps.

    Step by step outwards; a cell already reached in fewer steps for no more points is not
    expanded again. Within a step, cells expand in sorted order and the first cheapest way wins.
    Results are kept per board on their inputs: treat them as read-only.
    """
    tables = board_tables(board)
    memo = tables.setdefault("counted", {})
    key = (start, max_steps, budget, per_step, frozenset(blocked), extra)
    found = memo.get(key)
    if found is not None:
        return found
    if len(memo) > 512:
        memo.clear()
    memo[key] = found = _counted(board, tables, start, max_steps, budget, per_step, blocked, extra)
    return found


def _counted(board: Board, tables: dict[str, Any], start: Cell, max_steps: int, budget: int, per_step: int,
             blocked: set[Cell], extra: Callable[[Any], int]) -> dict[Cell, Route]:
    extras = tables.get(("counted", extra))
    if extras is None:
        terrain = board.terrain
        extras = tables[("counted", extra)] = {
            cell: tuple((n, extra(terrain[n])) for n in board.grid.neighbors(cell)
                        if n in terrain and not terrain[n].blocks_move)
            for cell in terrain}
    # costs only while searching; each step keeps the cell each new cell was entered from, and
    # paths are walked back from those at the end (one tuple per cell, not one per improvement)
    frontier: dict[Cell, int] = {start: 0}
    steps: list[dict[Cell, Cell]] = []
    reached: dict[Cell, tuple[int, int]] = {}
    seen: dict[Cell, int] = {start: 0}
    over = budget + 1
    for h in range(1, max(0, max_steps) + 1):
        nxt: dict[Cell, int] = {}
        came: dict[Cell, Cell] = {}
        for cell in sorted(frontier):
            cost = frontier[cell] + per_step
            for n, more in extras.get(cell, ()):
                c = cost + more
                if c > budget or seen.get(n, over) <= c or n in blocked:
                    continue
                old = nxt.get(n)
                if old is None or c < old:
                    nxt[n] = c
                    came[n] = cell
        for cell, cost in nxt.items():
            seen[cell] = cost
            reached[cell] = (cost, h)
        steps.append(came)
        frontier = nxt
        if not frontier:
            break
    best: dict[Cell, Route] = {}
    for cell, (cost, h) in reached.items():
        path = [cell]
        at = cell
        for k in range(h - 1, 0, -1):
            at = steps[k][at]
            path.append(at)
        path.reverse()
        best[cell] = Route(cell, tuple(path), cost, h)
    return best
