"""Issue #33, the reviewer's drawing defects in the guided battles' pictures: prompts whose odds
lines show, marks and labels kept clear of prompts and outlines, the log scrolled by whole entries."""

from __future__ import annotations

import pygame
import pytest
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


@pytest.mark.parametrize("rid,step,scale", [("voidmarked", 5, 1.0), ("casket", 11, 1.0), ("casket", 11, 1.5)])
def test_an_options_lines_are_not_crossed_by_the_outline_round_the_next_option(monkeypatch, rid, step, scale):
    # voidmarked "Thug (taking it out…)", casket "take all 6 damage…": the outline a step draws
    # round an option ran over the lines under the option above it
    from game.ui.battle import prompts

    blocks: list[pygame.Rect] = []
    real = prompts.text_block

    def spy(surface, fonts, lines, pos, width, *args, **kwargs):
        y = real(surface, fonts, lines, pos, width, *args, **kwargs)
        blocks.append(pygame.Rect(pos[0], pos[1], width, y - pos[1]))
        return y

    monkeypatch.setattr(prompts, "text_block", spy)
    app, driver = _window((1280, 720), scale)
    scene = _lesson(app, driver, rid, step)
    blocks.clear()
    scene.invalidate()
    driver.pump(2)
    ring = scene.guide.ring
    assert scene.coach.step.point.startswith("option:") and ring is not None and blocks
    assert ring.collidelist(blocks) < 0, (ring, blocks)
    pygame.quit()
