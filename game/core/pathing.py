"""Reachable area and paths: step costs, step state (parity), occupancy and zones of control.

One search serves every ruleset. Plain moves (each step costs the entered cell's move_cost) run on
neighbour tables built once per board: breadth-first when every step costs 1, one bucket per cost
when costs are whole numbers, a heap otherwise. Rules that price a step by the steps already taken
give the search a tagged step function: its nodes are (cell, tag), so a cell reached with either
parity of diagonal steps keeps both (tokens: odd diagonal steps cost 2, even ones 1). A move capped
both in steps and in points (casket: hexes and SP) has `core.counted`.

Ties between equal-cost routes always resolve the same way (the neighbour order of the grid, then
first found), so the same board and units yield the same paths.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from game.core.board import Board, board_tables
from game.core.geometry import Cell

StepFn = Callable[[Cell, Cell, Hashable], "tuple[float, Hashable] | None"]


def default_step(board: Board) -> StepFn:
    """Each step costs the entered cell's move_cost; walls are impassable."""

    def step(src: Cell, dst: Cell, tag: Hashable) -> tuple[float, Hashable] | None:
        if not board.passable(dst):
            return None
        return board.at(dst).move_cost, tag

    return step


def diagonal_parity(board: Board, odd: float = 2.0, even: float = 1.0, orthogonal: float = 1.0) -> StepFn:
    """Square steps where diagonal steps alternate in price within one move (the tag is the number
    of diagonal steps taken so far, mod 2): the 1st, 3rd... diagonal costs `odd`, the 2nd, 4th...
    `even`, an orthogonal step `orthogonal`; each times the entered cell's move_cost."""

    def step(src: Cell, dst: Cell, tag: Hashable) -> tuple[float, Hashable] | None:
        t = board.terrain.get(dst)
        if t is None or t.blocks_move:
            return None
        if src[0] != dst[0] and src[1] != dst[1]:
            return (odd if tag == 0 else even) * t.move_cost, 1 - int(tag or 0)
        return orthogonal * t.move_cost, tag

    return step


@dataclass(frozen=True)
class Occupancy:
    """Who stands where, for one mover: `friends` and `foes` count the other units per cell.

    A mover never enters a foe's cell (unless `pass_foes`), passes through allies when
    `pass_allies`, and may end only on a cell holding fewer than `capacity` units.
    """

    friends: dict[Cell, int] = field(default_factory=dict)
    foes: dict[Cell, int] = field(default_factory=dict)
    capacity: int = 1
    pass_allies: bool = True
    pass_foes: bool = False

    @staticmethod
    def of(cells: Iterable[tuple[Cell, bool]], capacity: int = 1, pass_allies: bool = True,
           pass_foes: bool = False) -> Occupancy:
        """From (cell, is_friend) of every other unit on the board."""
        friends: dict[Cell, int] = {}
        foes: dict[Cell, int] = {}
        for cell, friendly in cells:
            side = friends if friendly else foes
            side[cell] = side.get(cell, 0) + 1
        return Occupancy(friends, foes, capacity, pass_allies, pass_foes)

    def blocked(self) -> set[Cell]:
        """Cells the mover may not enter."""
        out: set[Cell] = set() if self.pass_foes else set(self.foes)
        if not self.pass_allies:
            out.update(self.friends)
        return out

    def full(self) -> set[Cell]:
        """Cells the mover may not end on (as many units as the cell holds, or a foe there)."""
        cap = self.capacity
        out = {c for c, n in self.friends.items() if n + self.foes.get(c, 0) >= cap}
        out.update(c for c, n in self.foes.items() if n >= cap or not self.pass_foes)
        return out


@dataclass(frozen=True)
class Zones:
    """Zones of control: a step out of a `threatened` cell costs `leave` more, or is barred when
    `leave` is None (a unit that walks into a threatened cell stops there). Leaving the start cell
    follows the same rule unless `start_free` (a unit that begins engaged may disengage)."""

    threatened: frozenset[Cell]
    leave: float | None = None
    start_free: bool = True


@dataclass(eq=False)
class Reach:
    """Result of a search: cheapest cost to each cell and the way back."""

    start: Cell
    cost: dict[Cell, float] = field(default_factory=dict)
    came: dict[Cell, Cell | None] = field(default_factory=dict)
    stoppable: set[Cell] = field(default_factory=set)
    # With tags the way back runs through (cell, tag) nodes: the cheapest way into a cell may
    # leave its predecessor in a different tag than that predecessor's own cheapest arrival.
    best_node: dict[Cell, tuple[Cell, Hashable]] = field(default_factory=dict)
    prev_node: dict[tuple[Cell, Hashable], tuple[Cell, Hashable] | None] = field(default_factory=dict)
    #: what a ruleset built from this search (e.g. its legal move actions), kept with it
    extra: dict[str, Any] = field(default_factory=dict, repr=False)
    _routes: dict[Cell, tuple[Cell, ...]] = field(default_factory=dict, repr=False)

    def path_to(self, cell: Cell) -> list[Cell]:
        """Cells from start (excluded) to cell (included), costing exactly cost[cell]; [] if unreachable."""
        return list(self.route(cell))

    def route(self, cell: Cell) -> tuple[Cell, ...]:
        """`path_to` as a tuple; every route shares its parent's, so all of them cost one pass."""
        routes = self._routes
        found = routes.get(cell)
        if found is not None:
            return found
        if cell not in self.came or cell == self.start:
            return ()
        node = self.best_node.get(cell)
        if node is not None:  # tagged search: walk the nodes (a route's parent may differ by tag)
            out: list[Cell] = []
            walk: tuple[Cell, Hashable] | None = node
            while walk is not None and self.prev_node.get(walk) is not None:
                out.append(walk[0])
                walk = self.prev_node[walk]
            found = routes[cell] = tuple(reversed(out))
            return found
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


# -- per-board neighbour tables -------------------------------------------------------------------
def _steps(board: Board) -> tuple[str, dict[Cell, tuple[tuple[Cell, Any], ...]]]:
    """('uniform' | 'whole' | 'any', each cell's enterable neighbours with their entry cost)."""
    tables = board_tables(board)
    found = tables.get("steps")
    if found is None:
        terrain = board.terrain
        costs = {t.move_cost for t in terrain.values()}
        whole = all(c == int(c) and c >= 1 for c in costs)
        kind = "uniform" if costs <= {1.0} else "whole" if whole else "any"
        steps: dict[Cell, tuple[tuple[Cell, Any], ...]] = {}
        for cell in terrain:
            steps[cell] = tuple((n, int(terrain[n].move_cost) if kind == "whole" else terrain[n].move_cost)
                                for n in board.neighbors(cell) if not terrain[n].blocks_move)
        found = tables["steps"] = (kind, steps)
    return found


# -- the search -----------------------------------------------------------------------------------
def search(board: Board, start: Cell, budget: float, occupancy: Occupancy | None = None, *,
           blocked: set[Cell] | None = None, taken: set[Cell] | None = None,
           step: StepFn | None = None, tag: Hashable = None, zones: Zones | None = None) -> Reach:
    """Cheapest cost and way back to every cell within `budget`.

    Who may be passed and where a move may end come from `occupancy` (or directly from
    `blocked`, cells not entered, and `taken`, cells not ended on). `step` prices steps by the
    step state `tag` (see `diagonal_parity`); `zones` adds zones of control. The result is
    shared by every equal search on the board: treat it as read-only (`extra` excepted).
    """
    if occupancy is not None:
        blocked = occupancy.blocked() if blocked is None else blocked | occupancy.blocked()
        taken = occupancy.full() if taken is None else taken | occupancy.full()
    blocked = blocked or set()
    taken = blocked if taken is None else taken
    # the same search comes up again and again (every input bumps the match's version, but
    # units rarely all stay put): results are kept per board on exactly what they depend on
    memo = board_tables(board).setdefault("searches", {})
    key = (start, budget, frozenset(blocked), frozenset(taken), step, tag, zones)
    found = memo.get(key)
    if found is not None:
        return found
    if len(memo) > 512:
        memo.clear()
    memo[key] = reach = _search(board, start, budget, blocked, taken, step, tag, zones)
    return reach


def _search(board: Board, start: Cell, budget: float, blocked: set[Cell], taken: set[Cell],
            step: StepFn | None, tag: Hashable, zones: Zones | None) -> Reach:
    if step is None and zones is None:
        kind, steps = _steps(board)
        limit = int(budget + 1e-9)
        if kind == "uniform":
            cost, came = _breadth_first(steps, start, limit, blocked)
        elif kind == "whole":
            cost, came = _buckets(steps, start, limit, blocked)
        else:
            cost, came = _dijkstra(steps, start, budget, blocked)
        reach = Reach(start, cost, came)
    else:
        reach = _tagged(board, start, budget, blocked, step or default_step(board), tag, zones)
    reach.stoppable = {c for c in reach.cost if c not in taken}
    return reach


def _breadth_first(steps: dict, start: Cell, budget: int, blocked: set[Cell]) -> tuple[dict, dict]:
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
    return cost, came


def _buckets(steps: dict, start: Cell, budget: int, blocked: set[Cell]) -> tuple[dict, dict]:
    """Dial's algorithm: Dijkstra with one bucket per whole-number cost."""
    best: dict[Cell, int] = {start: 0}
    came: dict[Cell, Cell | None] = {start: None}
    buckets: list[list[Cell]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    get = best.get
    for c in range(budget + 1):
        for cell in buckets[c]:
            if best[cell] < c:
                continue  # reached more cheaply since it was queued here
            for nxt, step in steps.get(cell, ()):
                new = c + step
                if new > budget or nxt in blocked:
                    continue
                old = get(nxt)
                if old is None or new < old:
                    best[nxt] = new
                    came[nxt] = cell
                    buckets[new].append(nxt)
    return {cell: float(v) for cell, v in best.items()}, came


def _dijkstra(steps: dict, start: Cell, budget: float, blocked: set[Cell]) -> tuple[dict, dict]:
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
    return cost, came


def _tagged(board: Board, start: Cell, budget: float, blocked: set[Cell], step_fn: StepFn,
            tag: Hashable, zones: Zones | None) -> Reach:
    """Dijkstra over (cell, tag) nodes: each cell keeps its cheapest arrival per tag."""
    reach = Reach(start)
    best: dict[tuple[Cell, Hashable], float] = {(start, tag): 0.0}
    reach.cost[start] = 0.0
    reach.came[start] = None
    prev_of = reach.prev_node
    prev_of[(start, tag)] = None
    reach.best_node[start] = (start, tag)
    threatened = zones.threatened if zones is not None else frozenset()
    heap: list[tuple[float, Cell, Hashable, Cell | None]] = [(0.0, start, tag, None)]
    neighbors = board.neighbors
    while heap:
        cost, cell, node_tag, _ = heapq.heappop(heap)
        if cost > best.get((cell, node_tag), float("inf")):
            continue
        extra = 0.0
        if cell in threatened and not (cell == start and zones.start_free):  # type: ignore[union-attr]
            if zones.leave is None:  # type: ignore[union-attr]
                continue
            extra = zones.leave  # type: ignore[union-attr]
        for nxt in neighbors(cell):
            if nxt in blocked:
                continue
            res = step_fn(cell, nxt, node_tag)
            if res is None:
                continue
            delta, nxt_tag = res
            new = cost + delta + extra
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
    return reach


def reachable(board: Board, start: Cell, budget: float, step: StepFn | None = None,
              enterable: Callable[[Cell], bool] | None = None,
              can_stop: Callable[[Cell], bool] | None = None, tag: Hashable = None) -> Reach:
    """`search` with predicates: `enterable(cell)` filters cells a unit may pass, `can_stop(cell)`
    where it may end (always the tagged search: kept for callers that price steps themselves)."""
    step_fn = step or default_step(board)
    if enterable is not None:
        inner = step_fn

        def step_fn(src: Cell, dst: Cell, t: Hashable) -> tuple[float, Hashable] | None:
            return inner(src, dst, t) if enterable(dst) else None

    reach = _tagged(board, start, budget, set(), step_fn, tag, None)
    reach.stoppable = {c for c in reach.cost if can_stop is None or can_stop(c)}
    return reach
