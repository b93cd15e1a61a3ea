"""The launcher's first frame drawn without pygame_gui from the picture an earlier start kept
(issue 38: command to first usable frame within 2x a bare window's): pixel for pixel pygame_gui's
first frame, whatever the seed, at every scale; pygame_gui's launcher takes over in the next pass
and gets the input that came before it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ui.launcher_picture import PictureScene, cache_file
from game.ui.scenes.launcher import LauncherScene

ROOT = Path(__file__).resolve().parents[2]


def _start(app) -> object:
    """What `python -m game` shows first: the picture when one is kept."""
    app.first_frame_at = None
    app.deferred = []
    app.to_launcher(deferred=True)
    return app.scene


def _keep(app) -> None:
    """A first start: the sketch, pygame_gui's launcher before its rules are read (keeping the
    picture as it reads them), then the launcher made whole."""
    first = _start(app)
    assert isinstance(first, PictureScene) and first.keep is not None  # nothing kept: the sketch
    for _ in range(3):
        app.step(block=False)


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _gui_first_frame(app, seed: int) -> bytes:
    """pygame_gui's own first frame of the launcher with this seed."""
    scene = LauncherScene(app, deferred=True, seed=seed, notice="")
    app.switch(scene)
    scene.update(0.0)
    surface = pygame.Surface(app.screen_size)
    scene.draw(surface)
    return _pixels(surface)


@pytest.mark.parametrize("scale,size", [(1.0, (1024, 640)), (1.5, (1280, 720)), (1.25, (1280, 800))])
def test_the_picture_is_pygame_guis_first_frame_pixel_for_pixel(app, scale, size):
    app.screen = pygame.display.set_mode(size)
    app.settings.ui_scale = scale
    app.fonts.set_scale(scale)
    _keep(app)
    assert cache_file(app.scene.ruleset_id).is_file() and app.scene.ready
    for seed in (7, 40, 987654321):
        scene = _start(app)
        assert isinstance(scene, PictureScene) and scene.keep is None
        scene.launcher["seed"] = seed
        drawn = pygame.Surface(app.screen_size)
        scene.draw(drawn)
        assert _pixels(drawn) == _gui_first_frame(app, seed), seed


def test_a_picture_of_another_scale_is_not_used(app):
    _keep(app)
    assert _start(app).keep is None
    app.settings.ui_scale = 1.5
    app.fonts.set_scale(1.5)
    assert _start(app).keep is not None  # sketched, kept again


def test_input_before_the_takeover_goes_to_the_launcher(app):
    _keep(app)
    scene = _start(app)
    assert isinstance(scene, PictureScene)
    seed = scene.launcher["seed"]
    app.step(block=False)  # the picture on screen
    assert app.scene is scene
    # a click on Quit while the picture shows: held, then the launcher's Quit button gets it
    quit_at = _quit_centre(app)
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        scene.handle(pygame.event.Event(kind, pos=quit_at, **extra))
    app.step(block=False)  # the takeover, then this pass's input
    launcher = app.scene
    assert isinstance(launcher, LauncherScene) and launcher.ready and launcher.seed == seed
    assert launcher.seed_entry.get_text() == str(seed)
    for _ in range(3):
        if app.running:
            app.step(block=False)
    assert not app.running


def _quit_centre(app) -> tuple[int, int]:
    """Where the launcher's Quit button is, from a throwaway launcher laid out the same."""
    probe = LauncherScene(app, deferred=True, seed=1, notice="")
    centre = probe.buttons["quit"].rect.center
    probe.leave()
    return centre


PROBE = """
import json, sys
from game.ui.app import App
app = App()
app.fps = 0
app.to_launcher(deferred=True)
app.step(block=False)  # the first frame
first = type(app.scene).__name__, sorted(m for m in sys.modules if m.startswith(("pygame_gui", "i18n")))
app.step(block=False)  # pygame_gui's launcher takes over
app.step(block=False)  # after a sketch: its picture kept, the launcher made whole
print(json.dumps([first, type(app.scene).__name__, app.scene.ready]))
"""


def test_the_first_frame_imports_no_pygame_gui_with_a_picture_or_without(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_DATA_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path), XDG_CACHE_HOME=str(tmp_path / "c"),
               HOME=str(tmp_path))
    got = []
    for _ in range(2):  # the first start keeps the picture, the second draws it
        out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                             timeout=120)
        assert out.returncode == 0, out.stderr
        got.append(json.loads(out.stdout.strip().splitlines()[-1]))
    for (kind, modules), after, whole in got:  # sketched, then drawn from the picture
        assert kind == "PictureScene" and modules == []
        assert after == "LauncherScene" and whole


def test_a_damaged_picture_is_sketched_and_kept_again(app):
    _keep(app)
    path = cache_file(app.scene.ruleset_id)
    path.write_bytes(path.read_bytes()[:200])  # cut short
    _keep(app)
    assert _start(app).keep is None


def test_a_picture_that_inflates_past_the_window_is_refused(app, tmp_path):
    import zlib

    from game.ui.launcher_picture import first_frame_key, load_picture

    key = first_frame_key(app, "voidmarked", {"voidmarked": "Voidmarked"}, "")
    head = json.dumps({"key": key, "text_at": [0, 0], "colour": [1, 2, 3]}).encode()
    w, h = app.screen_size
    path = tmp_path / "bomb.bin"
    path.write_bytes(head + b"\n" + zlib.compress(bytes(w * h * 3 * 50), 9))  # 50 windows' worth
    assert load_picture(key, path) is None
    path.write_bytes(head + b"\n" + zlib.compress(bytes(w * h * 3), 9))
    assert load_picture(key, path) is not None
