"""The launcher's Replays list: newest first, a page at a time, each with its squads, result,
ruleset, map, rounds and date (read from the file's header, the game is not replayed); a file
that cannot be read shows one line saying why, and opening one that fails says why here."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.errors import UserError
from game.ui.replays import list_replays, replay_summary
from game.ui.saves import shown_name
from game.ui.scenes.base import Scene
from game.ui.scenes.menus import ButtonColumn
from game.ui.theme import Fonts, Palette

if TYPE_CHECKING:
    from game.ui.app import App

PAGE = 7


class ReplayColumn(ButtonColumn):
    """The list's column: a replay that cannot be opened is drawn dimmed (flat, grey text), with
    the one line saying why under its name."""

    def draw(self, surface: pygame.Surface, pal: Palette, area: pygame.Rect) -> None:
        """The column, then each disabled entry drawn again, dimmed."""
        super().draw(surface, pal, area)
        f = self.fonts
        for i, b in enumerate(self.buttons):
            if b.enabled:
                continue
            pygame.draw.rect(surface, pal.panel, b.rect, border_radius=5)
            edge = pal.active if i == self.focus else pal.panel_edge
            pygame.draw.rect(surface, edge, b.rect, 2 if i == self.focus else 1, border_radius=5)
            x, room = b.rect.x + f.px(10), b.rect.w - f.px(20)
            detail = self._detail(i)
            if not detail:
                text = f.render(f.fit(b.label, room, Fonts.BODY), Fonts.BODY, pal.dim)
                surface.blit(text, (x, b.rect.centery - text.get_height() // 2))
                continue
            top = b.rect.y + f.px(5)
            head = f.render(f.fit(b.label, room, Fonts.BODY, True), Fonts.BODY, pal.dim, True)
            surface.blit(head, (x, top))
            sub = f.render(f.fit(detail, room, Fonts.SMALL), Fonts.SMALL, pal.dim)
            surface.blit(sub, (x, top + f.line_height(Fonts.BODY) + f.px(1)))


class ReplaysScene(Scene):
    """Replays kept in the data folder."""

    def __init__(self, app: App, folder: Path | None = None, page: int = 0) -> None:
        super().__init__(app)
        self.folder = folder
        self.files = list_replays(folder)
        self.pages = max(1, -(-len(self.files) // PAGE))
        self.error = ""
        #: files that failed to open this visit, with the line saying why (drawn as damaged)
        self.broken: dict[Path, str] = {}
        self.show(page)

    def show(self, page: int) -> None:
        """Build the column for one page of the list."""
        self.page = max(0, min(self.pages - 1, page))
        shown = self.files[self.page * PAGE:(self.page + 1) * PAGE]
        self.summaries = [replay_summary(p) for p in shown]
        items: list[tuple[str, Callable[[], None], bool]] = []
        details: list[str] = []
        for s in self.summaries:
            broken = self.broken.get(s.path, "")
            items.append((s.label, (lambda p=s.path: self.open(p)), not s.problem and not broken))
            details.append(broken or s.detail)
        if self.page > 0:
            items.append(("Newer replays", lambda: self.show(self.page - 1), True))
            details.append("")
        if self.page < self.pages - 1:
            items.append(("Older replays", lambda: self.show(self.page + 1), True))
            details.append("")
        items.append(("Back", self.app.pop, True))
        details.append("")
        title = "Replays" if self.files else "Replays — none yet (every finished game leaves one)"
        if self.pages > 1:
            title += f" — page {self.page + 1} of {self.pages}"
        self.column = ReplayColumn(self.app.fonts, title, items, self.app.pop, details, 640)
        # the keyboard starts on the first replay that can be opened, not on a damaged one
        self.column.focus = next((i for i, item in enumerate(items) if item[2]), 0)
        self.dirty = True

    def open(self, path: Path) -> None:
        """Open a replay in the viewer; a problem is shown here as one line."""
        from game.ui.replay import open_viewer

        try:
            open_viewer(self.app, path)
        except UserError as exc:
            # the file's name, not its folder: the line has a window's width, not a terminal's
            file = shown_name(path) if exc.file == str(path) else exc.file
            self.error = UserError(exc.problem, file, exc.place).line()
            self.broken[path] = self.error
            focus = self.column.focus
            self.show(self.page)  # the entry is shown damaged now, with this line under it
            self.column.focus = focus
            self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons (Up/Down/Enter, Esc back)."""
        self.column.handle(event)
        if event.type in (pygame.MOUSEMOTION, pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        """The column lays itself out on each draw."""
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        """The list, and the last problem under it where the list leaves room (the damaged entry
        says it too)."""
        surface.fill(self.app.palette.bg)
        self.column.draw(surface, self.app.palette, surface.get_rect())
        if self.error:
            f = self.app.fonts
            panel = self.column.layout(surface.get_rect())
            lines = f.wrap(self.error, surface.get_width() - f.px(40), Fonts.BODY, True)[:3]
            lh = f.line_height(Fonts.BODY)
            y = surface.get_height() - f.px(12) - lh * len(lines)
            if y < panel.bottom + f.px(4):
                return
            for line in lines:
                msg = f.render(line, Fonts.BODY, self.app.palette.bad, True)
                surface.blit(msg, msg.get_rect(midtop=(surface.get_width() // 2, y)))
                y += lh
