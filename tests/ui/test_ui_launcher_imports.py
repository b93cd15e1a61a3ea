"""The launcher's first frame imports only the chosen ruleset's rules (issue 38: command to first
frame within 2x a bare pygame window's): the others are listed by name."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
from game.ui.app import App
app = App()
app.to_launcher()
app.scene.draw(app.screen)
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("game.rulesets.", "game.core.tmx.")))))
"""


def test_launcher_imports_only_the_chosen_ruleset(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_DATA_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path), HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    modules = json.loads(out.stdout.strip().splitlines()[-1])
    rulesets = {m.split(".")[2] for m in modules if m.startswith("game.rulesets.")}
    assert rulesets == {"voidmarked"}  # the first offered: nothing remembered in a fresh data folder
    assert "game.core.tmx.loader" not in modules


DEFERRED = """
import json, sys
import pygame
from game.ui.app import App
app = App()
app.fps = 0
app.to_launcher(deferred=True)
app.step(block=False)  # the first frame
first = sorted(m for m in sys.modules
               if m.startswith(("game.rulesets.", "yaml", "game.core.ruleset", "xml.", "pygame_gui")))
usable = sorted(app.scene.picture.buttons)  # the sketch's (no picture kept in a fresh folder)
app.step(block=False)  # pygame_gui's launcher takes over, before its rules are read
app.step(block=False)  # the deferred work, then the launcher made whole
whole = hasattr(app.scene, "map_menu") and app.scene.ready
print(json.dumps([first, usable, whole, app.sounds.opened]))
"""


def test_the_launchers_first_frame_waits_for_no_ruleset_and_the_next_has_them(tmp_path):
    # issue 38: command to first frame within 2x a bare window's; the chosen ruleset's rules, the
    # ruleset registry (the names come from game.core.names), the maps' XML reader, PyYAML
    # (python-i18n's, unused: pygame_gui reads JSON), pygame_gui itself and the audio device come
    # after it
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_DATA_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path), HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", DEFERRED], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    first, usable, whole, sound = json.loads(out.stdout.strip().splitlines()[-1])
    assert first == []
    assert {"start", "quit", "settings", "rules"} <= set(usable)
    assert whole and sound


def test_a_click_before_the_deferred_work_finishes_the_launcher_first(app):
    import pygame

    from game.ui.scenes.launcher import LauncherScene

    scene = LauncherScene(app, deferred=True)
    app.switch(scene)
    assert not scene.ready and not hasattr(scene, "map_menu")
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))
    assert scene.ready and scene.map_path is not None and hasattr(scene, "map_menu")


def test_the_launcher_command_imports_no_argument_parser(tmp_path):
    probe = ("import sys, game.cli, game.ui.app as a; a.launch_command = lambda args: print(sorted("
             "m for m in sys.modules if m in ('argparse', 'game.cliparser', 'game.report.command'))) or 0; "
             "sys.exit(game.cli.main([]))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_launchers_ruleset_names_are_the_registrys():
    from game.core import names
    from game.core import ruleset as registry

    assert names.RULESET_IDS == registry.RULESET_IDS
    assert names.NAMES == registry.NAMES
    assert names.offered_names() == registry.offered_names()


def test_the_collector_is_on_again_after_the_first_frame(app):
    import gc

    from game.ui.scenes.launcher import LauncherScene

    app.first_frame_at = None
    gc.disable()  # as `python -m game` starts (game/__main__.py)
    try:
        app.switch(LauncherScene(app, deferred=True))
        app.step(block=False)  # the first frame
        assert not gc.isenabled() and app.deferred  # the deferred work is still to do
        app.step(block=False)
        assert gc.isenabled()
        app.first_frame_at = None
        app.scene.dirty = True
        gc.disable()
        app.step(block=False)  # a first frame with nothing deferred past it
        assert gc.isenabled()
    finally:
        gc.enable()
