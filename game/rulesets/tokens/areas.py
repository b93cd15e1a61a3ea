"""Where an attack reaches: the chosen target, Cleave rings, Tripleshot's line, Penetrate's ray.

Pure geometry on the square board: the same cells serve the preview's outline, the AI and the
resolution.
"""

from __future__ import annotations

from game.core.board import Board
from game.core.geometry import Cell

#: cleave properties and how many rings around the chosen target each adds (TK-CLEAVE)
CLEAVE_RINGS = (("cleave", 1), ("greater_cleave", 2), ("greatest_cleave", 3))


def cleave_rings(props: tuple[str, ...]) -> int:
    """Rings of tiles around the target the attack also strikes (0 with Clustershot: TK-CLUSTER)."""
    if "clustershot" in props:
        return 0
    rings = 0
    for prop, n in CLEAVE_RINGS:
        if prop in props:
            rings = max(rings, n)
    return rings


def cleave_cells(board: Board, target: Cell, rings: int, attacker: Cell) -> list[Cell]:
    """Tiles within `rings` steps of the target (Chebyshev), nearest first; never the attacker's."""
    out = []
    for r in range(1, rings + 1):
        out.extend(c for c in board.grid.ring(target, r) if c in board and c != attacker)
    return out


def line_cells(board: Board, a: Cell, b: Cell) -> list[Cell]:
    """The straight line from attacker to target, without the attacker's tile."""
    return [c for c in board.grid.line(a, b) if c != a]


def tripleshot_cells(board: Board, a: Cell, b: Cell) -> list[Cell]:
    """TK-TRIPLE: tiles adjacent to the line from attacker to target (not on it, not the attacker)."""
    line = line_cells(board, a, b)
    on_line = set(line) | {a}
    out: list[Cell] = []
    seen: set[Cell] = set()
    for c in line:
        for n in board.neighbors(c):
            if n not in on_line and n not in seen:
                seen.add(n)
                out.append(n)
    return out


def ray_beyond(board: Board, a: Cell, b: Cell, limit: int) -> list[Cell]:
    """Tiles past the target on the line of fire from `a` through `b`, up to `limit` from `a`,
    stopping at a wall (TK-PENETRATE's "behind")."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = max(abs(dx), abs(dy))
    if span == 0:
        return []
    out: list[Cell] = []
    k = span + 1
    while k <= limit:
        c = (a[0] + round(dx * k / span), a[1] + round(dy * k / span))
        if c not in board or board.at(c).blocks_los:
            break
        if c != b and (not out or out[-1] != c):
            out.append(c)
        k += 1
    return out
