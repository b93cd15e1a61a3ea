"""Spawn zones: the checks every playable map passes, and zones placed for maps that have none."""

from __future__ import annotations

from game.core.board import Board
from game.core.geometry import Cell
from game.core.tmx.objects import SIDES
from game.core.wording import plural
from game.errors import UserError

MIN_SPAWN_CELLS = 6
# Placed zones grow edge line by edge line until they hold this many cells (when room allows).
PLACED_SPAWN_CELLS = 12


class _Ground:
    """Passable cells as a flat grid in Tiled (col, row) order, for fast flood fills.

    Neighbours come from the grid itself, sampled once per (col, row) parity: square and
    staggered hex layouts repeat every two columns and rows.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.cols, self.rows = board.size
        self.open = bytearray(self.cols * self.rows)
        to_offset = board.grid.to_offset
        for cell, t in board.terrain.items():
            if not t.blocks_move:
                col, row = to_offset(cell)
                self.open[row * self.cols + col] = 1
        grid = board.grid
        self.deltas: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for pc in (0, 1):
            for pr in (0, 1):
                col, row = 4 + pc, 4 + pr
                near = (grid.to_offset(n) for n in grid.neighbors(grid.from_offset(col, row)))
                self.deltas[(pc, pr)] = [(c - col, r - row) for c, r in near]

    def index(self, cell: Cell) -> int:
        col, row = self.board.grid.to_offset(cell)
        return row * self.cols + col

    def flood(self, start: int, seen: bytearray) -> list[int]:
        """Indices reachable from `start` over passable ground, marking them in `seen`."""
        cols, rows, open_, deltas = self.cols, self.rows, self.open, self.deltas
        seen[start] = 1
        found = [start]
        todo = [start]
        while todo:
            i = todo.pop()
            col, row = i % cols, i // cols
            for dc, dr in deltas[(col & 1, row & 1)]:
                c, r = col + dc, row + dr
                if 0 <= c < cols and 0 <= r < rows:
                    j = r * cols + c
                    if open_[j] and not seen[j]:
                        seen[j] = 1
                        found.append(j)
                        todo.append(j)
        return found

    def cell(self, i: int) -> Cell:
        return self.board.grid.from_offset(i % self.cols, i // self.cols)


def check_spawns(board: Board, shown: str) -> None:
    """Both sides have zones big enough, joined by passable ground."""
    for side in SIDES:
        n = len(board.spawns.get(side, []))
        if n == 0:
            raise UserError(f"no spawn zone for {side} (an object of type spawn with side = {side})", shown)
        if n < MIN_SPAWN_CELLS:
            raise UserError(f"spawn zone of {side} has {n} cells, at least {MIN_SPAWN_CELLS} needed", shown)
    # Every spawn cell must reach the other side: no sealed-in squads.
    ground = _Ground(board)
    seen = bytearray(len(ground.open))
    ground.flood(ground.index(board.spawns["p1"][0]), seen)
    for side in SIDES:
        for cell in board.spawns[side]:
            if not seen[ground.index(cell)]:
                col, row = board.grid.to_offset(cell)
                raise UserError(f"spawn cell ({col}, {row}) of {side} has no passable path to the other "
                                "side's zone", shown)


def _largest_open_area(board: Board) -> set[Cell]:
    """The largest set of passable cells joined by steps."""
    ground = _Ground(board)
    seen = bytearray(len(ground.open))
    best: list[int] = []
    for i, is_open in enumerate(ground.open):
        if is_open and not seen[i]:
            area = ground.flood(i, seen)
            if len(area) > len(best):
                best = area
    return {ground.cell(i) for i in best}


def place_spawns(board: Board, shown: str) -> str:
    """Zones on opposite edges of the largest open area (along the map's longer axis).

    Returns the warning that says what was assumed; refuses a map with no room for two zones.
    """
    area = _largest_open_area(board)
    if len(area) < 2 * MIN_SPAWN_CELLS:
        n = len(area)
        raise UserError(f"the map has no spawn zones and no room to place them: its largest connected "
                        f"open area has {plural(n, 'cell')}, {2 * MIN_SPAWN_CELLS} needed", shown)
    cols, rows = board.size
    across = 0 if cols >= rows else 1  # 0: west/east edges (columns), 1: north/south (rows)
    lines: dict[int, list[Cell]] = {}
    for cell in area:
        lines.setdefault(board.grid.to_offset(cell)[across], []).append(cell)
    order = sorted(lines)
    target = min(PLACED_SPAWN_CELLS, len(area) // 2)
    zones: dict[str, list[Cell]] = {}
    spans: dict[str, tuple[int, int]] = {}
    for side, keys in (("p1", order), ("p2", order[::-1])):
        cells: list[Cell] = []
        used: list[int] = []
        for key in keys:
            if len(cells) >= target:
                break
            cells.extend(lines[key])
            used.append(key)
        zones[side] = cells
        spans[side] = (min(used), max(used))
    if spans["p1"][1] >= spans["p2"][0]:
        raise UserError("the map has no spawn zones and its open area is too narrow to place two apart",
                        shown)
    for side in SIDES:
        zones[side].sort(key=lambda c: tuple(reversed(board.grid.to_offset(c))))
    board.spawns = zones
    edge = ("west", "east") if across == 0 else ("north", "south")
    unit = "columns" if across == 0 else "rows"

    def where(side: str) -> str:
        lo, hi = spans[side]
        return f"{unit} {lo}-{hi}" if lo != hi else f"{unit[:-1]} {lo}"

    p1, p2 = (f"{where(side)}, {len(zones[side])} cells" for side in SIDES)
    if spans["p1"][0] == 0 and spans["p2"][1] == board.size[across] - 1:
        return f"no spawn zones: placed p1 on the {edge[0]} edge ({p1}) and p2 on the {edge[1]} edge ({p2})"
    # Side-view maps (platforms over pits) play on an island of ground: "edge" would point the
    # reader at the map's border, so name the island and what is cut off from it.
    n_open = sum(not t.blocks_move for t in board.terrain.values())
    return (f"no spawn zones: placed p1 at the {edge[0]} end ({p1}) and p2 at the {edge[1]} end ({p2}) "
            f"of the largest connected open area ({len(area)} of {n_open} open cells, "
            f"{unit} {spans['p1'][0]}-{spans['p2'][1]})")
