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
        return self.session.thoughts_with_log() if self.show_reasoning else list(self.match.log)

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
        for i, cand in enumerate(t.explanation[:4]):
            mark = "▶" if i == 0 else f"{i + 1}."
            lines.append((f"{mark} {headline(cand)}", i == 0))
            terms = terms_text(cand, 3)
            if terms:
                lines.append(("    " + terms, False))
        return lines

    def _draw_reasoning(self, surface: pygame.Surface) -> None:
        """The latest AI input's top choices in the board's top-left corner."""
        lines = self.reasoning_lines()
        if not lines:
            return
        f, pal = self.fonts, self.pal
        lh = f.line_height(Fonts.SMALL)
        pad = f.px(8)
        width = min(f.px(440), self.board_rect.w - 2 * pad)
        indent = f.px(16)
        rows: list[tuple[str, bool, int]] = []
        for text, strong in lines:
            x = indent if text.startswith("    ") else 0
            parts = f.wrap(text.strip(), width - 2 * pad - x, Fonts.SMALL, strong)
            rows.extend((part, strong, x) for part in parts)
        rect = pygame.Rect(self.board_rect.x + pad, self.board_rect.y + pad, width, lh * len(rows) + 2 * pad)
        panel(surface, rect, pal, alpha=225)
        y = rect.y + pad
        for i, (text, strong, x) in enumerate(rows):
            colour = pal.active if i == 0 else (pal.text if strong else pal.dim)
            surface.blit(f.render(text, Fonts.SMALL, colour, strong), (rect.x + pad + x, y))
            y += lh

    def _draw_thinking(self, surface: pygame.Surface) -> pygame.Rect | None:
        """While the AI thinks on its thread: who, for how long, and a turning mark (the window is
        alive; Esc, pan and zoom answer)."""
        worker = self.worker
        if worker is None:
            return None
        f, pal = self.fonts, self.pal
        spin = "◐◓◑◒"[int(worker.seconds * 8) % 4]
        side = worker.need.side if worker.need is not None else ""
        text = f"{spin} {self.side_name(side)} is thinking… {worker.seconds:.1f} s"
        label = f.render(text, Fonts.SMALL, pal.text, True)
        rect = label.get_rect(topright=(self.board_rect.right - f.px(10), self.board_rect.y + f.px(8)))
        box = rect.inflate(f.px(14), f.px(8))
        panel(surface, box, pal, alpha=225)
        surface.blit(label, rect)
        return box
