"""Spawn zones: the checks every playable map passes, and zones placed for maps that have none."""

from __future__ import annotations

from game.core.board import Board
from game.core.geometry import Cell
from game.core.tmx.objects import SIDES
from game.errors import UserError

MIN_SPAWN_CELLS = 6
# Placed zones grow edge line by edge line until they hold this many cells (when room allows).
PLACED_SPAWN_CELLS = 12


def _reach(board: Board, start: Cell) -> set[Cell]:
    """Cells reachable from `start` over passable ground (one flood fill, linear in the area)."""
    terrain = board.terrain
    neighbours = board.grid.neighbors
    seen = {start}
    todo = [start]
    while todo:
        for nxt in neighbours(todo.pop()):
            if nxt not in seen:
                t = terrain.get(nxt)
                if t is not None and not t.blocks_move:
                    seen.add(nxt)
                    todo.append(nxt)
    return seen


def check_spawns(board: Board, shown: str) -> None:
    """Both sides have zones big enough, joined by passable ground."""
    for side in SIDES:
        n = len(board.spawns.get(side, []))
        if n == 0:
            raise UserError(f"no spawn zone for {side} (an object of type spawn with side = {side})", shown)
        if n < MIN_SPAWN_CELLS:
            raise UserError(f"spawn zone of {side} has {n} cells, at least {MIN_SPAWN_CELLS} needed", shown)
    # Every spawn cell must reach the other side: no sealed-in squads.
    seen = _reach(board, board.spawns["p1"][0])
    for side in SIDES:
        for cell in board.spawns[side]:
            if cell not in seen:
                col, row = board.grid.to_offset(cell)
                raise UserError(f"spawn cell ({col}, {row}) of {side} has no passable path to the other "
                                "side's zone", shown)


def _largest_open_area(board: Board) -> set[Cell]:
    best: set[Cell] = set()
    done: set[Cell] = set()
    for cell in board.cells():
        if cell in done or not board.passable(cell):
            continue
        area = _reach(board, cell)
        done |= area
        if len(area) > len(best):
            best = area
    return best


def place_spawns(board: Board, shown: str) -> str:
    """Zones on opposite edges of the largest open area (along the map's longer axis).

    Returns the warning that says what was assumed; refuses a map with no room for two zones.
    """
    area = _largest_open_area(board)
    if len(area) < 2 * MIN_SPAWN_CELLS:
        n = len(area)
        raise UserError(f"the map has no spawn zones and no room to place them: its largest connected "
                        f"open area has {n} cell{'' if n == 1 else 's'}, {2 * MIN_SPAWN_CELLS} needed", shown)
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

    return (f"no spawn zones: placed p1 on the {edge[0]} edge ({where('p1')}, {len(zones['p1'])} cells) "
            f"and p2 on the {edge[1]} edge ({where('p2')}, {len(zones['p2'])} cells)")
