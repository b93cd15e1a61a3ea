"""The side panel: ruleset name, status line, the focused unit's details; hosts actions and log."""

from __future__ import annotations

import pygame

from game.core.kinds import HAND_GROUP, HAND_NAME, VIEW_BARS, VIEW_TAG_TIPS, VIEW_TAGS
from game.ui.battle.infolines import detail_lines, info_lines, status_lines
from game.ui.battle.labels import health_label
from game.ui.panels import draw_bars, draw_status, draw_tags, has_status
from game.ui.theme import Fonts
from game.ui.view import UnitInfo
from game.ui.widgets import bar, text_block

UNIT_LINES = 9


class UnitPanelMixin:
    """The side panel (a part of BattleScene)."""

    def _draw_panel(self, surface: pygame.Surface) -> None:
        if self._panel_surface is None:
            self._panel_surface = self._render_panel()
        surface.blit(self._panel_surface, self.panel_rect.topleft)
        if self.show_log:
            self.log.draw(surface)

    def unit_title_lines(self, u: UnitInfo, width: int) -> list[str]:
        """The panel's heading for a unit, "Name  (Squad)", wrapped to `width` rather than cut
        ("Mags the Alchemist (Adventuring party)" on a narrow panel)."""
        return self.fonts.wrap(f"{u.name}  ({self.side_name(u.side)})", width, Fonts.BODY, True)

    def _render_panel(self) -> pygame.Surface:
        f, pal = self.fonts, self.pal
        rect = self.panel_rect
        surf = pygame.Surface(rect.size)
        surf.fill(pal.panel)
        pygame.draw.line(surf, pal.panel_edge, (0, 0), (0, rect.h))
        pad = f.px(10)
        inner = rect.w - 2 * pad
        y = pad
        rs = self.match.ruleset
        surf.blit(f.render(rs.name, Fonts.LARGE, pal.text, True), (pad, y))
        y += f.line_height(Fonts.LARGE)
        status = self._status_line()
        y = text_block(surf, f, [status], (pad, y), inner, Fonts.SMALL, pal.dim) + f.px(6)
        # Unit details: whose actions are listed (the acting unit unless a prompt asks about another)
        self.tag_hits = []  # (rect on the panel, tag, what it means) of the tags with hover text
        ent = self.model.focus_unit(self._offered_unit())
        self.panel_unit = ent
        u = self.unit_by_ent.get(ent) if ent is not None else None
        if u is not None:
            colour = pal.side(u.side_index)
            pygame.draw.rect(surf, colour, (pad, y + 3, f.px(10), f.px(10)))
            for line in self.unit_title_lines(u, inner - f.px(16)):
                surf.blit(f.render(line, Fonts.BODY, pal.text, True), (pad + f.px(16), y))
                y += f.line_height(Fonts.BODY)
            if u.hp is not None and u.hp_max:
                bar(
                    surf,
                    pygame.Rect(pad, y + 3, f.px(120), f.px(9)),
                    u.hp / u.hp_max,
                    pal.good if u.hp / u.hp_max > 0.5 else pal.bad,
                )
                surf.blit(
                    f.render(
                        f"{u.hp}/{u.hp_max} {health_label(u)}"
                        + ("" if u.state == "active" else f" · {u.state}"),
                        Fonts.SMALL,
                        pal.text,
                    ),
                    (pad + f.px(128), y),
                )
                y += f.line_height(Fonts.SMALL)
            if has_status(u.view):
                # The ruleset's generic status panel: bars, tags and titled sections.
                # a short panel (150 % on 720 pixels) leaves the actions and the log their room
                room = max(f.px(120), min(f.px(270), int(rect.h * 0.4), rect.h - f.px(330)))
                # ...and gives up more when the actions would not all fit: they come first
                # (never above the bars and tags and a line under them: "press I" takes that line)
                least = self._status_head_h(u, inner) + f.line_height(Fonts.SMALL) + f.px(2)
                room = max(least, min(room, rect.h - y - self.actions_need()))
                if u.conditions:
                    conds = ", ".join(c.replace("_", " ") for c in u.conditions)
                    y = text_block(surf, f, [f"Conditions: {conds}"], (pad, y), inner, Fonts.SMALL, pal.text)
                hits: list[tuple[pygame.Rect, str]] = []
                y = draw_status(surf, f, pal, u.view, (pad, y + f.px(2)), inner, y + room, hits) + f.px(6)
                tips = u.view.get(VIEW_TAG_TIPS)
                if isinstance(tips, dict):
                    self.tag_hits = [(r, t, str(tips[t])) for r, t in hits if tips.get(t)]
            else:
                room = max(3 * f.line_height(Fonts.SMALL), min(f.px(190), rect.h - y - self.actions_need()))
                shown = self.fitted_lines(self.unit_lines(u), inner, room)
                y = text_block(surf, f, shown, (pad, y), inner, Fonts.SMALL, pal.text, max_y=y + room)
                y += f.px(6)
        y = self._render_actions(surf, y)
        y += f.px(6)
        # at least a line of it, its foot on the window (a short panel under the lesson's band:
        # the last line was cut by the window's bottom)
        h = max(f.px(30) + f.line_height(Fonts.SMALL), rect.h - y - f.px(4))
        self.log.set_rect(pygame.Rect(rect.x + f.px(4), min(rect.y + y, rect.bottom - f.px(4) - h),
                                      rect.w - f.px(8), h))
        return surf

    def fitted_lines(self, lines: list[str], width: int, room: int) -> list[str]:
        """The unit card's lines that fit `room` pixels wrapped to `width`, whole lines only (a
        wrapped line's end was cut: "quick action" without its "yes"), and "… N more: press I"
        for the rest."""
        f = self.fonts
        fit = max(1, room // f.line_height(Fonts.SMALL))
        rows = [len(f.wrap(line, width, Fonts.SMALL)) for line in lines]
        if len(lines) <= UNIT_LINES and sum(rows) <= fit:
            return list(lines)
        shown: list[str] = []
        used = 1  # the "press I" line
        for line, n in zip(lines[:UNIT_LINES], rows, strict=False):
            if used + n > fit:
                break
            shown.append(line)
            used += n
        return [*shown, f"… {len(lines) - len(shown)} more: press I"]

    def _status_head_h(self, u: UnitInfo, width: int) -> int:
        """The height of a unit's status bars and tags, measured by drawing them aside."""
        f = self.fonts
        scratch = pygame.Surface((width, 1))
        y = 0
        bars = [b for b in u.view.get(VIEW_BARS) or [] if isinstance(b, dict)]
        if bars:
            y = draw_bars(scratch, f, self.pal, bars, (0, y), width) + f.px(4)
        tags = [str(t) for t in u.view.get(VIEW_TAGS) or []]
        if tags:
            y = draw_tags(scratch, f, self.pal, tags, (0, y), width, None) + f.px(2)
        return y + f.px(2)

    def _tag_tip_at(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        """(tag, what it means) of the panel tag under a screen point."""
        if not self.panel_rect.collidepoint(pos):
            return None
        at = (pos[0] - self.panel_rect.x, pos[1] - self.panel_rect.y)
        return next(((tag, tip) for r, tag, tip in self.tag_hits if r.collidepoint(at)), None)

    def unit_lines(self, u: UnitInfo) -> list[str]:
        """Everything the viewer may know of a unit without a status panel, one "Key: value" line
        per unit_view entry (the info sheet adds the status block: `info_lines`)."""
        conds = [line for line in status_lines(u) if line.startswith("Conditions: ")]
        return conds + detail_lines(u, self.piles, self._zone_name)

    def info_lines(self, u: UnitInfo) -> list[str]:
        """The unit details sheet (I): the status block, then each further fact once."""
        return info_lines(u, self.piles, self._zone_name)

    def _status_line(self) -> str:
        s = self.session
        if self.match.over and self.match.result is not None:
            r = self.match.result
            return f"Over: {'draw' if r.winner is None else self.side_name(r.winner) + ' wins'} — {r.reason}"
        if s.need is None:
            return ""
        who = self.side_name(s.need.side)
        if self.replay:
            return f"Replay — {who} to act. Space: fast-forward."
        if s.waiting_for_ai:
            return f"{who} (AI) is acting… Space/F fast-forward."
        if s.decision is not None:
            return f"{who}: answer the prompt."
        if self.focus is not None:
            name = next((str(e.get(HAND_NAME)) for e in self.hand if e.get(HAND_GROUP) == self.focus),
                        "the card")
            return f"Playing {name}: click a highlighted cell or target (right click cancels)."
        if self.armed:
            return "Pick a highlighted target (right click to cancel)."
        return f"Your turn ({who}). F1 for keys."
