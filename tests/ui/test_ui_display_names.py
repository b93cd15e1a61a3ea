"""No internal names on the launcher and results screens: squads, units, maps, sides and rulesets
are shown by their display names (issue #17, 4.11)."""

from __future__ import annotations

import re

import pygame_gui
import pytest

from game.core import ruleset as registry
from game.rulesets.voidmarked.query import data as vm_data
from game.ui.app import build_session
from game.ui.display_names import map_title, name_sides, side_names, units_line
from game.ui.scenes.launcher import LauncherScene
from game.ui.scenes.results import ResultsScene

INTERNAL = re.compile(r"_|\.tmx|\bp[12]\b|/")


def gui_strings(manager) -> list[str]:
    """Every string a pygame_gui manager's widgets show, drop-down options included."""
    out: list[str] = []
    for element in manager.get_sprite_group().sprites():
        for attr in ("text", "html_text"):
            value = getattr(element, attr, None)
            if isinstance(value, str) and value:
                out.append(value)
        if isinstance(element, pygame_gui.elements.UIDropDownMenu):
            out.extend(o[0] if isinstance(o, tuple) else o for o in element.options_list)
    return out


def test_launcher_shows_no_internal_names(app, monkeypatch):
    shown_rulesets = []
    for rid in registry.available():
        scene = LauncherScene(app)
        scene._menu_changed(scene.rs_menu, rid)
        shown_rulesets.append(rid)
        texts = gui_strings(scene.manager)
        # Only the squads fielded are described; check every squad's line too.
        rs = scene.ruleset
        for sq in rs.squads():
            scene.squads["p2"] = sq
            texts.append(scene._description())
        for text in texts:
            plain = re.sub(r"<[^>]+>", "", text)
            assert not INTERNAL.search(plain), (rid, plain)
    assert "voidmarked" in shown_rulesets
    vm = vm_data()
    cult = registry.get("voidmarked").squads()["void_cult"]
    assert "cult_gunner" in vm.units and "Cult Gunner" in units_line(cult.units)


def test_map_titles_come_from_the_maps():
    assert map_title("square/voidmarked_warehouse.tmx") == "Warehouse"
    assert map_title("hex/casket_foundry.tmx") == "Foundry"
    assert map_title("no_such/odd_map-name.tmx") == "Odd map name"


def test_results_screen_names_map_and_sides(app, monkeypatch):
    s = build_session("voidmarked", None, 3, "baseline", "baseline")
    while not s.over:
        s.step_ai()
    drawn: list[str] = []
    real = app.fonts.render

    def spy(text, *args, **kwargs):
        drawn.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(app.fonts, "render", spy)
    scene = ResultsScene(app, s)
    app.switch(scene)
    scene.draw(app.screen)
    joined = "\n".join(drawn)
    assert "Warehouse" in joined and "Vanguard" in joined and "Void Cult" in joined
    for text in drawn:
        assert not INTERNAL.search(text), text


def test_sides_with_the_same_squad_are_told_apart(mini_registered):
    from miniset import mini_match

    names = side_names(mini_match())
    assert names == {"p1": "Duo (side 1)", "p2": "Duo (side 2)"}
    assert name_sides("every p2 unit is down", names) == "every Duo (side 2) unit is down"


@pytest.mark.parametrize("units,line", [(("A", "B"), "A, B"), (("T", "T", "S"), "2 × T, S")])
def test_units_line_counts_repeats(units, line):
    assert units_line(units) == line


def test_settings_screen_shows_no_internal_names(app):
    from game.ui.scenes.settings_scene import SettingsScene

    scene = SettingsScene(app)
    for text in gui_strings(scene.manager):
        assert "okabe" not in text.lower() and text not in ("high-contrast", "muted"), text


def test_the_battle_log_names_sides_in_the_match_s_own_sentences(app):
    from game.core.events import Event
    from game.core.kinds import EVENT_MATCH_OVER
    from game.ui.scenes.battle import BattleScene

    scene = BattleScene(app, build_session("voidmarked", None, 3, "human", "ai:easy"))
    app.switch(scene)
    scene.log.add([Event(EVENT_MATCH_OVER, "Match over: p2 wins (every p1 unit is down).")])
    scene.draw(app.screen)
    text = " ".join(" ".join(scene.log.wrap(e.text, 2000, 2000)) for e in scene.log.events)
    assert not re.search(r"\bp[12]\b", text), text
    assert scene.side_names["p2"] in text
