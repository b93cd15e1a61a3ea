"""Grid geometry for square and hex boards. No pixels here: the UI's layout converts.

Square cells are (x, y). Hex cells are axial (q, r) with cube s = -q - r (Red Blob Games);
offset (col, row) coordinates appear only at the edges, matching Tiled's stagger settings.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Protocol

Cell = tuple[int, int]

SQUARE_DIRS: tuple[Cell, ...] = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
# Axial directions in clockwise order on a y-down screen, for pointy and flat tops alike.
HEX_DIRS: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


class Grid(Protocol):
    """What board logic needs from a grid, square or hex."""

    kind: str

    def neighbors(self, cell: Cell) -> list[Cell]: ...
    def distance(self, a: Cell, b: Cell) -> int: ...
    def line(self, a: Cell, b: Cell) -> list[Cell]: ...
    def ring(self, centre: Cell, radius: int) -> list[Cell]: ...
    def from_offset(self, col: int, row: int) -> Cell: ...
    def to_offset(self, cell: Cell) -> tuple[int, int]: ...


class SquareGrid:
    """Square cells; Chebyshev distance (diagonal counts 1) unless a ruleset prices steps itself."""

    kind = "square"

    def neighbors(self, cell: Cell) -> list[Cell]:
        """The 8 surrounding cells."""
        x, y = cell
        return [(x + dx, y + dy) for dx, dy in SQUARE_DIRS]

    def distance(self, a: Cell, b: Cell) -> int:
        """Chebyshev distance."""
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))

    def line(self, a: Cell, b: Cell) -> list[Cell]:
        """Cells whose interior the segment between the two centres crosses, a and b included.

        A segment through a grid corner enters neither side cell, so the result is the same
        set of cells in both directions (sight is symmetric).
        """
        return list(_square_line(tuple(a), tuple(b)))  # type: ignore[arg-type]

    def ring(self, centre: Cell, radius: int) -> list[Cell]:
        """Cells at exactly Chebyshev `radius`."""
        if radius == 0:
            return [centre]
        cx, cy = centre
        return [(cx + dx, cy + dy) for dx in range(-radius, radius + 1) for dy in range(-radius, radius + 1)
                if max(abs(dx), abs(dy)) == radius]

    def from_offset(self, col: int, row: int) -> Cell:
        """Tiled column/row are already our cell."""
        return (col, row)

    def to_offset(self, cell: Cell) -> tuple[int, int]:
        """Our cell is Tiled's column/row."""
        return cell


@lru_cache(maxsize=1 << 16)
def _square_line(a: Cell, b: Cell) -> tuple[Cell, ...]:
    """SquareGrid.line, memoised: sight and cover ask for the same lines over and over."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    cells = {a, b}
    # Parametrise p(t) = a + t*(b-a), cell boundaries at half-integers.
    ts: set[float] = set()
    for start, delta in ((x0, dx), (y0, dy)):
        if delta:
            step = 1 if delta > 0 else -1
            k = start + 0.5 * step
            while (k - start) / delta < 1:
                ts.add((k - start) / delta)
                k += step
    points = sorted(ts)
    bounds = [0.0, *points, 1.0]
    for t0, t1 in zip(bounds, bounds[1:], strict=False):
        if t1 - t0 < 1e-12:
            continue
        tm = (t0 + t1) / 2
        cells.add((math.floor(x0 + dx * tm + 0.5), math.floor(y0 + dy * tm + 0.5)))
    return tuple(sorted(cells, key=lambda c: (abs(c[0] - x0) + abs(c[1] - y0), c)))


class HexGrid:
    """Axial hexes. `stagger_axis` 'y' = pointy tops (rows shifted), 'x' = flat tops (columns)."""

    kind = "hex"

    def __init__(self, stagger_axis: str = "y", stagger_index: str = "odd") -> None:
        if stagger_axis not in ("x", "y") or stagger_index not in ("odd", "even"):
            raise ValueError(f"bad hex stagger {stagger_axis}/{stagger_index}")
        self.stagger_axis = stagger_axis
        self.stagger_index = stagger_index

    def neighbors(self, cell: Cell) -> list[Cell]:
        """The 6 adjacent hexes, clockwise from direction 0."""
        q, r = cell
        return [(q + dq, r + dr) for dq, dr in HEX_DIRS]

    def distance(self, a: Cell, b: Cell) -> int:
        """Hex steps between two hexes."""
        dq, dr = a[0] - b[0], a[1] - b[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def line(self, a: Cell, b: Cell) -> list[Cell]:
        """Hexes on the segment between centres (cube lerp, nudged so ties fall one way)."""
        return hex_line(a, b, 1e-6)

    def ring(self, centre: Cell, radius: int) -> list[Cell]:
        """Hexes at exactly `radius`, clockwise."""
        if radius == 0:
            return [centre]
        q, r = centre[0] + HEX_DIRS[4][0] * radius, centre[1] + HEX_DIRS[4][1] * radius
        out: list[Cell] = []
        for side in range(6):
            dq, dr = HEX_DIRS[side]
            for _ in range(radius):
                out.append((q, r))
                q, r = q + dq, r + dr
        return out

    def from_offset(self, col: int, row: int) -> Cell:
        """Tiled (col, row) to axial, per stagger axis and index."""
        odd = self.stagger_index == "odd"
        if self.stagger_axis == "y":
            shift = (row - (row & 1)) // 2 if odd else (row + (row & 1)) // 2
            return (col - shift, row)
        shift = (col - (col & 1)) // 2 if odd else (col + (col & 1)) // 2
        return (col, row - shift)

    def to_offset(self, cell: Cell) -> tuple[int, int]:
        """Axial to Tiled (col, row)."""
        q, r = cell
        odd = self.stagger_index == "odd"
        if self.stagger_axis == "y":
            shift = (r - (r & 1)) // 2 if odd else (r + (r & 1)) // 2
            return (q + shift, r)
        shift = (q - (q & 1)) // 2 if odd else (q + (q & 1)) // 2
        return (q, r + shift)

    def direction_to(self, a: Cell, b: Cell) -> int:
        """The facing (0..5) that best points from a towards b."""
        return _sector(a, b, 0)

    def arc(self, defender: Cell, facing: int, attacker: Cell) -> int:
        """Which of the defender's six arcs (0 = front, clockwise to 5) the attacker stands in.

        Arcs are 60° wide, centred on the hex sides. An attacker exactly on the border of two
        arcs counts in the one nearer the front, clockwise first (the defender's benefit).
        """
        return _sector(defender, attacker, facing)


def _cube_round(q: float, r: float) -> Cell:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def hex_line(a: Cell, b: Cell, nudge: float) -> list[Cell]:
    """Cube-lerp line with the endpoints nudged by `nudge` (±) to settle edge cases."""
    return list(_hex_line(tuple(a), tuple(b), nudge))  # type: ignore[arg-type]


@lru_cache(maxsize=1 << 16)
def _hex_line(a: Cell, b: Cell, nudge: float) -> tuple[Cell, ...]:
    n = HexGrid().distance(a, b)
    if n == 0:
        return (a,)
    aq, ar = a[0] + nudge, a[1] + nudge
    bq, br = b[0] + nudge, b[1] + nudge
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(_cube_round(aq + (bq - aq) * t, ar + (br - ar) * t))
    out[0], out[-1] = a, b
    return tuple(out)


def _angle(a: Cell, b: Cell) -> float:
    """Screen angle in degrees (y down, pointy layout) from hex a to hex b, 0 = direction 0."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    x = math.sqrt(3) * (dq + dr / 2)
    y = 1.5 * dr
    return math.degrees(math.atan2(y, x)) % 360


def _sector(origin: Cell, target: Cell, facing: int) -> int:
    if origin == target:
        return 0
    return _sector_by(target[0] - origin[0], target[1] - origin[1], facing)


@lru_cache(maxsize=1 << 16)
def _sector_by(dq: int, dr: int, facing: int) -> int:
    """`_sector` by displacement (the angle depends on nothing else): the AI asks for arcs of the
    same few displacements again and again."""
    rel = (_angle((0, 0), (dq, dr)) - facing * 60) % 360
    # Border cases (exactly 30° off a side) fall towards the front: shift by a hair.
    rel = rel - 1e-7 if rel <= 180 else rel + 1e-7
    return int(((rel + 30) % 360) // 60)
