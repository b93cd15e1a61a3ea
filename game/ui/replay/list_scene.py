"""The launcher's Replays list: newest first, a page at a time, each with its squads, result,
ruleset, map, rounds and date (read from the file's header, the game is not replayed); a file
that cannot be read shows one line saying why, and opening one that fails says why here."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.ui.replays import list_replays, replay_summary
from game.ui.scenes.base import Scene
from game.ui.scenes.menus import ButtonColumn
from game.ui.theme import Fonts

if TYPE_CHECKING:
    from game.ui.app import App

PAGE = 7


class ReplaysScene(Scene):
    """Replays kept in the data folder."""

    def __init__(self, app: App, folder: Path | None = None, page: int = 0) -> None:
        super().__init__(app)
        self.folder = folder
        self.files = list_replays(folder)
        self.pages = max(1, -(-len(self.files) // PAGE))
        self.error = ""
        self.show(page)

    def show(self, page: int) -> None:
        """Build the column for one page of the list."""
        self.page = max(0, min(self.pages - 1, page))
        shown = self.files[self.page * PAGE:(self.page + 1) * PAGE]
        self.summaries = [replay_summary(p) for p in shown]
        items: list[tuple[str, Callable[[], None], bool]] = []
        details: list[str] = []
        for s in self.summaries:
            items.append((s.label, (lambda p=s.path: self.open(p)), not s.problem))
            details.append(s.detail)
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
        self.column = ButtonColumn(self.app.fonts, title, items, self.app.pop, details, 640)
        # the keyboard starts on the first replay that can be opened, not on a damaged one
        self.column.focus = next((i for i, item in enumerate(items) if item[2]), 0)
        self.dirty = True

    def open(self, path: Path) -> None:
        """Open a replay in the viewer; a problem is shown here as one line."""
        from game.errors import UserError
        from game.ui.replay import open_viewer

        try:
            open_viewer(self.app, path)
        except UserError as exc:
            self.error = exc.line()
            self.column.note = ""
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
        """The list, and the last problem under it."""
        surface.fill(self.app.palette.bg)
        self.column.draw(surface, self.app.palette, surface.get_rect())
        if self.error:
            f = self.app.fonts
            text = f.fit(self.error, surface.get_width() - f.px(40), Fonts.BODY, True)
            msg = f.render(text, Fonts.BODY, self.app.palette.bad, True)
            surface.blit(msg, msg.get_rect(midbottom=(surface.get_width() // 2,
                                                      surface.get_height() - f.px(20))))
