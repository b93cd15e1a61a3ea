"""Reachable area and paths with ruleset-supplied step costs and occupancy rules.

Nodes are (cell, tag): the tag lets a ruleset carry step state (e.g. tokens' alternating diagonal
costs) while a plain ruleset leaves it None.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from game.core.board import Board
from game.core.geometry import Cell

StepFn = Callable[[Cell, Cell, Hashable], "tuple[float, Hashable] | None"]


def default_step(board: Board) -> StepFn:
    """Each step costs the entered cell's move_cost; walls are impassable."""

    def step(src: Cell, dst: Cell, tag: Hashable) -> tuple[float, Hashable] | None:
        if not board.passable(dst):
            return None
        return board.at(dst).move_cost, tag

    return step


@dataclass
class Reach:
    """Result of a search: cheapest cost to each cell and the way back."""

    start: Cell
    cost: dict[Cell, float] = field(default_factory=dict)
    came: dict[Cell, Cell | None] = field(default_factory=dict)
    stoppable: set[Cell] = field(default_factory=set)
    # The way back runs through (cell, tag) nodes: with tags, the cheapest way into a cell may
    # leave its predecessor in a different tag than that predecessor's own cheapest arrival.
    best_node: dict[Cell, tuple[Cell, Hashable]] = field(default_factory=dict)
    prev_node: dict[tuple[Cell, Hashable], tuple[Cell, Hashable] | None] = field(default_factory=dict)

    def path_to(self, cell: Cell) -> list[Cell]:
        """Cells from start (excluded) to cell (included), costing exactly cost[cell]; [] if unreachable."""
        if cell not in self.came:
            return []
        out: list[Cell] = []
        node = self.best_node.get(cell)
        if node is None:  # a Reach built by hand, without nodes
            cur: Cell | None = cell
            while cur is not None and cur != self.start:
                out.append(cur)
                cur = self.came[cur]
        else:
            walk: tuple[Cell, Hashable] | None = node
            while walk is not None and self.prev_node.get(walk) is not None:
                out.append(walk[0])
                walk = self.prev_node[walk]
        out.reverse()
        return out


def reachable(board: Board, start: Cell, budget: float, step: StepFn | None = None,
              enterable: Callable[[Cell], bool] | None = None,
              can_stop: Callable[[Cell], bool] | None = None, tag: Hashable = None) -> Reach:
    """Dijkstra from `start` within `budget`.

    `enterable(cell)` filters cells a unit may pass (e.g. not through enemies);
    `can_stop(cell)` filters where it may end (e.g. not on an ally). Ties between equal-cost
    routes resolve by cell order so the same board always yields the same paths.
    """
    step_fn = step or default_step(board)
    reach = Reach(start)
    best: dict[tuple[Cell, Hashable], float] = {(start, tag): 0.0}
    reach.cost[start] = 0.0
    reach.came[start] = None
    heap: list[tuple[float, Cell, Hashable, Cell | None]] = [(0.0, start, tag, None)]
    prev_of = reach.prev_node
    prev_of[(start, tag)] = None
    reach.best_node[start] = (start, tag)
    while heap:
        cost, cell, node_tag, _ = heapq.heappop(heap)
        if cost > best.get((cell, node_tag), float("inf")):
            continue
        for nxt in board.neighbors(cell):
            if enterable is not None and not enterable(nxt):
                continue
            res = step_fn(cell, nxt, node_tag)
            if res is None:
                continue
            delta, nxt_tag = res
            new = cost + delta
            if new > budget + 1e-9:
                continue
            key = (nxt, nxt_tag)
            if new < best.get(key, float("inf")) - 1e-12:
                best[key] = new
                prev_of[key] = (cell, node_tag)
                if new < reach.cost.get(nxt, float("inf")) - 1e-12:
                    reach.cost[nxt] = new
                    reach.came[nxt] = cell
                    reach.best_node[nxt] = key
                heapq.heappush(heap, (new, nxt, nxt_tag, cell))
    reach.stoppable = {c for c in reach.cost if can_stop is None or can_stop(c)}
    return reach
