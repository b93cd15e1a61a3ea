"""Generate the terrain tilesets: PNG sheets and Tiled .tsx files under assets/tilesets/.

    python tools/make_art.py            # writes assets/tilesets/{square,hex}_terrain.{png,tsx}

The art is drawn with pygame (tools may use it; game/core may not) at 4x and smooth-scaled down,
then given a subtle per-pixel texture. Everything is seeded, so reruns give the same files.
Each tile's game meaning is in its .tsx properties (docs/maps.md), never in its id.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "tilesets"
SS = 4  # supersampling factor

SQ = 32  # square tile size
HEX_W, HEX_H, HEX_SIDE = 56, 64, 32  # pointy-top: Tiled hexsidelength = the vertical edge

Color = tuple[int, ...]
Painter = Callable[[pygame.Surface, random.Random], None]


@dataclass
class Tile:
    """One tile: its name, game properties and how it is drawn."""

    name: str
    paint: Painter
    props: dict[str, object] = field(default_factory=dict)
    overlay: bool = False  # drawn over a ground tile (transparent background)
    texture: float = 0.06  # strength of the per-pixel texture


# -- drawing helpers (coordinates in supersampled pixels) -----------------------------------------

def shade(color: Color, f: float) -> Color:
    """Lighter (f > 0) or darker (f < 0) version of a colour; alpha kept."""
    r, g, b = color[:3]
    if f >= 0:
        out = (r + (255 - r) * f, g + (255 - g) * f, b + (255 - b) * f)
    else:
        out = (r * (1 + f), g * (1 + f), b * (1 + f))
    rgb = tuple(max(0, min(255, round(v))) for v in out)
    return (*rgb, *color[3:])


def blotches(s: pygame.Surface, rng: random.Random, color: Color, n: int, rmin: int, rmax: int) -> None:
    """Soft irregular patches for texture."""
    w, h = s.get_size()
    for _ in range(n):
        r = rng.randint(rmin, rmax)
        x, y = rng.randint(0, w), rng.randint(0, h)
        pygame.draw.ellipse(s, color, (x - r, y - r * 2 // 3, 2 * r, r * 4 // 3))


def crack(s: pygame.Surface, rng: random.Random, color: Color, start: tuple[int, int], steps: int,
          width: int) -> None:
    """A jagged crack line."""
    x, y = start
    angle = rng.uniform(0, 2 * math.pi)
    pts = [(x, y)]
    for _ in range(steps):
        angle += rng.uniform(-0.7, 0.7)
        length = rng.randint(8, 18)
        x, y = x + math.cos(angle) * length, y + math.sin(angle) * length
        pts.append((x, y))
    pygame.draw.lines(s, color, False, pts, width)


def pips(s: pygame.Surface, n: int, anchor: tuple[int, int], step: int = 30, r: int = 9) -> None:
    """Cover level as n light dots with a dark rim (1 light, 2 heavy, 3 substantial)."""
    ax, ay = anchor
    for i in range(n):
        c = (ax - i * step, ay)
        pygame.draw.circle(s, (25, 25, 28), c, r + 4)
        pygame.draw.circle(s, (240, 232, 200), c, r)


def moon(s: pygame.Surface, centre: tuple[int, int], r: int, color: Color, phase: float) -> None:
    """A crescent (phase near 1) or half moon (phase 0.5): the light-level glyph."""
    glyph = pygame.Surface((4 * r, 4 * r), pygame.SRCALPHA)
    c = (2 * r, 2 * r)
    pygame.draw.circle(glyph, color, c, r)
    if phase >= 0.75:
        pygame.draw.circle(glyph, (0, 0, 0, 0), (c[0] + int(r * 0.55), c[1] - int(r * 0.2)), int(r * 0.85))
    else:
        pygame.draw.rect(glyph, (0, 0, 0, 0), (c[0], 0, 4 * r, 4 * r))
    s.blit(glyph, (centre[0] - 2 * r, centre[1] - 2 * r))


def texture(img: pygame.Surface, rng: random.Random, amount: float) -> None:
    """Subtle per-pixel brightness jitter at final resolution (keeps edges crisp)."""
    if amount <= 0:
        return
    w, h = img.get_size()
    for y in range(h):
        for x in range(w):
            r, g, b, a = img.get_at((x, y))
            if a == 0:
                continue
            f = 1 + rng.uniform(-amount, amount)
            img.set_at((x, y), (min(255, int(r * f)), min(255, int(g * f)), min(255, int(b * f)), a))


# -- square tiles (128x128 canvas) ------------------------------------------------------------

def sq_panel(base: Color, seam: Color) -> Painter:
    """Concrete panel: flat fill, a bevelled seam along two edges for a readable grid."""

    def paint(s: pygame.Surface, rng: random.Random) -> None:
        s.fill(base)
        blotches(s, rng, shade(base, -0.05), 6, 8, 22)
        blotches(s, rng, shade(base, 0.04), 5, 6, 16)
        pygame.draw.line(s, seam, (0, 126), (127, 126), 4)
        pygame.draw.line(s, seam, (126, 0), (126, 127), 4)
        pygame.draw.line(s, shade(base, 0.12), (0, 1), (127, 1), 2)
        pygame.draw.line(s, shade(base, 0.12), (1, 0), (1, 127), 2)

    return paint


def sq_floor(s: pygame.Surface, rng: random.Random) -> None:
    sq_panel((112, 116, 124), (86, 89, 96))(s, rng)
    for _ in range(5):
        x, y = rng.randint(10, 118), rng.randint(10, 118)
        pygame.draw.circle(s, (100, 104, 111), (x, y), rng.randint(2, 4))


def sq_rough(s: pygame.Surface, rng: random.Random) -> None:
    sq_panel((104, 106, 110), (80, 82, 88))(s, rng)
    for _ in range(2):
        crack(s, rng, (72, 74, 80), (rng.randint(20, 108), rng.randint(20, 108)), 5, 3)
    for _ in range(7):
        x, y = rng.randint(8, 120), rng.randint(8, 120)
        pygame.draw.circle(s, (130, 130, 132), (x, y), rng.randint(3, 6))
        pygame.draw.circle(s, (84, 85, 90), (x + 2, y + 2), rng.randint(2, 3))


def sq_dark(s: pygame.Surface, rng: random.Random) -> None:
    sq_panel((38, 42, 52), (28, 31, 39))(s, rng)
    moon(s, (24, 24), 12, (92, 104, 132), 1.0)


def sq_dim(s: pygame.Surface, rng: random.Random) -> None:
    sq_panel((72, 76, 87), (55, 58, 67))(s, rng)
    moon(s, (24, 24), 12, (150, 158, 178), 0.5)


def sq_mud(s: pygame.Surface, rng: random.Random) -> None:
    base = (96, 74, 50)
    s.fill(base)
    blotches(s, rng, (80, 60, 40), 9, 10, 26)
    blotches(s, rng, (110, 88, 60), 6, 6, 14)
    for i in range(3):
        y = 30 + i * 34 + rng.randint(-4, 4)
        x = rng.randint(10, 50)
        pygame.draw.arc(s, (124, 100, 72), (x, y, 40, 14), math.pi * 0.1, math.pi * 0.9, 3)
    # two small wave lines: slow ground
    for dy in (0, 12):
        pts = [(84 + k * 4, 108 + dy + (3 if k % 2 else -3)) for k in range(9)]
        pygame.draw.lines(s, (168, 146, 110), False, pts, 4)


def sq_wall(s: pygame.Surface, rng: random.Random) -> None:
    base = (58, 62, 74)
    s.fill(base)
    mortar = (36, 38, 46)
    for row in range(4):
        y = row * 32
        pygame.draw.line(s, mortar, (0, y), (127, y), 4)
        off = 0 if row % 2 else 32
        for x in range(off, 129, 64):
            pygame.draw.line(s, mortar, (x, y), (x, y + 32), 4)
        for x in range(off - 64, 128, 64):
            pygame.draw.line(s, shade(base, 0.15), (x + 4, y + 4), (x + 58, y + 4), 3)
    pygame.draw.rect(s, (22, 23, 28), (0, 0, 128, 128), 6)
    pygame.draw.line(s, (96, 102, 118), (6, 7), (121, 7), 4)


def sq_paving(s: pygame.Surface, rng: random.Random) -> None:
    base = (112, 100, 86)
    s.fill(base)
    joint = (86, 76, 64)
    for row in range(4):
        y = row * 32
        off = 16 if row % 2 else 0
        pygame.draw.line(s, joint, (0, y), (127, y), 3)
        for x in range(off, 129, 32):
            pygame.draw.line(s, joint, (x, y), (x, y + 32), 3)
        for x in range(off - 32, 128, 32):
            pygame.draw.rect(s, shade(base, rng.uniform(-0.06, 0.06)), (x + 3, y + 3, 27, 27))


def sq_water(s: pygame.Surface, rng: random.Random) -> None:
    base = (40, 78, 110)
    s.fill(base)
    blotches(s, rng, (34, 66, 96), 6, 10, 24)
    for i in range(4):
        y = 16 + i * 30
        x0 = rng.randint(-10, 20)
        pts = [(x0 + k * 10, y + (5 if k % 2 else -5)) for k in range(14)]
        pygame.draw.lines(s, (96, 148, 186), False, pts, 3)
    pygame.draw.rect(s, (24, 46, 66), (0, 0, 128, 128), 4)


def sq_crates(s: pygame.Surface, rng: random.Random) -> None:
    def crate(x: int, y: int, size: int) -> None:
        wood, dark = (160, 112, 62), (84, 56, 30)
        pygame.draw.rect(s, (0, 0, 0, 90), (x + 6, y + 6, size, size), border_radius=4)
        pygame.draw.rect(s, wood, (x, y, size, size), border_radius=4)
        pygame.draw.rect(s, dark, (x, y, size, size), 5, border_radius=4)
        pygame.draw.line(s, dark, (x + 4, y + 4), (x + size - 5, y + size - 5), 5)
        pygame.draw.line(s, shade(wood, 0.2), (x + 8, y + 6), (x + size - 8, y + 6), 3)

    crate(10, 14, 62)
    crate(62, 54, 56)
    pips(s, 1, (112, 112))


def sq_sandbags(s: pygame.Surface, rng: random.Random) -> None:
    bag, dark = (186, 168, 124), (104, 90, 62)
    for row, y in enumerate((70, 46)):
        off = 0 if row == 0 else 14
        for x in range(4 + off, 96, 30):
            pygame.draw.ellipse(s, (0, 0, 0, 80), (x + 3, y + 5, 32, 22))
            pygame.draw.ellipse(s, bag, (x, y, 32, 22))
            pygame.draw.ellipse(s, dark, (x, y, 32, 22), 3)
            pygame.draw.line(s, shade(bag, 0.25), (x + 8, y + 6), (x + 22, y + 6), 2)
    pips(s, 1, (112, 112))


def sq_barricade(s: pygame.Surface, rng: random.Random) -> None:
    steel, dark = (140, 148, 158), (52, 56, 64)
    pygame.draw.rect(s, (0, 0, 0, 100), (14, 24, 108, 80), border_radius=6)
    pygame.draw.rect(s, steel, (8, 16, 108, 80), border_radius=6)
    # hazard band
    band = pygame.Surface((108, 22), pygame.SRCALPHA)
    band.fill((230, 190, 40))
    for x in range(-22, 120, 22):
        pygame.draw.polygon(band, (30, 30, 30), [(x, 22), (x + 11, 22), (x + 22, 0), (x + 11, 0)])
    s.blit(band, (8, 46))
    pygame.draw.rect(s, dark, (8, 16, 108, 80), 5, border_radius=6)
    for x in (20, 104):
        for y in (28, 84):
            pygame.draw.circle(s, dark, (x, y), 4)
    pygame.draw.line(s, shade(steel, 0.3), (16, 22), (108, 22), 3)
    pips(s, 2, (112, 114), step=28)


def sq_machinery(s: pygame.Surface, rng: random.Random) -> None:
    body, dark = (58, 104, 108), (24, 44, 48)
    pygame.draw.rect(s, (0, 0, 0, 110), (10, 10, 116, 116), border_radius=8)
    pygame.draw.rect(s, body, (4, 4, 116, 116), border_radius=8)
    pygame.draw.rect(s, dark, (4, 4, 116, 116), 6, border_radius=8)
    pygame.draw.rect(s, shade(body, -0.25), (24, 22, 56, 40), border_radius=4)
    for i in range(5):
        pygame.draw.line(s, shade(body, 0.3), (30, 28 + i * 7), (74, 28 + i * 7), 3)
    pygame.draw.circle(s, shade(body, 0.15), (92, 78), 16)
    pygame.draw.circle(s, dark, (92, 78), 16, 4)
    pygame.draw.line(s, dark, (92, 66), (92, 90), 4)
    for x, y in ((16, 16), (108, 16), (16, 108)):
        pygame.draw.circle(s, (190, 196, 200), (x, y), 4)
    pips(s, 3, (108, 108), step=26)


def sq_stall(s: pygame.Surface, rng: random.Random) -> None:
    wood = (128, 88, 52)
    pygame.draw.rect(s, (0, 0, 0, 90), (14, 62, 106, 50), border_radius=4)
    pygame.draw.rect(s, wood, (8, 56, 106, 50), border_radius=4)
    pygame.draw.rect(s, shade(wood, -0.45), (8, 56, 106, 50), 4, border_radius=4)
    for x in range(20, 110, 22):
        pygame.draw.circle(s, (214, 150, 60), (x, 72), 7)
        pygame.draw.circle(s, (120, 170, 70), (x + 8, 88), 6)
    for i in range(6):
        color = (196, 58, 52) if i % 2 == 0 else (236, 226, 204)
        pygame.draw.rect(s, color, (8 + i * 18, 10, 18, 30))
    pygame.draw.rect(s, (70, 30, 30), (8, 10, 108, 30), 4)
    for i in range(6):
        pygame.draw.circle(s, (196, 58, 52) if i % 2 == 0 else (236, 226, 204), (17 + i * 18, 40), 9)
    pips(s, 1, (112, 116))


def sq_fence(s: pygame.Surface, rng: random.Random) -> None:
    wire = (176, 182, 188, 210)
    for k in range(-128, 256, 20):
        pygame.draw.line(s, wire, (k, 40), (k + 48, 88), 2)
        pygame.draw.line(s, wire, (k + 48, 40), (k, 88), 2)
    pygame.draw.rect(s, (0, 0, 0, 0), (0, 0, 128, 38))
    pygame.draw.rect(s, (0, 0, 0, 0), (0, 90, 128, 38))
    for y in (40, 88):
        pygame.draw.line(s, (120, 126, 134), (0, y), (127, y), 4)
    for x in (6, 64, 122):
        pygame.draw.rect(s, (90, 94, 102), (x - 5, 30, 10, 68), border_radius=3)


def sq_shadow(s: pygame.Surface, rng: random.Random) -> None:
    s.fill((6, 8, 20, 150))
    moon(s, (24, 24), 12, (110, 122, 156, 200), 1.0)


def sq_gloom(s: pygame.Surface, rng: random.Random) -> None:
    s.fill((10, 12, 26, 80))
    moon(s, (24, 24), 12, (160, 168, 190, 200), 0.5)


SQUARE_TILES: list[Tile] = [
    Tile("floor", sq_floor),
    Tile("rough floor", sq_rough),
    Tile("dark floor", sq_dark, {"light": "dark"}),
    Tile("dim floor", sq_dim, {"light": "dim"}),
    Tile("mud", sq_mud, {"move_cost": 2.0}),
    Tile("wall", sq_wall, {"blocks_move": True, "blocks_los": True}),
    Tile("paving", sq_paving),
    Tile("deep water", sq_water, {"blocks_move": True}),
    Tile("crates", sq_crates, {"blocks_move": True, "cover": 1, "cover_height_ft": 3.0}, True),
    Tile("sandbags", sq_sandbags, {"blocks_move": True, "cover": 1, "cover_height_ft": 3.0}, True),
    Tile("barricade", sq_barricade, {"blocks_move": True, "cover": 2, "cover_height_ft": 6.0}, True),
    Tile("machinery", sq_machinery, {"blocks_move": True, "cover": 3, "cover_height_ft": 10.0}, True),
    Tile("market stall", sq_stall, {"blocks_move": True, "cover": 1, "cover_height_ft": 4.0}, True),
    Tile("fence", sq_fence, {"blocks_move": True}, True, 0.0),
    Tile("shadow", sq_shadow, {"light": "dark"}, True, 0.0),
    Tile("gloom", sq_gloom, {"light": "dim"}, True, 0.0),
]


# -- hex tiles (224x256 canvas, pointy top) ---------------------------------------------------

def hex_points(inset: float = 0) -> list[tuple[float, float]]:
    """The pointy-top hexagon matching Tiled's cell (hexsidelength = vertical edge)."""
    w, h, side = HEX_W * SS, HEX_H * SS, HEX_SIDE * SS
    off = (h - side) / 2
    cx, cy = w / 2, h / 2
    pts = [(w / 2, 0), (w, off), (w, h - off), (w / 2, h), (0, h - off), (0, off)]
    if not inset:
        return pts
    return [(cx + (x - cx) * (1 - inset), cy + (y - cy) * (1 - inset)) for x, y in pts]


def hex_mask(s: pygame.Surface) -> None:
    """Clear everything outside the hexagon."""
    mask = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.polygon(mask, (255, 255, 255, 255), hex_points())
    s.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def hex_ground(base: Color, rim: Color) -> Callable[[pygame.Surface, random.Random], None]:
    """Fill, blotch texture and a thin rim so neighbouring hexes read apart."""

    def paint(s: pygame.Surface, rng: random.Random) -> None:
        s.fill(base)
        blotches(s, rng, shade(base, -0.07), 8, 12, 34)
        blotches(s, rng, shade(base, 0.06), 6, 10, 24)
        hex_rim(s, rim)

    return paint


def hex_rim(s: pygame.Surface, rim: Color, width: int = 5) -> None:
    pygame.draw.polygon(s, rim, hex_points(0.01), width)


def tufts(s: pygame.Surface, rng: random.Random, color: Color, n: int) -> None:
    for _ in range(n):
        x, y = rng.randint(40, 184), rng.randint(50, 206)
        for dx in (-6, 0, 6):
            pygame.draw.line(s, color, (x, y), (x + dx, y - 12), 3)


def hx_plain(s: pygame.Surface, rng: random.Random) -> None:
    hex_ground((118, 136, 88), (78, 92, 58))(s, rng)
    tufts(s, rng, (92, 110, 64), 7)


def hx_dirt(s: pygame.Surface, rng: random.Random) -> None:
    hex_ground((138, 116, 86), (96, 78, 56))(s, rng)
    for _ in range(10):
        x, y = rng.randint(40, 184), rng.randint(50, 206)
        pygame.draw.circle(s, (112, 94, 70), (x, y), rng.randint(3, 7))


def hx_plates(s: pygame.Surface, rng: random.Random) -> None:
    base = (104, 110, 120)
    s.fill(base)
    for x in range(0, 224, 56):
        pygame.draw.line(s, (70, 74, 82), (x, 0), (x, 256), 4)
    for y in range(0, 256, 64):
        pygame.draw.line(s, (70, 74, 82), (0, y), (224, y), 4)
    for x in range(14, 224, 28):
        for y in range(16, 256, 32):
            a = (x + y) // 4 % 2
            dx, dy = (5, 3) if a else (3, 5)
            pygame.draw.line(s, (126, 132, 142), (x - dx, y - dy), (x + dx, y + dy), 3)
    hex_rim(s, (62, 66, 74))


def contour(s: pygame.Surface, inset: float, color: Color) -> None:
    pygame.draw.polygon(s, color, hex_points(inset), 7)


def chevrons(s: pygame.Surface, n: int, color: Color) -> None:
    """Elevation glyph: one chevron per level, near the top of the hex."""
    for i in range(n):
        y = 52 + i * 28
        pts = [(82, y + 22), (112, y), (142, y + 22)]
        pygame.draw.lines(s, (50, 44, 26), False, pts, 16)
        pygame.draw.lines(s, color, False, pts, 9)


def hx_hill(s: pygame.Surface, rng: random.Random) -> None:
    hex_ground((152, 146, 92), (100, 94, 54))(s, rng)
    contour(s, 0.22, (112, 106, 62))
    tufts(s, rng, (122, 126, 74), 4)
    chevrons(s, 1, (236, 222, 160))


def hx_high(s: pygame.Surface, rng: random.Random) -> None:
    hex_ground((200, 182, 128), (130, 112, 70))(s, rng)
    contour(s, 0.2, (146, 126, 82))
    contour(s, 0.42, (146, 126, 82))
    chevrons(s, 2, (250, 240, 190))


def hx_rock(s: pygame.Surface, rng: random.Random) -> None:
    s.fill((70, 68, 66))
    for _ in range(6):
        x, y = rng.randint(50, 174), rng.randint(60, 196)
        r = rng.randint(28, 46)
        pts = [(x + math.cos(a) * r * rng.uniform(0.7, 1.0), y + math.sin(a) * r * rng.uniform(0.7, 1.0))
               for a in (k * math.pi / 4 for k in range(8))]
        pygame.draw.polygon(s, (104, 100, 96), pts)
        pygame.draw.polygon(s, (46, 44, 42), pts, 4)
        pygame.draw.line(s, (136, 132, 126), pts[5], pts[6], 4)
    crack(s, rng, (34, 32, 30), (112, 128), 4, 4)
    hex_rim(s, (28, 27, 26), 8)


def hx_slag(s: pygame.Surface, rng: random.Random) -> None:
    s.fill((52, 44, 42))
    blotches(s, rng, (64, 52, 48), 8, 12, 30)
    pool = [(112 + math.cos(a) * 70 * rng.uniform(0.8, 1.0), 132 + math.sin(a) * 60 * rng.uniform(0.8, 1.0))
            for a in (k * math.pi / 6 for k in range(12))]
    pygame.draw.polygon(s, (196, 82, 24), pool)
    inner = [(112 + (x - 112) * 0.6, 132 + (y - 132) * 0.6) for x, y in pool]
    pygame.draw.polygon(s, (250, 170, 60), inner)
    pygame.draw.polygon(s, (36, 28, 26), pool, 6)
    for _ in range(3):
        crack(s, rng, (24, 20, 18), (rng.randint(80, 144), rng.randint(100, 160)), 3, 4)
    hex_rim(s, (30, 24, 22), 6)


def hx_rubble(s: pygame.Surface, rng: random.Random) -> None:
    for _ in range(10):
        x, y = rng.randint(48, 176), rng.randint(66, 194)
        r = rng.randint(13, 22)
        pts = [(x + math.cos(a) * r * rng.uniform(0.6, 1.0), y + math.sin(a) * r * rng.uniform(0.6, 1.0))
               for a in (k * math.pi / 3 + rng.uniform(0, 0.5) for k in range(6))]
        pygame.draw.polygon(s, (0, 0, 0, 80), [(px + 4, py + 5) for px, py in pts])
        pygame.draw.polygon(s, (170, 150, 118), pts)
        pygame.draw.polygon(s, (62, 52, 40), pts, 4)
        pygame.draw.line(s, (206, 190, 160), pts[4], pts[5], 3)
    pips(s, 1, (112, 220))


def hx_forest(s: pygame.Surface, rng: random.Random) -> None:
    spots = [(76, 92), (146, 86), (112, 140), (66, 166), (156, 164)]
    for x, y in spots:
        r = rng.randint(28, 34)
        pygame.draw.circle(s, (0, 0, 0, 90), (x + 6, y + 8), r)
        pygame.draw.circle(s, (40, 82, 44), (x, y), r)
        pygame.draw.circle(s, (58, 110, 58), (x - 6, y - 6), r - 10)
        pygame.draw.circle(s, (26, 56, 30), (x, y), r, 4)
    pips(s, 2, (126, 222), step=28)


def hx_fortress(s: pygame.Surface, rng: random.Random) -> None:
    stone, dark = (150, 140, 124), (72, 66, 58)
    wall = [(20, 116), (200, 84), (208, 136), (28, 168)]
    pygame.draw.polygon(s, (0, 0, 0, 100), [(x + 6, y + 10) for x, y in wall])
    pygame.draw.polygon(s, stone, wall)
    for i in range(1, 6):
        t = i / 6
        top = (20 + (200 - 20) * t, 116 + (84 - 116) * t)
        bot = (28 + (208 - 28) * t, 168 + (136 - 168) * t)
        pygame.draw.line(s, dark, top, bot, 3)
    pygame.draw.line(s, shade(stone, 0.3), (22, 120), (198, 89), 4)
    pygame.draw.polygon(s, dark, wall, 6)
    for x, y in ((48, 106), (94, 98), (140, 90), (184, 82)):
        pygame.draw.rect(s, stone, (x - 13, y - 18, 26, 20))
        pygame.draw.rect(s, dark, (x - 13, y - 18, 26, 20), 4)
    pips(s, 2, (126, 222), step=28)


def hx_smoke(s: pygame.Surface, rng: random.Random) -> None:
    for _ in range(22):
        x, y = rng.randint(36, 188), rng.randint(44, 212)
        r = rng.randint(30, 52)
        puff = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        pygame.draw.circle(puff, (200, 204, 212, 52), (r, r), r)
        pygame.draw.circle(puff, (230, 232, 238, 30), (r - r // 4, r - r // 4), r // 2)
        s.blit(puff, (x - r, y - r))
    for k in range(3):
        rect = (64 + k * 14, 84 + k * 14, 96 - k * 28, 88 - k * 28)
        pygame.draw.arc(s, (60, 62, 70, 160), (rect[0] + 3, rect[1] + 3, rect[2], rect[3]),
                        0.3, 4.8, 8)
        pygame.draw.arc(s, (246, 246, 250, 230), rect, 0.3, 4.8, 6)


HEX_TILES: list[Tile] = [
    Tile("plain", hx_plain),
    Tile("dirt", hx_dirt),
    Tile("foundry floor", hx_plates),
    Tile("hill", hx_hill, {"elevation": 1}),
    Tile("high ground", hx_high, {"elevation": 2}),
    Tile("rock", hx_rock, {"blocks_move": True, "blocks_los": True}),
    Tile("slag pool", hx_slag, {"blocks_move": True}),
    Tile("rubble", hx_rubble, {"cover": 1}, True),
    Tile("forest", hx_forest, {"cover": 2}, True),
    Tile("fortress", hx_fortress, {"cover": 2}, True),
    Tile("smoke", hx_smoke, {"obscured": True}, True, 0.0),
]


# -- output ------------------------------------------------------------------------------------

def render(tiles: list[Tile], size: tuple[int, int], columns: int, hexed: bool, seed: int) -> pygame.Surface:
    """The tileset sheet: tiles left to right, top to bottom."""
    w, h = size
    rows = math.ceil(len(tiles) / columns)
    sheet = pygame.Surface((w * columns, h * rows), pygame.SRCALPHA)
    for i, tile in enumerate(tiles):
        rng = random.Random(seed * 1000 + i)
        big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        tile.paint(big, rng)
        if hexed:
            hex_mask(big)
        small = pygame.transform.smoothscale(big, (w, h))
        texture(small, rng, tile.texture)
        sheet.blit(small, ((i % columns) * w, (i // columns) * h))
    return sheet


def _prop_xml(key: str, value: object) -> str:
    if isinstance(value, bool):
        return f'   <property name="{key}" type="bool" value="{"true" if value else "false"}"/>'
    if isinstance(value, int):
        return f'   <property name="{key}" type="int" value="{value}"/>'
    if isinstance(value, float):
        return f'   <property name="{key}" type="float" value="{value:g}"/>'
    return f'   <property name="{key}" value={quoteattr(str(value))}/>'


def tsx(name: str, tiles: list[Tile], size: tuple[int, int], columns: int, image: str,
        image_size: tuple[int, int]) -> str:
    """A Tiled 1.10 tileset file with every tile's properties."""
    w, h = size
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<tileset version="1.10" tiledversion="1.10.2" name="{name}" tilewidth="{w}" '
             f'tileheight="{h}" tilecount="{len(tiles)}" columns="{columns}">']
    lines.append(f' <image source="{image}" width="{image_size[0]}" height="{image_size[1]}"/>')
    for i, tile in enumerate(tiles):
        lines.append(f' <tile id="{i}">')
        lines.append('  <properties>')
        for key, value in sorted({"name": tile.name, **tile.props}.items()):
            lines.append(_prop_xml(key, value))
        lines.append('  </properties>')
        lines.append(' </tile>')
    lines.append('</tileset>')
    return "\n".join(lines) + "\n"


def write_set(name: str, tiles: list[Tile], size: tuple[int, int], columns: int, hexed: bool,
              seed: int) -> None:
    """Render and save one tileset's PNG and TSX."""
    sheet = render(tiles, size, columns, hexed, seed)
    png = OUT / f"{name}.png"
    pygame.image.save(sheet, str(png))
    (OUT / f"{name}.tsx").write_text(tsx(name, tiles, size, columns, png.name, sheet.get_size()))
    print(f"wrote {png.relative_to(ROOT)} and {name}.tsx ({len(tiles)} tiles)")


LICENSE = """# Tileset art

The tilesets in this folder (`*.png`, `*.tsx`) are generated by `tools/make_art.py`, a script of
this project: drawn by code, no third-party artwork. They are the project's own work and carry
the same licence as the code (MIT, see the project's licence). Regenerate them with

    python tools/make_art.py

Tile meanings (properties) are documented in `docs/maps.md`.
"""


def main() -> None:
    """Write every tileset and the art licence note."""
    OUT.mkdir(parents=True, exist_ok=True)
    write_set("square_terrain", SQUARE_TILES, (SQ, SQ), 4, False, 1)
    write_set("hex_terrain", HEX_TILES, (HEX_W, HEX_H), 4, True, 2)
    (OUT / "LICENSE.md").write_text(LICENSE)


if __name__ == "__main__":
    main()
