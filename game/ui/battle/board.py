"""The board view: the map, reachable cells and targets, the hovered cell and the path preview."""

from __future__ import annotations

import math

import pygame

from game.core.action import Action
from game.core.wording import plural
from game.ui.battle.extensions import ruleset_hook
from game.ui.battle.model import move_dest
from game.ui.theme import Fonts


class BoardMixin:
    """The board view (a part of BattleScene)."""

    def _draw_map(self, surface: pygame.Surface) -> None:
        cam = self.camera
        area = pygame.Rect(cam.x, cam.y, cam.view.w, cam.view.h)
        dest = [cam.view.x, cam.view.y]
        if area.x < 0:
            dest[0] -= area.x
            area.w += area.x
            area.x = 0
        if area.y < 0:
            dest[1] -= area.y
            area.h += area.y
            area.y = 0
        w, h = self.art.scaled_size(cam.zoom)
        area.w, area.h = max(0, min(area.w, w - area.x)), max(0, min(area.h, h - area.y))
        if area.w and area.h:
            self.art.draw(surface, cam.zoom, area, (dest[0], dest[1]))

    def _reach_overlay(self) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """Reachable cells and targets, drawn once into a surface the size of their bounding box."""
        if not self.moves and not self.target_actions and not self.cell_actions:
            return None
        if self._reach_surface is None:
            z = self.camera.zoom
            cells = list(self.moves)
            targets = [self.unit_by_ent[e].cell for e in self.target_actions if e in self.unit_by_ent]
            cell_targets = list(self.cell_actions) if self.armed else []
            all_cells = cells + targets + cell_targets
            if not all_cells:
                return None
            polys = {c: [(x * z, y * z) for x, y in self.layout.outline(c)] for c in all_cells}
            xs = [p[0] for pts in polys.values() for p in pts]
            ys = [p[1] for pts in polys.values() for p in pts]
            x0, y0 = math.floor(min(xs)) - 2, math.floor(min(ys)) - 2
            w, h = math.ceil(max(xs)) - x0 + 3, math.ceil(max(ys)) - y0 + 3
            surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
            reach = (*self.pal.reach, 80)
            far = (*self.pal.reach, 36)  # cells only a different kind of move reaches (a run, a dash)
            edge = (*self.pal.reach, 170)
            options = [m.option for m in self.moves.values()]
            first = "" if "" in options else max(set(options), key=options.count, default="")
            for c in cells:
                pts = [(x - x0, y - y0) for x, y in polys[c]]
                pygame.draw.polygon(surf, reach if self.moves[c].option == first else far, pts)
                pygame.draw.polygon(surf, edge, pts, 1)
            for c in cell_targets:
                pts = [(x - x0, y - y0) for x, y in polys[c]]
                pygame.draw.polygon(surf, (*self.pal.target, 60), pts)
            for c in targets:
                pts = [(x - x0, y - y0) for x, y in polys[c]]
                pygame.draw.polygon(surf, (*self.pal.target, 90), pts)
                pygame.draw.polygon(surf, (*self.pal.target, 255), pts, max(2, round(2 * z)))
            self._reach_surface = (surf, (x0, y0))
        return self._reach_surface

    def view_key(self) -> tuple[float, float, float, tuple[int, int, int, int]]:
        """Where the camera looks: a cell read under the mouse holds while this does not change."""
        cam = self.camera
        return (cam.x, cam.y, cam.zoom, tuple(cam.view))

    def _sync_hover(self) -> None:
        """The cell under the mouse again when the view moved under a still pointer (the camera
        centred on the unit that acts next, a prompt moved the map aside): the path and cost
        label of the cell that was there are not left on the board."""
        seen = getattr(self, "_hover_view", None)
        if seen is None or seen == self.view_key():
            return
        cell = None
        if self.board_rect.collidepoint(self.mouse):
            cell = self.layout.cell_at(*self.camera.to_map(self.mouse))
        self.hover_cell = cell
        under = self.unit_under(self.mouse) if cell is not None else None
        self.model.hover_unit = under.ent if under is not None else None
        self._hover_view = self.view_key()

    def _draw_overlays(self, surface: pygame.Surface) -> None:
        cam = self.camera
        self._sync_hover()
        self._path_label: tuple[pygame.Rect, list[pygame.Surface]] | None = None
        reach = self._reach_overlay()
        if reach is not None:
            surf, (x0, y0) = reach
            surface.blit(surf, (x0 - cam.x + cam.view.x, y0 - cam.y + cam.view.y))
        if self.hover_cell is not None:
            pts = [cam.to_screen(p) for p in self.layout.outline(self.hover_cell)]
            pygame.draw.polygon(surface, (255, 255, 255), pts, 2)
            if self.human_input:
                self._draw_area(surface)
            move = self.moves.get(self.hover_cell) if self.human_input else None
            if move is not None and self.unit_at(self.hover_cell) is None:
                self._draw_path(surface, move)

    def _draw_path(self, surface: pygame.Surface, move: Action) -> None:
        cam = self.camera
        start = self.unit_by_ent.get(move.actor) if move.actor is not None else None
        # A ruleset whose moves carry no path may give the way through its hook ("move_path");
        # without either the line is straight
        way = ruleset_hook(self.match.ruleset.id, "move_path")
        found = list(move.path) or (way(self, move) if way is not None else None) or [move_dest(move)]
        cells = ([start.cell] if start else []) + list(found)
        pts = [cam.to_screen(self.layout.centre(c)) for c in cells]
        width = max(3, round(4 * cam.zoom))
        if len(pts) >= 2:
            pygame.draw.lines(surface, (20, 20, 24), False, pts, width + 2)
            pygame.draw.lines(surface, self.pal.path, False, pts, width)
        for p in pts[1:]:
            pygame.draw.circle(surface, self.pal.path, p, width)
        steps = len(move.path)
        label = plural(steps, 'step') if steps else ""
        if move.label:
            label = f"{move.label} · {label}" if label else move.label
        words = ruleset_hook(self.match.ruleset.id, "path_label")
        label = (words(self, move) if words is not None else None) or label
        # a ruleset's label may have several lines ("\n"): each is centred in one box
        texts = [self.fonts.render(line, Fonts.SMALL, (15, 15, 20), True) for line in label.split("\n")]
        box = pygame.Rect(0, 0, max(t.get_width() for t in texts), sum(t.get_height() for t in texts))
        # above the destination (else below, else to one side): never over the unit that moves,
        # over as few other units as it can
        gap = self.fonts.px(14)
        x, y = round(pts[-1][0]), round(pts[-1][1])
        mover = self._screen_cell_rect(start.cell) if start is not None else None
        others = [self._screen_cell_rect(u.cell) for u in self.units if u.alive and u is not start]
        spots = []
        # the box is drawn 5 px wider each side (`_draw_path_label`): keep that inside the board too
        room = self.board_rect.inflate(-10, -4)
        for attr, at in (("midbottom", (x, y - gap)), ("midtop", (x, y + gap)),
                         ("bottomleft", (x - gap, y - gap)), ("bottomright", (x + gap, y - gap)),
                         ("topleft", (x - gap, y + gap)), ("topright", (x + gap, y + gap))):
            spot = pygame.Rect(box)
            setattr(spot, attr, at)
            spot.clamp_ip(room)
            spots.append(spot)

        # boxes drawn later over the board: the hand strip and the AI's reasoning (a label under
        # them would be cut)
        above = [r for r in (getattr(self, "_strip_rect", None),) if r is not None]
        if getattr(self, "show_reasoning", False):
            placed = self.reasoning_layout()
            if placed is not None:
                above.append(placed[0])

        def covers(s: pygame.Rect) -> tuple[bool, bool, int]:
            r = s.inflate(10, 4)
            return (mover is not None and r.colliderect(mover), r.collidelist(above) >= 0,
                    sum(r.colliderect(o) for o in others))

        box = min(spots, key=lambda s: (covers(s), spots.index(s)))
        # drawn after the unit tokens (`_draw_path_label`) so no token or mark covers the words
        self._path_label = (box, texts)

    def _draw_path_label(self, surface: pygame.Surface) -> None:
        """The hovered path's words, over everything on the board."""
        found = getattr(self, "_path_label", None)
        if found is None:
            return
        box, texts = found
        pygame.draw.rect(surface, self.pal.path, box.inflate(10, 4), border_radius=4)
        y = box.y
        for t in texts:
            surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
            y += t.get_height()

    def showcase_hover(self) -> None:
        """Point the mouse at something telling: a target's odds, else the longest move (screenshots)."""
        cell = None
        # A target whose action involves chance shows the odds box; any target otherwise.
        targets = sorted(self.target_actions, key=lambda e: self.preview(self.target_actions[e][0]) is None)
        for ent in targets:
            u = self.unit_by_ent.get(ent)
            if u is not None:
                cell = u.cell
                break
        if cell is None and self.moves:
            cell = max(self.moves, key=lambda c: len(self.moves[c].path))
        if cell is None:
            return
        active = self.unit_by_ent.get(self.selected) if self.selected is not None else None
        a = self.layout.centre(cell)
        if active is not None:
            b = self.layout.centre(active.cell)
            self.camera.centre_on(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
        sx, sy = self.camera.to_screen(a)
        self.mouse = (round(sx), round(sy))
        self.hover_cell = cell
        self._reach_surface = None
        self.dirty = True

    def _draw_area(self, surface: pygame.Surface) -> None:
        """Every cell the hovered area action would hit, outlined; allies inside ringed in warning."""
        action = self.model.hovered_action()
        cells = self.model.area(action) if action is not None else []
        self.area_cells = cells
        self.area_allies = []
        if not cells:
            return
        cam = self.camera
        width = max(2, round(2 * cam.zoom))
        for c in cells:
            pts = [cam.to_screen(p) for p in self.layout.outline(c)]
            pygame.draw.polygon(surface, self.pal.target, pts, width)
        me = self.unit_by_ent.get(action.actor) if action.actor is not None else None
        if me is None:
            return
        places = self.token_places()
        for u in self.units:
            if u.alive and u.side == me.side and u.cell in cells:
                self.area_allies.append(u.ent)
                (mx, my), size = places.get(u.ent, (self.layout.centre(u.cell), 20))
                sx, sy = cam.to_screen((mx, my))
                ring = size // 2 + width * 2
                pygame.draw.circle(surface, self.pal.bad, (round(sx), round(sy)), ring, width + 1)
