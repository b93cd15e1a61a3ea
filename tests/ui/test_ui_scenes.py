"""Launcher, settings and rules screens: widgets work, choices start the right skirmish, settings persist."""

from __future__ import annotations

import pygame
import pygame_gui

from game.core import ruleset as registry
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.launcher import LauncherScene
from game.ui.scenes.rules import RulesScene, parse_markdown
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.settings import load_settings


def _choose(scene, menu, option_id):
    """What pygame_gui posts when a drop-down option is picked."""
    scene.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu,
                                    selected_option_id=option_id, text=option_id))


def test_launcher_starts_the_chosen_skirmish(app, driver, mini_registered, monkeypatch):
    monkeypatch.setattr(registry, "available", lambda: ["mini"])
    scene = LauncherScene(app)
    app.switch(scene)
    driver.pump()
    assert scene.ruleset_id == "mini" and scene.map_path is not None
    _choose(scene, scene.side_menus["p1"], "ai:hard")
    _choose(scene, scene.side_menus["p2"], "human")
    scene.seed_entry.set_text("1234")
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.buttons["start"]))
    battle = app.scene
    assert isinstance(battle, BattleScene)
    assert battle.match.scenario.seed == 1234
    assert battle.session.specs == {"p1": "ai:hard", "p2": "human"}
    assert battle.match.scenario.map == "square/" + scene.map_path.name


def test_launcher_rejects_a_bad_seed_with_one_line(app, mini_registered, monkeypatch):
    monkeypatch.setattr(registry, "available", lambda: ["mini"])
    scene = LauncherScene(app)
    app.switch(scene)
    scene.seed_entry.set_text("")
    scene.start()
    assert app.scene is scene and "seed" in scene.error


def test_launcher_seed_comes_from_the_os_and_new_seed_changes_it(app, mini_registered, monkeypatch):
    monkeypatch.setattr(registry, "available", lambda: ["mini"])
    seeds = {LauncherScene(app).seed for _ in range(5)}
    assert len(seeds) > 1
    scene = LauncherScene(app)
    old = scene.seed
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.new_seed))
    assert scene.seed_entry.get_text() == str(scene.seed) and scene.seed != old


def test_settings_change_applies_and_persists(app, driver):
    scene = SettingsScene(app)
    app.push(scene)
    _choose(scene, scene.palette_menu, "high-contrast")
    assert app.palette.name == "high-contrast"
    _choose(scene, scene.scale_menu, "1.25")
    assert app.fonts.scale == 1.25
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.mute))
    assert app.sounds.volume == 0.0
    saved = load_settings()
    assert saved.palette == "high-contrast" and saved.ui_scale == 1.25 and saved.muted


def test_rules_scene_renders_the_doc_and_scrolls(app, driver, mini_registered, tmp_path, monkeypatch):
    doc = tmp_path / "mini.md"
    doc.write_text("# Mini\n\nSome text that\ncontinues.\n\n- a bullet\n\n| id | rule |\n|---|---|\n"
                   + "".join(f"| MN-{i} | rule number {i} |\n" for i in range(60)))
    monkeypatch.setattr(mini_registered, "rules_doc", lambda: doc)
    scene = RulesScene(app, mini_registered)
    app.push(scene)
    driver.pump()
    driver.key(pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    blocks = parse_markdown(doc.read_text())
    assert blocks[0].kind == "h1" and blocks[2].cells == ["Some text that continues."]
    assert sum(b.kind == "row" for b in blocks) == 60


def test_a_missing_rules_doc_is_said_plainly(app, mini_registered):
    scene = RulesScene(app, mini_registered)
    assert any("No rules reference" in " ".join(b.cells) for b in scene.blocks)
