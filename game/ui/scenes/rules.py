"""The rules reference: the ruleset's docs/rulesets/<id>.md rendered as scrollable text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.ui.scenes.base import Scene
from game.ui.theme import Fonts

if TYPE_CHECKING:
    from game.core.ruleset import Ruleset
    from game.ui.app import App


@dataclass
class Block:
    """One markdown block: a heading, paragraph, bullet or table row."""

    kind: str  # h1 h2 h3 p li row head gap
    cells: list[str]


def _clean(text: str) -> str:
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", text)
    text = re.sub(r"`([^`]*)`", r"\1", text)
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    return text.strip()


def parse_markdown(text: str) -> list[Block]:
    """The small subset of markdown the rules documents use."""
    blocks: list[Block] = []
    header_done = False
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.strip():
            blocks.append(Block("gap", []))
            header_done = False
            continue
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            blocks.append(Block(f"h{min(level, 3)}", [_clean(line.lstrip("#"))]))
        elif line.lstrip().startswith(("- ", "* ")):
            blocks.append(Block("li", [_clean(line.lstrip()[2:])]))
        elif line.lstrip().startswith("|"):
            cells = [_clean(c) for c in line.strip().strip("|").split("|")]
            if all(re.fullmatch(r":?-{2,}:?", c.replace(" ", "")) for c in cells if c):
                header_done = True
                continue
            blocks.append(Block("row" if header_done else "head", cells))
        elif blocks and blocks[-1].kind in ("p", "li"):
            # Markdown joins wrapped source lines into one paragraph or list item.
            blocks[-1].cells[0] += " " + _clean(line)
        else:
            blocks.append(Block("p", [_clean(line)]))
    return blocks


class RulesScene(Scene):
    """Scrollable rules text; Esc or Back returns."""

    def __init__(self, app: App, ruleset: Ruleset) -> None:
        super().__init__(app)
        self.ruleset = ruleset
        path: Path = ruleset.rules_doc()
        try:
            self.blocks = parse_markdown(path.read_text(encoding="utf-8"))
        except OSError:
            self.blocks = [Block("h1", [ruleset.name]), Block("p", [f"No rules reference found at {path}."])]
        self.scroll = 0
        self._rows: list[tuple[str, int, bool, tuple[int, int, int], int]] | None = None
        self._width = 0

    def _layout(self, width: int) -> list[tuple[str, int, bool, tuple[int, int, int], int]]:
        f, pal = self.app.fonts, self.app.palette
        rows: list[tuple[str, int, bool, tuple[int, int, int], int]] = []

        def add(text: str, size: int, bold: bool, colour: tuple[int, int, int], indent: int = 0) -> None:
            for part in f.wrap(text, width - indent, size, bold):
                rows.append((part, size, bold, colour, indent))

        for b in self.blocks:
            if b.kind == "gap":
                if rows and rows[-1][0] != "":
                    rows.append(("", Fonts.SMALL, False, pal.text, 0))
            elif b.kind == "h1":
                add(b.cells[0], Fonts.TITLE, True, pal.text)
            elif b.kind == "h2":
                add(b.cells[0], Fonts.LARGE, True, pal.active)
            elif b.kind == "h3":
                add(b.cells[0], Fonts.BODY, True, pal.text)
            elif b.kind == "li":
                add("• " + b.cells[0], Fonts.BODY, False, pal.text, f.px(14))
            elif b.kind == "head":
                add("  ·  ".join(c for c in b.cells if c), Fonts.SMALL, True, pal.dim)
            elif b.kind == "row":
                first, rest = b.cells[0], [c for c in b.cells[1:] if c]
                add(first, Fonts.BODY, True, pal.active)
                if rest:
                    add(rest[0], Fonts.BODY, False, pal.text, f.px(18))
                for extra in rest[1:]:
                    add(extra, Fonts.SMALL, False, pal.dim, f.px(18))
                rows.append(("", Fonts.SMALL // 2, False, pal.text, 0))
            else:
                add(b.cells[0], Fonts.BODY, False, pal.text)
        return rows

    def handle(self, event: pygame.event.Event) -> None:
        """Scroll, leave."""
        step = self.app.fonts.line_height(Fonts.BODY)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * step * 3)
        elif event.type == pygame.KEYDOWN:
            page = self.app.screen_size[1] - 120
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_q):
                self.app.pop()
                return
            if event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_j):
                self.scroll += step
            elif event.key in (pygame.K_UP, pygame.K_w, pygame.K_k):
                self.scroll = max(0, self.scroll - step)
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.scroll += page
            elif event.key == pygame.K_PAGEUP:
                self.scroll = max(0, self.scroll - page)
            elif event.key == pygame.K_HOME:
                self.scroll = 0
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if getattr(self, "back_rect", pygame.Rect(0, 0, 0, 0)).collidepoint(event.pos):
                self.app.pop()
                return
        else:
            return
        self.dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        """Re-wrap for the new width."""
        self._rows = None
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        """Visible rows and the back hint."""
        f, pal = self.app.fonts, self.app.palette
        surface.fill(pal.bg)
        w, h = surface.get_size()
        margin = f.px(40)
        width = min(w - 2 * margin, f.px(900))
        if self._rows is None or self._width != width:
            self._rows = self._layout(width)
            self._width = width
        x0 = (w - width) // 2
        heights = [f.line_height(size) for _, size, _, _, _ in self._rows]
        total = sum(heights)
        view_h = h - f.px(70)
        self.scroll = max(0, min(self.scroll, max(0, total - view_h)))
        y = f.px(20) - self.scroll
        for (text, size, bold, colour, indent), lh in zip(self._rows, heights, strict=True):
            if y + lh >= 0 and y < view_h + f.px(20):
                if text:
                    surface.blit(f.render(text, size, colour, bold), (x0 + indent, y))
            y += lh
        pygame.draw.rect(surface, pal.panel, (0, h - f.px(44), w, f.px(44)))
        hint = f.render("Esc / Back: return    Wheel, arrows, PgUp/PgDn: scroll", Fonts.SMALL, pal.dim)
        surface.blit(hint, (x0, h - f.px(30)))
        back = f.render("◀ Back", Fonts.BODY, pal.active, True)
        self.back_rect = back.get_rect(topright=(w - margin, h - f.px(34)))
        surface.blit(back, self.back_rect)
