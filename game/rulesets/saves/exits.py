"""Where a saves unit can flee (SV-RETREAT's "somewhere to run to"), read from the map.

A map made for saves marks its ways out with objectives of kind `exit` (gates, a cave mouth):
then a unit may flee only from one of their squares. Any other map (one made for another
ruleset, or none of its objectives an exit) is read as open country: every passable square on
the map's edge is a way out, the rim of a ragged map (a square next to an off-board one)
included. Objectives of other kinds (`hold`) mean nothing to saves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.board import Board

Cell = tuple[int, int]
EXIT_KIND = "exit"
_SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))


def marked_exits(board: Board) -> list[Cell]:
    """Squares of the map's `exit` objectives that a unit can stand on ([] when none is marked)."""
    return [c for o in board.objectives if o.kind.strip().lower() == EXIT_KIND
            for c in o.cells if board.passable(c)]


def on_rim(board: Board, cell: Cell) -> bool:
    """A board square on the map's outer edge or next to a square off the board."""
    x, y = cell
    cols, rows = board.size
    if x in (0, cols - 1) or y in (0, rows - 1):
        return True
    return any((x + dx, y + dy) not in board for dx, dy in _SIDES)


def is_exit(board: Board, cell: Cell) -> bool:
    """Whether a unit on `cell` has somewhere to run to."""
    if any(o.kind.strip().lower() == EXIT_KIND for o in board.objectives):
        return any(cell in o.cells for o in board.objectives if o.kind.strip().lower() == EXIT_KIND)
    return on_rim(board, cell)
