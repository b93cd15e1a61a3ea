"""Saves' board marks as data and the arrows that draw them (pygame, no state): what a
`declarations_view` becomes on the board, and a declared group in words for its hover card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.core.geometry import Cell

ATTACK_RED = (222, 60, 50)
MANEUVER = (204, 121, 167)
MOVE_INK = (245, 245, 250)
SHADOW = (15, 15, 20)


@dataclass(frozen=True)
class Mark:
    """One thing drawn for the declarations: an arrow (start -> end) or a ring on `end`."""

    kind: str  # "walk" (this turn's move) | "attack" | "maneuver" | "target" | "tag"
    end: Cell
    start: Cell | None = None
    label: str = ""
    unit: int | None = None
    target: int | None = None


def marks_for(view: dict[str, Any], cells: dict[int, Cell]) -> list[Mark]:
    """The marks of a `declarations_view` for units standing on `cells` (unit -> cell): moves,
    attack arrows, each target's ring with the gang bonus it will receive, other declarations."""
    out: list[Mark] = []
    for m in view.get("moves", []):
        if m["unit"] in cells and tuple(m["from"]) != tuple(m["to"]):
            out.append(Mark("walk", tuple(m["to"]), tuple(m["from"]), unit=m["unit"]))
    for g in view.get("groups", []):
        target = g["target"]
        if target not in cells:
            continue
        for a in g["attackers"]:
            if a in cells:
                out.append(Mark("attack", cells[target], cells[a], g["weapons"].get(a, ""), a, target))
        label = "blast" if g["blast"] else (f"+{g['bonus']}" if g["bonus"] else "")
        out.append(Mark("target", cells[target], None, label, None, target))
    for o in view.get("others", []):
        ent, target = o["unit"], o.get("target")
        if ent not in cells:
            continue
        if target is not None and target in cells and target != ent:
            out.append(Mark("maneuver", cells[target], cells[ent], o["text"], ent, target))
        else:
            out.append(Mark("tag", cells[ent], None, o["text"], ent))
    return out


Point = tuple[float, float]


def arrow(surface: pygame.Surface, a: Point, b: Point, colour: tuple[int, int, int], width: int, trim: float,
           head: float, dashed: bool = False) -> Point:
    """An arrow from a to b, both ends trimmed by `trim` pixels; returns its midpoint."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5
    if length < 4:
        return a
    trim = min(trim, length * 0.22)  # next-door neighbours still get a visible arrow
    head = min(head, length * 0.3)
    ux, uy = dx / length, dy / length
    s = (a[0] + ux * trim, a[1] + uy * trim)
    e = (b[0] - ux * trim, b[1] - uy * trim)
    base = (e[0] - ux * head, e[1] - uy * head)
    for ink, w in ((SHADOW, width + 2), (colour, width)):
        if dashed:
            n = max(1, int((length - 2 * trim - head) // (w * 3 + 4)))
            for i in range(n):
                p0 = i / n
                p1 = (i + 0.55) / n
                pygame.draw.line(surface, ink, (s[0] + (base[0] - s[0]) * p0, s[1] + (base[1] - s[1]) * p0),
                                 (s[0] + (base[0] - s[0]) * p1, s[1] + (base[1] - s[1]) * p1), w)
        else:
            pygame.draw.line(surface, ink, s, base, w)
    left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
    right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
    pygame.draw.polygon(surface, SHADOW, [(e[0] + ux * 2, e[1] + uy * 2), left, right])
    pygame.draw.polygon(surface, colour, [e, left, right])
    pygame.draw.polygon(surface, SHADOW, [e, left, right], 1)
    return ((s[0] + e[0]) / 2, (s[1] + e[1]) / 2)


def trail(surface: pygame.Surface, points: list[Point], colour: tuple[int, int, int], width: int, trim: float,
          head: float) -> None:
    """A move's way square by square: dashed legs from the square left (trimmed by `trim`), the
    last leg an arrow into the square reached."""
    if len(points) < 2:
        return
    legs = list(zip(points, points[1:], strict=False))
    for i, (a, b) in enumerate(legs[:-1]):
        if i == 0:  # clear of the square left, like the arrow's own trim
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = max(1.0, (dx * dx + dy * dy) ** 0.5)
            cut = min(trim, length * 0.45)
            a = (a[0] + dx / length * cut, a[1] + dy / length * cut)
        for ink, w in ((SHADOW, width + 2), (colour, width)):
            pygame.draw.line(surface, ink, a, b, w)
        pygame.draw.circle(surface, colour, (round(b[0]), round(b[1])), max(1, width // 2))
    last = legs[-1]
    arrow(surface, last[0], last[1], colour, width, 0 if len(legs) > 1 else trim, head, dashed=len(legs) == 1)


def group_lines(group: dict[str, Any], names: dict[int, str]) -> list[str]:
    """A declared group in words: the attackers, the gang bonus it will receive, the odds (the
    ruleset's own numbers from `declarations_view`)."""
    who = ", ".join(f"{names.get(a, '?')} ({group['weapons'].get(a, '')})" for a in group["attackers"])
    target = names.get(group["target"], group.get("target_name", ""))
    n = len(group["attackers"])
    bonus = group["bonus"]
    gang = (f"Ganging up: +{bonus} damage ({n} attackers roll together, keep the highest die)" if bonus
            else "One attacker: no gang bonus")
    what = f"{group['score']} lost" if group.get("score") else "damage"
    return [
        f"Declared on {target}: {who}",
        gang,
        f"If it does not dodge: {group['expected']:.1f} {what} expected, out of the fight {group['out']:.0%}",
        f"It may dodge: DEX save {group['dodge']:.0%} avoids it all",
    ]
