"""The launcher's first frame drawn without pygame_gui where no picture of it is kept (the first
start after installing, or after a change of scale, palette, window size or ruleset): laid out by
the launcher's own layout (`LauncherLayout.build`, its widgets recorded, not made) and drawn the
way pygame_gui draws those widgets in the game's theme (square boxes with a one-pixel edge, text
rendered white, premultiplied, tinted and blended), so pygame_gui's launcher takes over in the next
pass with no visible change (tests/ui/test_ui_launcher_sketch.py compares the two pixel for pixel).

Importing pygame_gui and building its manager and widgets was most of the launcher's first start.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.ui.launcher_picture import draw_seed
from game.ui.scenes.launcher_layout import LauncherLayout
from game.ui.theme import FIELD_TEXT_PAD, FONT_BOLD, FONT_REGULAR, Fonts

#: pygame_gui's drop-down arrow: its expand button's text, width and font (its own symbols font at 14
#: points, not scaled, as pygame_gui's default theme gives it)
ARROW, ARROW_W, ARROW_FONT, ARROW_PT = "▼", 20, "FiraCode-Regular.ttf", 14


class _Widget:
    """A widget the layout asked for, recorded: its kind, rectangle, text and theme id."""

    def __init__(self, kind: str, rect: pygame.Rect, text: str, manager: Any, object_id: Any = None,
                 **_: Any) -> None:
        self.kind, self.rect, self.text, self.object_id = kind, pygame.Rect(rect), text, object_id
        self.font = manager.font_for(self)
        manager.widgets.append(self)

    def set_text(self, text: str) -> None:
        """As pygame_gui's."""
        self.text = text

    def get_text(self) -> str:
        """As pygame_gui's."""
        return self.text

    def set_allowed_characters(self, _: Any) -> None:
        """Nothing to check on a picture."""

    def disable(self) -> None:
        """Not offered before the rules are read (`ready` False)."""


class _Kit:
    """The widget classes `LauncherLayout.build` makes, as recorders."""

    @staticmethod
    def UILabel(rect: pygame.Rect, text: str, manager: Any, object_id: Any = None, **kw: Any) -> _Widget:  # noqa: N802
        """A line of text."""
        return _Widget("label", rect, text, manager, object_id)

    @staticmethod
    def UIButton(rect: pygame.Rect, text: str, manager: Any, **kw: Any) -> _Widget:  # noqa: N802
        """A button."""
        return _Widget("button", rect, text, manager)

    @staticmethod
    def UIDropDownMenu(options: Any, start: Any, rect: pygame.Rect, manager: Any, **kw: Any) -> _Widget:  # noqa: N802
        """A closed drop-down showing its choice."""
        return _Widget("menu", rect, start[0], manager)

    @staticmethod
    def UITextEntryLine(rect: pygame.Rect, manager: Any, **kw: Any) -> _Widget:  # noqa: N802
        """A text field."""
        return _Widget("entry", rect, "", manager)


class _Manager:
    """What the layout asks of pygame_gui's manager before the rules are read."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.widgets: list[_Widget] = []
        self.made: dict[tuple[Path, int], pygame.font.Font] = {}

    def clear_and_reset(self) -> None:
        """Every widget dropped."""
        self.widgets = []

    def font_for(self, widget: _Widget) -> pygame.font.Font:
        """The font pygame_gui's theme gives the widget, made as pygame_gui makes it (shaped as Latin
        script, left to right: kerned, so some words are a pixel narrower than `Fonts`' own)."""
        title = widget.object_id == "#title"
        bold = title or widget.object_id == "#error"
        size = self.fonts.px(Fonts.TITLE if title else Fonts.BODY)
        return self._font(FONT_BOLD if bold else FONT_REGULAR, size)

    def arrow_font(self) -> pygame.font.Font:
        """pygame_gui's own symbols font, for the drop-downs' arrows."""
        from importlib.util import find_spec

        spec = find_spec("pygame_gui")  # where it is installed, without importing it
        folder = Path(spec.origin).parent if spec is not None and spec.origin else Path()
        return self._font(folder / "data" / ARROW_FONT, ARROW_PT)

    def _font(self, path: Path, size: int) -> pygame.font.Font:
        font = self.made.get((path, size))
        if font is None:
            font = pygame.font.Font(str(path), size)
            font.set_point_size(size)
            font.set_script("Latn")
            font.set_direction(pygame.DIRECTION_LTR)
            self.made[(path, size)] = font
        return font


class LauncherSketch(LauncherLayout):
    """The launcher before its rules are read (`ready` False), laid out and drawn without pygame_gui."""

    kit = _Kit()
    ready = False

    def __init__(self, app: Any, names: dict[str, str], ruleset: str, seed: int, notice: str) -> None:
        self.app = app
        self.ruleset_names, self.rulesets, self.ruleset_id = names, list(names), ruleset
        self.seed, self.error = seed, notice
        #: the window size it is laid out for (a window resized before the takeover is laid out anew)
        self.size = app.screen_size
        self.manager = _Manager(app.fonts)
        self.arrow_font = self.manager.arrow_font()  # here: a font that cannot be opened is told at once
        self.build()

    def draw(self, surface: pygame.Surface, font: Any = None, seed: str | None = None) -> None:
        """The whole first frame (with `seed` in its seed field when given, as a kept picture's)."""
        if seed is not None:
            self.seed_entry.set_text(seed)
        pal = self.app.palette
        surface.fill(pal.bg)
        self.draw_background(surface)
        for w in self.manager.widgets:
            if w.kind == "label":
                colour = {"#dim": pal.dim, "#error": pal.bad}.get(w.object_id, pal.text)
                _text(surface, w.font, w.text, colour, w.rect, "left")
            elif w.kind == "entry":
                _box(surface, w.rect, pal.panel_edge, pal.panel)
                _text(surface, w.font, w.text, pal.text, w.rect.inflate(-2, -2), "left", pad_x=FIELD_TEXT_PAD)
            elif w.kind == "button":
                _box(surface, w.rect, pal.panel_edge, pal.button)
                _text(surface, w.font, w.text, pal.text, w.rect.inflate(-2, -2), "center")
            else:
                _box(surface, w.rect, pal.panel_edge, pal.panel)
                inner = w.rect.inflate(-2, -2)
                choice = pygame.Rect(inner.x, inner.y, inner.w - ARROW_W, inner.h)
                arrow = pygame.Rect(choice.right, inner.y, ARROW_W, inner.h)
                surface.fill(pal.button, choice)
                surface.fill(pal.button, arrow)
                _text(surface, w.font, w.text, pal.text, choice, "center")
                _text(surface, self.arrow_font, ARROW, pal.text, arrow, "center")


def _box(surface: pygame.Surface, rect: pygame.Rect, edge: Any, fill: Any) -> None:
    surface.fill(edge, rect)
    surface.fill(fill, rect.inflate(-2, -2))


def _text(surface: pygame.Surface, font: pygame.font.Font, text: str, colour: Any, area: pygame.Rect,
          align: str, pad_x: int = 0) -> None:
    """`text` placed in `area` as pygame_gui's text layout places a single line."""
    if not text:
        return
    width, height = font.size(text)
    # the row (`height` tall) centred by pygame.Rect's centre, halves rounded down: its top at
    # area.h // 2 - height // 2; the text centred in it from its baseline, as pygame_gui's
    # `TextLineChunkFTFont` does for a single-style row: at height // 2 - pad - round(...) below
    # that (Python's round, halves to even, as pygame_gui's)
    pad = 1 - font.get_descent()
    x = area.x + pad_x if align == "left" else area.x + area.w // 2 - width // 2
    y = area.y + area.h // 2 - pad - round(0.5 * (font.get_ascent() - pad))
    clip = surface.get_clip()
    surface.set_clip(area)
    draw_seed(surface, font, text, colour, (x, y))
    surface.set_clip(clip)
