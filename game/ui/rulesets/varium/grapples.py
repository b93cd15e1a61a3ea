"""The grapple track drawn between the two units that share it: a band in the level's colour
with the holder's advantage and level."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.ui.theme import Fonts

GRIP_COLOURS = {"held": (150, 156, 168), "Restrained": (240, 200, 60), "Pinned": (230, 120, 40),
                "Controlled": (213, 60, 60)}


def _screen_token(scene: Any, places: dict, u: Any) -> tuple[tuple[float, float], float]:
    """A unit's token on screen: its centre and radius."""
    point, size = places.get(u.ent, (scene.layout.centre(u.cell), 0))
    centre = scene.camera.to_screen(point)
    edge = scene.camera.to_screen((point[0] + size / 2, point[1]))
    return centre, abs(edge[0] - centre[0])


def paint_grapples(scene: Any, surface: pygame.Surface) -> None:
    """Each grapple as a band between its two units' tokens (never over them) with the shared
    advantage and its level on a label above the held unit."""
    units = {u.ent: u for u in scene.units if u.alive}
    if not any(u.view.get("grappling") for u in units.values()):
        return
    places = scene.token_places()
    f = scene.fonts
    taken: list[pygame.Rect] = []  # labels already placed: two grapples side by side stay readable
    for u in units.values():
        for g in u.view.get("grappling") or []:
            other = units.get(g.get("other"))
            if other is None or int(g.get("adv", 0)) <= 0:
                continue  # drawn once, from the holder
            (ax, ay), ra = _screen_token(scene, places, u)
            (bx, by), rb = _screen_token(scene, places, other)
            colour = GRIP_COLOURS.get(str(g.get("level")), GRIP_COLOURS["held"])
            dist = math.hypot(bx - ax, by - ay)
            gap = ra + rb + 2
            if dist > gap:  # the band spans the space between the two tokens only
                ux, uy = (bx - ax) / dist, (by - ay) / dist
                a = (ax + ux * (ra + 1), ay + uy * (ra + 1))
                b = (bx - ux * (rb + 1), by - uy * (rb + 1))
                pygame.draw.line(surface, (20, 20, 24), a, b, max(3, f.px(7)))
                pygame.draw.line(surface, colour, a, b, max(2, f.px(4)))
            label = f.render(f"{int(g['adv']):+d} {g.get('level', '')}", Fonts.SMALL, (20, 20, 24), True)
            box = label.get_rect().inflate(f.px(8), f.px(2))
            # over the held unit: the level is its state (Restrained, Pinned), read on its token
            box.midbottom = (round(bx), round(by - rb) - f.px(2))
            for _ in range(6):
                hit = next((r for r in taken if r.colliderect(box)), None)
                if hit is None:
                    break
                box.bottom = hit.top - f.px(2)
            if box.top < scene.board_rect.top:
                # no room above the pair (the map slid up for a prompt): under it, never cut
                box.top = round(max(ay + ra, by + rb)) + f.px(8)
            taken.append(box)
            # kept whole: the guide's outline passes under it, a prompt goes beside it
            scene.word_rects.append(box)
            if scene.board_rect.colliderect(box):
                scene.prompt_keep.append(pygame.Rect(box))
            pygame.draw.rect(surface, colour, box, border_radius=f.px(4))
            surface.blit(label, label.get_rect(center=box.center))
