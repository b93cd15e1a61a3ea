"""The combat log: scrollable lines, each one clickable to show its math (cards, dice, modifiers)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.events import Event
from game.core.kinds import EVENT_MATCH_OVER
from game.ui.display_names import name_sides
from game.ui.theme import Fonts, Palette


@dataclass
class _Row:
    text: str
    colour: tuple[int, int, int]
    indent: int
    index: int  # event index, for clicks
    bold: bool = False


class LogPanel:
    """Events as wrapped rows in a rectangle; the picture is cached until something changes."""

    def __init__(self, fonts: Fonts, pal: Palette) -> None:
        self.fonts = fonts
        self.pal = pal
        self.events: list[Event] = []
        self.viewer: str | None = None
        self.expanded: set[int] = set()
        self.scroll = 0  # rows hidden below the bottom (0 = follow the newest)
        #: the player scrolled up to read: new lines keep the view where it is (else it follows them)
        self.held = False
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.side_colours: dict[str, tuple[int, int, int]] = {}
        #: side ids -> the names players know: a ruleset's sentences say "p2" ("Match over: p2 wins")
        self.names: dict[str, str] = {}
        self._rows: list[_Row] | None = None
        self._surface: pygame.Surface | None = None
        self._row_hits: list[tuple[pygame.Rect, int]] = []
        self.first_shown = 0  # the first row drawn (an event's first row)

    # -- content -------------------------------------------------------------------------------
    def set_viewer(self, viewer: str | None, events: list[Event]) -> None:
        """Whose eyes the log is read with (events private to the other side are left out)."""
        self.viewer = viewer
        self.set_events(events)

    def _visible(self, ev: Event) -> bool:
        check = getattr(ev, "visible_to", None)
        return check(self.viewer) if callable(check) else True

    def set_events(self, events: list[Event]) -> None:
        """Replace the shown events (after undo or load), keeping the view at the bottom."""
        self.events = [e for e in events if self._visible(e)]
        self.expanded = {i for i in self.expanded if i < len(self.events)}
        self.scroll = 0
        self.held = False
        self.invalidate()

    def add(self, events: list[Event]) -> None:
        """Append new events."""
        events = [e for e in events if self._visible(e)]
        if events:
            before = len(self.rows) if self.held else 0
            self.events.extend(events)
            self.invalidate()
            # the newest line is followed unless the player scrolled up to read: then the view stays
            # on what they read and the "newer lines" count grows
            self.scroll = self.scroll + len(self.rows) - before if self.held else 0

    def invalidate(self) -> None:
        """Forget the cached rows and picture."""
        self._rows = None
        self._surface = None

    def set_rect(self, rect: pygame.Rect) -> None:
        """Where the panel sits."""
        if rect != self.rect:
            self.rect = pygame.Rect(rect)
            self.invalidate()

    def _build_rows(self) -> list[_Row]:
        fonts = self.fonts
        width = self.rect.w - fonts.px(16)
        rows: list[_Row] = []
        for i, ev in enumerate(self.events):
            colour = self.side_colours.get(ev.side, self.pal.text)
            marker = ("▾ " if i in self.expanded else "▸ ") if ev.math else "  "
            head = f"{marker}R{ev.round} {ev.text}" if ev.round else f"{marker}{ev.text}"
            bold = ev.kind == EVENT_MATCH_OVER
            indent = fonts.px(14)
            for j, part in enumerate(self.wrap(head, width, width - indent, bold)):
                rows.append(_Row(part, colour, 0 if j == 0 else indent, i, bold))
            if i in self.expanded:
                for line in ev.math:
                    for part in self.wrap(line, width - fonts.px(18), width - fonts.px(18)):
                        rows.append(_Row(part, self.pal.dim, fonts.px(18), i))
        return rows

    def wrap(self, text: str, first: int, rest: int, bold: bool = False) -> list[str]:
        """Lines of text no wider than `first` pixels (the first) and `rest` (the indented others),
        measured in the font they are drawn in; a word longer than a line is split."""
        if self.names:
            text = name_sides(text, self.names)
        font = self.fonts.font(Fonts.SMALL, bold)
        out: list[str] = []
        line = ""
        for word in text.split(" "):
            width = first if not out else rest
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                out.append(line)
                line = ""
            while font.size(word)[0] > (first if not out else rest):
                cut = len(word)
                while cut > 1 and font.size(word[:cut])[0] > (first if not out else rest):
                    cut -= 1
                out.append(word[:cut])
                word = word[cut:]
            line = word
        out.append(line)
        return out

    @property
    def rows(self) -> list[_Row]:
        """Wrapped rows of every event (expanded math included)."""
        if self._rows is None:
            self._rows = self._build_rows()
        return self._rows

    def visible_rows(self) -> int:
        """How many rows fit."""
        return max(1, (self.rect.h - self.fonts.px(30)) // self.fonts.line_height(Fonts.SMALL))

    # -- input ---------------------------------------------------------------------------------
    def scroll_by(self, rows: int) -> None:
        """Scroll up (positive) or down (negative)."""
        top = max(0, len(self.rows) - self.visible_rows())
        new = max(0, min(top, self.scroll + rows))
        self.held = new > 0
        if new != self.scroll:
            self.scroll = new
            self._surface = None

    def _top(self) -> int:
        """The most rows that can be hidden below: the oldest row at the top of the view."""
        return max(0, len(self.rows) - self.visible_rows())

    def click(self, pos: tuple[int, int]) -> bool:
        """Toggle the math of the clicked line; True if the click was on a line with math."""
        for rect, index in self._row_hits:
            if rect.collidepoint(pos):
                if not self.events[index].math:
                    return False
                start = self.first_shown
                self.expanded ^= {index}
                self.invalidate()
                self._keep_in_view(index, start)
                return True
        return False

    def _keep_in_view(self, index: int, start: int) -> None:
        """After an entry opened or closed: the rows above stay where they were and the whole entry
        (its math included) is in view, as much of it as fits, its first line first."""
        rows, n = self.rows, self.visible_rows()
        mine = [i for i, r in enumerate(rows) if r.index == index]
        if not mine:
            return
        first, last = mine[0], mine[-1] + 1
        end = start + n
        if last > end:
            end = last
        if first < end - n:
            end = first + n
        self.scroll = max(0, min(self._top(), len(rows) - end))

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Blit the (cached) panel."""
        if self._surface is None:
            self._surface = self._render()
        surface.blit(self._surface, self.rect.topleft)

    def _render(self) -> pygame.Surface:
        fonts, pal = self.fonts, self.pal
        surf = pygame.Surface(self.rect.size)
        surf.fill(pal.panel)
        pygame.draw.rect(surf, pal.panel_edge, surf.get_rect(), 1)
        title = fonts.render("Combat log · click ▸ for the math", Fonts.SMALL, pal.dim)
        surf.blit(title, (fonts.px(8), fonts.px(5)))
        lh = fonts.line_height(Fonts.SMALL)
        rows = self.rows
        n = self.visible_rows()
        # the log grew taller or its lines fewer (rewrapped wider): never scrolled past the oldest
        # line, which left one old line over empty space and "newer lines" the view already showed
        self.scroll = min(self.scroll, self._top())
        if not self.scroll:
            self.held = False
        end = len(rows) - self.scroll
        start = max(0, end - n)
        # a short log never opens on the tail of a wrapped line: it starts at an event's first
        # row, the next event's, else (one event taller than the log) this one's with its end cut
        if 0 < start < end and rows[start].index == rows[start - 1].index:
            after = start
            while after < end and rows[after].index == rows[start].index:
                after += 1
            if after < end:
                start = after
            else:
                while start > 0 and rows[start].index == rows[start - 1].index:
                    start -= 1
                end = min(end, start + n)
        self.first_shown = start
        y = fonts.px(26)
        if end == len(rows) and end - start < n <= len(rows):
            # following the newest line with the top event's tail left out: the lines sit on the
            # bottom edge, the newest last, and the gap is above them (not an empty space below)
            y += (n - (end - start)) * lh
        self._row_hits = []
        for row in rows[start:end]:
            text = fonts.render(row.text, Fonts.SMALL, row.colour, row.bold)
            surf.blit(text, (fonts.px(8) + row.indent, y))
            self._row_hits.append((pygame.Rect(self.rect.x, self.rect.y + y, self.rect.w, lh), row.index))
            y += lh
        if self.scroll:
            more = fonts.render(f"▼ {self.scroll} newer lines", Fonts.SMALL, pal.active)
            surf.blit(more, (self.rect.w - more.get_width() - fonts.px(8), fonts.px(5)))
        return surf
