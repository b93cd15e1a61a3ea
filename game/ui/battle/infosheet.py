"""The unit details sheet over the battle (the I key): every fact once, scrolled when it is longer
than the window (wheel, arrow keys, PgUp/PgDn, Home/End), with marks saying what lies above and below."""

from __future__ import annotations

import pygame

from game.ui.battle.infolines import INDENT
from game.ui.theme import Fonts
from game.ui.widgets import panel

#: keys that scroll the sheet: rows moved (a page is worked out from the sheet's height)
SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_KP8: -1, pygame.K_KP2: 1}
PAGE_KEYS = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1, pygame.K_KP9: -1, pygame.K_KP3: 1}


class InfoSheetMixin:
    """The unit details sheet (a part of BattleScene through OverlayMixin)."""

    info_scroll: int = 0  # the first row shown
    info_page: int = 1  # rows the sheet shows at once (set when drawn)
    info_rows_total: int = 0
    info_shown: list[str] = []  # the rows drawn last, marks included (what tests read)  # noqa: RUF012

    def open_info(self) -> None:
        """Show the sheet from its top."""
        self.overlay = "info"
        self.info_scroll = 0
        self.dirty = True

    def _scroll_info(self, event: pygame.event.Event) -> bool:
        """Scroll the sheet on the wheel and scrolling keys; whether the event was one of them (any other
        key or click closes the sheet)."""
        step = 0
        if event.type == pygame.MOUSEWHEEL:
            step = -3 * int(event.y)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in (4, 5, 6, 7):
            return True  # the wheel's old-style button events: the MOUSEWHEEL event scrolls
        elif event.type == pygame.KEYDOWN:
            if event.key in SCROLL_KEYS:
                step = SCROLL_KEYS[event.key]
            elif event.key in PAGE_KEYS:
                step = PAGE_KEYS[event.key] * max(1, self.info_page - 1)
            elif event.key in (pygame.K_HOME, pygame.K_KP7):
                step = -self.info_rows_total
            elif event.key in (pygame.K_END, pygame.K_KP1):
                step = self.info_rows_total
            else:
                return False
        else:
            return event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
        self.info_scroll = max(0, self.info_scroll + step)  # clamped at the bottom when drawn
        self.dirty = True
        return True

    def _info_rows(self, lines: list[str], width: int) -> list[tuple[int, str]]:
        """(indent in pixels, text) of every wrapped row; an indented line keeps its indent when wrapped."""
        f = self.fonts
        rows: list[tuple[int, str]] = []
        for line in lines:
            indent = f.px(18) if line.startswith(INDENT) else 0
            for part in f.wrap(line.strip(), width - indent, Fonts.BODY) or [""]:
                rows.append((indent, part))
        return rows

    def _draw_info(self, surface: pygame.Surface) -> None:
        """The full view of the unit clicked for its details, else of the panel's unit (whose
        actions are listed)."""
        f, pal = self.fonts, self.pal
        ent = self.inspected
        if ent not in self.unit_by_ent:
            ent = self.model.focus_unit(self._offered_unit())
        u = self.unit_by_ent.get(ent) if ent is not None else None
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        rect = pygame.Rect(0, 0, min(f.px(760), surface.get_width() - 40), surface.get_height() - 60)
        rect.center = surface.get_rect().center
        panel(surface, rect, pal)
        pad = f.px(16)
        title = u.name + f"  ({self.side_name(u.side)})" if u is not None else "No unit selected"
        for i, part in enumerate(f.wrap(title, rect.w - 2 * pad, Fonts.LARGE, True)[:2]):
            surface.blit(f.render(part, Fonts.LARGE, pal.text, True),
                         (rect.x + pad, rect.y + pad + i * f.line_height(Fonts.LARGE)))
        top = rect.y + pad + f.line_height(Fonts.LARGE) * min(2, len(f.wrap(title, rect.w - 2 * pad,
                                                                             Fonts.LARGE, True))) + f.px(6)
        lh = f.line_height(Fonts.BODY)
        hint_h = f.line_height(Fonts.SMALL) + f.px(4)
        bottom = rect.bottom - pad - hint_h
        bar_w = f.px(8)
        width = rect.w - 2 * pad - bar_w - f.px(6)
        rows = self._info_rows(self.info_lines(u), width) if u is not None else []
        fits = max(1, (bottom - top) // lh)
        # too long: a row at the top and one at the bottom say how many rows lie beyond them
        page = fits if len(rows) <= fits else max(1, fits - 2)
        self.info_page, self.info_rows_total = page, len(rows)
        self.info_scroll = max(0, min(self.info_scroll, len(rows) - page))
        first = self.info_scroll
        shown = rows[first:first + page]
        above, below = first, max(0, len(rows) - first - page)
        self.info_shown = []
        y = top
        x = rect.x + pad
        if len(rows) > fits:
            mark = f"▲ {above} more above" if above else ""
            self._info_mark(surface, mark, (x, y))
            y += lh
        for indent, text in shown:
            surface.blit(f.render(text, Fonts.BODY, pal.text), (x + indent, y))
            self.info_shown.append(text)
            y += lh
        if len(rows) > fits:
            mark = f"▼ {below} more below — wheel, ↓ or PgDn" if below else ""
            self._info_mark(surface, mark, (x, top + (page + 1) * lh))
            # the scroll bar: where the rows shown sit among all of them
            track = pygame.Rect(rect.right - pad - bar_w, top, bar_w, bottom - top)
            pygame.draw.rect(surface, pal.panel_edge, track, border_radius=bar_w // 2)
            thumb_h = max(f.px(16), track.h * page // len(rows))
            thumb_y = track.y + (track.h - thumb_h) * first // max(1, len(rows) - page)
            thumb = pygame.Rect(track.x, thumb_y, bar_w, thumb_h)
            pygame.draw.rect(surface, pal.active, thumb, border_radius=bar_w // 2)
        hint = ("Wheel, arrow keys, PgUp/PgDn, Home/End scroll · any other key or a click closes."
                if len(rows) > fits else "Any key or a click closes this.")
        hint_y = rect.bottom - pad - f.line_height(Fonts.SMALL)
        surface.blit(f.render(hint, Fonts.SMALL, pal.dim), (x, hint_y))

    def _info_mark(self, surface: pygame.Surface, text: str, pos: tuple[int, int]) -> None:
        if text:
            surface.blit(self.fonts.render(text, Fonts.BODY, self.pal.active, True), pos)
            self.info_shown.append(text)
