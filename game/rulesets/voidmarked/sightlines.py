"""Line of sight and cover for voidmarked, memoised per board content.

VM-LOS is core `sight.has_los` (walls and full cover block, units do not); VM-COVER follows
core `sight.cover_on_line`: a cover square on the line of fire counts when the gap between it
and the target is at most half the cover's height (adjacent = 0 ft, each further square 5 ft).

The AI asks these questions tens of thousands of times a game, so on square boards the same
lines are walked from offsets computed once per displacement (the square line is the same
under translation), and answers are memoised per board *content*: a simulation loading the
same map twenty times reuses them. tests/rulesets/voidmarked/test_sight.py checks every pair
of squares of the shipped maps against the core functions.
"""

from __future__ import annotations

import weakref
from functools import lru_cache

from game.core.board import Board, Terrain
from game.core.geometry import Cell, SquareGrid
from game.core.sight import cover_on_line, has_los

_BY_ID: dict[int, _Sight] = {}
_BY_CONTENT: dict[tuple, _Sight] = {}
_GRID = SquareGrid()


@lru_cache(maxsize=65536)
def _between(dx: int, dy: int) -> tuple[Cell, ...]:
    """Offsets of the squares strictly between (0, 0) and (dx, dy) on the square line."""
    return tuple(c for c in _GRID.line((0, 0), (dx, dy)) if c != (0, 0) and c != (dx, dy))


class _Sight:
    """Memo tables and the walls and cover of one board."""

    def __init__(self, board: Board) -> None:
        terrain = board.terrain
        self.square = board.kind == "square"
        self.cells = frozenset(terrain)
        self.blockers = frozenset(c for c, t in terrain.items() if t.blocks_los)
        self.covers: dict[Cell, Terrain] = {c: t for c, t in terrain.items() if t.cover > 0}
        self.open_sight = not self.blockers
        self.no_cover = not self.covers
        # a target can only be in cover within half a cover object's height of it (VM-COVER)
        self.coverable: set[Cell] = set()
        for (cx, cy), t in self.covers.items():
            reach = 1 + int(t.cover_height_ft / 2 // 5)
            self.coverable.update((cx + dx, cy + dy) for dx in range(-reach, reach + 1)
                                  for dy in range(-reach, reach + 1))
        self.los: dict[tuple[Cell, Cell], bool] = {}
        self.cover: dict[tuple[Cell, Cell], bool] = {}
        self.board_ref = weakref.ref(board)
        self.pairs: dict[tuple[Cell, Cell], tuple[int, bool, bool, bool]] = {}
        #: the same facts by far end then near end: `toward[there][here] == pairs[(here, there)]`
        #: (the AI scores every square against a few enemy squares: one row per enemy, no key tuples)
        self.toward: dict[Cell, dict[Cell, tuple[int, bool, bool, bool]]] = {}

    def pair(self, here: Cell, there: Cell) -> tuple[int, bool, bool, bool]:
        """(squares apart, line of sight, `there` in cover from `here`, `here` in cover from `there`)."""
        key = (here, there)
        found = self.pairs.get(key)
        if found is None:
            d = max(abs(here[0] - there[0]), abs(here[1] - there[1]))
            sees = self.see(here, there)
            there_covered = sees and self.covered(here, there)
            here_covered = sees and self.covered(there, here)
            found = self.pairs[key] = (d, sees, there_covered, here_covered)
            # the same facts seen from the other end (sight is symmetric): the enemies' turns ask
            back = self.pairs[(there, here)] = (d, sees, here_covered, there_covered)
            toward = self.toward
            row = toward.get(there)
            if row is None:
                row = toward[there] = {}
            row[here] = found
            row = toward.get(here)
            if row is None:
                row = toward[here] = {}
            row[there] = back
        return found

    def see(self, a: Cell, b: Cell) -> bool:
        """VM-LOS (what `los` answers), straight from the memo."""
        if self.open_sight:
            return a in self.cells and b in self.cells
        key = (a, b) if a <= b else (b, a)
        found = self.los.get(key)
        if found is None:
            board = self.board_ref()
            found = _walk_los(self, *key) if self.square or board is None else has_los(board, a, b)
            self.los[key] = found
        return found

    def covered(self, attacker: Cell, target: Cell) -> bool:
        """VM-COVER (what `in_cover` answers), straight from the memo."""
        if target not in self.coverable:
            return False
        key = (attacker, target)
        found = self.cover.get(key)
        if found is None:
            board = self.board_ref()
            found = _walk_cover(self, attacker, target) if self.square or board is None else \
                cover_counts(board, attacker, target)
            self.cover[key] = found
        return found


def _fingerprint(board: Board) -> tuple:
    special = tuple(sorted((c, t.blocks_los, t.cover, t.cover_height_ft, t.obscured)
                           for c, t in board.terrain.items()
                           if t.blocks_los or t.cover or t.obscured))
    return (board.kind, board.size, len(board.terrain), getattr(board.grid, "stagger_axis", ""),
            getattr(board.grid, "stagger_index", ""), special)


def board_cache(board: Board) -> _Sight:
    """The board's memo tables (open_sight / no_cover say when LoS and cover are trivial)."""
    key = id(board)
    found = _BY_ID.get(key)
    if found is None:
        content = _fingerprint(board)
        found = _BY_CONTENT.get(content)
        if found is None:
            if len(_BY_CONTENT) > 16:
                _BY_CONTENT.clear()
            found = _BY_CONTENT[content] = _Sight(board)
        _BY_ID[key] = found
        weakref.finalize(board, _BY_ID.pop, key, None)
    return found


def forget(board: Board) -> None:
    """Drop a board's memo (only needed when a test edits terrain after first use)."""
    _BY_ID.pop(id(board), None)
    _BY_CONTENT.pop(_fingerprint(board), None)


def los(board: Board, a: Cell, b: Cell) -> bool:
    """VM-LOS between two squares (symmetric)."""
    return board_cache(board).see(a, b)


def _walk_los(sight: _Sight, lo: Cell, hi: Cell) -> bool:
    if lo not in sight.cells or hi not in sight.cells:
        return False
    x, y = lo
    cells, blockers = sight.cells, sight.blockers
    for ox, oy in _between(hi[0] - x, hi[1] - y):
        c = (x + ox, y + oy)
        if c in blockers or c not in cells:
            return False
    return True


def in_cover(board: Board, attacker: Cell, target: Cell) -> bool:
    """VM-COVER: the target is in cover against an attack from `attacker`."""
    return board_cache(board).covered(attacker, target)


def _walk_cover(sight: _Sight, attacker: Cell, target: Cell) -> bool:
    lo, hi = (attacker, target) if attacker <= target else (target, attacker)
    x, y = lo
    tx, ty = target
    covers = sight.covers
    for ox, oy in _between(hi[0] - x, hi[1] - y):
        t = covers.get((x + ox, y + oy))
        if t is not None:
            gap = max(abs(x + ox - tx), abs(y + oy - ty)) - 1
            if gap * 5 <= t.cover_height_ft / 2:
                return True
    return False


def cover_counts(board: Board, attacker: Cell, target: Cell) -> bool:
    """The VM-COVER test on core `cover_on_line`: some cover object on the line within half its height."""
    for cell, terrain in cover_on_line(board, attacker, target):
        if terrain.cover <= 0:
            continue
        gap_ft = (board.distance(cell, target) - 1) * 5
        if gap_ft <= terrain.cover_height_ft / 2:
            return True
    return False
