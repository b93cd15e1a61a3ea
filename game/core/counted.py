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
    fewest steps; in cell order.

    Step by step outwards; a cell already reached in fewer steps for no more points is not
    expanded again. Within a step, cells expand in sorted order and the first cheapest way wins.
    Results are kept per board on their inputs: treat them as read-only.

    One search serves every pair of caps up to the ones it ran with (`_Search`): a unit that
    turns or plays a card where it stands asks again with fewer points.
    """
    tables = board_tables(board)
    memo = tables.setdefault("counted", {})
    frozen = frozenset(blocked)
    key = (start, max_steps, budget, per_step, frozen, extra)
    found = memo.get(key)
    if found is not None:
        return found
    if len(memo) > 512:
        memo.clear()
    searches = tables.setdefault("counted-searches", {})
    family = (start, per_step, frozen, extra)
    search = searches.get(family)
    if search is None or search.max_steps < max_steps or search.budget < budget:
        caps = (max_steps, budget)
        if search is not None:
            caps = (max(max_steps, search.max_steps), max(budget, search.budget))
        elif len(searches) > 256:
            searches.clear()
        search = searches[family] = _Search(board, tables, start, *caps, per_step, frozen, extra)
    memo[key] = found = search.routes(max_steps, budget)
    return found


class _Search:
    """The step-by-step search of `counted` run to some caps, kept so that the answer for any
    smaller caps can be read from it.

    Why that answer is the one a search run to the smaller caps gives: the steps up to a smaller
    step cap run the same whatever comes after them; and a route within a smaller budget passes
    only through cells reached within it, so the ways a larger budget adds (all dearer) never
    win a cell's cheapest way, never change which cheapest way is found first, and never hide a
    cheaper way behind `seen`. A cell's answer under caps (S, B) is its last improvement at
    step S or before, when that costs at most B.
    """

    def __init__(self, board: Board, tables: dict[str, Any], start: Cell, max_steps: int, budget: int,
                 per_step: int, blocked: frozenset[Cell], extra: Callable[[Any], int]) -> None:
        self.max_steps = max_steps
        self.budget = budget
        extras = tables.get(("counted", extra))
        if extras is None:
            terrain = board.terrain
            extras = tables[("counted", extra)] = {
                cell: tuple((n, extra(terrain[n])) for n in board.grid.neighbors(cell)
                            if n in terrain and not terrain[n].blocks_move)
                for cell in terrain}
        # costs only while searching; each step keeps the cell each new cell was entered from, and
        # paths are walked back from those when asked (one tuple per cell, not one per improvement)
        frontier: dict[Cell, int] = {start: 0}
        self.steps: list[dict[Cell, Cell]] = []
        #: per cell, every (step, cost) that improved on the ones before (costs fall)
        self.improved: dict[Cell, list[tuple[int, int]]] = {}
        improved = self.improved
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
                found = improved.get(cell)
                if found is None:
                    improved[cell] = [(h, cost)]
                else:
                    found.append((h, cost))
            self.steps.append(came)
            frontier = nxt
            if not frontier:
                break
        self.cells = sorted(improved)

    def routes(self, max_steps: int, budget: int) -> dict[Cell, Route]:
        """What `counted` answers for caps up to the search's own."""
        steps = self.steps
        out: dict[Cell, Route] = {}
        for cell in self.cells:
            best = None
            for h, cost in self.improved[cell]:
                if h > max_steps:
                    break
                best = h, cost
            if best is None or best[1] > budget:
                continue
            h, cost = best
            path = [cell]
            at = cell
            for k in range(h - 1, 0, -1):
                at = steps[k][at]
                path.append(at)
            path.reverse()
            # `Route(...)` without the frozen dataclass's per-field setattr: a search hands out
            # a hundred routes, thousands a game; the result is equal to `Route(...)` in every way
            route = _new(Route)
            route.__dict__.update(cell=cell, path=tuple(path), cost=cost, steps=h)
            out[cell] = route
        return out


_new = object.__new__
