"""Scenes built from pygame_gui widgets (launcher, settings): one UIManager themed to our palette."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.ui.scenes.base import Scene
from game.ui.theme import FIELD_TEXT_PAD, FONT_BOLD, FONT_REGULAR, Fonts, Palette

if TYPE_CHECKING:
    from game.ui.app import App


def _hex(c: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*c)


def gui_theme(pal: Palette, fonts: Fonts) -> dict[str, Any]:
    """A pygame_gui theme: our font at the UI scale, our panel and text colours."""
    font = {
        "name": "dejavu",
        "size": str(fonts.px(Fonts.BODY)),
        "regular_path": str(FONT_REGULAR),
        "bold_path": str(FONT_BOLD),
    }
    colours = {
        "normal_bg": _hex(pal.button),
        "hovered_bg": _hex(pal.button_hot),
        "active_bg": _hex(pal.panel_edge),
        "selected_bg": _hex(pal.button_hot),
        "dark_bg": _hex(pal.panel),
        "normal_text": _hex(pal.text),
        "hovered_text": _hex(pal.text),
        "selected_text": _hex(pal.text),
        "disabled_text": _hex(pal.dim),
        "normal_border": _hex(pal.panel_edge),
        "hovered_border": _hex(pal.active),
        "text_cursor": _hex(pal.active),
    }
    theme: dict[str, Any] = {
        "defaults": {"colours": colours},
        "#title": {"font": {**font, "size": str(fonts.px(Fonts.TITLE)), "bold": "1"}},
        "#dim": {"colours": {"normal_text": _hex(pal.dim)}},
        "#error": {"colours": {"normal_text": _hex(pal.bad)}, "font": {**font, "bold": "1"}},
    }
    # pygame_gui reads fonts per element type, not from "defaults".
    for element in (
        "button",
        "label",
        "drop_down_menu",
        "text_entry_line",
        "text_box",
        "horizontal_slider",
        "selection_list",
        "tool_tip",
    ):
        # square, shadowless boxes with a one-pixel edge: pygame_gui drew rounded ones 4x
        # super-sampled with a shadow (a rounded box redraws its whole shape super-sampled at every
        # rebuild: over a second for the rules text), and the launcher's first frame is drawn
        # without pygame_gui the same way to the pixel (game/ui/launcher_sketch.py)
        theme[element] = {"font": font,
                          "misc": {"shape": "rectangle", "shadow_width": "0", "border_width": "1"}}
    # pygame_gui sizes list rows in fixed pixels (20 by default), not from the font: rows of a
    # drop-down or list would overlap and cut their text at 150 % scale without this.
    item_h = str(fonts.font(Fonts.BODY).get_linesize() + fonts.px(6))
    for element in ("drop_down_menu", "selection_list"):
        theme[element]["misc"]["list_item_height"] = item_h
    # the field's text as far in from its edge as inside the old rounded, shadowed box
    theme["text_entry_line"]["misc"]["text_horiz_alignment_padding"] = str(FIELD_TEXT_PAD)
    theme["label"]["colours"] = {"dark_bg": "#00000000", "normal_text": _hex(pal.text)}
    theme["label"]["misc"] = {"text_horiz_alignment": "left"}
    theme["#title"]["misc"] = {"text_horiz_alignment": "left"}
    return theme


class GuiScene(Scene):
    """A scene whose widgets are pygame_gui elements; it redraws after input and while widgets settle."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.manager = pygame_gui.UIManager(
            app.screen_size, gui_theme(app.palette, app.fonts), enable_live_theme_updates=False
        )
        self.style = self._style()
        self.settle = 0.3

    def _style(self) -> tuple[float, str]:
        """What the theme is made from: the UI scale and the palette's name."""
        return (self.app.fonts.scale, self.app.settings.palette)

    @property
    def animating(self) -> bool:
        """Briefly after input (hover fades, drop-downs opening) and while a text field has focus."""
        return self.settle > 0 or self._typing()

    def _typing(self) -> bool:
        focus = self.manager.get_focus_set()
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in (focus or ()))

    def handle(self, event: pygame.event.Event) -> None:
        """Let the widgets see the event, then react to what they report."""
        self.manager.process_events(event)
        self.on_event(event)
        self.settle = 0.3
        self.dirty = True

    def on_event(self, event: pygame.event.Event) -> None:
        """Scene-specific reactions (button presses, menu changes)."""

    def update(self, dt: float) -> None:
        """Advance the widgets."""
        if self.app.frames_drawn:
            self.manager.update(dt)
        else:
            self._first_update(dt)
        if self.settle > 0:
            self.settle -= dt
            self.dirty = True
        elif self._typing():
            self.dirty = True

    def _first_update(self, dt: float) -> None:
        """The update before the window's first frame, without the looks that frame never shows:
        pygame_gui draws each widget's other looks (hovered, disabled, selected) one per update,
        about 8 ms of the launcher's first frame; they are drawn from the next pass on (a look
        needed sooner, a widget under the mouse, is drawn when it is needed, as always)."""
        from collections import deque

        held = []
        for element in self.manager.get_sprite_group().sprites():
            shape = getattr(element, "drawable_shape", None)
            queue = getattr(shape, "states_to_redraw_queue", None)
            if queue:  # its clean-up waits for the queue too: the held looks are drawn from its shapes
                held.append((shape, queue, shape.need_to_clean_up))
                shape.states_to_redraw_queue, shape.need_to_clean_up = deque(), False
        try:
            self.manager.update(dt)
        finally:
            for shape, queue, clean in held:
                shape.states_to_redraw_queue.extend(queue)
                shape.need_to_clean_up = shape.need_to_clean_up or clean

    def draw(self, surface: pygame.Surface) -> None:
        """Background then widgets."""
        surface.fill(self.app.palette.bg)
        self.draw_background(surface)
        self.manager.draw_ui(surface)

    def draw_background(self, surface: pygame.Surface) -> None:
        """Anything drawn under the widgets."""

    def resize(self, size: tuple[int, int]) -> None:
        """Rebuild the widgets for the new size."""
        self.manager.set_window_resolution(size)
        self.manager.clear_and_reset()
        self.build()
        self.dirty = True

    def restyle(self) -> None:
        """Settings changed: new theme, rebuilt widgets. Only when the scale or palette changed:
        a new manager loads its fonts and theme again (back from the rules screen the launcher
        grew by about 16 MiB that way, and built its widgets twice)."""
        if self._style() == self.style:
            return
        self.style = self._style()
        self.manager = pygame_gui.UIManager(
            self.app.screen_size, gui_theme(self.app.palette, self.app.fonts), enable_live_theme_updates=False
        )
        self.build()

    def build(self) -> None:
        """Create the widgets."""

    def leave(self) -> None:
        """Drop the widgets."""
        self.manager.clear_and_reset()
