"""Where one cell lies from another, in the words a player reads off the board.

Players cannot map grid coordinates such as "(3, 4)" to the board, so every ruleset's labels word
a destination as distance and compass direction from the actor's cell, through `offset_words`:

- square: "3 tiles north-east", "1 tile west"; an offset that is neither straight nor diagonal
  reads as its two components, larger first: "3 north, 1 east";
- hex: "2 hexes south-east"; between two hex directions it reads as the two neighbouring
  directions of its sector, larger first: "2 east, 1 south-east" (the counts add up to the hex
  distance). An equal split whose middle is a compass point reads as that point: on pointy tops
  "1 north-west, 1 north-east" is "2 hexes north".

Every offset gets its own words (they determine the offset back), so two destinations never read
the same. Counts read as players say them through `plural` ("1 token", "3 tokens", never
"token(s)"). Compass names follow the screen (y down): pointy tops (stagger axis y) have hex
directions east, south-east, south-west, west, north-west, north-east; flat tops (stagger axis x)
south-east, south, south-west, north-west, north, north-east.
"""

from __future__ import annotations

import math
from functools import lru_cache

from game.core.geometry import HEX_DIRS, Cell, Grid

#: compass words by screen angle in eighths of a turn, 0 = east, clockwise (y down)
_COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


def offset_words(grid: Grid, start: Cell, end: Cell, unit: str = "") -> str:
    """How far and which way `end` lies from `start`: "3 tiles north-east", "2 north, 1 east".

    `unit` names one cell ("square", "tile"; the plural adds "s"); by default "tile" on square
    boards and "hex" on hex boards. The same cell reads "here".
    """
    dx, dy = end[0] - start[0], end[1] - start[1]
    if grid.kind == "hex":
        return _hex_words(getattr(grid, "stagger_axis", "y"), dx, dy, unit or "hex")
    return _square_words(dx, dy, unit or "tile")


def plural(n: float, word: str, many: str = "") -> str:
    """A count and its noun as players read it: "1 token", "2 tokens", "0 tokens", "0.5 inputs".

    The plural adds "es" after x, s, ch and sh ("2 hexes") and "s" otherwise; `many` gives an
    irregular one (`plural(n, "copy", "copies")`). Every count a
    ruleset or the UI shows goes through here, so no label reads "1 tokens" or "token(s)"."""
    if n == 1:
        return f"1 {word}"
    if not many:
        many = f"{word}es" if word.endswith(("x", "s", "ch", "sh")) else f"{word}s"
    return f"{n:g} {many}" if isinstance(n, float) else f"{n} {many}"


@lru_cache(maxsize=4096)
def _square_words(dx: int, dy: int, unit: str) -> str:
    """Square offsets (memoised: a decision lists the same few offsets again and again)."""
    if dx == 0 and dy == 0:
        return "here"
    across = "east" if dx > 0 else "west"
    upright = "south" if dy > 0 else "north"
    ax, ay = abs(dx), abs(dy)
    if ay == 0:
        return f"{plural(ax, unit)} {across}"
    if ax == 0:
        return f"{plural(ay, unit)} {upright}"
    if ax == ay:
        return f"{plural(ax, unit)} {upright}-{across}"
    parts = sorted(((ay, upright), (ax, across)), reverse=True)
    return ", ".join(f"{n} {word}" for n, word in parts)


def _screen(axis: str, dq: float, dr: float) -> tuple[float, float]:
    """Screen vector (y down, up to scale) of an axial offset on pointy (axis y) or flat (x) tops."""
    if axis == "y":
        return math.sqrt(3) * (dq + dr / 2), 1.5 * dr
    return 1.5 * dq, math.sqrt(3) * (dr + dq / 2)


def _compass(axis: str, dq: float, dr: float) -> tuple[str, bool]:
    """The compass word nearest an offset's screen direction, and whether it points exactly there."""
    x, y = _screen(axis, dq, dr)
    eighths = math.degrees(math.atan2(y, x)) / 45
    nearest = round(eighths)
    return _COMPASS[nearest % 8], abs(eighths - nearest) < 1e-6


@lru_cache(maxsize=2)
def hex_direction_names(axis: str = "y") -> tuple[str, ...]:
    """The compass word of each of the six hex directions (`geometry.HEX_DIRS` order)."""
    return tuple(_compass(axis, dq, dr)[0] for dq, dr in HEX_DIRS)


@lru_cache(maxsize=4096)
def _hex_words(axis: str, dq: int, dr: int, unit: str) -> str:
    """Hex offsets: the two neighbouring hex directions that make up the offset (memoised)."""
    if dq == 0 and dr == 0:
        return "here"
    names = hex_direction_names(axis)
    for i in range(6):
        (aq, ar), (bq, br) = HEX_DIRS[i], HEX_DIRS[(i + 1) % 6]
        det = aq * br - ar * bq
        a = (dq * br - dr * bq) // det
        b = (aq * dr - ar * dq) // det
        if a > 0 and b >= 0 and a * aq + b * bq == dq and a * ar + b * br == dr:
            break
    else:  # pragma: no cover - the six sectors cover every non-zero offset
        raise AssertionError(f"no hex sector holds offset {(dq, dr)}")
    first, second = names[i], names[(i + 1) % 6]
    if b == 0:
        return f"{plural(a, unit)} {first}"
    if a == b:
        middle, exact = _compass(axis, dq, dr)
        if exact:
            return f"{plural(a + b, unit)} {middle}"
    parts = [(a, first), (b, second)] if a >= b else [(b, second), (a, first)]
    return ", ".join(f"{n} {word}" for n, word in parts)
