"""The launcher's first frame drawn without pygame_gui where no picture is kept (issue 38: command
to first usable frame within 2x a bare window's, the first start included): pixel for pixel the
frame pygame_gui's launcher draws in its place in the next pass, at every scale, window size,
palette, ruleset and notice, so the takeover shows no change."""

from __future__ import annotations

import pygame
import pytest

from game.core.names import offered_names
from game.ui.launcher_sketch import LauncherSketch
from game.ui.scenes.launcher import LauncherScene
from game.ui.theme import palette

NOTICE = ("Your settings file could not be read, so the defaults are used this time: a long notice "
          "that runs past the edge of the window")


def _gui(app, ruleset: str, seed: int, notice: str) -> bytes:
    """pygame_gui's launcher before its rules are read, the pointer over no widget."""
    scene = LauncherScene(app, deferred=True, seed=seed, notice=notice)
    scene.ruleset_id = ruleset
    scene.build()
    manager = scene.manager
    manager._update_mouse_position = lambda: setattr(manager, "mouse_position", (-(10**6), -(10**6)))
    scene.update(0.0)
    surface = pygame.Surface(app.screen_size)
    scene.draw(surface)
    scene.leave()
    return pygame.image.tobytes(surface, "RGB")


def _sketch(app, ruleset: str, seed: int, notice: str) -> bytes:
    surface = pygame.Surface(app.screen_size)
    LauncherSketch(app, dict(offered_names()), ruleset, seed, notice).draw(surface)
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("scale,size,ruleset,pal,notice", [
    (1.0, (1024, 640), "voidmarked", "okabe-ito", ""),
    (1.0, (1280, 720), "tokens", "muted", NOTICE),
    (1.25, (1280, 800), "casket", "high-contrast", ""),
    (1.5, (1280, 720), "saves", "okabe-ito", "Two saved squads could not be read and were skipped."),
    (1.5, (1600, 1000), "varium", "muted", ""),
    (1.75, (1280, 720), "voidmarked", "okabe-ito", ""),
    (2.0, (1280, 720), "saves", "high-contrast", NOTICE),
])
def test_the_sketch_is_pygame_guis_first_frame_pixel_for_pixel(app, scale, size, ruleset, pal, notice):
    app.screen = pygame.display.set_mode(size)
    app.settings.ui_scale, app.settings.palette = scale, pal
    app.fonts.set_scale(scale)
    app.palette = palette(pal)
    for seed in (0, 7, 987654321):
        assert _sketch(app, ruleset, seed, notice) == _gui(app, ruleset, seed, notice), (seed, ruleset)


def test_the_sketch_lays_out_what_the_launcher_does(app):
    sketch = LauncherSketch(app, dict(offered_names()), "saves", 5, "")
    gui = LauncherScene(app, deferred=True, seed=5, notice="")
    gui.ruleset_id = "saves"
    gui.build()
    assert {k: b.rect for k, b in sketch.buttons.items()} == {k: b.rect for k, b in gui.buttons.items()}
    assert sketch.seed_entry.rect == gui.seed_entry.rect and sketch.seed_entry.get_text() == "5"
    gui.leave()


def test_a_window_resized_before_the_takeover_gets_the_launcher_laid_out_for_it(app):
    app.first_frame_at, app.deferred = None, []
    app.to_launcher(deferred=True)
    scene = app.scene
    assert scene.keep is not None  # the sketch: nothing kept in the test's cache folder
    app.screen = pygame.display.set_mode((1280, 800))
    scene.resize(app.screen_size)
    assert isinstance(app.scene, LauncherScene)
    assert app.scene.buttons["quit"].rect.bottom > 640  # laid out for 800 pixels, not 640


def test_a_sketch_that_cannot_open_its_fonts_leaves_the_first_frame_to_pygame_gui(app, monkeypatch):
    import game.ui.launcher_sketch as sketch

    monkeypatch.setattr(sketch, "ARROW_FONT", "no-such-font.ttf")  # a build that ships no pygame_gui data
    app.first_frame_at, app.deferred = None, []
    app.to_launcher(deferred=True)
    assert isinstance(app.scene, LauncherScene) and app.scene.keep_first_frame is not None
