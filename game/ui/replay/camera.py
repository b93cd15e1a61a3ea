"""The replay viewer's camera: a map shorter than the board sits above the hand strip's band
instead of centred under it (the viewer's board is short, under its timeline bar, and the strip
at its bottom hid the lower part of a centred map)."""

from __future__ import annotations

from game.ui.camera import Camera


class StripCamera(Camera):
    """A camera keeping `reserve` pixels at the bottom of the view clear where the map allows."""

    reserve = 0

    def clamp(self) -> None:
        """As Camera.clamp; a map shorter than the view is centred in the part above the reserve
        when it fits there, else placed as high as that takes."""
        super().clamp()
        h = self.map_size[1] * self.zoom
        slack = self.view.h - h
        if slack <= 0 or self.reserve <= 0:
            return
        top = max(0.0, (slack - self.reserve) / 2)
        self.y = round(-top)
