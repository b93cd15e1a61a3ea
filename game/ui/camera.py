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
        #: screen pixels at the view's bottom covered by something else (a hand of cards): a map
        #: that fits above them is centred there
        self.reserve = 0
        #: how far a map smaller than the view is moved off its centre (screen pixels) to make room
        #: for a prompt beside the unit it asks about; back to 0 when the prompt closes
        self.slack = (0.0, 0.0)

    @property
    def zoom(self) -> float:
        """Current scale factor."""
        return ZOOMS[self.zoom_index]

    def fit(self, margin: int = 0, reserve: int = 0) -> None:
        """The largest zoom at which the whole map fits with `margin` pixels around it, above the
        `reserve` pixels at the bottom (at least 1.0 when it cannot), centred."""
        w, h = self.map_size
        self.reserve = reserve
        best = ZOOMS.index(1.0)
        for i, z in enumerate(ZOOMS):
            if w * z <= self.view.w - 2 * margin and h * z <= self.view.h - 2 * margin - reserve:
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
        """Move the view by screen pixels like `pan`, past the map's edge or centring (by at most
        half the view): a prompt's room beside its unit near the edge or on a small board; the
        scene takes the slack back when the prompt closes."""
        sx, sy = self.slack
        sx = max(-self.view.w / 2, min(self.view.w / 2, sx + dx))
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

    def frame(self, points: list[tuple[float, float]], margin: float = 0.0) -> None:
        """Bring map pixels into the view, `margin` screen pixels clear of its edges where the map
        allows: at the current zoom when they fit, else at the closest smaller zoom where they do
        (never smaller than the zoom at which the whole map fits), centred on them, on the map."""
        if not points:
            return
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        w, h = max(xs) - min(xs), max(ys) - min(ys)
        # below the zoom at which the whole map fits, stepping out shows nothing more
        fits = [i for i, z in enumerate(ZOOMS) if self.map_size[0] * z <= self.view.w
                and self.map_size[1] * z <= self.view.h]
        floor = max(fits) if fits else 0
        while (self.zoom_index > floor and (w * self.zoom > self.view.w - 2 * margin
                                            or h * self.zoom > self.view.h - 2 * margin)):
            self.zoom_index -= 1
        self.centre_on(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))

    def clamp(self) -> None:
        """The view stays on the map: a map wider (taller) than the view covers it edge to edge,
        one smaller than the view is centred in it (no black band beside a map that could fill it),
        above the `reserve` when it fits there; a prompt's `slack` may move it past that."""
        w, h = self.map_size[0] * self.zoom, self.map_size[1] * self.zoom
        sx, sy = self.slack
        if w <= self.view.w:
            self.x = (w - self.view.w) / 2 + sx
        else:
            self.x = min(max(self.x, min(0.0, sx)), w - self.view.w + max(0.0, sx))
        if h <= self.view.h - self.reserve:
            self.y = (h - (self.view.h - self.reserve)) / 2 + sy
        elif h <= self.view.h:
            self.y = (h - self.view.h) / 2 + sy
        else:
            self.y = min(max(self.y, min(0.0, sy)), h - self.view.h + max(0.0, sy))
        self.x, self.y = round(self.x), round(self.y)
