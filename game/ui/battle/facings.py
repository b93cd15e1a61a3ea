"""Facing arrows: the directions a unit may turn to, drawn on the board around it."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.kinds import CTX_FACINGS, CTX_UNIT
from game.ui.panels import (
    arrow_points,
    draw_arrow,
)
from game.ui.widgets import Button


class FacingMixin:
    """Facing arrows (a part of BattleScene)."""

    def facing_choices(self) -> tuple[int | None, list[tuple[int, str, str, Any, str]]]:
        """Facings offered now, as (hex side, label, detail, answer, hotkey) around a unit, else (None, []).

        From a decision whose context maps option keys to hex sides ("facings"), or a chooser of
        actions in the hotkey group "face" whose option is the hex side.
        """
        d = self.session.decision if self.session.waiting_for_human and not self.replay else None
        if self.chooser:
            acts = self.chooser
            if all(a.hotkey_group == "face" and a.option.isdigit() for a in acts):
                return acts[0].actor, [(int(a.option), a.label, "", (lambda a=a: self.submit(a)),
                                        str(i + 1) if i < 9 else "") for i, a in enumerate(acts)]
            return None, []
        if d is None or self.handoff is not None:
            return None, []
        ctx = d.context or {}
        facings, ent = ctx.get(CTX_FACINGS), ctx.get(CTX_UNIT)
        if not isinstance(facings, dict) or not isinstance(ent, int):
            return None, []
        out = []
        for i, o in enumerate(d.options):
            if o.key in facings:
                out.append((int(facings[o.key]), o.label, o.detail, (lambda k=o.key: self.answer(k)),
                            str(i + 1) if i < 9 else ""))
        return ent, out

    def _facing_geometry(self) -> tuple[float, float]:
        """(radius, arrow size) of the facing arrows at the current zoom."""
        tile = min(self.layout.tw, self.layout.th) * self.camera.zoom
        # big enough to click and to read the number on, whatever the zoom
        return max(self.fonts.px(24), tile * 0.42), max(self.fonts.px(26), tile * 0.34)

    def _draw_facings(self, surface: pygame.Surface) -> None:
        """Arrows around the unit for each facing on offer; each is a button (click or its number)."""
        ent, choices = self.facing_choices()
        u = self.unit_by_ent.get(ent) if ent is not None else None
        if u is None or not choices:
            return
        centre = self.camera.to_screen(self.layout.centre(u.cell))
        radius, size = self._facing_geometry()
        for direction, label, detail, on_click, number in choices:
            angle = self.layout.facing_angle(u.cell, direction)
            pts = arrow_points(centre, angle, radius, size)
            # a square on the arrow's centre: neighbouring arrows' boxes never overlap
            side = max(12, round(size * 0.9))
            hit = pygame.Rect(0, 0, side, side)
            hit.center = (round(sum(q[0] for q in pts) / 3), round(sum(q[1] for q in pts) / 3))
            if self.modal_area.w and self.modal_area.colliderect(hit):
                continue  # never over the prompt's words: its own button answers the same
            hot = hit.collidepoint(self.mouse)
            draw_arrow(surface, self.fonts, self.pal, pts, number, direction == u.facing, hot)
            tip = [detail] if detail else ["Click to face this way."]
            # drawn over the prompt, so clicked before its buttons
            self.modal_buttons.insert(0, Button(hit, label, on_click, tooltip=tip))

    def _facing_keep(self) -> int:
        """Pixels around the prompt's unit a panel must leave free for its facing arrows."""
        if not self.facing_choices()[1]:
            return 0
        radius, size = self._facing_geometry()
        return round(radius + size + self.fonts.px(8))
