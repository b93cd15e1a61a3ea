"""The tokens AI's faster readings of shared checks (issue #38): each reads exactly what the check
it stands in for reads, on every shipped square map."""

from __future__ import annotations

from contextlib import nullcontext
from types import SimpleNamespace

import pytest

from game.core.knowledge import default_hiding_places
from game.core.sight import has_los
from game.core.tmx import load_board
from game.paths import MAPS_DIR
from game.rulesets.tokens.aisight import _clear, _sees, unseen_cells
from game.rulesets.tokens.paths import _fire_tiles, _steps, steps_to_fire

MAPS = sorted((MAPS_DIR / "square").glob("*.tmx"))


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_the_fire_tiles_sight_reads_as_core_sight_on_every_square_map(path):
    board = load_board(path)
    clear = _clear(board)
    cells = sorted(board.terrain)
    # every pair within a long weapon's reach of a spread of tiles (both ways: sight is symmetric)
    for a in cells[::7]:
        for b in cells:
            if max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 10:
                assert _sees(clear, a, b) == has_los(board, a, b), (a, b)
                assert _sees(clear, b, a) == has_los(board, b, a), (b, a)


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_the_hiding_places_are_the_generic_ones_on_every_square_map(path):
    board = load_board(path)
    cells = sorted(c for c in board.terrain if board.passable(c))
    eyes = (cells[0], cells[len(cells) // 3], cells[-5])
    seen_by = [(i, (SimpleNamespace(cell=list(c)), SimpleNamespace(side="p1"))) for i, c in enumerate(eyes)]
    match = SimpleNamespace(board=board, world=nullcontext(), units=lambda *_types: seen_by)
    for last in [None, *cells[::23]]:
        want = default_hiding_places(match, "p1", 0, last, 8)  # type: ignore[arg-type]
        assert unseen_cells(board, tuple(sorted(eyes)), last, 8) == want, last


def _steps_one_by_one(board, foes, reach):
    """`steps_to_fire` as first written: a tile at a time from every firing tile."""
    steps = _steps(board)
    near = set()
    for foe in foes:
        near |= _fire_tiles(board, foe, reach)
    found = dict.fromkeys([c for c in steps if c in near], 0)
    frontier = list(found)
    while frontier:
        nxt = []
        for cell in frontier:
            for n, _diagonal, _cost in steps[cell]:
                if n not in found:
                    found[n] = found[cell] + 1
                    nxt.append(n)
        frontier = nxt
    return found


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_the_steps_to_a_firing_tile_are_those_of_a_search_a_tile_at_a_time(path):
    board = load_board(path)
    cells = sorted(c for c in board.terrain if board.passable(c))
    for foes, reach in [((cells[3],), 1), ((cells[10], cells[-10]), 6), (tuple(cells[::97]), 8)]:
        assert steps_to_fire(board, frozenset(foes), reach) == _steps_one_by_one(board, foes, reach)
