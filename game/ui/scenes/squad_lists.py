"""A drawn list for the squad builder: a title, optional right-hand column headers, rows that can
be chosen with the keyboard (Up/Down, Page Up/Down, Home/End) or the mouse (click, wheel), a
highlight that shows which list has the keyboard."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui.theme import Fonts

if TYPE_CHECKING:
    from game.ui.theme import Palette

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Row:
    """One row: its text, figures in right-hand columns, and which of them to mark as a problem."""

    text: str
    cols: tuple[str, ...] = ()
    bad: bool = False
    bad_cols: tuple[bool, ...] = ()


def sp(fonts: Fonts, n: float) -> int:
    """A small size in pixels after UI scale (Fonts.px never goes below 8)."""
    return max(1, round(n * fonts.scale))


def fit(font: pygame.font.Font, text: str, width: int) -> str:
    """The text, cut with an ellipsis to fit `width` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """The text broken into lines that fit `width` pixels."""
    out, cur = [], ""
    for word in text.split():
        nxt = f"{cur} {word}".strip()
        if font.size(nxt)[0] > width and cur:
            out.append(cur)
            cur = word
        else:
            cur = nxt
    return [*out, cur]


class ListView:
    """A list of rows in a rectangle; the scene lays it out and feeds it rows."""

    def __init__(self, title: str, headers: tuple[str, ...] = (), empty: str = "") -> None:
        self.title = title
        self.headers = headers
        self.empty = empty
        self.rows: list[Row] = []
        self.index = 0
        self.top = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 20
        self.head_h = 0
        self.title_h = 0
        self.title_room = 0  # pixels kept free at the right of the title (a button)

    def layout(self, rect: pygame.Rect, fonts: Fonts) -> None:
        """Place the list (title and headers included) in `rect`."""
        self.rect = rect
        self.row_h = fonts.font(Fonts.BODY).get_linesize() + sp(fonts, 6)
        self.title_h = title_h = fonts.font(Fonts.LARGE, True).get_linesize() + sp(fonts, 8)
        head = fonts.font(Fonts.SMALL).get_linesize() + sp(fonts, 2) if self.headers else 0
        self.head_h = title_h + head
        self._ensure_visible()

    @property
    def body(self) -> pygame.Rect:
        """Where the rows are drawn."""
        return pygame.Rect(self.rect.x, self.rect.y + self.head_h, self.rect.w, self.rect.h - self.head_h)

    @property
    def visible(self) -> int:
        return max(1, self.body.h // max(1, self.row_h))

    def set_rows(self, rows: list[Row]) -> None:
        self.rows = rows
        self.index = max(0, min(self.index, len(rows) - 1))
        self._ensure_visible()

    def choose(self, index: int) -> None:
        if self.rows:
            self.index = max(0, min(index, len(self.rows) - 1))
            self._ensure_visible()

    def move(self, delta: int) -> None:
        self.choose(self.index + delta)

    def scroll(self, rows: int) -> None:
        self.top = max(0, min(self.top + rows, max(0, len(self.rows) - self.visible)))

    def _ensure_visible(self) -> None:
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + self.visible:
            self.top = self.index - self.visible + 1
        self.top = max(0, min(self.top, max(0, len(self.rows) - self.visible)))

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The row under a point, if any."""
        body = self.body
        if not body.collidepoint(pos):
            return None
        i = self.top + (pos[1] - body.y) // self.row_h
        return i if 0 <= i < len(self.rows) else None

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row `index` is drawn (tests click it)."""
        body = self.body
        return pygame.Rect(body.x, body.y + (index - self.top) * self.row_h, body.w, self.row_h)

    def col_widths(self, fonts: Fonts) -> list[int]:
        """Each right-hand column as wide as its header or its widest figure."""
        small, font, pad = fonts.font(Fonts.SMALL), fonts.font(Fonts.BODY), sp(fonts, 8)
        n = max([len(self.headers)] + [len(r.cols) for r in self.rows])
        out = []
        for k in range(n):
            w = small.size(self.headers[k])[0] if k < len(self.headers) else 0
            w = max([w] + [font.size(r.cols[k])[0] for r in self.rows if k < len(r.cols)])
            out.append(w + pad)
        return out

    def draw(self, surface: pygame.Surface, fonts: Fonts, pal: Palette, focused: bool) -> None:
        pad = sp(fonts, 6)
        width = self.rect.w - self.title_room - pad
        title_font = fonts.font(Fonts.LARGE, True)
        title = fonts.render(
            fit(title_font, self.title, width), Fonts.LARGE, pal.active if focused else pal.text, True
        )
        surface.blit(title, (self.rect.x, self.rect.y))
        small = fonts.font(Fonts.SMALL)
        font = fonts.font(Fonts.BODY)
        widths = self.col_widths(fonts)
        # right edges of the columns, the last column at the list's right
        rights, x = [], self.rect.right - pad
        for cw in reversed(widths):
            rights.insert(0, x)
            x -= cw
        if self.headers:
            y = self.rect.y + self.head_h - small.get_linesize() - sp(fonts, 2)
            for h, right in zip(self.headers, rights, strict=False):
                s = fonts.render(h, Fonts.SMALL, pal.dim)
                surface.blit(s, (right - s.get_width(), y))
        body = self.body
        pygame.draw.rect(surface, pal.panel, body)
        pygame.draw.rect(
            surface, pal.active if focused else pal.panel_edge, body, sp(fonts, 2) if focused else 1
        )
        if not self.rows and self.empty:
            s = fonts.render(fit(font, self.empty, body.w - 2 * pad), Fonts.BODY, pal.dim)
            surface.blit(s, (body.x + pad, body.y + pad))
        clip = surface.get_clip()
        surface.set_clip(body.inflate(-2, -2))
        for i in range(self.top, min(len(self.rows), self.top + self.visible)):
            row = self.rows[i]
            r = self.row_rect(i)
            if i == self.index:
                pygame.draw.rect(surface, pal.button_hot if focused else pal.button, r.inflate(-4, -2))
            ty = r.y + (r.h - font.get_linesize()) // 2
            colour = pal.bad if row.bad else pal.text
            name_w = r.w - 2 * pad - sum(widths[: len(row.cols)])
            surface.blit(fonts.render(fit(font, row.text, name_w), Fonts.BODY, colour), (r.x + pad, ty))
            for k, (col, right) in enumerate(zip(row.cols, rights, strict=False)):
                c = pal.bad if k < len(row.bad_cols) and row.bad_cols[k] else pal.text
                s = fonts.render(col, Fonts.BODY, c)
                surface.blit(s, (right - s.get_width(), ty))
        surface.set_clip(clip)
        if len(self.rows) > self.visible:  # a thin bar says there is more
            frac, size = self.top / len(self.rows), self.visible / len(self.rows)
            bar = pygame.Rect(
                body.right - sp(fonts, 5), body.y + int(frac * body.h), sp(fonts, 3), int(size * body.h)
            )
            pygame.draw.rect(surface, pal.dim, bar)
