"""The grapple track drawn between the two units that share it: a band in the level's colour
with the holder's advantage and level."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.theme import Fonts

GRIP_COLOURS = {"held": (150, 156, 168), "Restrained": (240, 200, 60), "Pinned": (230, 120, 40),
                "Controlled": (213, 60, 60)}


def paint_grapples(scene: Any, surface: pygame.Surface) -> None:
    """Each grapple as a band between its two units with the shared advantage and its level."""
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
            a = scene.camera.to_screen(places.get(u.ent, (scene.layout.centre(u.cell), 0))[0])
            b = scene.camera.to_screen(places.get(other.ent, (scene.layout.centre(other.cell), 0))[0])
            colour = GRIP_COLOURS.get(str(g.get("level")), GRIP_COLOURS["held"])
            pygame.draw.line(surface, (20, 20, 24), a, b, max(3, f.px(7)))
            pygame.draw.line(surface, colour, a, b, max(2, f.px(4)))
            label = f.render(f"{int(g['adv']):+d} {g.get('level', '')}", Fonts.SMALL, (20, 20, 24), True)
            box = label.get_rect().inflate(f.px(8), f.px(2))
            box.center = (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2) - f.px(16))
            for _ in range(6):
                hit = next((r for r in taken if r.colliderect(box)), None)
                if hit is None:
                    break
                box.top = hit.bottom + f.px(2)
            taken.append(box)
            pygame.draw.rect(surface, colour, box, border_radius=f.px(4))
            surface.blit(label, label.get_rect(center=box.center))
