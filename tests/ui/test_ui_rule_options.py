"""The launcher's 'Rules options' row: the ruleset's declared options by display name, carried
into the match's scenario."""

from __future__ import annotations

from game.core.options import RULES_KEY, player_character_sides, rule_value
from game.ui.scenes.launcher import LauncherScene


def _started(app, scene):
    scene.start()
    session = app.scene.session
    return session.match


def test_the_launcher_lists_voidmarked_options_and_starts_with_the_choice(app):
    scene = LauncherScene(app)
    scene._menu_changed(scene.rs_menu, "voidmarked")
    menu = scene.option_menus["crit_against"]
    shown = [o[0] if isinstance(o, tuple) else o for o in menu.options_list]
    assert shown == ["Critical hits: twice the Defence total", "Critical hits: twice the Defence stat"]
    assert "" not in scene.option_menus  # voidmarked has no player characters to choose
    assert scene.scenario_options() == {}  # the default is not stored
    scene._menu_changed(menu, "stat")
    match = _started(app, scene)
    assert match.scenario.options[RULES_KEY] == {"crit_against": "stat"}
    assert rule_value(match.scenario, match.ruleset, "crit_against") == "stat"


def test_the_launcher_sets_saves_player_characters_and_who_acts_first(app):
    scene = LauncherScene(app)
    scene._menu_changed(scene.rs_menu, "saves")
    assert set(scene.option_menus) == {"", "surprise", "blast_gang", "morale"}
    scene._menu_changed(scene.option_menus[""], "none")
    scene._menu_changed(scene.option_menus["surprise"], "p2")
    match = _started(app, scene)
    assert player_character_sides(match.scenario) == []
    assert match.scenario.options[RULES_KEY] == {"surprise": "p2"}
    assert match.current().side == "p2"  # who acts first, chosen in the launcher


def test_a_ruleset_without_options_shows_no_row(app):
    scene = LauncherScene(app)
    scene._menu_changed(scene.rs_menu, "casket")
    assert scene.option_menus == {}
