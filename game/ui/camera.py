"""The battle camera: a view rectangle on screen looking at the map at one of a few zoom levels."""

from __future__ import annotations

import pygame

ZOOMS: tuple[float, ...] = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0)


class Camera:
    """Maps map pixels (zoom 1) to screen pixels; zoom steps through fixed levels so scaled maps cache."""

    def __init__(self, view: pygame.Rect, map_size: tuple[int, int]) -> None:
        self.view = pygame.Rect(view)
        self.map_size = map_size
        self.zoom_index = ZOOMS.index(1.0)
        self.x = 0.0  # top-left of the view in zoomed map pixels
        self.y = 0.0
        #: how far a map smaller than the view is moved off its centre (screen pixels) to make room
        #: for a prompt beside the unit it asks about; back to 0 when the prompt closes
        self.slack = (0.0, 0.0)

    @property
    def zoom(self) -> float:
        """Current scale factor."""
        return ZOOMS[self.zoom_index]

    def fit(self) -> None:
        """The largest zoom at which the whole map fits (at least 1.0 when it cannot), centred."""
        w, h = self.map_size
        best = ZOOMS.index(1.0)
        for i, z in enumerate(ZOOMS):
            if w * z <= self.view.w and h * z <= self.view.h:
                best = i
        self.zoom_index = best
        self.centre_on((w / 2, h / 2))

    def to_screen(self, point: tuple[float, float]) -> tuple[float, float]:
        """Map pixel -> screen pixel."""
        return (point[0] * self.zoom - self.x + self.view.x, point[1] * self.zoom - self.y + self.view.y)

    def to_map(self, point: tuple[float, float]) -> tuple[float, float]:
        """Screen pixel -> map pixel."""
        return ((point[0] - self.view.x + self.x) / self.zoom, (point[1] - self.view.y + self.y) / self.zoom)

    def centre_on(self, point: tuple[float, float]) -> None:
        """Put a map pixel in the middle of the view."""
        self.x = point[0] * self.zoom - self.view.w / 2
        self.y = point[1] * self.zoom - self.view.h / 2
        self.clamp()

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by screen pixels."""
        self.x += dx
        self.y += dy
        self.clamp()

    def make_room(self, dx: float, dy: float) -> None:
        """Move the view by screen pixels like `pan`, past the centring of a map smaller than the
        view (by at most half the view): a prompt's room beside its unit on a small board."""
        w, h = self.map_size[0] * self.zoom, self.map_size[1] * self.zoom
        sx, sy = self.slack
        if w <= self.view.w:
            sx = max(-self.view.w / 2, min(self.view.w / 2, sx + dx))
        if h <= self.view.h:
            sy = max(-self.view.h / 2, min(self.view.h / 2, sy + dy))
        self.slack = (sx, sy)
        self.pan(dx, dy)

    def zoom_by(self, steps: int, anchor: tuple[float, float] | None = None) -> bool:
        """Step the zoom keeping the map pixel under `anchor` (screen) in place; True if it changed."""
        new = max(0, min(len(ZOOMS) - 1, self.zoom_index + steps))
        if new == self.zoom_index:
            return False
        anchor = anchor or self.view.center
        mx, my = self.to_map(anchor)
        self.zoom_index = new
        self.x = mx * self.zoom - (anchor[0] - self.view.x)
        self.y = my * self.zoom - (anchor[1] - self.view.y)
        self.clamp()
        return True

    def clamp(self) -> None:
        """Any map point may sit at the view's centre; a map smaller than the view stays centred."""
        w, h = self.map_size[0] * self.zoom, self.map_size[1] * self.zoom
        if w <= self.view.w:
            self.x = (w - self.view.w) / 2 + self.slack[0]
        else:
            self.x = min(max(self.x, -self.view.w / 2), w - self.view.w / 2)
        if h <= self.view.h:
            self.y = (h - self.view.h) / 2 + self.slack[1]
        else:
            self.y = min(max(self.y, -self.view.h / 2), h - self.view.h / 2)
        self.x, self.y = round(self.x), round(self.y)
