"""Issue #33, the reviewer's drawing defects in the guided battles' pictures: prompts whose odds
lines show, marks and labels kept clear of prompts and outlines, the log scrolled by whole entries."""

from __future__ import annotations

import pygame
from test_ui_learn_screens import _lesson, _window


def test_at_150_percent_the_saves_defence_prompt_shows_its_odds_lines():
    # saves at 150 % in 1280x720: the step says "The prompt shows the odds of each", the prompt
    # had only its two buttons (the lines as their tooltips)
    app, driver = _window((1280, 720), 1.5)
    scene = _lesson(app, driver, "saves", 2)
    scene.invalidate()
    driver.pump(2)
    assert scene.session.decision is not None and scene.modal_area.w
    assert all(not b.tooltip for b in scene.modal_buttons), [b.tooltip for b in scene.modal_buttons]
    pygame.quit()


def test_at_150_percent_no_facing_arrow_is_drawn_over_the_prompt():
    # casket at 150 % in 1280x720: arrows 2, 3, 4 over the prompt's title ("wh[3][2]way to face?")
    app, driver = _window((1280, 720), 1.5)
    scene = _lesson(app, driver, "casket", 4)
    scene.invalidate()
    driver.pump(2)
    assert scene.facing_choices()[1] and scene.modal_area.w
    arrows = [b.rect for b in scene.modal_buttons if not b.hotkey]
    assert arrows
    assert not [r for r in arrows if r.colliderect(scene.modal_area)], (arrows, scene.modal_area)
    pygame.quit()
