"""Issue #33, item 14: the launcher remembers the last choices it started a game with."""

from __future__ import annotations

from game.ui.launch_memory import memory_path
from game.ui.scenes.launcher import LauncherScene


def test_the_launcher_offers_the_last_started_choices_again(app):
    scene = LauncherScene(app)
    app.switch(scene)
    scene._menu_changed(scene.rs_menu, "tokens")
    assert scene.ruleset_id == "tokens"
    rs = scene.ruleset
    other = [sid for sid in rs.squads() if sid != scene.squads["p1"]][0]
    scene._menu_changed(scene.squad_menus["p1"], other)
    scene._menu_changed(scene.side_menus["p2"], "ai:easy")
    maps = scene.maps()
    if len(maps) > 1:
        scene._menu_changed(scene.map_menu, str(maps[1]))
    opt = rs.rule_options()[0] if rs.rule_options() else None
    if opt is not None:
        value = next(v for v in opt.values if v != opt.default)
        scene._menu_changed(scene.option_menus[opt.name], str(value))
    chosen = (scene.ruleset_id, scene.map_path, dict(scene.squads), dict(scene.sides),
              dict(scene.rule_choices))
    scene.start()
    assert memory_path().is_file()
    again = LauncherScene(app)
    assert (again.ruleset_id, again.map_path, again.squads, again.sides, again.rule_choices) == chosen


def test_a_damaged_memory_is_ignored(app):
    memory_path().write_text("{not json", encoding="utf-8")
    scene = LauncherScene(app)
    assert scene.ruleset_id == scene.rulesets[0] and scene.error == ""
    memory_path().write_text('{"ruleset": "tokens", "per": {"tokens": {"squads": {"p1": "nobody"},'
                             ' "sides": {"p1": "ai:godlike"}, "map": "nowhere.tmx"}}}', encoding="utf-8")
    scene = LauncherScene(app)
    assert scene.ruleset_id == "tokens"
    d1, _d2 = scene.ruleset.default_squads()
    assert scene.squads["p1"] == d1 and scene.sides["p1"] == "human" and scene.map_path == scene.maps()[0]
