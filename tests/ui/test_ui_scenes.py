"""Launcher, settings and rules screens: widgets work, choices start the right skirmish, settings persist."""

from __future__ import annotations

import re

import pygame
import pygame_gui
import pytest

from game.core import ruleset as registry
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.launcher import LauncherScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.rules_text import Style, player_markdown, rules_markup, rules_sections
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.settings import load_settings


def _choose(scene, menu, option_id):
    """What pygame_gui posts when a drop-down option is picked."""
    scene.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu,
                                    selected_option_id=option_id, text=option_id))


def test_launcher_starts_the_chosen_skirmish(app, driver, mini_registered, monkeypatch):
    monkeypatch.setattr(registry, "available", lambda: ["mini"])
    # the launcher lists rulesets by name without importing them (registry.offered_names)
    monkeypatch.setattr(registry, "offered_names", lambda: [("mini", mini_registered.name)])
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
    # the launcher lists rulesets by name without importing them (registry.offered_names)
    monkeypatch.setattr(registry, "offered_names", lambda: [("mini", mini_registered.name)])
    scene = LauncherScene(app)
    app.switch(scene)
    scene.seed_entry.set_text("")
    scene.start()
    assert app.scene is scene and "seed" in scene.error


def test_launcher_seed_comes_from_the_os_and_new_seed_changes_it(app, mini_registered, monkeypatch):
    monkeypatch.setattr(registry, "available", lambda: ["mini"])
    # the launcher lists rulesets by name without importing them (registry.offered_names)
    monkeypatch.setattr(registry, "offered_names", lambda: [("mini", mini_registered.name)])
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


STYLE = Style(30, 19, "#e6e8ec", "#f0e442", "#969ca8", "#56b4e9")
# The tags pygame_gui's text box draws; anything else shows as nothing or warns.
GUI_TAGS = {"b", "i", "u", "font", "br", "p", "a", "shadow", "effect", "img", "body"}


def _tags(markup):
    return {t.lower() for t in re.findall(r"</?([a-zA-Z0-9]+)", markup)}


def test_rules_markdown_renders_to_the_text_box_subset():
    doc = (
        "# Mini\n\nFlip from the *deck*, then **cheat**; see `odds`.\n\n## A turn\n\n"
        "1. **Start** of turn.\n2. Then, in any order:\n  - one Move;\n  - one Action.\n3. End.\n\n"
        "| weapon | range |\n|---|---|\n| Pistol | 30 ft |\n"
    )
    out = rules_markup(doc, STYLE)
    assert _tags(out) <= GUI_TAGS, _tags(out) - GUI_TAGS
    text = re.sub(r"<[^>]+>", "", out.replace("<br>", "\n"))
    assert "*" not in text and "`" not in text and "|" not in text and "#" not in text
    assert "<i>deck</i>" in out and "<b>cheat</b>" in out
    lines = [ln.strip("\u00a0 ") for ln in text.splitlines()]
    # Numbered items each start their own line, with their numbers; the nested ones are bullets.
    assert any(ln.startswith("1. Start of turn") for ln in lines)
    assert any(ln.startswith("2. Then") for ln in lines)
    assert any(ln.startswith("3. End") for ln in lines)
    assert sum(ln.startswith("• one") for ln in lines) == 2
    assert any(ln.startswith("Pistol") and "range: 30 ft" in ln for ln in lines)


@pytest.mark.parametrize("rid", ["voidmarked", "casket"])
def test_the_players_rules_leave_out_developer_notes(rid):
    source = registry.get(rid).rules_doc().read_text(encoding="utf-8")
    assert "shared/rules/" in source  # the note is in the document ...
    shown = player_markdown(source)
    # ... but not in what the player reads: no seed file, catalog path, code or test file.
    for note in ("shared/rules/", ".txt`", ".py", "tests/", "Source:"):
        assert note not in shown, note
    sections = rules_sections(source)
    assert len(sections) >= 8 and all(len(title) <= 28 for title, _ in sections)
    for _, text in sections:
        assert _tags(rules_markup(text, STYLE, player=False)) <= GUI_TAGS


@pytest.mark.parametrize("rid", ["voidmarked", "casket", "saves"])
def test_the_players_rules_leave_out_catalog_ids(rid):
    """The docs tag rules with catalog ids ("(**CK-DECLARE**)") for tests; players never see them."""
    source = registry.get(rid).rules_doc().read_text(encoding="utf-8")
    assert re.search(r"\b[A-Z]{2,}-[A-Z]{2,}", source)
    leak = re.search(r".{0,30}\b[A-Z]{2,}-[A-Z]{2,}.{0,10}", player_markdown(source))
    assert leak is None, leak



def test_rules_scene_shows_a_section_scrolls_and_turns_pages(
    app, driver, mini_registered, tmp_path, monkeypatch
):
    doc = tmp_path / "mini.md"
    doc.write_text(
        "# Mini\n\nSource: seed `000_abc.txt`, rule ids from `shared/rules/mini.md`.\n\n"
        "Some *text* that\ncontinues.\n\n## Long\n\n"
        + "".join(f"- rule number **{i}**\n" for i in range(80))
        + "\n## Next\n\nThe end.\n"
    )
    monkeypatch.setattr(mini_registered, "rules_doc", lambda: doc)
    scene = RulesScene(app, mini_registered)
    app.push(scene)
    driver.pump()
    assert [t for t, _ in scene.sections] == ["Mini", "Long", "Next"]
    html = scene.text_box.html_text
    assert "<i>text</i>" in html and "Some" in html and "000_abc" not in html and "shared/" not in html
    driver.key(pygame.K_RIGHT)
    assert scene.index == 1 and "rule number" in scene.text_box.html_text
    assert scene.text_box.scroll_bar is not None and scene.scroll == 0
    driver.key(pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    for _ in range(20):
        driver.key(pygame.K_PAGEDOWN)
    assert scene.index == 2 and "The end." in scene.text_box.html_text
    driver.key(pygame.K_ESCAPE)
    assert app.scene is not scene


def test_a_missing_rules_doc_is_said_plainly(app, mini_registered):
    scene = RulesScene(app, mini_registered)
    assert scene.missing and "not installed" in scene.text_box.html_text


def test_back_from_the_rules_the_launcher_keeps_its_widgets_manager_unless_the_style_changed(app):
    # issue 38: a new manager loads its theme and fonts again: the window grew by about 16 MiB
    # each time the rules screen closed, and the launcher built its widgets twice
    launcher = LauncherScene(app)
    app.switch(launcher)
    manager = launcher.manager
    app.open_rules(launcher.ruleset)
    app.pop()
    assert app.scene is launcher and launcher.manager is manager
    app.settings.ui_scale = 1.25
    app.apply_settings()
    app.open_settings()
    app.pop()
    assert launcher.manager is not manager
