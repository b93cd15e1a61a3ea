"""The launcher's map list: every shipped map of the ruleset's board kind, named with the
ruleset it was made for when that is another; the chosen map starts the battle."""

from __future__ import annotations

import pygame
import pygame_gui

from game.paths import MAPS_DIR
from game.ui.map_choice import map_choice_label, map_choice_line
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.launcher import LauncherScene


def _choose(scene, menu, option_id):
    scene.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu,
                                    selected_option_id=option_id, text=option_id))


def test_map_labels_name_the_ruleset_a_map_was_made_for():
    from game.core import ruleset as registry

    ford = MAPS_DIR / "square" / "saves_ford.tmx"
    assert map_choice_label(ford, registry.get("saves")) == "Old Ford"
    assert map_choice_label(ford, registry.get("tokens")) == "Old Ford (a Saves map)"
    line = map_choice_line(ford, registry.get("tokens"))
    assert line.startswith("<b>Map: Old Ford</b> — A walled river crossing") and "Made for Saves" in line
    assert "Made for" not in map_choice_line(ford, registry.get("saves"))


def test_launcher_offers_every_square_map_and_starts_on_another_rulesets_map(app, driver):
    scene = LauncherScene(app)
    app.switch(scene)
    _choose(scene, scene.rs_menu, "tokens")
    scene = app.scene
    shipped = {p.name for p in (MAPS_DIR / "square").glob("*.tmx") if not p.stem.startswith("bench_")}
    assert {p.name for p in scene.maps()} == shipped
    assert scene.map_path is not None and scene.map_path.stem == "tokens_yard"  # its own map first
    labels = dict((v, k) for k, v in scene.map_menu.options_list)
    ford = next(p for p in scene.maps() if p.stem == "saves_ford")
    assert labels[str(ford)] == "Old Ford (a Saves map)"
    _choose(scene, scene.map_menu, str(ford))
    assert "Map: Old Ford" in scene.desc.html_text
    _choose(scene, scene.side_menus["p1"], "ai:easy")
    scene.seed_entry.set_text("77")
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.buttons["start"]))
    battle = app.scene
    assert isinstance(battle, BattleScene)
    assert battle.match.scenario.ruleset == "tokens"
    assert battle.match.scenario.map == "square/saves_ford.tmx"
