"""Issue #33, the reviewer's drawing defects in the guided battles' pictures: prompts whose odds
lines show, marks and labels kept clear of prompts and outlines, the log scrolled by whole entries."""

from __future__ import annotations

import pygame
import pytest
from learn_pilot import perform, settle
from test_ui_learn_screens import _lesson, _window

from game.learn.coach import unit_named
from game.learn.lesson import lessons
from game.ui.learn.scene import LearnScene


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


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_saves_pointer_lines_cross_no_other_token_nor_label(scale):
    # saves in 1280x720: the line ran through B and R, and at 150 % its short sideways end landed
    # on the next unit's letter (a neighbour's token reaching into the marked square was taken
    # for the target's own)
    app, driver = _window((1280, 720), scale)
    scene = LearnScene.open(app, lessons()["saves"], resume=False)
    app.switch(scene)
    settle(driver, scene)
    crossed = []
    while not scene.coach.done:
        st = scene.coach.step
        scene.invalidate()
        driver.pump(2)
        line, target = scene.guide.line, scene.guide.target
        if st.point.partition(":")[0] in ("unit", "cell") and line:
            keep = [t for t in scene._token_rects() if not target.collidepoint(t.center)]
            keep += [w for w in getattr(scene, "word_rects", []) if not target.contains(w)]
            for a, b in zip(line, line[1:], strict=False):
                leg = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]),
                                  abs(a[0] - b[0]) + 1, abs(a[1] - b[1]) + 1)
                if leg.collidelist(keep) >= 0:
                    crossed.append((scene.coach.index + 1, st.point, keep[leg.collidelist(keep)]))
        perform(driver, scene)
    pygame.quit()
    assert not crossed, crossed


@pytest.mark.parametrize("rid,step,scale", [("saves", 7, 1.0), ("saves", 11, 1.0), ("tokens", 4, 1.0),
                                            ("tokens", 13, 1.0), ("varium", 27, 1.5), ("voidmarked", 2, 1.0)])
def test_the_guides_outline_and_line_leave_the_boards_labels_whole(monkeypatch, rid, step, scale):
    # the marked square's outline cut "knock down" to "nock dow"; tokens' "hidden 2" read "hidde 2";
    # varium's "+24 Pinned" read "Pinnec"; the outline round the turn order crossed O's portrait
    from game.ui.learn.guide import Guide

    app, driver = _window((1280, 720), scale)
    scene = _lesson(app, driver, rid, step)
    real = Guide._pointer
    monkeypatch.setattr(Guide, "_pointer", lambda *a, **k: None)
    scene.invalidate()
    driver.pump(2)
    words = [r.clip(app.screen.get_rect()) for r in scene.word_rects if not r.colliderect(scene.guide.rect)]
    assert words
    before = [app.screen.subsurface(r).copy() for r in words]
    monkeypatch.setattr(Guide, "_pointer", real)
    scene.invalidate()
    driver.pump(2)
    assert scene.guide.ring is not None
    cut = [r for r, b in zip(words, before, strict=True)
           if pygame.image.tobytes(app.screen.subsurface(r), "RGB") != pygame.image.tobytes(b, "RGB")]
    pygame.quit()
    assert not cut, cut


def test_a_grapples_label_is_not_under_the_hit_check_prompt():
    # varium at 100 %: "+49 Control", the rest under the prompt (the knife's last hit check)
    app, driver = _window((1280, 720), 1.0)
    scene = _lesson(app, driver, "varium", 32)
    scene.invalidate()
    driver.pump(2)
    words = getattr(scene, "word_rects", [])
    assert scene.modal_area.w and any(u.view.get("grappling") for u in scene.units)
    assert words and not [r for r in words if r.colliderect(scene.modal_area)], (words, scene.modal_area)
    pygame.quit()


def test_a_log_too_short_for_its_last_entry_shows_that_entrys_beginning():
    # varium at 150 %: the log showed "dealt 8♥ (8)" without the line's beginning
    from game.core.events import Event
    from game.ui.logpanel import LogPanel
    from game.ui.theme import Fonts, palette

    pygame.init()
    f = Fonts(1.5)
    log = LogPanel(f, palette("okabe-ito"))
    log.set_rect(pygame.Rect(0, 0, 500, f.px(30) + f.line_height(Fonts.SMALL)))
    long = "Rook's hit check on Guard Orsin (Knife): dealt 8 of hearts (8), and more words to wrap it"
    log.set_viewer(None, [Event("card", f"{long} {i}", [], {}, 2, "p1", False, "all") for i in range(3)])
    log.draw(pygame.Surface((600, 400)))
    rows, k = log.rows, log.first_shown
    assert rows[k].indent == 0 and rows[k - 1].index != rows[k].index, (k, [r.text for r in rows])


def test_at_150_percent_the_log_ends_on_the_window():
    # varium, casket at 150 % in 1280x720: the log's last line cut by the window's bottom
    app, driver = _window((1280, 720), 1.5)
    scene = _lesson(app, driver, "varium", 2)
    scene.invalidate()
    driver.pump(2)
    assert scene.show_log and app.screen.get_rect().contains(scene.log.rect), scene.log.rect
    pygame.quit()


def test_the_outline_round_the_side_panel_runs_on_its_edge():
    # casket at 100 %: the outline round the panel ran through SP, Legs, "1/10", "0/4"
    app, driver = _window((1280, 720), 1.0)
    scene = _lesson(app, driver, "casket", 9)
    scene.invalidate()
    driver.pump(2)
    assert scene.coach.step.point == "panel" and scene.guide.ring is not None
    ring, panel = scene.guide.ring, scene.panel_rect
    assert ring.x <= panel.x and ring.y <= panel.y, (ring, panel)
    pygame.quit()



def test_a_prompt_slides_the_board_only_as_far_as_it_needs():
    # casket at 100 %: the damage prompt slid Agnes to the board's left edge, the map cut off
    # there and the right half of the board left empty
    from learn_pilot import unit_pos

    app, driver = _window((1280, 720), 1.0)
    scene = _lesson(app, driver, "casket", 12)
    scene.invalidate()
    driver.pump(2)
    assert scene.modal_area.w
    x, _y = unit_pos(scene, "Sister Agnes")
    tile = scene.layout.tw * scene.camera.zoom
    assert x - scene.board_rect.x > 2 * tile, (x, scene.board_rect, scene.modal_area)
    token = scene._screen_cell_rect(scene.unit_by_ent[unit_named(scene.match, "Sister Agnes")].cell)
    assert not token.colliderect(scene.modal_area)
    pygame.quit()
