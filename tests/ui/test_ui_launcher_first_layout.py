"""The launcher's first frame (before the chosen ruleset is read) has the final layout: nothing moves
once the rules load (the buttons sat higher for a moment, then dropped)."""

from __future__ import annotations

import pytest

from game.ui.scenes.launcher import LauncherScene


def _rects(scene) -> dict[str, tuple[int, int, int, int]]:
    """Where each widget the first frame shows sits."""
    rects = {f"button {k}": tuple(b.rect) for k, b in scene.buttons.items()}
    rects["seed"] = tuple(scene.seed_entry.rect)
    rects["new seed"] = tuple(scene.new_seed.rect)
    rects["ruleset"] = tuple(scene.rs_menu.rect)
    rects["error"] = tuple(scene.error_label.rect)
    return rects


CASES = [(rs, 1.0, (1024, 640)) for rs in ("voidmarked", "tokens", "saves")] + [
    (rs, 1.5, (1280, 720)) for rs in ("voidmarked", "tokens", "casket", "saves")] + [
    ("saves", 1.5, (1280, 800)), ("saves", 1.5, (1600, 1000)), ("varium", 1.0, (1600, 1000))]


@pytest.mark.parametrize("ruleset,scale,size", CASES)
def test_the_first_frame_lays_out_what_the_whole_launcher_does(app, ruleset, scale, size):
    import pygame

    app.screen = pygame.display.set_mode(size)
    app.settings.ui_scale = scale
    app.fonts.set_scale(scale)
    scene = LauncherScene(app, deferred=True)
    scene.ruleset_id = ruleset
    scene.build()
    app.switch(scene)
    assert not scene.ready
    first = _rects(scene)
    scene.finish()
    assert scene.ready
    assert _rects(scene) == first


def test_the_looks_the_first_frame_never_shows_are_drawn_after_it(app):
    # issue 38: pygame_gui drew every widget's hovered look in the update before the first frame
    # (about 8 ms of it); they come in the passes after, and the widgets are drawn in the first
    scene = LauncherScene(app, deferred=True)
    app.switch(scene)
    app.step(block=False)
    quit_button = scene.buttons["quit"]
    assert quit_button.drawable_shape.states["normal"].generated
    assert not quit_button.drawable_shape.states["hovered"].generated
    for _ in range(4):
        app.step(block=False)
    assert all(b.drawable_shape.states["hovered"].generated for b in scene.buttons.values())
