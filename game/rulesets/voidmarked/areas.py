"""Who an attack reaches beyond its target: an automatic burst's extra targets (VM-RELOAD) and a
voidcall area's squares, units and useful centres (VM-AOE). The legal list, resolution, odds
preview and the screen's outline all ask these, so an area means the same thing everywhere."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.geometry import Cell
from game.rulesets.voidmarked.query import cell_of, conditions, enemies, los, on_board, side_of, units
from game.rulesets.voidmarked.schemas import Voidcall, Weapon
from game.rulesets.voidmarked.strikes import distance, reach_problem

if TYPE_CHECKING:
    from game.core.match import Match


def sweep_targets(match: Match, att: int, primary: int, w: Weapon, shots: int) -> list[int]:
    """Extra targets of an automatic burst (VM-RELOAD): enemies in reach within sweep range of the
    primary target, nearest first, one shot each beyond the first while shots last."""
    room = min(w.extra_targets, shots - 1)
    if room <= 0:
        return []
    around = cell_of(primary)
    found = []
    for e in enemies(att):
        if e == primary or conditions(e).has("stealthed"):
            continue
        gap = distance(match, around, cell_of(e))
        if gap * 5 <= w.sweep_ft and not reach_problem(match, att, e, "main"):
            found.append((gap, e))
    return [e for _, e in sorted(found)[:room]]


def in_area(match: Match, v: Voidcall, centre: Cell, c: Cell) -> bool:
    """VM-AOE: a square the area reaches - within its radius of the centre, seen from the centre
    (walls and full cover shield)."""
    return distance(match, centre, c) <= v.radius and los(match.board, centre, c)


def area_cells(match: Match, v: Voidcall, centre: Cell) -> list[Cell]:
    """Every square the area reaches (what the screen outlines before it is cast)."""
    cx, cy = centre
    span = range(-v.radius, v.radius + 1)
    return [c for c in ((cx + dx, cy + dy) for dy in span for dx in span)
            if c in match.board and in_area(match, v, centre, c)]


def area_targets(match: Match, caster: int, v: Voidcall, centre: Cell) -> list[int]:
    """VM-AOE: units the area holds that the centre can see (walls and full cover shield)."""
    side = side_of(caster)
    out = []
    for e in units():
        if e == caster or not on_board(e):
            continue
        if v.affects == "enemies" and side_of(e) == side:
            continue
        if in_area(match, v, centre, cell_of(e)):
            out.append(e)
    return out


def area_centres(match: Match, caster: int, v: Voidcall) -> list[Cell]:
    """Squares within range and sight of the caster whose area would catch an enemy."""
    here = cell_of(caster)
    cells: set[Cell] = set()
    for e in enemies(caster):
        ex, ey = cell_of(e)
        for dx in range(-v.radius, v.radius + 1):
            for dy in range(-v.radius, v.radius + 1):
                c = (ex + dx, ey + dy)
                if c in match.board and distance(match, here, c) <= v.range_sq and los(match.board, here, c):
                    cells.add(c)
    return sorted(cells, key=lambda c: (c[1], c[0]))
