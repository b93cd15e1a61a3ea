"""What a new player meets first: the window's class, the AI levels the README lists, only
playable maps, and a replay kept after a finished game (issue #17, 4.12)."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pygame_gui

from game.core import ruleset as registry
from game.sim import run_replay
from game.ui.app import build_session
from game.ui.replays import replays_dir
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.launcher import LauncherScene
from game.ui.scenes.results import ResultsScene


def test_the_window_class_is_the_game_not_the_script():
    # A fresh interpreter: SDL reads the class when the first window is made.
    code = (
        "import os\n"
        "from game.ui.app import App\n"
        "App((320, 200))\n"
        "print(os.environ.get('SDL_VIDEO_X11_WMCLASS'), os.environ.get('SDL_VIDEO_WAYLAND_WMCLASS'))\n"
        "import pygame; print(pygame.display.get_caption()[0])\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.endswith("_WMCLASS")}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert lines[-2] == "skirmish-table skirmish-table"
    assert lines[-1] == "Skirmish Table"


def test_the_window_is_drawn_without_loading_opengl():
    # SDL2 on X11 otherwise draws the window through an OpenGL texture: Mesa alone held about
    # 95 MiB of the window's 200 (benchmarks/memory.py --window). A player's setting wins.
    code = (
        "import os\n"
        "from game.ui.app import App\n"
        "App((320, 200))\n"
        "print(os.environ.get('SDL_FRAMEBUFFER_ACCELERATION'))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "SDL_FRAMEBUFFER_ACCELERATION"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "0"
    env["SDL_FRAMEBUFFER_ACCELERATION"] = "1"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.stdout.strip().splitlines()[-1] == "1"


def test_launcher_offers_every_ai_level_the_readme_lists(app):
    scene = LauncherScene(app)
    offered = [o[0] for o in scene.side_menus["p2"].options_list]
    for level in ("Human", "Random", "Easy", "Normal", "Hard"):
        assert any(level.lower() in o.lower() for o in offered), (level, offered)


def test_launcher_starts_a_game_against_the_random_ai(app):
    scene = LauncherScene(app)
    app.switch(scene)
    scene._menu_changed(scene.side_menus["p2"], "ai:random")
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.buttons["start"]))
    assert isinstance(app.scene, BattleScene)
    assert app.scene.session.specs["p2"] == "ai:random"
    assert type(app.scene.session.players["p2"]).__name__ == "RandomAI" or (
        getattr(app.scene.session.players["p2"], "level", "") == "random"
    )


def test_benchmark_maps_are_not_offered_to_players(app):
    assert any(p.stem.startswith("bench_") for p in registry.get("voidmarked").maps())
    scene = LauncherScene(app)
    for rid in registry.available():
        scene._menu_changed(scene.rs_menu, rid)
        offered = [o[1] for o in scene.map_menu.options_list]
        assert offered and not any("bench" in o for o in offered), offered


def test_a_finished_game_leaves_a_replay_that_replays(app):
    s = build_session("voidmarked", None, 3, "baseline", "ai:easy")
    while not s.over:
        s.step_ai()
    assert not list(replays_dir().glob("*.json"))
    scene = ResultsScene(app, s)
    app.switch(scene)
    kept = list(replays_dir().glob("*.json"))
    assert kept == [scene.replay_path]
    match, data = run_replay(kept[0])
    assert data["controllers"] == {"p1": "baseline", "p2": "ai:easy"}
    assert match.state_hash() == s.match.state_hash() == data["final_hash"]
    # Watching that replay in the window does not keep another one.
    ResultsScene(app, s, replay=True)
    assert len(list(replays_dir().glob("*.json"))) == 1
