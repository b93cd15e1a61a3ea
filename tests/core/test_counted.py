"""core.counted: one kept search answers smaller caps exactly as a search run to those caps."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.board import Board
from game.core.counted import Route, counted
from game.core.geometry import Cell


def _extra(t: Any) -> int:
    return int(t.move_cost) - 1


def reference(board: Board, start: Cell, max_steps: int, budget: int, per_step: int,
              blocked: set[Cell]) -> dict[Cell, Route]:
    """The search as first written (a path tuple carried per frontier entry), in cell order."""
    frontier: dict[Cell, tuple[int, tuple[Cell, ...]]] = {start: (0, ())}
    best: dict[Cell, Route] = {}
    seen: dict[Cell, int] = {start: 0}
    for h in range(1, max(0, max_steps) + 1):
        nxt: dict[Cell, tuple[int, tuple[Cell, ...]]] = {}
        for cell in sorted(frontier):
            cost, path = frontier[cell]
            for n in board.grid.neighbors(cell):
                if n not in board.terrain or board.terrain[n].blocks_move or n in blocked:
                    continue
                c = cost + per_step + _extra(board.terrain[n])
                if c > budget or seen.get(n, budget + 1) <= c:
                    continue
                old = nxt.get(n)
                if old is None or c < old[0]:
                    nxt[n] = (c, (*path, n))
        for cell, (cost, path) in nxt.items():
            seen[cell] = cost
            best[cell] = Route(cell, path, cost, h)
        frontier = nxt
    return dict(sorted(best.items()))


def _board(kind: str, costs: list[int], walls: list[bool]) -> Board:
    board = Board.blank(kind, 7, 7)
    for i, cell in enumerate(sorted(board.terrain)):
        if walls[i % len(walls)]:
            board.set(cell, blocks_move=True)
        elif costs[i % len(costs)] > 1:
            board.set(cell, move_cost=float(costs[i % len(costs)]))
    return board


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(["hex", "square"]),
       costs=st.lists(st.integers(1, 3), min_size=1, max_size=9),
       walls=st.lists(st.booleans(), min_size=1, max_size=7),
       caps=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 9)), min_size=1, max_size=5),
       per_step=st.integers(0, 2),
       blocked=st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=4))
def test_kept_search_answers_every_smaller_cap_as_a_fresh_search(kind, costs, walls, caps, per_step, blocked):
    kept = _board(kind, costs, walls)
    start = sorted(kept.terrain)[len(kept.terrain) // 2]
    if kept.terrain[start].blocks_move:
        return
    # the largest caps first: every later ask is read from that one search
    for steps, budget in sorted(caps, reverse=True):
        got = counted(kept, start, steps, budget, per_step, set(blocked), _extra)
        fresh = counted(_board(kind, costs, walls), start, steps, budget, per_step, set(blocked), _extra)
        want = reference(kept, start, steps, budget, per_step, set(blocked))
        assert list(got.items()) == list(want.items())
        assert list(fresh.items()) == list(want.items())
