"""Unit tokens on the board: one per unit, several in a cell side by side (each its own click and
hover), the acting unit drawn last so nothing hides it."""

from __future__ import annotations

import math

import pygame

from game.ui.view import UnitInfo

Point = tuple[float, float]


def slot_offsets(n: int) -> list[Point]:
    """Where n tokens sit in one cell, as fractions of the tile size from its centre."""
    if n <= 1:
        return [(0.0, 0.0)]
    if n == 2:
        return [(-0.22, 0.0), (0.22, 0.0)]
    cols = math.ceil(math.sqrt(n))
    rows = math.ceil(n / cols)
    step = 0.5 / max(cols, rows)
    out = []
    for i in range(n):
        r, c = divmod(i, cols)
        out.append(((c - (cols - 1) / 2) * step * 1.6, (r - (rows - 1) / 2) * step * 1.6))
    return out


def slot_scale(n: int) -> float:
    """Token size in a cell of n units relative to a lone token."""
    return 1.0 if n <= 1 else (0.6 if n == 2 else 0.72 / math.ceil(math.sqrt(n)) * 1.2)


class TokensMixin:
    """Unit tokens (a part of BattleScene)."""

    def _diameter(self) -> int:
        return max(10, round(min(self.layout.tw, self.layout.th) * 0.74 * self.camera.zoom))

    def token_places(self) -> dict[int, tuple[Point, int]]:
        """Each living unit's token: its map point and diameter (side by side where cells are shared)."""
        d = self._diameter()
        by_cell: dict[tuple[int, ...], list[UnitInfo]] = {}
        for u in self.units:
            if u.alive:
                by_cell.setdefault(tuple(u.cell), []).append(u)
        tile = min(self.layout.tw, self.layout.th)
        out: dict[int, tuple[Point, int]] = {}
        for cell, here in by_cell.items():
            here.sort(key=lambda u: u.ent)
            offsets = slot_offsets(len(here))
            size = max(8, round(d * slot_scale(len(here))))
            cx, cy = self.layout.centre(cell)
            for u, (ox, oy) in zip(here, offsets, strict=True):
                out[u.ent] = ((cx + ox * tile, cy + oy * tile), size)
        return out

    def unit_under(self, pos: tuple[int, int]) -> UnitInfo | None:
        """The living unit whose token is under a screen point (the nearest in a shared cell)."""
        if not self.board_rect.collidepoint(pos):
            return None
        cell = self.layout.cell_at(*self.camera.to_map(pos))
        if cell is None:
            return None
        here = self.model.units_at(cell)
        if len(here) <= 1:
            return here[0] if here else None
        places = self.token_places()

        def dist(u: UnitInfo) -> float:
            (mx, my), _ = places[u.ent]
            sx, sy = self.camera.to_screen((mx, my))
            return math.hypot(sx - pos[0], sy - pos[1])

        return min(here, key=dist)

    def _draw_tokens(self, surface: pygame.Surface) -> None:
        cam = self.camera
        diameter = self._diameter()
        active = self.turn.unit if self.turn is not None else None
        view = cam.view.inflate(diameter * 2, diameter * 2)
        places = self.token_places()
        # the dead first, then by row; the acting unit last so no token covers it
        order = sorted(self.units, key=lambda u: (u.alive, u.ent == active, self.layout.centre(u.cell)[1]))
        for u in order:
            slide = self.slides.get(u.ent)
            point, size = places.get(u.ent, (self.layout.centre(u.cell), diameter))
            if slide:
                point = slide.point(self.layout)
            sx, sy = cam.to_screen(point)
            if not view.collidepoint(sx, sy):
                continue
            if not u.alive:
                r = diameter // 4
                pygame.draw.line(surface, (90, 90, 96), (sx - r, sy - r), (sx + r, sy + r), 3)
                pygame.draw.line(surface, (90, 90, 96), (sx + r, sy - r), (sx - r, sy + r), 3)
                continue
            angle = self.layout.facing_angle(u.cell, u.facing) if u.facing is not None else None
            token = self.tokens.surface(
                u, size, u.ent == active, u.ent == self.selected and u.ent != active, angle
            )
            surface.blit(token, token.get_rect(center=(round(sx), round(sy))))
