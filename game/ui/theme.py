"""Colours (colour-blind-safe palettes), the bundled font and cached text rendering."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import pygame

from game.paths import ASSETS_DIR

Colour = tuple[int, int, int]

FONT_REGULAR = ASSETS_DIR / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = ASSETS_DIR / "fonts" / "DejaVuSans-Bold.ttf"
#: a text field's text from its inner edge, in pixels (pygame_gui's theme and the launcher's sketch)
FIELD_TEXT_PAD = 4


@dataclass(frozen=True)
class Palette:
    """Every colour the battle screen uses; sides get two hues that stay distinct for colour-blind eyes."""

    name: str
    sides: tuple[Colour, ...]
    reach: Colour
    path: Colour
    target: Colour
    active: Colour
    bg: Colour = (24, 26, 31)
    panel: Colour = (36, 39, 46)
    panel_edge: Colour = (70, 76, 88)
    text: Colour = (230, 232, 236)
    dim: Colour = (150, 156, 168)
    good: Colour = (0, 158, 115)
    bad: Colour = (213, 94, 0)
    button: Colour = (52, 57, 68)
    button_hot: Colour = (72, 80, 96)

    def side(self, index: int) -> Colour:
        """Colour of the side at this index (p1 = 0)."""
        return self.sides[index % len(self.sides)]


# Okabe & Ito (2008): blue/orange pair distinguishable under every common colour-vision deficiency.
PALETTES: dict[str, Palette] = {
    "okabe-ito": Palette(
        "okabe-ito",
        sides=((0, 114, 178), (230, 159, 0), (204, 121, 167), (0, 158, 115)),
        reach=(86, 180, 233),
        path=(240, 228, 66),
        target=(213, 94, 0),
        active=(240, 228, 66),
    ),
    "high-contrast": Palette(
        "high-contrast",
        sides=((86, 180, 233), (240, 228, 66), (255, 255, 255), (204, 121, 167)),
        reach=(255, 255, 255),
        path=(86, 180, 233),
        target=(255, 80, 40),
        active=(255, 255, 255),
        bg=(0, 0, 0),
        panel=(12, 12, 12),
        panel_edge=(200, 200, 200),
        text=(255, 255, 255),
        dim=(200, 200, 200),
    ),
    # Paul Tol's "bright" blue/red pair, softer on the eyes.
    "muted": Palette(
        "muted",
        sides=((68, 119, 170), (238, 102, 119), (34, 136, 51), (204, 187, 68)),
        reach=(102, 204, 238),
        path=(204, 187, 68),
        target=(238, 102, 119),
        active=(204, 187, 68),
    ),
}


def palette(name: str) -> Palette:
    """A palette by name (the default when unknown)."""
    return PALETTES.get(name, PALETTES["okabe-ito"])


class Fonts:
    """The bundled font at UI-scaled sizes, with a small cache of rendered text."""

    SMALL = 13
    BODY = 15
    LARGE = 19
    TITLE = 30

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: OrderedDict[tuple[str, int, Colour, bool], pygame.Surface] = OrderedDict()

    def set_scale(self, scale: float) -> None:
        """Change the UI scale (drops every cached font and text)."""
        if scale != self.scale:
            self.scale = scale
            self._fonts.clear()
            self._text.clear()

    def px(self, size: float) -> int:
        """A size in pixels after UI scale."""
        return max(8, round(size * self.scale))

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font at a design size (scaled)."""
        key = (self.px(size), bold)
        font = self._fonts.get(key)
        if font is None:
            path = FONT_BOLD if bold else FONT_REGULAR
            font = pygame.font.Font(str(path) if path.exists() else None, key[0])
            self._fonts[key] = font
        return font

    def render(
        self, text: str, size: int = BODY, colour: Colour = (230, 232, 236), bold: bool = False
    ) -> pygame.Surface:
        """Rendered text (cached: panels redraw the same strings often)."""
        key = (text, size, colour, bold)
        surf = self._text.get(key)
        if surf is None:
            surf = self.font(size, bold).render(text, True, colour)
            self._text[key] = surf
            if len(self._text) > 1500:
                self._text.popitem(last=False)
        else:
            self._text.move_to_end(key)
        return surf

    def fit(self, text: str, width: int, size: int = BODY, bold: bool = False) -> str:
        """Text shortened with an ellipsis to fit a width in pixels (unchanged when it fits)."""
        font = self.font(size, bold)
        if font.size(text)[0] <= width:
            return text
        while text and font.size(text + "…")[0] > width:
            text = text[:-1]
        return text.rstrip() + "…"

    def line_height(self, size: int = BODY) -> int:
        """Pixel height of one line at a design size."""
        return self.font(size).get_linesize()

    def wrap(self, text: str, width: int, size: int = BODY, bold: bool = False) -> list[str]:
        """Split text into lines no wider than `width` pixels."""
        font = self.font(size, bold)
        out: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            line = ""
            for word in words:
                trial = f"{line} {word}" if line else word
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    out.append(line)
                    line = word
            out.append(line)
        return out
