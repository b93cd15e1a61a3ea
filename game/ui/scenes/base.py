"""The scene protocol: handle input, advance time, draw when something changed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """One screen of the app. `dirty` asks for a redraw; `animating` asks for frames without input."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.dirty = True

    @property
    def animating(self) -> bool:
        """True while the scene needs frames even when no input arrives."""
        return False

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance time by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""
        self.dirty = True

    def leave(self) -> None:
        """The scene is being replaced."""
