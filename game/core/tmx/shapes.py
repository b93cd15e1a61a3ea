"""Which cells a Tiled object covers, as Tiled draws the map.

Work is bounded by the object's own bounding box: only the cells whose centres can lie inside
it are tested, never every cell of the map.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True)
class Layout:
    """Tiled's pixel placement of cells (orthogonal or hexagonal renderer)."""

    orientation: str
    tile_w: int
    tile_h: int
    cols: int
    rows: int
    side: int = 0
    stagger_axis: str = "y"
    stagger_index: str = "odd"

    def _staggered(self, index: int) -> bool:
        return bool(index & 1) == (self.stagger_index == "odd")

    def _pitch(self) -> tuple[float, float, float, float]:
        """Column pitch, row pitch and the largest stagger shift along x and y."""
        w, h = self.tile_w, self.tile_h
        if self.orientation == "orthogonal":
            return w, h, 0, 0
        w, h = w & ~1, h & ~1
        if self.stagger_axis == "y":
            return w, (h + self.side) // 2, w // 2, 0
        return (w + self.side) // 2, h, 0, h // 2

    def centre(self, col: int, row: int) -> Point:
        """Pixel centre of a Tiled (col, row) cell."""
        w, h = self.tile_w, self.tile_h
        if self.orientation == "orthogonal":
            return (col + 0.5) * w, (row + 0.5) * h
        w, h = w & ~1, h & ~1  # Tiled's hex renderer rounds tile sizes down to even
        if self.stagger_axis == "y":
            row_h = (h + self.side) // 2
            x = col * w + (w // 2 if self._staggered(row) else 0)
            return x + w / 2, row * row_h + h / 2
        col_w = (w + self.side) // 2
        y = row * h + (h // 2 if self._staggered(col) else 0)
        return col * col_w + w / 2, y + h / 2

    def candidates(self, x0: float, y0: float, x1: float, y1: float) -> Iterator[tuple[int, int, Point]]:
        """On-map (col, row, centre) whose centre may lie in the box, row by row."""
        pw, ph, sx, sy = self._pitch()
        cx, cy = self.centre(0, 0)
        if not all(math.isfinite(v) for v in (x0, y0, x1, y1)) or pw <= 0 or ph <= 0:
            return
        c0 = max(0, math.floor((x0 - cx - sx) / pw) - 1)
        c1 = min(self.cols - 1, math.ceil((x1 - cx) / pw) + 1)
        r0 = max(0, math.floor((y0 - cy - sy) / ph) - 1)
        r1 = min(self.rows - 1, math.ceil((y1 - cy) / ph) + 1)
        for row in range(r0, r1 + 1):
            for col in range(c0, c1 + 1):
                yield col, row, self.centre(col, row)


@dataclass(frozen=True)
class Shape:
    """An object's geometry in map pixels (rotation applied around the object's origin)."""

    kind: str  # "point", "rect", "ellipse", "polygon"
    x: float
    y: float
    w: float = 0.0
    h: float = 0.0
    rotation: float = 0.0
    points: tuple[Point, ...] = ()

    def _rotate(self, px: float, py: float) -> Point:
        a = math.radians(self.rotation)
        c, s = math.cos(a), math.sin(a)
        return self.x + px * c - py * s, self.y + px * s + py * c

    def outline(self) -> list[Point]:
        """Polygon corners in map pixels (a rectangle's four, an ellipse's bounding box)."""
        local = list(self.points) if self.kind == "polygon" else [(0, 0), (self.w, 0), (self.w, self.h),
                                                                   (0, self.h)]
        return [self._rotate(px, py) for px, py in local]

    def box(self) -> tuple[float, float, float, float]:
        """Bounding box in map pixels."""
        pts = self.outline() if self.kind != "point" else [(self.x, self.y)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return min(xs), min(ys), max(xs), max(ys)

    def contains(self, p: Point) -> bool:
        """Whether a cell centre lies inside (edges included)."""
        eps = 1e-9
        if self.kind == "rect" and not self.rotation:
            return (self.x - eps <= p[0] <= self.x + self.w + eps
                    and self.y - eps <= p[1] <= self.y + self.h + eps)
        if self.kind == "ellipse":
            if self.w <= 0 or self.h <= 0:
                return False
            # Back into the ellipse's own frame, so rotated ellipses are exact too.
            a = math.radians(-self.rotation)
            dx, dy = p[0] - self.x, p[1] - self.y
            lx, ly = dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)
            rx, ry = self.w / 2, self.h / 2
            return ((lx - rx) / rx) ** 2 + ((ly - ry) / ry) ** 2 <= 1 + eps
        return in_polygon(p, self.outline())


def in_polygon(p: Point, poly: list[Point]) -> bool:
    """Even-odd rule point-in-polygon test."""
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def covered(shape: Shape, layout: Layout, on_board: set[tuple[int, int]] | dict) -> list[tuple[int, int]]:
    """Tiled (col, row) of the on-board cells whose centre is inside the shape, row-major order.

    A point marks the on-board cell whose centre is nearest (ties to the lower column, then
    row), if it lies within one tile of it.
    """
    if shape.kind == "point":
        reach = max(layout.tile_w, layout.tile_h)
        best: tuple[float, tuple[int, int]] | None = None
        for col, row, (px, py) in layout.candidates(shape.x - reach, shape.y - reach,
                                                    shape.x + reach, shape.y + reach):
            if (col, row) not in on_board:
                continue
            key = ((px - shape.x) ** 2 + (py - shape.y) ** 2, (col, row))
            if best is None or key < best:
                best = key
        if best is None or math.sqrt(best[0]) > reach:
            return []
        return [best[1]]
    x0, y0, x1, y1 = shape.box()
    return [(col, row) for col, row, centre in layout.candidates(x0, y0, x1, y1)
            if (col, row) in on_board and shape.contains(centre)]


def box_cells(shape: Shape, layout: Layout) -> int:
    """How many cells the shape's bounding box spans (its work, before any is tested)."""
    if shape.kind == "point":
        return 9
    x0, y0, x1, y1 = shape.box()
    if not all(math.isfinite(v) for v in (x0, y0, x1, y1)):
        return 0
    pw, ph, _sx, _sy = layout._pitch()
    cols = min(layout.cols, max(1, math.ceil((x1 - x0) / max(pw, 1)) + 3))
    rows = min(layout.rows, max(1, math.ceil((y1 - y0) / max(ph, 1)) + 3))
    return cols * rows
