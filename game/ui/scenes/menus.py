"""The pause menu over the battle and the load-game scene (a list of save files)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.ui.scenes.base import Scene
from game.ui.theme import Fonts
from game.ui.widgets import Button, panel

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.battle import BattleScene


class ButtonColumn:
    """A titled column of buttons, keyboard-navigable (Up/Down/Enter, Esc)."""

    def __init__(
        self,
        fonts: Fonts,
        title: str,
        items: list[tuple[str, Callable[[], None], bool]],
        on_escape: Callable[[], None],
    ) -> None:
        self.fonts = fonts
        self.title = title
        self.items = items
        self.on_escape = on_escape
        self.focus = 0
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self.note = ""

    def layout(self, area: pygame.Rect) -> pygame.Rect:
        """Place the buttons centred in an area; returns the panel rect."""
        f = self.fonts
        bw, bh, gap = f.px(300), f.px(36), f.px(8)
        h = f.px(70) + len(self.items) * (bh + gap) + f.px(30)
        rect = pygame.Rect(0, 0, bw + f.px(40), h)
        rect.center = area.center
        y = rect.y + f.px(60)
        self.buttons = []
        for label, fn, enabled in self.items:
            self.buttons.append(Button(pygame.Rect(rect.x + f.px(20), y, bw, bh), label, fn, enabled=enabled))
            y += bh + gap
        return rect

    def handle(self, event: pygame.event.Event) -> None:
        """Mouse and keys."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(event.pos) and b.enabled:
                    b.on_click()
                    return
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.on_escape()
            elif event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.items)
            elif event.key == pygame.K_UP:
                self.focus = (self.focus - 1) % len(self.items)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                label, fn, enabled = self.items[self.focus]
                if enabled:
                    fn()

    def draw(self, surface: pygame.Surface, pal, area: pygame.Rect) -> None:  # noqa: ANN001
        """Panel, title, buttons (focused one outlined), optional note."""
        f = self.fonts
        rect = self.layout(area)
        panel(surface, rect, pal)
        title = f.render(self.title, Fonts.LARGE, pal.text, True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + f.px(18))))
        for i, b in enumerate(self.buttons):
            b.selected = i == self.focus
            b.draw(surface, f, pal, b.rect.collidepoint(self.mouse))
        if self.note:
            note = f.render(self.note[:80], Fonts.SMALL, pal.dim)
            surface.blit(note, note.get_rect(midbottom=(rect.centerx, rect.bottom - f.px(8))))


class PauseMenu:
    """Esc over the battle: resume, save, load, settings, rules, help, leave."""

    def __init__(self, battle: BattleScene) -> None:
        self.battle = battle
        app = battle.app
        can_save = not battle.replay and battle.session.can_save
        self.column = ButtonColumn(
            app.fonts,
            "Paused",
            [
                ("Resume", battle.close_menu, True),
                ("Save game", self._save, can_save),
                ("Load game", lambda: app.push(LoadScene(app)), True),
                ("Settings", lambda: app.open_settings(), True),
                ("Rules reference", lambda: app.open_rules(battle.match.ruleset), True),
                ("Keys (help)", self._help, True),
                ("Quit to launcher", app.to_launcher, True),
                ("Quit game", app.quit, True),
            ],
            battle.close_menu,
        )

    def _save(self) -> None:
        path = self.battle.save()
        self.column.note = f"Saved {path.name}" if path else (self.battle.toast or ("", 0))[0]

    def _help(self) -> None:
        self.battle.overlay = "help"

    def handle(self, event: pygame.event.Event) -> None:
        """Forward input to the buttons."""
        self.column.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Shade the battle and draw the menu."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        self.column.draw(surface, self.battle.pal, surface.get_rect())


class LoadScene(Scene):
    """Saved games, newest first; a damaged save shows one clear message and nothing is lost."""

    def __init__(self, app: App, folder: Path | None = None) -> None:
        super().__init__(app)
        from game.ui.saves import list_saves, save_label

        self.folder = folder
        self.saves = list_saves(folder)[:10]
        self.error = ""
        items: list[tuple[str, Callable[[], None], bool]] = []
        for path in self.saves:
            items.append((save_label(path), (lambda p=path: self.load(p)), True))
        items.append(("Back", app.pop, True))
        self.column = ButtonColumn(
            app.fonts, "Load game" if self.saves else "Load game — no saves yet", items, app.pop
        )

    def load(self, path: Path) -> None:
        """Load a save and start its battle; on failure stay here with the message."""
        from game.ui.saves import SaveError, load_game
        from game.ui.scenes.battle import BattleScene

        try:
            session = load_game(path)
        except SaveError as exc:
            self.error = str(exc)
            self.column.note = self.error
            self.dirty = True
            return
        self.app.switch(BattleScene(self.app, session))

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons."""
        self.column.handle(event)
        if event.type in (pygame.MOUSEMOTION, pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        """The list."""
        surface.fill(self.app.palette.bg)
        self.column.draw(surface, self.app.palette, surface.get_rect())
        if self.error:
            f = self.app.fonts
            msg = f.render(self.error[:140], Fonts.BODY, self.app.palette.bad, True)
            surface.blit(
                msg, msg.get_rect(midbottom=(surface.get_width() // 2, surface.get_height() - f.px(20)))
            )
