"""The board: a grid, terrain per cell, spawn zones and objectives. Loaded from Tiled by core.tmx."""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any

from game.core.geometry import Cell, Grid, HexGrid, SquareGrid

LIGHT_LEVELS = ("dark", "dim", "normal")


@dataclass(frozen=True)
class Terrain:
    """What a cell means to the rules. Keyed on Tiled properties, never on tile ids."""

    name: str = "open"
    blocks_move: bool = False
    blocks_los: bool = False
    cover: int = 0  # 0 none, 1 light/partial, 2 heavy/good, 3 substantial
    cover_height_ft: float = 0.0
    light: str = "normal"
    elevation: int = 0
    obscured: bool = False
    move_cost: float = 1.0


OPEN = Terrain()


@dataclass(frozen=True)
class Objective:
    """A scenario point of interest from the object layer (e.g. 'hold', 'exit')."""

    name: str
    kind: str
    cells: tuple[Cell, ...]
    properties: tuple[tuple[str, Any], ...] = ()


@dataclass
class Board:
    """Cells in logic coordinates with terrain; `size` is the Tiled (columns, rows)."""

    grid: Grid
    size: tuple[int, int]
    terrain: dict[Cell, Terrain] = field(default_factory=dict)
    spawns: dict[str, list[Cell]] = field(default_factory=dict)
    objectives: list[Objective] = field(default_factory=list)
    source: str = ""
    properties: dict[str, Any] = field(default_factory=dict)
    tile_size: tuple[int, int] = (32, 32)
    warnings: list[str] = field(default_factory=list)  # what the map loader assumed
    #: bumped by `set`: per-board tables (core pathing and sight) key on (id, revision)
    revision: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        # the AI measures distances by the hundred thousand a game: the grid's own method, bound
        # once, in place of the `distance` wrapper below (same answers)
        self.distance = self.grid.distance  # type: ignore[method-assign]

    @staticmethod
    def blank(kind: str, cols: int, rows: int, **hex_opts: str) -> Board:
        """An open board (tests, generated scenarios)."""
        grid: Grid = SquareGrid() if kind == "square" else HexGrid(**hex_opts)
        board = Board(grid, (cols, rows))
        for row in range(rows):
            for col in range(cols):
                board.terrain[grid.from_offset(col, row)] = OPEN
        return board

    @property
    def kind(self) -> str:
        """'square' or 'hex'."""
        return self.grid.kind

    def __contains__(self, cell: object) -> bool:
        return cell in self.terrain

    def at(self, cell: Cell) -> Terrain:
        """Terrain of an on-board cell."""
        return self.terrain[cell]

    def cells(self) -> list[Cell]:
        """Every on-board cell in row-major Tiled order."""
        return sorted(self.terrain, key=lambda c: tuple(reversed(self.grid.to_offset(c))))

    def passable(self, cell: Cell) -> bool:
        """On the board and not a wall."""
        t = self.terrain.get(cell)
        return t is not None and not t.blocks_move

    def neighbors(self, cell: Cell) -> list[Cell]:
        """On-board neighbours."""
        return [n for n in self.grid.neighbors(cell) if n in self.terrain]

    def distance(self, a: Cell, b: Cell) -> int:
        """Grid distance."""
        return self.grid.distance(a, b)

    def set(self, cell: Cell, **changes: Any) -> None:
        """Change a cell's terrain (tests and generated boards)."""
        from dataclasses import replace

        self.terrain[cell] = replace(self.terrain.get(cell, OPEN), **changes)
        self.revision += 1


_TABLES: dict[int, tuple[int, dict[str, Any]]] = {}


def board_tables(board: Board) -> dict[str, Any]:
    """A dict of tables for this board as it is now (rebuilt after `Board.set`); core pathing and
    sight keep their per-board tables here, and a ruleset may add its own."""
    key = id(board)
    found = _TABLES.get(key)
    if found is None:
        weakref.finalize(board, _TABLES.pop, key, None)
    elif found[0] == board.revision:
        return found[1]
    tables: dict[str, Any] = {}
    _TABLES[key] = (board.revision, tables)
    return tables
