"""Voidmarked's sight (core's memo with the VM-COVER rule) agrees with core sight (has_los,
cover_on_line) everywhere it is used, and its moves with core's tagged search."""

from __future__ import annotations

import pytest

from game.core.board import Board
from game.core.chance import Chance
from game.core.sight import has_los
from game.paths import MAPS_DIR
from game.rulesets.voidmarked import query as sightlines


def _compare(board: Board, step: int) -> int:
    cells = board.cells()[::step]
    checked = 0
    for a in cells:
        for b in cells:
            assert sightlines.los(board, a, b) == has_los(board, a, b), (a, b)
            if sightlines.los(board, a, b):
                assert sightlines.in_cover(board, a, b) == sightlines.cover_counts(board, a, b), (a, b)
            checked += 1
    return checked


@pytest.mark.rule("VM-LOS", "VM-COVER")
def test_random_boards_agree_with_core_sight():
    chance = Chance(42)
    for _ in range(3):
        board = Board.blank("square", 12, 9)
        for cell in board.cells():
            roll = chance.below(12)
            if roll == 0:
                board.set(cell, name="wall", blocks_move=True, blocks_los=True)
            elif roll == 1:
                board.set(cell, name="crates", cover=1 + chance.below(2),
                          cover_height_ft=float(2 + chance.below(10)))
        assert _compare(board, 1) > 10000


@pytest.mark.rule("VM-LOS", "VM-COVER")
def test_shipped_maps_agree_with_core_sight():
    from game.core.tmx import load_board

    maps = sorted((MAPS_DIR / "square").glob("voidmarked*.tmx"))
    if not maps:
        pytest.skip("no voidmarked map shipped yet")
    for path in maps:
        board = load_board(path)
        assert _compare(board, 3) > 1000


def test_reach_search_agrees_with_core_pathing():
    from game.core.pathing import reachable, search

    chance = Chance(7)
    for costs in ((1.0,), (1.0, 2.0), (1.0, 1.5)):
        board = Board.blank("square", 14, 10)
        for cell in board.cells():
            roll = chance.below(10)
            if roll == 0:
                board.set(cell, name="wall", blocks_move=True)
            elif roll < 3:
                board.set(cell, name="rough", move_cost=costs[chance.below(len(costs))])
        cells = [c for c in board.cells() if board.passable(c)]
        blocked = set(cells[5::17])
        taken = blocked | set(cells[3::19])

        def enterable(c, blocked=blocked):
            return c not in blocked

        def can_stop(c, taken=taken):
            return c not in taken

        for start in cells[::11]:
            if start in blocked:
                continue
            for budget in (6, 7, 12):
                mine = search(board, start, budget, blocked=blocked, taken=taken)
                core = reachable(board, start, budget, enterable=enterable, can_stop=can_stop)
                assert mine.cost == core.cost and mine.stoppable == core.stoppable
                for c in list(mine.cost)[::7]:
                    path = mine.path_to(c)
                    assert len(path) == 0 or path[-1] == c
