"""Line of sight and cover along a line of fire, centre to centre, symmetric by construction."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from game.core.board import Board, Terrain, board_tables
from game.core.geometry import Cell, SquareGrid, hex_line

_SQUARE = SquareGrid()


def _canonical(a: Cell, b: Cell) -> tuple[Cell, Cell]:
    return (a, b) if a <= b else (b, a)


def sight_lines(board: Board, a: Cell, b: Cell) -> list[list[Cell]]:
    """The candidate lines between two cells (two nudged lines on hexes, one on squares)."""
    lo, hi = _canonical(a, b)
    if board.kind == "hex":
        lines = [hex_line(lo, hi, 1e-6), hex_line(lo, hi, -1e-6)]
        return lines if lines[0] != lines[1] else lines[:1]
    return [board.grid.line(lo, hi)]


def between(line: list[Cell], a: Cell, b: Cell) -> list[Cell]:
    """The cells of a line without its two ends."""
    return [c for c in line if c != a and c != b]


def has_los(board: Board, a: Cell, b: Cell, blockers: Iterable[Cell] = (),
            blocks: Callable[[Terrain], bool] | None = None) -> bool:
    """True when some sight line between the cells passes no blocking cell.

    `blockers` adds cells that block (e.g. units, for rulesets where bodies block sight);
    `blocks` overrides which terrain blocks (default: `blocks_los`).
    """
    if a not in board or b not in board:
        return False
    if blocks is None and not blockers:
        # terrain alone decides: kept per board (AI and rules ask about the same pairs again)
        memo = board_tables(board).setdefault("los", {})
        key = (a, b) if a <= b else (b, a)
        found = memo.get(key)
        if found is None:
            found = memo[key] = _has_los(board, a, b, set(), None)
        return found
    return _has_los(board, a, b, set(blockers), blocks)


def _has_los(board: Board, a: Cell, b: Cell, extra: set[Cell],
             blocks: Callable[[Terrain], bool] | None) -> bool:
    test = blocks or (lambda t: t.blocks_los)
    for line in sight_lines(board, a, b):
        if all(c in board and not test(board.at(c)) and c not in extra for c in between(line, a, b)):
            return True
    return False


def cover_on_line(board: Board, attacker: Cell, target: Cell) -> list[tuple[Cell, Terrain]]:
    """Cover-giving cells the line of fire crosses, nearest the target first.

    With two candidate lines (hex ties) the attacker gets the clearer one: the line with the
    lower best cover, then fewer obscured cells. Only lines that sight passes count (a wall on one
    tie line must not hide the cover on the other), unless neither line is clear.
    """
    memo = board_tables(board).setdefault("cover-lines", {})
    found = memo.get((attacker, target))
    if found is None:
        found = memo[(attacker, target)] = tuple(_cover_on_line(board, attacker, target))
    return list(found)


def _cover_on_line(board: Board, attacker: Cell, target: Cell) -> list[tuple[Cell, Terrain]]:
    lines = sight_lines(board, attacker, target)
    clear = [line for line in lines
             if all(c in board and not board.at(c).blocks_los for c in between(line, attacker, target))]
    best: list[tuple[Cell, Terrain]] | None = None
    best_key: tuple[int, int] = (0, 0)
    for line in clear or lines:
        found = [(c, board.at(c)) for c in between(line, attacker, target)
                 if c in board and (board.at(c).cover > 0 or board.at(c).obscured)]
        found.sort(key=lambda item: board.distance(item[0], target))
        key = (max((t.cover for _, t in found), default=0), sum(t.obscured for _, t in found))
        if best is None or key < best_key:
            best, best_key = found, key
    return best or []


# -- memoised sight for the AI's hot loops ---------------------------------------------------------
class CoverRule:
    """How a ruleset reads cover on a line of fire (`BoardSight.covered`): a cover cell on the line
    counts when `counts(terrain, gap)` holds, `gap` being the cells between it and the target; a
    target more than `reach(terrain)` cells (Chebyshev, in logic coordinates) from every cover
    cell cannot be covered at all. Subclass it; instances key the memo, so keep one per rule."""

    def reach(self, terrain: Terrain) -> int:
        """How far from a cover cell a covered target can stand."""
        raise NotImplementedError

    def counts(self, terrain: Terrain, gap: int) -> bool:
        """Whether this cover cell, `gap` cells short of the target, covers it."""
        raise NotImplementedError


@lru_cache(maxsize=65536)
def _between_offsets(dx: int, dy: int) -> tuple[Cell, ...]:
    """Offsets of the squares strictly between (0, 0) and (dx, dy) on the square line (the square
    line is the same under translation)."""
    return tuple(c for c in _SQUARE.line((0, 0), (dx, dy)) if c != (0, 0) and c != (dx, dy))


class BoardSight:
    """Line of sight and cover of one board's content, memoised (`board_sight`).

    Answers are those of `has_los` and `cover_on_line`; on square boards lines are walked from
    offsets computed once per displacement. Boards with the same content share one (a simulation
    loads the same map game after game). `tables` holds a ruleset's own per-board memo tables.
    """

    def __init__(self, board: Board) -> None:
        terrain = board.terrain
        self.square = board.kind == "square"
        self.cells = frozenset(terrain)
        self.blockers = frozenset(c for c, t in terrain.items() if t.blocks_los)
        self.covers: dict[Cell, Terrain] = {c: t for c, t in terrain.items() if t.cover > 0}
        self.open_sight = not self.blockers
        self.no_cover = not self.covers
        self.los: dict[tuple[Cell, Cell], bool] = {}
        self.cover: dict[CoverRule, tuple[set[Cell], dict[tuple[Cell, Cell], bool]]] = {}
        self.board_ref = weakref.ref(board)
        self.tables: dict[str, Any] = {}

    def see(self, a: Cell, b: Cell) -> bool:
        """`has_los(board, a, b)` with terrain blocking, from the memo."""
        if self.open_sight:
            return a in self.cells and b in self.cells
        key = (a, b) if a <= b else (b, a)
        found = self.los.get(key)
        if found is None:
            board = self.board_ref()
            found = self._walk_los(*key) if self.square or board is None else has_los(board, a, b)
            self.los[key] = found
        return found

    def _walk_los(self, lo: Cell, hi: Cell) -> bool:
        if lo not in self.cells or hi not in self.cells:
            return False
        x, y = lo
        cells, blockers = self.cells, self.blockers
        for ox, oy in _between_offsets(hi[0] - x, hi[1] - y):
            c = (x + ox, y + oy)
            if c in blockers or c not in cells:
                return False
        return True

    def covered(self, attacker: Cell, target: Cell, rule: CoverRule) -> bool:
        """Some cover cell on the line of fire covers the target by `rule`, from the memo."""
        found_rule = self.cover.get(rule)
        if found_rule is None:
            coverable: set[Cell] = set()
            for (cx, cy), t in self.covers.items():
                r = rule.reach(t)
                coverable.update((cx + dx, cy + dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1))
            found_rule = self.cover[rule] = (coverable, {})
        coverable, memo = found_rule
        if target not in coverable:
            return False
        key = (attacker, target)
        found = memo.get(key)
        if found is None:
            board = self.board_ref()
            if self.square or board is None:
                found = self._walk_cover(attacker, target, rule)
            else:
                found = any(t.cover > 0 and rule.counts(t, board.distance(c, target) - 1)
                            for c, t in cover_on_line(board, attacker, target))
            memo[key] = found
        return found

    def _walk_cover(self, attacker: Cell, target: Cell, rule: CoverRule) -> bool:
        lo, hi = (attacker, target) if attacker <= target else (target, attacker)
        x, y = lo
        tx, ty = target
        covers = self.covers
        for ox, oy in _between_offsets(hi[0] - x, hi[1] - y):
            t = covers.get((x + ox, y + oy))
            if t is not None and rule.counts(t, max(abs(x + ox - tx), abs(y + oy - ty)) - 1):
                return True
        return False


_BY_CONTENT: dict[tuple, BoardSight] = {}


def _fingerprint(board: Board) -> tuple:
    special = tuple(sorted((c, t.blocks_los, t.cover, t.cover_height_ft, t.obscured)
                           for c, t in board.terrain.items()
                           if t.blocks_los or t.cover or t.obscured))
    return (board.kind, board.size, len(board.terrain), getattr(board.grid, "stagger_axis", ""),
            getattr(board.grid, "stagger_index", ""), special)


def board_sight(board: Board) -> BoardSight:
    """The memoised sight of a board as it is now (a `Board.set` since gets a fresh one)."""
    tables = board_tables(board)
    found = tables.get("sight")
    if found is None:
        content = _fingerprint(board)
        found = _BY_CONTENT.get(content)
        if found is None:
            if len(_BY_CONTENT) > 16:
                _BY_CONTENT.clear()
            found = _BY_CONTENT[content] = BoardSight(board)
        tables["sight"] = found
    return found
