"""The launcher at 150 % UI scale: drop-down lists grow with the font (issue #17, 4.6)."""

from __future__ import annotations

import pytest

from game.ui.scenes.launcher import LauncherScene
from game.ui.theme import Fonts


def _expand(app, menu):
    """Open a drop-down as a click on it would, and let pygame_gui build the list."""
    menu.current_state.should_transition = True
    menu.current_state.target_state = "expanded"
    for _ in range(2):
        app.step(block=False)
    return menu.current_state.options_selection_list


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_dropdown_items_are_tall_enough_for_the_scaled_font(app, scale):
    app.settings.ui_scale = scale
    app.fonts.set_scale(scale)
    scene = LauncherScene(app)
    app.switch(scene)
    app.step(block=False)
    text_h = app.fonts.font(Fonts.BODY).get_linesize()
    for menu in (scene.side_menus["p2"], scene.map_menu, scene.squad_menus["p1"]):
        listing = _expand(app, menu)
        assert listing is not None
        assert listing.list_item_height >= text_h, (scale, listing.list_item_height, text_h)
        shown = [item for item in listing.item_list if item.get("button_element") is not None]
        # Every option is reachable (shown, or scrolled to when the window is too short) and no
        # row overlaps its neighbour.
        rects = [item["button_element"].rect for item in shown]
        assert len(shown) == len(listing.item_list) or listing.scroll_bar is not None
        for a, b in zip(rects, rects[1:], strict=False):
            assert a.bottom <= b.top
        menu.current_state.should_transition = True
        menu.current_state.target_state = "closed"
        app.step(block=False)
