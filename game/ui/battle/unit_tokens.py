"""Unit tokens on the board."""

from __future__ import annotations

import pygame


class TokensMixin:
    """Unit tokens on the board. (a part of BattleScene)."""

    def _draw_tokens(self, surface: pygame.Surface) -> None:
        cam = self.camera
        z = cam.zoom
        diameter = max(10, round(min(self.layout.tw, self.layout.th) * 0.74 * z))
        active = self.turn.unit if self.turn is not None else None
        view = cam.view.inflate(diameter * 2, diameter * 2)
        for u in sorted(self.units, key=lambda u: (u.alive, self.layout.centre(u.cell)[1])):
            slide = self.slides.get(u.ent)
            point = slide.point(self.layout) if slide else self.layout.centre(u.cell)
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
                u, diameter, u.ent == active, u.ent == self.selected and u.ent != active, angle
            )
            surface.blit(token, token.get_rect(center=(round(sx), round(sy))))
