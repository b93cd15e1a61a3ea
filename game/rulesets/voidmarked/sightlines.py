"""Line of sight and cover for voidmarked, memoised per board (the board never changes in a match).

LoS is core `sight.has_los` (VM-LOS: walls and full cover block, units do not). Cover follows
VM-COVER: a cover square on the line of fire counts when the gap between it and the target is at
most half the cover's height (adjacent = 0 ft, each further square 5 ft more).
"""

from __future__ import annotations

import weakref

from game.core.board import Board
from game.core.geometry import Cell
from game.core.sight import cover_on_line, has_los

_CACHES: dict[int, _BoardCache] = {}


class _BoardCache:
    """Memo tables of one board."""

    def __init__(self, board: Board) -> None:
        self.open_sight = not any(t.blocks_los for t in board.terrain.values())
        self.no_cover = not any(t.cover > 0 for t in board.terrain.values())
        self.los: dict[tuple[Cell, Cell], bool] = {}
        self.cover: dict[tuple[Cell, Cell], bool] = {}


def board_cache(board: Board) -> _BoardCache:
    """The board's memo tables (open_sight / no_cover say when LoS and cover are trivial)."""
    return _cache(board)


def _cache(board: Board) -> _BoardCache:
    key = id(board)
    found = _CACHES.get(key)
    if found is None:
        found = _CACHES[key] = _BoardCache(board)
        weakref.finalize(board, _CACHES.pop, key, None)
    return found


def forget(board: Board) -> None:
    """Drop a board's memo tables (only needed when a test edits terrain after first use)."""
    _CACHES.pop(id(board), None)


def los(board: Board, a: Cell, b: Cell) -> bool:
    """VM-LOS between two squares (symmetric)."""
    cache = _cache(board)
    if cache.open_sight:
        return a in board and b in board
    key = (a, b) if a <= b else (b, a)
    found = cache.los.get(key)
    if found is None:
        found = cache.los[key] = has_los(board, a, b)
    return found


def in_cover(board: Board, attacker: Cell, target: Cell) -> bool:
    """VM-COVER: the target is in cover against an attack from `attacker`."""
    cache = _cache(board)
    if cache.no_cover:
        return False
    key = (attacker, target)
    found = cache.cover.get(key)
    if found is None:
        found = cache.cover[key] = cover_counts(board, attacker, target)
    return found


def cover_counts(board: Board, attacker: Cell, target: Cell) -> bool:
    """The uncached VM-COVER test: some cover object on the line within half its height."""
    for cell, terrain in cover_on_line(board, attacker, target):
        if terrain.cover <= 0:
            continue
        gap_ft = (board.distance(cell, target) - 1) * 5
        if gap_ft <= terrain.cover_height_ft / 2:
            return True
    return False
