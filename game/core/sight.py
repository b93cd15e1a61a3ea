"""Line of sight and cover along a line of fire, centre to centre, symmetric by construction."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game.core.board import Board, Terrain
from game.core.geometry import Cell, hex_line


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
    extra = set(blockers)
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
