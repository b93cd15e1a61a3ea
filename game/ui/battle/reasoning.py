"""The AI's reasoning: the box of its top choices on the board and the log entries."""

from __future__ import annotations

from typing import Any

import pygame

from game.ai.explain import headline, terms_text
from game.ui.theme import Fonts
from game.ui.widgets import panel


class ReasoningMixin:
    """The AI's reasoning (a part of BattleScene)."""

    # -- AI reasoning --------------------------------------------------------------------------
    @property
    def show_reasoning(self) -> bool:
        """Whether AI inputs show their top choices (a saved setting, toggled with X)."""
        return bool(self.app.settings.ai_reasoning)

    def _log_events(self) -> list[Any]:
        return self.session.thoughts_with_log(self.viewer) if self.show_reasoning else list(self.match.log)

    def toggle_reasoning(self) -> None:
        """Show or hide the AI's reasoning on the board and in the log; the choice is saved."""
        self.app.settings.ai_reasoning = not self.app.settings.ai_reasoning
        self.app.apply_settings()
        self.log.set_events(self._log_events())
        self._panel_surface = None
        shown = self.show_reasoning
        self.toast = ("AI reasoning shown" if shown else "AI reasoning hidden", 1.5)
        self.dirty = True

    def reasoning_lines(self) -> list[tuple[str, bool]]:
        """The latest AI input's candidates as (text, is_heading) lines; empty when there is none."""
        if not self.session.thoughts:
            return []
        t = self.session.thoughts[-1]
        head = f"{self.side_name(t.side)} · {t.level} AI, round {t.round} · X hides"
        lines: list[tuple[str, bool]] = [(head, True)]
        # nothing that names a unit hidden from the viewer (game/ui/withheld.py)
        for i, cand in enumerate(t.shown(self.viewer)[:4]):
            mark = "▶" if i == 0 else f"{i + 1}."
            if cand.get("withheld"):
                lines.append((f"{mark} {cand['label']}", True))
                continue
            lines.append((f"{mark} {headline(cand)}", i == 0))
            terms = terms_text(cand, 3)
            if terms:
                lines.append(("    " + terms, False))
        return lines

    def reasoning_layout(self) -> tuple[pygame.Rect, list[tuple[str, bool, int]]] | None:
        """Where the reasoning box goes and its rows: at most ~45 % of the board's width and 35 % of
        its height (the rest cut with "…"), in the first corner that covers neither the acting unit
        nor the hovered cell nor the hand strip."""
        lines = self.reasoning_lines()
        if not lines:
            return None
        f = self.fonts
        board = self.board_rect
        lh = f.line_height(Fonts.SMALL)
        pad = f.px(8)
        width = max(min(f.px(440), int(board.w * 0.45)), min(f.px(240), board.w - 2 * pad))
        indent = f.px(16)
        rows: list[tuple[str, bool, int]] = []
        for text, strong in lines:
            x = indent if text.startswith("    ") else 0
            parts = f.wrap(text.strip(), width - 2 * pad - x, Fonts.SMALL, strong)
            rows.extend((part, strong, x) for part in parts)
        most = max(2, int(board.h * 0.35 - 2 * pad) // lh)
        if len(rows) > most:
            rows = rows[: most - 1] + [("… (X hides this box)", False, 0)]
        size = (width, lh * len(rows) + 2 * pad)
        keep = [self._screen_cell_rect(c) for c in self._cells_to_keep()]
        strip = [self._strip_rect] if self._strip_rect is not None else []
        # the thinking mark's corner, at its widest: a top corner that would reach it starts below
        # it, whether or not the AI is thinking now (the box does not jump when thinking starts)
        mark = self.thinking_band()
        corners = []
        for corner in ("topleft", "topright", "bottomright", "bottomleft"):
            r = pygame.Rect((0, 0), size)
            setattr(r, corner, getattr(board.inflate(-2 * pad, -2 * pad), corner))
            if corner.startswith("top") and r.colliderect(mark):
                r.top = mark.bottom + pad
            corners.append(r)
        for r in corners:
            if not any(r.colliderect(k) for k in keep + strip):
                return r, rows
        return min(corners, key=lambda r: sum(r.clip(k).w * r.clip(k).h for k in keep)), rows

    def _cells_to_keep(self) -> list[Any]:
        """Cells boxes must not cover: the acting (or selected) unit's and the hovered one."""
        cells = []
        ent = self.turn.unit if self.turn is not None and self.turn.unit is not None else self.selected
        u = self.unit_by_ent.get(ent) if ent is not None else None
        if u is not None:
            cells.append(u.cell)
        if self.hover_cell is not None:
            cells.append(self.hover_cell)
        return cells

    def _screen_cell_rect(self, cell: Any) -> pygame.Rect:
        pts = [self.camera.to_screen(p) for p in self.layout.outline(cell)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys)))

    def _draw_reasoning(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The latest AI input's top choices in a corner of the board that hides nothing needed."""
        placed = self.reasoning_layout()
        if placed is None:
            return None
        rect, rows = placed
        f, pal = self.fonts, self.pal
        lh = f.line_height(Fonts.SMALL)
        pad = f.px(8)
        panel(surface, rect, pal, alpha=225)
        y = rect.y + pad
        for i, (text, strong, x) in enumerate(rows):
            colour = pal.active if i == 0 else (pal.text if strong else pal.dim)
            surface.blit(f.render(text, Fonts.SMALL, colour, strong), (rect.x + pad + x, y))
            y += lh
        return rect

    def thinking_text(self, spin: str, side: str, seconds: float) -> str:
        """The thinking mark's words: who thinks and for how long, shortened to fit a narrow board."""
        room = self.board_rect.w - self.fonts.px(10) - self.fonts.px(14) - 2
        font = self.fonts.font(Fonts.SMALL, True)
        name = self.side_name(side) if side else "AI"
        texts = (f"{spin} {name} is thinking… {seconds:.1f} s", f"{spin} {name}… {seconds:.1f} s",
                 f"{spin} {seconds:.1f} s")
        return next((t for t in texts if font.size(t)[0] <= room), texts[-1])

    def thinking_box(self, text: str) -> tuple[pygame.Rect, pygame.Rect]:
        """Where a thinking mark reading `text` goes (the board's top-right corner): its text and
        the panel around it."""
        f = self.fonts
        w, h = f.font(Fonts.SMALL, True).size(text)
        rect = pygame.Rect(0, 0, w, h)
        rect.topright = (self.board_rect.right - f.px(10), self.board_rect.y + f.px(8))
        return rect, rect.inflate(f.px(14), f.px(8))

    def thinking_band(self) -> pygame.Rect:
        """The panel of the widest thinking mark any side can show: the reasoning box keeps clear."""
        # a longer time may shorten the words (`thinking_text`): every width it can take
        boxes = [self.thinking_box(self.thinking_text("◐", side, seconds))[1]
                 for side in self.session.sides or ("",) for seconds in (9.9, 99.9, 999.9)]
        return boxes[0].unionall(boxes[1:])

    def _draw_thinking(self, surface: pygame.Surface) -> pygame.Rect | None:
        """While the AI thinks on its thread: who, for how long, and a turning mark (the window is
        alive; Esc, pan and zoom answer)."""
        worker = self.worker
        if worker is None:
            return None
        f, pal = self.fonts, self.pal
        spin = "◐◓◑◒"[int(worker.seconds * 8) % 4]
        side = worker.need.side if worker.need is not None else ""
        text = self.thinking_text(spin, side, worker.seconds)
        rect, box = self.thinking_box(text)
        panel(surface, box, pal, alpha=225)
        surface.blit(f.render(text, Fonts.SMALL, pal.text, True), rect)
        return box
