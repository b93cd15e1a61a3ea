"""Tokens' pips over each unit: the move and attack pools of the side to act (or their counts
when the tile is too small), the overwatch badge of reserved tokens, and where a token sits on
screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.rulesets.tokens.view import ATTACK, MOVE, pools
from game.ui.tokens import mark_ink

if TYPE_CHECKING:
    from game.ui.scenes.battle import BattleScene

Point = tuple[float, float]

MOVE_PIP = (86, 180, 233)
ATTACK_PIP = (230, 120, 60)
RESERVED_PIP = (240, 228, 66)
CLOAK = (150, 110, 220)
INK = (15, 15, 20)

#: the design font size of the marks' words (smaller than the panel's: they sit between tokens)
MARK_FONT = 11


def screen_of(scene: BattleScene, places: dict[int, tuple[Point, int]], ent: int
            ) -> tuple[int, int, int] | None:
    """(x, y, diameter) of a unit's token on screen."""
    found = places.get(ent)
    if found is None:
        return None
    (mx, my), size = found
    slide = scene.slides.get(ent)
    if slide is not None:
        mx, my = slide.point(scene.layout)
    sx, sy = scene.camera.to_screen((mx, my))
    return round(sx), round(sy), size


def draw_pools(scene: BattleScene, surface: pygame.Surface, places: dict[int, tuple[Point, int]]
               ) -> dict[int, list[pygame.Rect]]:
    """Move and attack pips of the side to act (filled: left, hollow: spent), and the overwatch
    tokens any unit holds in reserve; each kept clear of the unit's letter. Returns where they went."""
    turn = scene.turn.side if scene.turn is not None else None
    drawn: dict[int, list[pygame.Rect]] = {}
    for u in scene.units:
        if not u.alive or u.state != "active":
            continue
        at = screen_of(scene, places, u.ent)
        if at is None:
            continue
        x, y, d = at
        have = pools(u.view)
        ink = mark_ink(scene.fonts, u.mark, d).move(x, y)
        rects = drawn.setdefault(u.ent, [])
        if u.side == turn and (MOVE in have or ATTACK in have):
            box = _pip_row(scene, surface, (x, y, d), ink, have)
            if box is not None:
                rects.append(box)
        reserved = have.get(ATTACK, (0, 0, 0))[2]
        if reserved:
            # at the token's lower right: the pools run along its top, the letter fills its middle
            r = max(5, round(d * 0.2))
            at_x = max(x + d // 2, ink.right + r + 2)
            rects.append(_overwatch_badge(scene, surface, (at_x, y + d // 2 - r), d, reserved))
    return drawn


def pip_centre(x: int, y: int, d: int, ink_top: int | None = None, h: int = 0) -> tuple[int, int]:
    """Where a token's row of pips (`h` pixels high) is centred: across the top of the token itself
    (the gaps between tiles hold the health bars of the row above), raised over its rim when the
    letter reaches up under it (`ink_top`: where the letter's ink starts)."""
    cy = y - d // 2 + max(2, round(d * 0.06)) + 1
    if ink_top is not None:
        cy = min(cy, ink_top - 1 - (h + 1) // 2)
    return x, cy


@dataclass(frozen=True)
class Pip:
    """One token over a unit: a move or attack token, still to spend (filled) or spent."""

    kind: str
    filled: bool
    centre: tuple[int, int]
    radius: int


def pip_layout(scene: BattleScene, centre: tuple[int, int], d: int,
               have: dict[str, tuple[int, int, int]]) -> list[Pip] | None:
    """The pips of a unit's pools in a row centred on `centre` (move tokens, then attack tokens),
    or None when the row would be wider than a tile (then the counts are written instead)."""
    move, move_max, _ = have.get(MOVE, (0, 0, 0))
    attack, attack_max, _ = have.get(ATTACK, (0, 0, 0))
    r = max(2, round(d * 0.06))
    step = 2 * r + 1
    gap = 2 * r
    width = (move_max + attack_max) * step + (gap if move_max and attack_max else 0)
    tile = round(min(scene.layout.tw, scene.layout.th) * scene.camera.zoom)
    if width > tile * 1.1:
        return None
    out = []
    x = centre[0] - width // 2 + r
    for i in range(move_max):
        out.append(Pip(MOVE, i < move, (x, centre[1]), r))
        x += step
    x += gap if move_max else 0
    for i in range(attack_max):
        out.append(Pip(ATTACK, i < attack, (x, centre[1]), r))
        x += step
    return out


def _pip_row(scene: BattleScene, surface: pygame.Surface, token: tuple[int, int, int], ink: pygame.Rect,
             have: dict[str, tuple[int, int, int]]) -> pygame.Rect | None:
    """The pools over a token at (x, y, diameter), clear of its letter's `ink`: a row of pips, or
    the counts when the row would not fit; where it went (None: nothing drawn)."""
    x, y, d = token
    r = max(2, round(d * 0.06))
    tile = min(scene.layout.tw, scene.layout.th) * scene.camera.zoom
    # the lowest the row may reach up to: under the health bar of a unit on the tile above
    ceiling = round(y - tile + d // 2 + 3 + max(3, d // 9))
    pips = pip_layout(scene, pip_centre(x, y, d, ink.top, 2 * r + 4), d, have)
    if pips is not None:
        if not pips:
            return None
        back = pygame.Rect(0, 0, pips[-1].centre[0] - pips[0].centre[0] + 2 * r + 4, 2 * r + 4)
        back.center = ((pips[0].centre[0] + pips[-1].centre[0]) // 2, pips[0].centre[1])
        if back.top < ceiling:
            return None  # no room between the letter and the tile above: the panel shows them
        pygame.draw.rect(surface, INK, back, border_radius=r + 2)
        for p in pips:
            px, py = p.centre
            if p.kind == MOVE:
                pygame.draw.circle(surface, MOVE_PIP, p.centre, r, 0 if p.filled else 1)
            else:
                pts = [(px, py - r), (px + r, py), (px, py + r), (px - r, py)]
                pygame.draw.polygon(surface, ATTACK_PIP, pts, 0 if p.filled else 1)
        return back
    # too small for pips: the counts as text, each in its pips' colour (move · attack), sized to
    # the tile; on tiles too small even for that (or with no room over the letter) the panel alone
    # shows them
    f = scene.fonts
    size = min(MARK_FONT, max(6, round(tile * 0.3 / f.scale)))
    parts = [f.render(str(have.get(MOVE, (0, 0, 0))[0]), size, MOVE_PIP, True),
             f.render("·", size, (200, 200, 205), True),
             f.render(str(have.get(ATTACK, (0, 0, 0))[0]), size, ATTACK_PIP, True)]
    # the digits' ink, not the font's line, decides the badge's height: it must fit over the letter
    inks = [p.get_bounding_rect() for p in parts]
    top = min(i.top for i in inks if i.h)
    bottom = max(i.bottom for i in inks if i.h)
    box = pygame.Rect(0, 0, sum(p.get_width() for p in parts), bottom - top)
    if box.w > tile * 0.95 or box.h > tile * 0.45:
        return None
    box.center = pip_centre(x, y, d, ink.top, box.h + 2)
    back = box.inflate(6, 2)
    if back.top < ceiling:
        return None  # no room between the letter and the tile above: the panel shows them
    pygame.draw.rect(surface, INK, back, border_radius=4)
    bx = box.x
    for p in parts:
        surface.blit(p, (bx, box.y - top))
        bx += p.get_width()
    return back


def _overwatch_badge(scene: BattleScene, surface: pygame.Surface, at: tuple[int, int], d: int,
                     n: int) -> pygame.Rect:
    """An eye with the reserved tokens at the token's lower right: this unit will fire when an
    enemy moves in its sights. Returns where it went."""
    r = max(5, round(d * 0.2))
    cx, cy = at
    label = scene.fonts.render(str(n), MARK_FONT, INK, True)
    ink = label.get_bounding_rect()
    label = label.subsurface(ink) if ink.w and ink.h else label
    back = pygame.Rect(0, 0, 2 * r + label.get_width() + 6, max(2 * r, label.get_height() + 4))
    back.midleft = (cx - r, cy)
    pygame.draw.rect(surface, RESERVED_PIP, back, border_radius=r)
    pygame.draw.rect(surface, INK, back, 1, border_radius=r)
    pygame.draw.ellipse(surface, INK, pygame.Rect(cx - r + 2, cy - r // 2, 2 * r - 4, r), 1)
    pygame.draw.circle(surface, INK, (cx, cy), max(2, r // 3))
    surface.blit(label, label.get_rect(midleft=(cx + r + 1, cy)))
    return back
