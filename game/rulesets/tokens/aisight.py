"""Sight on a square board read fast for the tokens AI: the same answers as `core.sight.has_los`
(terrain only) and `core.knowledge.default_hiding_places`, from each line's shape kept per offset
and the board's clear tiles (tested against both on every shipped square map)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from game.core.board import board_tables
from game.core.geometry import Cell, _square_line

if TYPE_CHECKING:
    from game.core.board import Board


def in_sight(board: Board, foe: Cell, reach: int) -> dict[Cell, int]:
    """`combat.in_reach` of `foe` on a square board, per open tile within `reach`: its distance. Every
    tile of the square is within reach; the foe's own tile is not, an adjacent one needs no sight
    (`_sees`: `has_los`, read faster)."""
    terrain = board.terrain
    clear = _clear(board)
    fx, fy = foe
    out: dict[Cell, int] = {}
    for x in range(fx - reach, fx + reach + 1):
        for y in range(fy - reach, fy + reach + 1):
            cell = (x, y)
            if cell in terrain and not terrain[cell].blocks_move and cell != foe:
                d = max(abs(x - fx), abs(y - fy))
                if d == 1 or _sees(clear, cell, foe):
                    out[cell] = d
    return out


def _clear(board: Board) -> frozenset[Cell]:
    """The tiles of a board sight passes through (on it, not `blocks_los`), kept per board."""
    tables = board_tables(board)
    found = tables.get("tokens_clear")
    if found is None:
        found = tables["tokens_clear"] = frozenset(c for c, t in board.terrain.items() if not t.blocks_los)
    return found


@lru_cache(maxsize=1 << 14)
def _inside(d: Cell) -> tuple[Cell, ...]:
    """The offsets of the tiles a line from (0, 0) to `d` crosses between its ends."""
    return tuple(c for c in _square_line((0, 0), d) if c != (0, 0) and c != d)


def _sees(clear: frozenset[Cell], a: Cell, b: Cell) -> bool:
    """`core.sight.has_los` on a square board between two of its tiles, terrain only: the line from
    the lower tile to the higher one (`SquareGrid.line`) crosses clear tiles only. The line is the
    same shape wherever it starts (its cells are worked out from the offsets alone), so its inside
    is kept per offset."""
    lo, hi = (a, b) if a <= b else (b, a)
    x, y = lo
    for ox, oy in _inside((hi[0] - x, hi[1] - y)):
        if (x + ox, y + oy) not in clear:
            return False
    return True


#: answers of `unseen_cells` kept per board (its `board_tables`)
UNSEEN_KEPT = 64


def unseen_cells(board: Board, eyes: tuple[Cell, ...], last_seen: Cell | None, reach: int) -> list[Cell]:
    """`core.knowledge.default_hiding_places` on a square board, the same cells in the same order:
    passable tiles within `reach` of `last_seen` (any when None) none of `eyes` has a line of
    sight to, read from the square around `last_seen` and `_sees` (kept per board)."""
    memo = board_tables(board).setdefault("tokens_unseen", {})
    key = (eyes, last_seen, reach)
    found = memo.get(key)
    if found is None:
        terrain = board.terrain
        if last_seen is None:
            near: list[Cell] = list(terrain)
        else:
            lx, ly = last_seen
            xs, ys = range(lx - reach, lx + reach + 1), range(ly - reach, ly + reach + 1)
            near = [(x, y) for x in xs for y in ys]
        clear = _clear(board)
        # sight from a tile off the board reads as none (`has_los`)
        seeing = [e for e in eyes if e in terrain]
        found = sorted((c for c in near if c in terrain and not terrain[c].blocks_move
                        and not any(_sees(clear, e, c) for e in seeing)), key=lambda c: (c[1], c[0]))
        if len(memo) >= UNSEEN_KEPT:
            memo.clear()
        memo[key] = found
    return list(found)
