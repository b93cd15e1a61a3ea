"""Cells to map pixels and back, for square and hex boards, matching Tiled's own tile placement.

Coordinates here are map pixels at zoom 1 (the tile size of the map); the camera scales and
shifts them onto the screen. Hex boards follow Tiled's stagger settings: pointy tops when the
stagger axis is y (rows shifted), flat tops when it is x (columns shifted).
"""

from __future__ import annotations

import math

from game.core.board import Board
from game.core.geometry import HEX_DIRS, SQUARE_DIRS, Cell

Point = tuple[float, float]


class Layout:
    """Pixel geometry of one board."""

    def __init__(
        self, board: Board, tile_size: tuple[int, int] | None = None, hex_side: int | None = None
    ) -> None:
        self.board = board
        self.tw, self.th = tile_size or board.tile_size
        self.kind = board.kind
        self.cols, self.rows = board.size
        grid = board.grid
        self.stagger_axis = getattr(grid, "stagger_axis", "y")
        self.stagger_index = getattr(grid, "stagger_index", "odd")
        if hex_side is None:
            prop = board.properties.get("hexsidelength") if board.properties else None
            if prop:
                hex_side = int(prop)
            else:
                hex_side = self.th // 2 if self.stagger_axis == "y" else self.tw // 2
        self.side = hex_side

    # -- placement -----------------------------------------------------------------------------
    def _staggered(self, index: int) -> bool:
        odd = index % 2 == 1
        return odd if self.stagger_index == "odd" else not odd

    def tile_origin(self, col: int, row: int) -> Point:
        """Top-left of a tile's bounding box, from its Tiled column and row."""
        if self.kind != "hex":
            return (col * self.tw, row * self.th)
        if self.stagger_axis == "y":
            row_h = (self.th + self.side) / 2
            return (col * self.tw + (self.tw / 2 if self._staggered(row) else 0), row * row_h)
        col_w = (self.tw + self.side) / 2
        return (col * col_w, row * self.th + (self.th / 2 if self._staggered(col) else 0))

    def origin(self, cell: Cell) -> Point:
        """Top-left of a cell's bounding box."""
        col, row = self.board.grid.to_offset(cell)
        return self.tile_origin(col, row)

    def centre(self, cell: Cell) -> Point:
        """Centre of a cell."""
        x, y = self.origin(cell)
        return (x + self.tw / 2, y + self.th / 2)

    def size(self) -> tuple[int, int]:
        """Pixel size of the whole map."""
        if self.kind != "hex":
            return (self.cols * self.tw, self.rows * self.th)
        if self.stagger_axis == "y":
            row_h = (self.th + self.side) / 2
            return (
                math.ceil(self.cols * self.tw + (self.tw / 2 if self.rows > 1 else 0)),
                math.ceil((self.rows - 1) * row_h + self.th),
            )
        col_w = (self.tw + self.side) / 2
        return (
            math.ceil((self.cols - 1) * col_w + self.tw),
            math.ceil(self.rows * self.th + (self.th / 2 if self.cols > 1 else 0)),
        )

    def outline(self, cell: Cell, inset: float = 0.0) -> list[Point]:
        """Corner points of a cell (square or hexagon), optionally shrunk towards the centre."""
        x, y = self.origin(cell)
        tw, th, s = self.tw, self.th, self.side
        if self.kind != "hex":
            pts = [(x, y), (x + tw, y), (x + tw, y + th), (x, y + th)]
        elif self.stagger_axis == "y":
            pts = [
                (x + tw / 2, y),
                (x + tw, y + (th - s) / 2),
                (x + tw, y + (th + s) / 2),
                (x + tw / 2, y + th),
                (x, y + (th + s) / 2),
                (x, y + (th - s) / 2),
            ]
        else:
            pts = [
                (x + (tw - s) / 2, y),
                (x + (tw + s) / 2, y),
                (x + tw, y + th / 2),
                (x + (tw + s) / 2, y + th),
                (x + (tw - s) / 2, y + th),
                (x, y + th / 2),
            ]
        if inset:
            cx, cy = x + tw / 2, y + th / 2
            k = 1 - inset
            pts = [(cx + (px - cx) * k, cy + (py - cy) * k) for px, py in pts]
        return pts

    # -- picking -------------------------------------------------------------------------------
    def cell_at(self, px: float, py: float) -> Cell | None:
        """The on-board cell under a map pixel, or None (nearest centre among the candidates)."""
        if self.kind != "hex":
            cell = (math.floor(px / self.tw), math.floor(py / self.th))
            return cell if cell in self.board else None
        if self.stagger_axis == "y":
            row_guess = int(py // ((self.th + self.side) / 2))
            col_guess = int(px // self.tw)
        else:
            col_guess = int(px // ((self.tw + self.side) / 2))
            row_guess = int(py // self.th)
        best: tuple[float, Cell] | None = None
        for row in range(row_guess - 1, row_guess + 2):
            for col in range(col_guess - 1, col_guess + 2):
                cell = self.board.grid.from_offset(col, row)
                if cell not in self.board:
                    continue
                cx, cy = self.centre(cell)
                d = (cx - px) ** 2 + (cy - py) ** 2
                if best is None or d < best[0]:
                    best = (d, cell)
        if best is None:
            return None
        # Outside the map's outer hexes the nearest centre can be far: reject beyond the cell radius.
        radius = max(self.tw, self.th) / 2
        return best[1] if best[0] <= radius * radius * 1.05 else None

    # -- directions ----------------------------------------------------------------------------
    def facing_angle(self, cell: Cell, direction: int) -> float:
        """Screen angle (radians, y down) of a facing index, from the neighbour it points at."""
        dirs = HEX_DIRS if self.kind == "hex" else SQUARE_DIRS
        dq, dr = dirs[direction % len(dirs)]
        ax, ay = self.centre(cell)
        bx, by = self.centre((cell[0] + dq, cell[1] + dr))
        return math.atan2(by - ay, bx - ax)
