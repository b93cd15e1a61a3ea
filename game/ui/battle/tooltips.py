"""Hover information: odds on targets, button tooltips, hand card text, unit names."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.core.kinds import (
    HAND_COST,
    HAND_COST_UNIT,
    HAND_KIND,
    HAND_NAME,
    HAND_PLAYABLE,
    HAND_TEXT,
    HAND_WHY,
)
from game.core.ruleset import Preview
from game.core.wording import plural
from game.ui.battle.labels import display_name, health_label
from game.ui.panels import (
    draw_preview,
)
from game.ui.widgets import Button, percent, tooltip


class TooltipMixin:
    """Hover information (a part of BattleScene)."""

    @staticmethod
    def _preview_lines(p: Preview) -> list[str]:
        crit = f"   Crit {percent(p.crit)}" if p.crits else ""
        lines = [p.headline] if p.headline else [
            f"Hit {percent(p.hit)}{crit}   Kill {percent(p.kill)}",
            f"Expected damage {p.expected_damage:.2f}",
        ]
        if p.outcomes:
            lines.append("Outcomes: " + "; ".join(f"{name} {percent(prob)}" for name, prob in p.outcomes[:8]))
        lines += list(p.lines[:12])
        return lines

    def _button_rects(self, hot: Button) -> list[pygame.Rect]:
        """What a hovered button's box must not cover: the button, then the others of its list
        (End turn and Undo under the hovered action were hidden by its tooltip)."""
        rects = [hot.rect]
        for b in getattr(self, "panel_buttons", []):
            if b.rect != hot.rect and b.rect.w:
                rects.append(b.rect)
        return rects

    def _draw_hover_info(self, surface: pygame.Surface) -> None:
        """Odds when hovering a target; tooltips for buttons; unit names otherwise."""
        hot = self._hot_button()
        if hot is not None:
            if getattr(self, "wheel_quiet", False):
                return  # the list just scrolled under a still mouse
            if hot.preview is not None:
                footer = f"{hot.help}  Click: {hot.label}" if hot.help else f"Click: {hot.label}"
                draw_preview(surface, self.fonts, self.pal, hot.preview, self.mouse, footer=footer,
                             avoid=self._button_rects(hot))
            elif hot.tooltip or hot.help or hot.cut:
                # a label cut short ("… (gives up the…") is read whole in the box's title
                lines = hot.tooltip or ([hot.help] if hot.help else [])
                self.hover_box = tooltip(surface, self.fonts, self.pal, lines, self.mouse, title=hot.label,
                                         avoid=self._button_rects(hot))
            return
        entry = self._hand_card_at(self.mouse)
        if entry is not None:
            cost = entry.get(HAND_COST)
            unit = entry.get(HAND_COST_UNIT, "cost")
            price = "" if cost is None else (f"{cost} {unit}" if unit != "cost" else f"cost {cost}")
            lines = [" · ".join(x for x in (price, str(entry.get(HAND_KIND, ""))) if x)]
            if entry.get(HAND_TEXT):
                lines.append(str(entry[HAND_TEXT]))
            lines.append("Click to play it." if entry.get(HAND_PLAYABLE)
                         else f"Cannot be played: {entry.get(HAND_WHY) or 'not now'}.")
            title = str(entry.get(HAND_NAME))
            tooltip(surface, self.fonts, self.pal, lines, self.mouse, width=300, title=title,
                    within=self.board_rect)
            return
        tag = self._tag_tip_at(self.mouse)
        if tag is not None:
            tooltip(surface, self.fonts, self.pal, tag[1].split("\n"), self.mouse, width=340, title=tag[0])
            return
        if self._modal_rect() is not None:
            return
        if self.hover_cell is None or not self.board_rect.collidepoint(self.mouse) or self._modal_rect():
            return
        unit = self.unit_under(self.mouse) or self.unit_at(self.hover_cell)
        if unit is not None and self.human_input and unit.ent in self.target_actions:
            action = self._group_for_target(unit.ent)
            if action is not None:
                p = self.preview(action)
                many = len(self._candidates_for_target(unit.ent)) > 1
                footer = ("Click, then choose how (aim, option)" if many
                          else f"Click: {action.label or action.kind}")
                area = self.model.area(action)
                keep = self._keep_rects()
                if area:
                    # the odds box leaves the outlined area (and the words beside its units) in sight
                    cells = [self._screen_cell_rect(c) for c in area]
                    keep.append(cells[0].unionall(cells[1:]).inflate(self.fonts.px(24), self.fonts.px(36)))
                    allies = [self.unit_by_ent[e].name for e in getattr(self, "area_allies", [])
                              if e in self.unit_by_ent]
                    inside = f", allies inside: {', '.join(allies)}" if allies else ""
                    footer = f"Hits {plural(len(area), 'cell')}{inside} · {footer}"
                if p is not None:
                    # nor the odds the board writes beside each unit it reaches (tokens): with
                    # each unit's chances in sight there, the box is the summary, small enough to
                    # fit beside them
                    boxes = list(self.board_boxes)
                    if boxes:
                        keep += boxes
                        p = replace(p, lines=[], outcomes=[])
                    self.hover_box = draw_preview(
                        surface, self.fonts, self.pal, p, self.mouse, footer=footer, avoid=keep,
                        within=self.board_rect, spare=self._token_rects() if boxes else None)
                    return
                title = action.label or action.kind
                tooltip(surface, self.fonts, self.pal, ["No chance involved.", footer], self.mouse, width=340,
                        title=title, within=self.board_rect)
                return
        cell_action = self._action_for_cell_target(self.hover_cell) if self.human_input else None
        if cell_action is not None:
            p = self.preview(cell_action)
            if p is not None:
                draw_preview(surface, self.fonts, self.pal, p, self.mouse,
                             footer=f"Click: {cell_action.label or cell_action.kind}",
                             avoid=self._keep_rects(), within=self.board_rect)
                return
            lines = self.model.cell_lines(self.hover_cell)[1:]  # what the square is, besides the move
            tooltip(
                surface,
                self.fonts,
                self.pal,
                lines + [f"Click: {cell_action.label or cell_action.kind}"],
                self.mouse,
                width=320,
                title=cell_action.label or cell_action.kind,
                within=self.board_rect,
            )
            return
        if unit is not None:
            hp = f"{unit.hp}/{unit.hp_max} {health_label(unit)}" if unit.hp is not None else ""
            conds = ", ".join(display_name(c) for c in unit.conditions)
            lines = [x for x in (self.side_name(unit.side), hp, conds) if x]
            why = self.model.why_not(unit.ent) if self.human_input else ""
            if why:
                lines.append(f"Cannot be targeted: {why}.")
            tooltip(surface, self.fonts, self.pal, lines, self.mouse, width=280, title=unit.name,
                    within=self.board_rect)
            return
        lines = self.model.cell_lines(self.hover_cell)
        if lines and self.hover_cell not in self.moves:
            tooltip(surface, self.fonts, self.pal, lines[1:], self.mouse, width=280, title=lines[0],
                    within=self.board_rect)

    def _token_rects(self) -> list[pygame.Rect]:
        """Where the living units' tokens are on screen (a box placed in a corner covers none)."""
        out = []
        for (mx, my), d in self.token_places().values():
            x, y = self.camera.to_screen((mx, my))
            out.append(pygame.Rect(round(x - d / 2), round(y - d / 2), d, d))
        return out

    def _keep_rects(self) -> list[pygame.Rect]:
        """Screen areas a hover box must leave in sight: the acting (or selected) unit's cell."""
        cells = self._cells_to_keep()[:1]
        return [self._screen_cell_rect(c).inflate(8, 8) for c in cells]
