"""Unit tokens: side colour and shape, letter mark, health bar, condition pips, facing wedge."""

from __future__ import annotations

import math
import zlib

import pygame

from game.ui.theme import Colour, Fonts, Palette
from game.ui.view import UnitInfo


def _luma(c: Colour) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def ink_for(c: Colour) -> Colour:
    """Black or white, whichever reads better on a colour."""
    return (15, 15, 20) if _luma(c) > 140 else (250, 250, 250)


def condition_colour(name: str) -> Colour:
    """A stable colour per condition name."""
    choices = ((204, 121, 167), (0, 158, 115), (213, 94, 0), (86, 180, 233), (240, 228, 66), (160, 160, 170))
    return choices[zlib.crc32(name.encode()) % len(choices)]


def health_colour(frac: float, pal: Palette) -> Colour:
    """Bar colour by remaining health (bluish green, yellow, vermillion)."""
    if frac > 0.5:
        return pal.good
    if frac > 0.25:
        return (240, 228, 66)
    return pal.bad


def mark_size(fonts: Fonts, mark: str, d: int) -> int:
    """The design font size of a token's mark at a pixel diameter."""
    return max(7, round(d * (0.5 if len(mark) == 1 else 0.38) / fonts.scale))


def mark_ink(fonts: Fonts, mark: str, d: int) -> pygame.Rect:
    """Where a token's mark has ink, relative to the token's centre (marks drawn over a token, as
    tokens' pools, keep clear of it)."""
    text = fonts.render(mark, mark_size(fonts, mark, d), (250, 250, 250), True)
    ink = text.get_bounding_rect()
    placed = text.get_rect(center=(0, 0))
    return ink.move(placed.x, placed.y)


class TokenArt:
    """Cached token pictures; a picture is redrawn only when what it shows changes."""

    def __init__(self, fonts: Fonts, pal: Palette) -> None:
        self.fonts = fonts
        self.pal = pal
        self._cache: dict[tuple, pygame.Surface] = {}

    def surface(
        self, unit: UnitInfo, diameter: int, active: bool, selected: bool, facing_angle: float | None
    ) -> pygame.Surface:
        """The token for a unit at a pixel diameter (with room around it for bar and pips)."""
        angle_key = None if facing_angle is None else round(math.degrees(facing_angle))
        key = (
            unit.ent,
            unit.mark,
            unit.side_index,
            unit.hp,
            unit.hp_max,
            unit.conditions,
            unit.state,
            diameter,
            active,
            selected,
            angle_key,
            self.pal.name,
            unit.unseen,
        )
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 600:
                self._cache.clear()
            surf = self._draw(unit, diameter, active, selected, facing_angle)
            self._cache[key] = surf
        return surf

    def mark(self, text: str, d: int, ink: tuple[int, int, int]) -> pygame.Surface:
        """A token's letters, shrunk to stay inside the token's body at any size (two units share
        a square in varium: their tokens are small)."""
        mark = self.fonts.render(text, mark_size(self.fonts, text, d), ink, True)
        room = max(1, int(d * 0.8))
        if mark.get_width() > room:
            h = max(1, round(mark.get_height() * room / mark.get_width()))
            mark = pygame.transform.smoothscale(mark, (room, h))
        return mark

    def _draw(
        self, unit: UnitInfo, d: int, active: bool, selected: bool, facing_angle: float | None
    ) -> pygame.Surface:
        pad = max(6, d // 4)
        size = d + 2 * pad
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = (size // 2, size // 2)
        r = d // 2
        colour = self.pal.side(unit.side_index)
        down = unit.state != "active"
        if down:
            colour = tuple(int(v * 0.45 + 60) for v in colour)  # type: ignore[assignment]
        if active or selected:
            ring = self.pal.active if active else (255, 255, 255)
            pygame.draw.circle(surf, ring, c, r + max(3, d // 10), max(2, d // 14))
        if facing_angle is not None:
            tip = (
                c[0] + math.cos(facing_angle) * (r + pad * 0.8),
                c[1] + math.sin(facing_angle) * (r + pad * 0.8),
            )
            left = (
                c[0] + math.cos(facing_angle - 0.5) * r * 0.9,
                c[1] + math.sin(facing_angle - 0.5) * r * 0.9,
            )
            right = (
                c[0] + math.cos(facing_angle + 0.5) * r * 0.9,
                c[1] + math.sin(facing_angle + 0.5) * r * 0.9,
            )
            pygame.draw.polygon(surf, (250, 250, 250), (tip, left, right))
            pygame.draw.polygon(surf, (20, 20, 24), (tip, left, right), 1)
        # Side shows by shape as well as hue: even sides round, odd sides square.
        if unit.side_index % 2 == 0:
            pygame.draw.circle(surf, colour, c, r)
            pygame.draw.circle(surf, (15, 15, 20), c, r, max(1, d // 20))
        else:
            body = pygame.Rect(0, 0, round(r * 1.8), round(r * 1.8))
            body.center = c
            pygame.draw.rect(surf, colour, body, border_radius=max(2, d // 7))
            pygame.draw.rect(surf, (15, 15, 20), body, max(1, d // 20), border_radius=max(2, d // 7))
        mark = self.mark(unit.mark, d, ink_for(colour))
        surf.blit(mark, mark.get_rect(center=c))
        if down:
            pygame.draw.line(
                surf, (240, 240, 240), (c[0] - r // 2, c[1] - r // 2), (c[0] + r // 2, c[1] + r // 2), 2
            )
            pygame.draw.line(
                surf, (240, 240, 240), (c[0] + r // 2, c[1] - r // 2), (c[0] - r // 2, c[1] + r // 2), 2
            )
        if unit.hp is not None and unit.hp_max:
            frac = max(0.0, unit.hp / unit.hp_max)
            bw, bh = d, max(3, d // 9)
            rect = pygame.Rect(c[0] - bw // 2, c[1] + r + 2, bw, bh)
            pygame.draw.rect(surf, (20, 20, 24), rect.inflate(2, 2))
            if frac > 0:
                pygame.draw.rect(
                    surf, health_colour(frac, self.pal), (rect.x, rect.y, max(1, round(bw * frac)), bh)
                )
        if unit.conditions:
            pr = max(3, d // 9)
            x = c[0] + r - pr
            y = c[1] - r + pr
            for name in unit.conditions[:4]:
                pygame.draw.circle(surf, condition_colour(name), (x, y), pr)
                pygame.draw.circle(surf, (15, 15, 20), (x, y), pr, 1)
                y += 2 * pr + 1
        if unit.unseen:
            # last seen here, not known to be here: faded, with a "?" over it
            surf.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
            q = self.fonts.render("?", max(7, round(d * 0.42 / self.fonts.scale)), (250, 250, 250), True)
            surf.blit(q, q.get_rect(center=(c[0] + r * 0.7, c[1] - r * 0.7)))
        return surf
