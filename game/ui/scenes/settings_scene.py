"""The settings screen: UI scale, animation speed, palette, volume and mute, fullscreen, AI reasoning,
replays kept.

Every change is saved at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UILabel

from game.ui.scenes.gui import GuiScene
from game.ui.settings import ANIM_SPEEDS, PALETTES, REPLAYS_KEPT, UI_SCALES

#: what the colour choices are called on screen (the settings file keeps the ids)
PALETTE_NAMES = {"okabe-ito": "Colour-blind safe", "high-contrast": "High contrast", "muted": "Muted"}

if TYPE_CHECKING:
    from game.ui.app import App


class SettingsScene(GuiScene):
    """Change settings; each change applies at once and is written to the settings file."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.build()

    def build(self) -> None:
        """Lay out the controls."""
        self.manager.clear_and_reset()
        s = self.app.settings
        f = self.app.fonts
        m, row = f.px(40), f.px(42)
        label_w, field_w = f.px(190), f.px(260)
        UILabel(pygame.Rect(m, f.px(20), f.px(600), f.px(50)), "Settings", self.manager, object_id="#title")
        y = f.px(90)
        x = m + label_w

        def label(text: str) -> None:
            UILabel(pygame.Rect(m, y, label_w, row - 8), text, self.manager)

        label("UI scale")
        scales = [(f"{int(v * 100)} %", str(v)) for v in UI_SCALES]
        self.scale_menu = UIDropDownMenu(
            scales,
            next(o for o in scales if o[1] == str(s.ui_scale)),
            pygame.Rect(x, y, field_w, row - 8),
            self.manager,
        )
        y += row
        label("Animation speed")
        speeds = [(k.capitalize(), k) for k in ANIM_SPEEDS]
        self.speed_menu = UIDropDownMenu(
            speeds,
            next(o for o in speeds if o[1] == s.anim_speed),
            pygame.Rect(x, y, field_w, row - 8),
            self.manager,
        )
        y += row
        label("Colours")
        pals = [(PALETTE_NAMES.get(k, k.replace("-", " ").capitalize()), k) for k in PALETTES]
        self.palette_menu = UIDropDownMenu(
            pals,
            next(o for o in pals if o[1] == s.palette),
            pygame.Rect(x, y, field_w, row - 8),
            self.manager,
        )
        self.swatch_y = y
        y += row
        label("Volume")
        self.volume = UIHorizontalSlider(
            pygame.Rect(x, y, field_w, row - 8), s.volume, (0.0, 1.0), self.manager, click_increment=0.1
        )
        self.mute = UIButton(
            pygame.Rect(x + field_w + f.px(10), y, f.px(130), row - 8),
            "Unmute" if s.muted else "Mute",
            self.manager,
        )
        y += row
        label("Fullscreen")
        self.full = UIButton(
            pygame.Rect(x, y, field_w, row - 8), "On" if s.fullscreen else "Off", self.manager
        )
        y += row
        label("AI reasoning")
        self.reasoning = UIButton(
            pygame.Rect(x, y, field_w, row - 8), "Shown" if s.ai_reasoning else "Hidden", self.manager
        )
        y += row
        label("Replays kept")
        kept = [(f"Newest {n}", str(n)) for n in REPLAYS_KEPT]
        self.kept_menu = UIDropDownMenu(
            kept,
            next(o for o in kept if o[1] == str(s.replays_kept)),
            pygame.Rect(x, y, field_w, row - 8),
            self.manager,
        )
        y += row + f.px(20)
        self.back = UIButton(pygame.Rect(m, y, f.px(160), f.px(42)), "Back", self.manager)
        told = self.app.settings_write_notice  # a failed write, told here rather than swallowed
        self.told_shown = bool(told)
        self.note = UILabel(
            pygame.Rect(m, y + f.px(50), self.app.screen_size[0] - 2 * m, f.px(26)),
            told or "Changes apply at once and are saved. Esc returns.",
            self.manager,
            object_id="#error" if told else "#dim",
        )

    def _changed(self, rebuild: bool = False) -> None:
        self.app.apply_settings()
        if self.app.settings_write_notice and not self.told_shown and not rebuild:
            self.build()
        if rebuild:
            self.restyle()
        self.dirty = True

    def on_event(self, event: pygame.event.Event) -> None:
        """Apply each change."""
        s = self.app.settings
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.scale_menu:
                s.ui_scale = float(event.selected_option_id)
                self._changed(rebuild=True)
            elif event.ui_element is self.speed_menu:
                s.anim_speed = event.selected_option_id
                self._changed()
            elif event.ui_element is self.palette_menu:
                s.palette = event.selected_option_id
                self._changed(rebuild=True)
            elif event.ui_element is self.kept_menu:
                s.replays_kept = int(event.selected_option_id)
                self._changed()
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume:
            s.volume = round(float(self.volume.get_current_value()), 2)
            self._changed()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.mute:
                s.muted = not s.muted
                self.mute.set_text("Unmute" if s.muted else "Mute")
                self._changed()
                self.app.sounds.play("click")
            elif event.ui_element is self.full:
                s.fullscreen = not s.fullscreen
                self._changed()
                self.resize(self.app.screen_size)
            elif event.ui_element is self.reasoning:
                s.ai_reasoning = not s.ai_reasoning
                self.reasoning.set_text("Shown" if s.ai_reasoning else "Hidden")
                self._changed()
            elif event.ui_element is self.back:
                self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw_background(self, surface: pygame.Surface) -> None:
        """Side colours of the chosen palette next to its menu."""
        f, pal = self.app.fonts, self.app.palette
        x = f.px(40) + f.px(190) + f.px(270)
        for i in range(2):
            rect = pygame.Rect(x + i * f.px(40), self.swatch_y, f.px(32), f.px(32))
            if i == 0:
                pygame.draw.circle(surface, pal.side(0), rect.center, rect.w // 2)
            else:
                pygame.draw.rect(surface, pal.side(1), rect, border_radius=f.px(5))
