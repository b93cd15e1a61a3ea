"""The rules reference: the ruleset's docs/rulesets/<id>.md for the player, one section at a time.

Sections are listed on the left; the chosen one is shown in a pygame_gui text box. One section at
a time keeps the text box small: pygame_gui renders a text box's whole text into one surface
(about 70 MiB and a second for a whole document at 150 %).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextBox

from game.ui.memory import release_memory
from game.ui.scenes.gui import GuiScene, _hex
from game.ui.scenes.rules_text import Style, rules_markup, rules_sections
from game.ui.theme import Fonts

if TYPE_CHECKING:
    from game.core.ruleset import Ruleset
    from game.ui.app import App


class RulesScene(GuiScene):
    """Section list and text; Esc or Back returns, PgDn at a section's end turns to the next."""

    def __init__(self, app: App, ruleset: Ruleset) -> None:
        super().__init__(app)
        self.ruleset = ruleset
        try:
            source = ruleset.rules_doc().read_text(encoding="utf-8")
            self.missing = False
        except OSError:
            source = f"# {ruleset.name}\n\nThe rules reference for {ruleset.name} is not installed."
            self.missing = True
        self.sections = rules_sections(source) or [(ruleset.name, f"# {ruleset.name}\n")]
        self.index = 0
        self.trim = False  # the old section's surfaces are freed: hand them back after the update
        self.text_box: UITextBox | None = None
        self.build()

    def markup(self, index: int | None = None) -> str:
        """A section as text box markup, at the current scale and palette."""
        f, pal = self.app.fonts, self.app.palette
        style = Style(
            title_px=f.px(Fonts.TITLE),
            heading_px=f.px(Fonts.LARGE),
            text=_hex(pal.text),
            accent=_hex(pal.active),
            dim=_hex(pal.dim),
            code=_hex(pal.reach),
        )
        title, text = self.sections[self.index if index is None else index]
        return rules_markup(text, style, player=False)

    def build(self) -> None:
        """Section list, text box, key hint and Back button for the window size."""
        self.manager.clear_and_reset()
        f = self.app.fonts
        fonts = self.manager.get_theme().get_font_dictionary()
        wanted = [
            {"name": "dejavu", "point_size": f.px(size), "style": style}
            for size, style in ((Fonts.LARGE, "bold"), (Fonts.BODY, "italic"))
        ]
        fresh = [
            w for w in wanted
            if not fonts.check_font_preloaded(f"dejavu_{w['style']}_aa_{w['point_size']}")
        ]
        if fresh:
            self.manager.preload_fonts(fresh)
        w, h = self.app.screen_size
        margin = f.px(20)
        bar = f.px(52)
        gap = f.px(12)
        # wide enough for the longest section title (at 150 % too), up to two fifths of the width;
        # a title longer still ends in "…" rather than being cut mid-word by the list
        body = f.font(Fonts.BODY)
        room = f.px(28)  # the list's item padding and its scroll bar
        longest = max(body.size(t)[0] for t, _ in self.sections) + room
        list_w = min(max(f.px(250), longest), (w - 2 * margin) * 2 // 5)
        self.titles = [fit_title(body, t, list_w - room) for t, _ in self.sections]
        text_w = min(w - 2 * margin - list_w - gap, f.px(900))
        x0 = (w - (list_w + gap + text_w)) // 2
        body_h = h - margin - bar
        self.section_list = UISelectionList(
            pygame.Rect(x0, margin, list_w, body_h),
            [(title, str(i)) for i, title in enumerate(self.titles)],
            self.manager,
            default_selection=(self.titles[self.index], str(self.index)),
        )
        self.text_box = UITextBox(
            self.markup(), pygame.Rect(x0 + list_w + gap, margin, text_w, body_h), self.manager
        )
        bh = f.px(36)
        by = h - bar + (bar - bh) // 2
        right = x0 + list_w + gap + text_w
        UILabel(
            pygame.Rect(x0, by, right - x0 - f.px(140), bh),
            "Esc: back  ·  wheel, ↑↓, PgUp/PgDn: scroll  ·  ←→: section",
            self.manager,
            object_id="#dim",
        )
        self.back = UIButton(pygame.Rect(right - f.px(130), by, f.px(130), bh), "Back", self.manager)

    def update(self, dt: float) -> None:
        """Advance the widgets; after a page turn, return the old page's memory."""
        super().update(dt)
        if self.trim:
            self.trim = False
            release_memory()

    def _mark(self, index: int) -> None:
        """Highlight a section in the list (keys turn pages too, not only clicks)."""
        for i, item in enumerate(self.section_list.item_list):
            item["selected"] = i == index
            button = item.get("button_element")
            if button is not None:
                button.select() if i == index else button.unselect()

    def show(self, index: int) -> None:
        """Turn to a section."""
        index = max(0, min(len(self.sections) - 1, index))
        if index != self.index:
            self.index = index
            if self.text_box is not None:
                self.text_box.set_text(self.markup())  # the widgets stay; only the text changes
                self.trim = True
            self._mark(index)
        self.dirty = True

    # -- scrolling -----------------------------------------------------------------------------
    @property
    def scroll(self) -> float:
        """How far down the section is scrolled, 0 (top) to 1 (bottom)."""
        bar = self.text_box.scroll_bar if self.text_box is not None else None
        return 0.0 if bar is None else float(bar.start_percentage)

    def at_end(self) -> bool:
        """The section's last line is on screen."""
        bar = self.text_box.scroll_bar if self.text_box is not None else None
        return bar is None or bar.start_percentage + bar.visible_percentage >= 0.999

    def scroll_by(self, pixels: int) -> None:
        """Move the text by pixels (negative: up)."""
        box = self.text_box
        bar = box.scroll_bar if box is not None else None
        if box is None or bar is None:
            return
        total = max(1, box.text_box_layout.layout_rect.height)
        top = max(0.0, 1.0 - bar.visible_percentage)
        bar.set_scroll_from_start_percentage(min(top, max(0.0, bar.start_percentage + pixels / total)))
        box.update(0.0)

    def on_event(self, event: pygame.event.Event) -> None:
        """Back, section choice, and the keys the text box does not handle itself."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
        elif (
            event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.section_list
        ):
            self.show(self._index_of(event.text))
        elif event.type == pygame.KEYDOWN:
            step = self.app.fonts.line_height(Fonts.BODY)
            page = self.text_box.rect.h - 2 * step if self.text_box is not None else 300
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_q):
                self.app.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_j):
                self.scroll_by(step)
            elif event.key in (pygame.K_UP, pygame.K_w, pygame.K_k):
                self.scroll_by(-step)
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_SPACE):
                if self.at_end():
                    self.show(self.index + 1)
                else:
                    self.scroll_by(page)
            elif event.key == pygame.K_PAGEUP:
                if self.scroll <= 0 and self.index > 0:
                    self.show(self.index - 1)
                else:
                    self.scroll_by(-page)
            elif event.key in (pygame.K_RIGHT, pygame.K_TAB):
                self.show(self.index + 1)
            elif event.key == pygame.K_LEFT:
                self.show(self.index - 1)
            elif event.key == pygame.K_HOME:
                self.scroll_by(-(10**9))
            elif event.key == pygame.K_END:
                self.scroll_by(10**9)

    def _index_of(self, title: str) -> int:
        return next((i for i, t in enumerate(self.titles) if t == title), self.index)


def fit_title(font: pygame.font.Font, title: str, width: int) -> str:
    """A section title as the list shows it: whole when it fits, else cut at a word with "…"."""
    if font.size(title)[0] <= width:
        return title
    words = title.split()
    while len(words) > 1 and font.size(" ".join(words) + "…")[0] > width:
        words.pop()
    return " ".join(words) + "…"
