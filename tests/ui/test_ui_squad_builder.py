"""The squad builder screen, driven by keys and clicks: it builds a squad, shows the model's totals
and problems, saves it for this user, and the launcher then fields it for a side."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.rulesets.tokens.squadbuild import read_squad, squads_dir
from game.ui.app import App
from game.ui.scenes.launcher import LauncherScene
from game.ui.scenes.squad_builder import SquadBuilderScene
from game.ui.scenes.squad_choices import FILE_PREFIX
from game.ui.settings import Settings


def _open_from_launcher(app, driver) -> SquadBuilderScene:
    launcher = LauncherScene(app)
    app.switch(launcher)
    launcher.ruleset_id = "tokens"
    launcher._choose_defaults()
    launcher.build()
    driver.pump()
    driver.click(launcher.build_squad.rect.center)
    scene = app.scene
    assert isinstance(scene, SquadBuilderScene)
    return scene


def _type(driver, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    driver.pump()


def test_keys_and_clicks_build_and_save_a_squad_the_launcher_then_fields(app, driver):
    scene = _open_from_launcher(app, driver)
    kinds = [k.id for k in scene.model.kinds]
    # keyboard: the kinds list has the keys first; Down to Marksman, Enter adds it with its gear
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    assert [u.kind for u in scene.model.units] == [kinds[1]] == ["marksman"]
    # Tab three times reaches the gear list; choose Plate and give it (a second armour)
    for _ in range(3):
        driver.key(pygame.K_TAB)
    assert scene.focus == "gear"
    gear_ids = list(scene.model.gear)
    driver.key(pygame.K_HOME)
    for _ in range(gear_ids.index("plate")):
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    assert scene.model.units[0].gear.count("plate") == 1
    assert (
        "Marksman: wears 2 armours (Flak Vest and Plate); a unit has one armour slot."
        in scene.model.messages()
    )
    # the screen shows the model's words and marks the armour column
    row = scene.lists["squad"].rows[0]
    assert row.bad and row.cols[2] == "2/1" and row.bad_cols[2]
    # the mouse: choose the Flak Vest in the unit's gear and remove it with the button
    ug = scene.lists["unit_gear"]
    flak = scene.model.units[0].gear.index("flak")
    driver.click(ug.row_rect(flak).center)
    assert scene.focus == "unit_gear" and ug.index == flak
    driver.click(scene.remove_gear_button.rect.center)
    assert "flak" not in scene.model.units[0].gear
    # a double-click on a kind adds it; Delete in the squad list removes the chosen unit
    kl = scene.lists["kinds"]
    driver.click(kl.row_rect(0).center)
    driver.click(kl.row_rect(0).center)
    assert [u.kind for u in scene.model.units] == ["marksman", "vanguard"]
    driver.key(pygame.K_TAB)
    assert scene.focus == "squad"
    driver.key(pygame.K_DELETE)
    assert [u.kind for u in scene.model.units] == ["marksman"]
    # budget down by key: 5 a press
    driver.key(pygame.K_MINUS)
    assert scene.model.budget == 55
    # Ctrl+S without a name is refused in plain words
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    assert scene.status_bad and "needs a name" in scene.status
    # name it by typing, then save
    driver.click(scene.name_entry.rect.center)
    _type(driver, "Long Shots")
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_s, pygame.KMOD_CTRL)
    assert not scene.status_bad, scene.status
    path = squads_dir() / "long_shots.toml"
    squad = read_squad(path)
    assert (squad.name, squad.wealth, [u.kind for u in squad.units]) == ("Long Shots", 55, ["marksman"])
    assert (squad.units[0].weapons, squad.units[0].armour) == (("rifle", "knife"), "plate")
    # Esc returns to the launcher, whose squad menus now offer it; starting fields it
    driver.key(pygame.K_ESCAPE)
    launcher = app.scene
    assert isinstance(launcher, LauncherScene)
    value = f"{FILE_PREFIX}{path}"
    assert ("Mine: Long Shots", value) in launcher.squad_menus["p1"].options_list
    launcher.squads["p1"] = value
    launcher.sides["p2"] = "ai:random"
    assert "Long Shots" in launcher._description()
    launcher.start()
    session = app.scene.session
    assert session.match.scenario.squads["p1"] == "long_shots"
    assert session.match.scenario.options["built_squads"]["p1"]["name"] == "Long Shots"


@pytest.mark.parametrize(("size", "scale"), [((1280, 720), 1.0), ((1280, 720), 1.5), ((1600, 1000), 1.5)])
def test_nothing_overlaps_or_leaves_the_window(size, scale):
    app = App(size, Settings(anim_speed="instant", ui_scale=scale))
    try:
        scene = SquadBuilderScene(app)
        app.push(scene)
        scene.start_from("squad:wardens")
        app.step(block=False)
        screen = pygame.Rect((0, 0), size)
        boxes = [lv.rect for lv in scene.lists.values()] + [
            b.rect
            for b in (
                scene.save_button,
                scene.back_button,
                scene.start_menu,
                scene.name_entry,
                scene.player_button,
                scene.budget_up,
            )
        ]
        for i, a in enumerate(boxes):
            assert screen.contains(a), (a, size, scale)
            for b in boxes[i + 1 :]:
                assert not a.colliderect(b), (a, b, size, scale)
        for name, lv in scene.lists.items():
            assert lv.visible >= 3, (name, size, scale)
        # every list's button sits at its title, clear of its rows and of the title text
        for lv, b in (
            (scene.lists["kinds"], scene.add_unit_button),
            (scene.lists["gear"], scene.give_button),
        ):
            assert lv.rect.contains(b.rect) and not lv.body.colliderect(b.rect)
    finally:
        pygame.quit()


def test_the_battle_names_a_built_side_by_its_squad(tmp_path):
    from game.core.options import BUILT_KEY
    from game.rulesets.tokens import RULESET
    from game.rulesets.tokens.squadbuild import SquadBuilder
    from game.ui.app import build_session
    from game.ui.battle.extensions import side_names

    b = SquadBuilder.from_squad("brood")
    b.name = "Night Hunters"
    data = RULESET.read_squad_file(b.save(tmp_path))
    session = build_session("tokens", None, 2, "ai:random", "ai:random", None, {BUILT_KEY: {"p2": data}})
    assert side_names(session) == {"p1": "Wardens", "p2": "Night Hunters"}
    session.match.close()


def test_leaving_with_unsaved_changes_asks_first(app, driver):
    """Issue #33, item 14: Back, Esc and "Start from" ask before dropping unsaved changes."""
    scene = _open_from_launcher(app, driver)
    assert not scene.unsaved()
    driver.key(pygame.K_RETURN)  # adds the first kind
    assert scene.model.units and scene.unsaved()
    driver.key(pygame.K_ESCAPE)
    assert app.scene is scene and scene.question is not None  # asked, not gone
    driver.key(pygame.K_ESCAPE)  # Esc keeps the changes
    assert app.scene is scene and scene.question is None and scene.model.units
    driver.click(scene.back_button.rect.center)
    assert app.scene is scene and scene.question is not None
    scene.answer_question(True)  # "Drop them"
    assert isinstance(app.scene, LauncherScene)
    # once saved, leaving asks nothing
    scene = _open_from_launcher(app, driver)
    scene.start_from("squad:wardens")
    assert not scene.unsaved()
    driver.key(pygame.K_RETURN)
    assert scene.unsaved()
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.start_menu,
                                         selected_option_id="empty", text=""))
    driver.pump()
    assert scene.question is not None and scene.model.units  # not replaced yet
    scene.answer_question(True)
    assert not scene.model.units
