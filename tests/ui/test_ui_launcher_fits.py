"""The launcher fits its window: every widget whole, inside it and apart from the others, for every
ruleset at 100 % and 150 % in 1280x720 and 1280x800 (saves' four rules options at 150 % ran off a
720-pixel window, and one of them was cut inside its menu at 100 %)."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from game.ui.scenes.launcher import LauncherScene
from game.ui.theme import Fonts

RULESETS = ["voidmarked", "casket", "varium", "tokens", "saves"]


def _launcher(app, ruleset, scale, size, first_frame):
    app.screen = pygame.display.set_mode(size)
    app.settings.ui_scale = scale
    app.fonts.set_scale(scale)
    scene = LauncherScene(app, deferred=first_frame)
    scene.ruleset_id = ruleset
    if not first_frame:
        scene._choose_defaults()
    scene.build()
    app.switch(scene)
    app.step(block=False)
    return scene


def _widgets(scene):
    """The launcher's own widgets (not the parts of the description box: its scroll bar)."""
    inner = set()
    if scene.desc is not None and scene.desc.scroll_bar is not None:
        bar = scene.desc.scroll_bar
        inner = {id(bar), id(getattr(bar, "button_container", None))}
    return [e for e in scene.manager.get_root_container().elements if id(e) not in inner]


def _shown_text(widget):
    """The text a widget shows and the width it has for it (None where it shows none)."""
    if isinstance(widget, UIDropDownMenu):
        state = widget.current_state
        return state.selected_option[0], state.selected_option_button.rect.width
    if isinstance(widget, UIButton | UILabel) and "#title" not in widget.object_ids:
        return widget.text, widget.rect.width
    return None


@pytest.mark.parametrize("first_frame", [False, True], ids=["ready", "first-frame"])
@pytest.mark.parametrize("size", [(1280, 720), (1280, 800)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_launcher_widget_is_whole_inside_the_window_and_apart(app, ruleset, scale, size, first_frame):
    scene = _launcher(app, ruleset, scale, size, first_frame)
    # the notice line under the buttons is on screen too
    scene.show_error("The seed must be a whole number (0 or more).")
    window = pygame.Rect((0, 0), size)
    widgets = _widgets(scene)
    font = app.fonts.font(Fonts.BODY)
    for w in widgets:
        assert window.contains(w.rect), (type(w).__name__, w.rect, _shown_text(w))
        shown = _shown_text(w)
        if shown is not None and shown[0]:
            assert font.size(shown[0])[0] <= shown[1], (shown, w.rect)
    for i, a in enumerate(widgets):
        for b in widgets[i + 1:]:
            assert not a.rect.colliderect(b.rect), (
                (type(a).__name__, a.rect, _shown_text(a)), (type(b).__name__, b.rect, _shown_text(b)))


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("ruleset", ["voidmarked", "varium", "tokens", "saves"])
def test_every_rules_options_list_opens_whole_inside_the_window(app, ruleset, scale, size):
    # the lowest row's list at 150 % went under the window's edge (its last choice scrolled to)
    scene = _launcher(app, ruleset, scale, size, False)
    window = pygame.Rect((0, 0), size)
    for name, menu in scene.option_menus.items():
        menu.current_state.should_transition = True
        menu.current_state.target_state = "expanded"
        for _ in range(2):
            app.step(block=False)
        listing = menu.current_state.options_selection_list
        assert listing is not None
        assert window.contains(listing.rect), (name, listing.rect)
        shown = [item for item in listing.item_list if item.get("button_element") is not None]
        assert len(shown) == len(listing.item_list) and listing.scroll_bar is None, name
        menu.current_state.should_transition = True
        menu.current_state.target_state = "closed"
        app.step(block=False)
