"""Where a unit can move this turn: Chebyshev steps of 5 ft, walls and enemies in the way.

A unit may pass its allies but stop only on an empty square; enemies (standing or grasping)
block. Each step costs the entered square's move_cost. This is core pathing's Dijkstra without
step tags, with neighbour lists computed once per board (the AI asks for it very often), and
memoised per match on (unit, square, budget, who stands where). The routes the legal move
actions carry are read off the same search, so the path a client previews is the one walked.
"""

from __future__ import annotations

import heapq
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.core.action import Action
from game.core.board import Board
from game.core.geometry import Cell
from game.core.pathing import Reach
from game.rulesets.voidmarked.query import cell_of, on_board, side_of, units

if TYPE_CHECKING:
    from game.core.match import Match



@dataclass(eq=False)
class VmReach(Reach):
    """A search result that also hands out whole routes, built once per search."""

    _routes: dict[Cell, tuple[Cell, ...]] = field(default_factory=dict, repr=False)
    #: the legal move actions built from this search (actions.py fills it once per search)
    moves: list[Action] | None = field(default=None, repr=False)

    def route(self, cell: Cell) -> tuple[Cell, ...]:
        """Cells from start (excluded) to `cell` (included) along the way back; () if unreachable.

        Same cells as `path_to`; each route shares its parent's, so all of them cost one pass.
        """
        routes = self._routes
        found = routes.get(cell)
        if found is not None:
            return found
        if cell not in self.came or cell == self.start:
            return ()
        chain = []
        cur: Cell | None = cell
        while cur is not None and cur != self.start and cur not in routes:
            chain.append(cur)
            cur = self.came[cur]
        base = routes.get(cur, ()) if cur is not None else ()
        for c in reversed(chain):
            base = base + (c,)
            routes[c] = base
        return routes[cell]


_MEMO: weakref.WeakKeyDictionary[Match, dict[tuple, VmReach]] = weakref.WeakKeyDictionary()
_STEPS: dict[int, dict[Cell, tuple[tuple[Cell, float], ...]]] = {}


def _steps(board: Board) -> dict[Cell, tuple[tuple[Cell, float], ...]]:
    key = id(board)
    found = _STEPS.get(key)
    if found is None:
        found = {}
        for cell in board.terrain:
            found[cell] = tuple((n, board.terrain[n].move_cost) for n in board.neighbors(cell)
                                if not board.terrain[n].blocks_move)
        _STEPS[key] = found
        weakref.finalize(board, _STEPS.pop, key, None)
    return found


_WHOLE: dict[int, dict[Cell, tuple[tuple[Cell, int], ...]]] = {}


def _whole_steps(board: Board) -> dict[Cell, tuple[tuple[Cell, int], ...]]:
    """`_steps` with whole-number costs as ints (boards whose _kind is 'whole')."""
    key = id(board)
    found = _WHOLE.get(key)
    if found is None:
        found = {cell: tuple((n, int(c)) for n, c in row) for cell, row in _steps(board).items()}
        _WHOLE[key] = found
        weakref.finalize(board, _WHOLE.pop, key, None)
    return found


_KIND: dict[int, str] = {}


def _kind(board: Board) -> str:
    """'uniform' (every step 1), 'whole' (whole-number steps) or 'any'."""
    key = id(board)
    found = _KIND.get(key)
    if found is None:
        costs = {t.move_cost for t in board.terrain.values()}
        whole = all(c == int(c) and c >= 1 for c in costs)
        found = "uniform" if costs <= {1.0} else "whole" if whole else "any"
        _KIND[key] = found
        weakref.finalize(board, _KIND.pop, key, None)
    return found


def search(board: Board, start: Cell, budget: float, blocked: set[Cell], taken: set[Cell]) -> VmReach:
    """Cheapest cost and way back to every square within `budget`; ties resolve by square order."""
    steps = _steps(board)
    kind = _kind(board)
    if kind == "uniform":
        return _breadth_first(steps, start, int(budget + 1e-9), blocked, taken)
    if kind == "whole":
        return _buckets(_whole_steps(board), start, int(budget + 1e-9), blocked, taken)
    cost: dict[Cell, float] = {start: 0.0}
    came: dict[Cell, Cell | None] = {start: None}
    heap: list[tuple[float, Cell]] = [(0.0, start)]
    limit = budget + 1e-9
    while heap:
        c, cell = heapq.heappop(heap)
        if c > cost[cell]:
            continue
        for nxt, step in steps.get(cell, ()):
            if nxt in blocked:
                continue
            new = c + step
            if new > limit:
                continue
            old = cost.get(nxt)
            if old is None or new < old - 1e-12:
                cost[nxt] = new
                came[nxt] = cell
                heapq.heappush(heap, (new, nxt))
    reach = VmReach(start, cost, came)
    reach.stoppable = {c for c in cost if c not in taken}
    return reach


def _breadth_first(steps: dict[Cell, tuple[tuple[Cell, float], ...]], start: Cell, budget: int,
                   blocked: set[Cell], taken: set[Cell]) -> VmReach:
    """Every step costs 1: breadth-first gives the same costs and first-found ways back."""
    cost: dict[Cell, float] = {start: 0.0}
    came: dict[Cell, Cell | None] = {start: None}
    frontier = [start]
    for depth in range(1, budget + 1):
        nxt_frontier = []
        d = float(depth)
        for cell in frontier:
            for nxt, _ in steps.get(cell, ()):
                if nxt in cost or nxt in blocked:
                    continue
                cost[nxt] = d
                came[nxt] = cell
                nxt_frontier.append(nxt)
        if not nxt_frontier:
            break
        frontier = nxt_frontier
    reach = VmReach(start, cost, came)
    reach.stoppable = {c for c in cost if c not in taken}
    return reach


def _buckets(whole: dict[Cell, tuple[tuple[Cell, int], ...]], start: Cell, budget: int,
             blocked: set[Cell], taken: set[Cell]) -> VmReach:
    """Dial's algorithm: Dijkstra with one bucket per whole-number cost (int steps, see _whole_steps)."""
    best: dict[Cell, int] = {start: 0}
    came: dict[Cell, Cell | None] = {start: None}
    buckets: list[list[Cell]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    get = best.get
    for c in range(budget + 1):
        for cell in buckets[c]:
            if best[cell] < c:
                continue  # reached more cheaply since it was queued here
            for nxt, step in whole.get(cell, ()):
                new = c + step
                if new > budget or nxt in blocked:
                    continue
                old = get(nxt)
                if old is None or new < old:
                    best[nxt] = new
                    came[nxt] = cell
                    buckets[new].append(nxt)
    cost: dict[Cell, float] = {cell: float(v) for cell, v in best.items()}
    reach = VmReach(start, cost, came)
    reach.stoppable = {c for c in cost if c not in taken}
    return reach


def reach_for(match: Match, ent: int, budget: float) -> VmReach:
    """Squares `ent` can reach from where it stands within `budget` squares of movement."""
    side = side_of(ent)
    friends: list[Cell] = []
    foes: list[Cell] = []
    for e in units():
        if e != ent and on_board(e):
            (friends if side_of(e) == side else foes).append(cell_of(e))
    start = cell_of(ent)
    key = (ent, start, budget, tuple(sorted(friends)), tuple(sorted(foes)))
    memo = _MEMO.setdefault(match, {})
    found = memo.get(key)
    if found is not None:
        return found
    if len(memo) > 256:
        memo.clear()
    blocked = set(foes)
    reach = search(match.board, start, budget, blocked, set(friends) | blocked)
    memo[key] = reach
    return reach
