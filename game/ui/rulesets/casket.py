"""Casket's own UI: its dice symbols, its card kinds' colours, its bad outcome words.

The shared battle screen stays generic; this module (loaded when a casket match opens, see
`game.ui.battle.extensions`) registers what only casket shows.
"""

from __future__ import annotations

import pygame

from game.ui.chancefx import INK, register_faces
from game.ui.panels import register_card_kinds

Point = tuple[float, float]

BLOOD_RED = (176, 20, 32)
STEEL = (70, 84, 110)
FIRE = (232, 110, 20)
GOLD = (226, 170, 30)


def _poly(surf: pygame.Surface, colour: tuple[int, int, int], pts: list[Point], width: int = 0) -> None:
    pygame.draw.polygon(surf, colour, [(round(x), round(y)) for x, y in pts], width)


def _at(c: Point, s: float, *rel: Point) -> list[Point]:
    """Points given relative to the centre, in symbol sizes."""
    return [(c[0] + dx * s, c[1] + dy * s) for dx, dy in rel]


def _blade(surf: pygame.Surface, c: Point, size: float, angle: float, colour: tuple[int, int, int]) -> None:
    """A sword along `angle` (degrees, 0 = pointing up), centred on c."""
    import math

    a = math.radians(angle)
    ux, uy = math.sin(a), -math.cos(a)      # along the blade, towards the tip

    def at(along: float, across: float) -> Point:
        return (c[0] + (ux * along - uy * across) * size, c[1] + (uy * along + ux * across) * size)

    _poly(surf, colour, [at(0.42, 0), at(0.3, 0.06), at(-0.14, 0.06), at(-0.14, -0.06), at(0.3, -0.06)])
    _poly(surf, colour, [at(-0.13, 0.19), at(-0.13, -0.19), at(-0.2, -0.19), at(-0.2, 0.19)])
    _poly(surf, colour, [at(-0.2, 0.035), at(-0.2, -0.035), at(-0.34, -0.035), at(-0.34, 0.035)])
    end = at(-0.37, 0)
    pygame.draw.circle(surf, colour, (round(end[0]), round(end[1])), max(2, round(size * 0.05)))


def _drop(surf: pygame.Surface, c: Point, size: float) -> None:
    r = size * 0.2
    cx, cy = c[0], c[1] + size * 0.08
    pygame.draw.circle(surf, BLOOD_RED, (round(cx), round(cy)), round(r))
    _poly(surf, BLOOD_RED, [(cx - r * 0.95, cy - r * 0.3), (cx, cy - size * 0.36),
                            (cx + r * 0.95, cy - r * 0.3)])


def _skull(surf: pygame.Surface, c: Point, size: float) -> None:
    bone, hole = (245, 242, 232), (25, 25, 30)
    r = size * 0.25
    cx, cy = c[0], c[1] - size * 0.05
    pygame.draw.circle(surf, hole, (round(cx), round(cy)), round(r) + 1)
    pygame.draw.circle(surf, bone, (round(cx), round(cy)), round(r))
    jaw = pygame.Rect(0, 0, round(r * 1.1), round(r * 0.75))
    jaw.midtop = (round(cx), round(cy + r * 0.55))
    pygame.draw.rect(surf, hole, jaw.inflate(2, 2), border_radius=2)
    pygame.draw.rect(surf, bone, jaw, border_radius=2)
    for dx in (-0.42, 0.42):
        pygame.draw.circle(surf, hole, (round(cx + dx * r), round(cy + 0.05 * r)), max(2, round(r * 0.28)))
    for i in (-1, 0, 1):
        x = round(cx + i * jaw.w / 4)
        pygame.draw.line(surf, hole, (x, jaw.top + 1), (x, jaw.bottom - 1), 1)


def _glance(surf: pygame.Surface, c: Point, size: float, ink: tuple[int, int, int]) -> None:
    """A blow skidding off: an arrow that comes in and bounces away."""
    s = size
    a = (c[0] - s * 0.32, c[1] - s * 0.25)
    b = (c[0], c[1] + s * 0.18)
    e = (c[0] + s * 0.32, c[1] - s * 0.25)
    w = max(2, round(s * 0.07))
    pygame.draw.line(surf, ink, a, b, w)
    pygame.draw.line(surf, ink, b, e, w)
    _poly(surf, ink, _at(e, s, (0.04, -0.06), (-0.14, 0.0), (-0.01, 0.13)))
    ground = _at(c, s, (-0.3, 0.3), (0.3, 0.3))
    pygame.draw.line(surf, ink, ground[0], ground[1], max(1, w - 1))


def _gear(surf: pygame.Surface, c: Point, size: float, ink: tuple[int, int, int]) -> None:
    """A jammed cog: a gear crossed out."""
    import math

    r = size * 0.24
    for i in range(8):
        a = i * math.pi / 4
        tooth = (c[0] + math.cos(a) * r * 1.25, c[1] + math.sin(a) * r * 1.25)
        pygame.draw.circle(surf, ink, (round(tooth[0]), round(tooth[1])), max(2, round(size * 0.06)))
    pygame.draw.circle(surf, ink, (round(c[0]), round(c[1])), round(r))
    pygame.draw.circle(surf, (235, 235, 235), (round(c[0]), round(c[1])), max(2, round(r * 0.4)))
    w = max(2, round(size * 0.08))
    d = size * 0.34
    pygame.draw.line(surf, BLOOD_RED, (c[0] - d, c[1] - d), (c[0] + d, c[1] + d), w)
    pygame.draw.line(surf, BLOOD_RED, (c[0] + d, c[1] - d), (c[0] - d, c[1] + d), w)


def _shield(surf: pygame.Surface, c: Point, size: float) -> None:
    s = size
    pts = _at(c, s, (-0.27, -0.3), (0.27, -0.3), (0.27, 0.02), (0, 0.34), (-0.27, 0.02))
    edge = max(1, round(s * 0.04))
    _poly(surf, STEEL, pts)
    _poly(surf, (235, 238, 245), pts, edge)
    top, bottom = _at(c, s, (0, -0.24), (0, 0.24))
    pygame.draw.line(surf, (235, 238, 245), top, bottom, edge)


def _absorb(surf: pygame.Surface, c: Point, size: float) -> None:
    """Energy soaked up: a blow's arrow stopping inside rings."""
    for k, rr in enumerate((0.33, 0.22, 0.11)):
        pygame.draw.circle(surf, STEEL, (round(c[0]), round(c[1])), round(size * rr), 0 if k == 2 else
                           max(1, round(size * 0.05)))


def _star(surf: pygame.Surface, c: Point, size: float) -> None:
    import math

    pts = []
    for i in range(16):
        r = size * (0.38 if i % 2 == 0 else 0.16)
        a = i * math.pi / 8 - math.pi / 2
        pts.append((c[0] + math.cos(a) * r, c[1] + math.sin(a) * r))
    _poly(surf, GOLD, pts)
    _poly(surf, (120, 60, 0), pts, 1)


def _pierce(surf: pygame.Surface, c: Point, size: float, ink: tuple[int, int, int]) -> None:
    """An arrow through a plate."""
    s = size
    plate = pygame.Rect(0, 0, max(3, round(s * 0.1)), round(s * 0.62))
    plate.center = (round(c[0]), round(c[1]))
    pygame.draw.rect(surf, STEEL, plate)
    w = max(2, round(s * 0.07))
    pygame.draw.line(surf, ink, (c[0] - s * 0.38, c[1]), (c[0] + s * 0.22, c[1]), w)
    _poly(surf, ink, _at(c, s, (0.4, 0), (0.2, -0.12), (0.2, 0.12)))
    for dy in (-1, 1):
        tail, feather = _at(c, s, (-0.38, 0), (-0.46, dy * 0.1))
        pygame.draw.line(surf, ink, tail, feather, max(1, w - 1))


def _flame(surf: pygame.Surface, c: Point, size: float) -> None:
    s = size
    _poly(surf, FIRE, _at(c, s, (0, -0.38), (0.12, -0.14), (0.24, -0.22), (0.26, 0.12), (0.12, 0.32),
                          (-0.12, 0.32), (-0.26, 0.12), (-0.2, -0.12), (-0.08, -0.04)))
    core = _at(c, s, (0, -0.06), (0.12, 0.14), (0.06, 0.28), (-0.06, 0.28), (-0.12, 0.14))
    _poly(surf, (250, 210, 60), core)


def _painter(draw: object) -> object:
    def paint(surf: pygame.Surface, size: int) -> None:
        c = (size / 2, size / 2 - size * 0.06)
        draw(surf, c, size * 0.9)  # type: ignore[operator]

    return paint


#: the faces of casket's attack dice (Strike ... Blood) and defense dice (Shield ... Heat):
#: Strike a sword, Double Strike two crossed swords, Death Blow a skull, Glance a skidding arrow,
#: Jam a crossed-out cog, Blood a drop; Shield a shield, Absorb rings, Critical a starburst,
#: Pierce an arrow through a plate, Heat a flame.
FACES = {
    "Strike": _painter(lambda surf, c, s: _blade(surf, c, s, 30, INK)),
    "Double Strike": _painter(lambda surf, c, s: (_blade(surf, c, s * 0.9, -40, INK),
                                                  _blade(surf, c, s * 0.9, 40, (120, 20, 28)))),
    "Death Blow": _painter(_skull),
    "Glance": _painter(lambda surf, c, s: _glance(surf, c, s, INK)),
    "Jam": _painter(lambda surf, c, s: _gear(surf, c, s, INK)),
    "Blood": _painter(_drop),
    "Shield": _painter(_shield),
    "Absorb": _painter(_absorb),
    "Critical": _painter(_star),
    "Pierce": _painter(lambda surf, c, s: _pierce(surf, c, s, INK)),
    "Heat": _painter(_flame),
}
SYMBOL_FACES = tuple(FACES)
DIE_COLOURS = {"attack": (236, 224, 200), "defense": (196, 214, 236)}
#: hand card stripes by the card kind casket's hand_view names
CARD_KINDS = {
    "universal": (120, 128, 144),
    "faction": (86, 140, 200),
    "primary": (200, 84, 64),
    "secondary": (200, 160, 60),
    "reaction": (130, 100, 190),
    "damage": (90, 90, 96),
}

register_faces(FACES, DIE_COLOURS)
register_card_kinds(CARD_KINDS, bad_words=("jam",))
