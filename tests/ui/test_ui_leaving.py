"""Leaving a battle with unsaved progress asks first; the load list says which game each save is
(issue #17, frictions)."""

from __future__ import annotations

import pygame
from miniset import mini_match

from game.ui.app import build_session
from game.ui.saves import save_game, saves_dir
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.launcher import LauncherScene
from game.ui.scenes.menus import LoadScene, save_summary, unsaved_progress
from game.ui.session import Session


def battle_with_moves(app, steps: int = 6) -> BattleScene:
    s = Session(mini_match(size=(6, 6)), {"p1": "baseline", "p2": "baseline"})
    for _ in range(steps):
        s.step_ai()
    scene = BattleScene(app, s)
    app.switch(scene)
    return scene


def _press(menu, label):
    column = menu.column
    index = next(i for i, item in enumerate(column.items) if item[0].startswith(label))
    column.items[index][1]()


def test_quit_game_with_unsaved_moves_asks_first(app, mini_registered):
    scene = battle_with_moves(app)
    assert unsaved_progress(scene.session)
    scene.open_menu()
    _press(scene.menu, "Quit game")
    assert app.running and scene.menu.asking
    _press(scene.menu, "Cancel")
    assert app.running and not scene.menu.asking
    _press(scene.menu, "Quit game")
    _press(scene.menu, "Quit game without saving")
    assert not app.running


def test_save_then_quit_leaves_a_save_and_quits(app, mini_registered):
    scene = battle_with_moves(app)
    scene.open_menu()
    _press(scene.menu, "Quit to launcher")
    _press(scene.menu, "Save, then")
    assert isinstance(app.scene, LauncherScene)
    assert len(list(saves_dir().glob("*.json"))) == 1


def test_nothing_to_lose_means_no_question(app, mini_registered):
    scene = battle_with_moves(app)
    save_game(scene.session)
    assert not unsaved_progress(scene.session)
    scene.open_menu()
    _press(scene.menu, "Quit game")
    assert not app.running


def test_closing_the_window_mid_battle_asks_and_a_second_close_quits(app, driver, mini_registered):
    scene = battle_with_moves(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(block=False)
    assert app.running and scene.overlay == "pause" and scene.menu.asking
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(block=False)
    assert not app.running


def test_load_list_shows_ruleset_map_round_squads_and_time(app):
    s = build_session("voidmarked", None, 4, "baseline", "baseline")
    for _ in range(60):
        s.step_ai()
    path = save_game(s)
    summary = save_summary(path)
    assert summary is not None
    assert summary.label == "Vanguard vs Void Cult"
    assert summary.detail.startswith(f"Voidmarked · Warehouse · round {s.match.round} · ")
    assert summary.saved[:4].isdigit() and ":" in summary.saved
    scene = LoadScene(app)
    app.switch(scene)
    drawn: list[str] = []
    real = app.fonts.render
    app.fonts.render = lambda text, *a, **k: (drawn.append(text), real(text, *a, **k))[1]
    scene.draw(app.screen)
    assert "Vanguard vs Void Cult" in drawn and summary.detail in drawn
    assert path.stem not in " ".join(drawn)
