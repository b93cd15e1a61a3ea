"""Issue #33, the screens a newcomer met in the guided battles: tooltips kept on the board, outcome
bars clear of their words, no stale hovered path, Dodge's hover in its own words, prompts that
leave the unit they are about in sight and keep every button on screen at 150 % in 1280x720."""

from __future__ import annotations

import pygame
import pytest
from conftest import Driver
from learn_pilot import cell_pos, perform, settle

from game.core.records import Preview
from game.learn.coach import unit_named
from game.learn.lesson import lessons
from game.ui.app import App
from game.ui.learn.scene import LearnScene
from game.ui.panels import draw_preview, preview_rows
from game.ui.settings import Settings


def _lesson(app, driver, rid: str, step: int) -> LearnScene:
    """A lesson played through the screen up to (not into) its step `step` (1-based)."""
    scene = LearnScene.open(app, lessons()[rid], resume=False)
    app.switch(scene)
    settle(driver, scene)
    while scene.coach.index < step - 1:
        perform(driver, scene)
    driver.pump(2)
    return scene


def _window(size: tuple[int, int], scale: float) -> tuple[App, Driver]:
    app = App(size, Settings(ui_scale=scale, anim_speed="instant"))
    app.fps = 0
    return app, Driver(app)


def test_a_tooltip_by_the_boards_right_edge_stays_on_the_board(app, driver, monkeypatch):
    # a square's box near the board's right edge was drawn over the side panel
    from game.ui.battle import tooltips

    boxes: list[pygame.Rect] = []
    real = tooltips.tooltip

    def spy(*args, **kwargs):
        boxes.append(real(*args, **kwargs))
        return boxes[-1]

    monkeypatch.setattr(tooltips, "tooltip", spy)
    scene = _lesson(app, driver, "varium", 5)  # "Your turn": no prompt open
    board = scene.board_rect
    shown = [c for c in scene.match.board.cells() if board.collidepoint(cell_pos(scene, c))
             and scene.model.cell_lines(c) and scene.unit_at(c) is None]
    edge = max(shown, key=lambda c: cell_pos(scene, c)[0])
    driver.move(cell_pos(scene, edge))
    scene.invalidate()
    driver.pump(2)
    assert boxes, "no box for the square"
    assert board.contains(boxes[-1]), (boxes[-1], board)


def test_an_outcome_name_longer_than_its_column_is_not_crossed_by_its_bar(app, monkeypatch):
    # varium's grapple hover: "hold reaches +10 (Restrained)" ran under its bar
    blits: list[pygame.Rect] = []
    bars: list[pygame.Rect] = []

    class Seen(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):  # type: ignore[override]
            if not isinstance(dest, pygame.Rect) or dest.size == (0, 0):
                blits.append(pygame.Rect(dest[0], dest[1], *source.get_size()))
            return super().blit(source, dest, *args, **kwargs)

    real = pygame.draw.rect

    def rect(surface, colour, r, *args, **kwargs):
        if tuple(colour)[:3] == (24, 24, 28):
            bars.append(pygame.Rect(r))
        return real(surface, colour, r, *args, **kwargs)

    monkeypatch.setattr(pygame.draw, "rect", rect)
    p = Preview("Grapple Guard Orsin", [("gains a hold", 0.42), ("hold reaches +10 (Restrained)", 0.09),
                                         ("no hold", 0.58)], hit=0.42, crits=False)
    draw_preview(Seen((1000, 700)), app.fonts, app.palette, p, (20, 20))
    assert len(bars) == 3
    crossed = [(t, b) for t in blits for b in bars if t.colliderect(b)]
    assert not crossed, crossed


def test_dodge_hover_says_what_dodging_does_not_hit(app, driver):
    scene = _lesson(app, driver, "varium", 8)  # "Dodge": the panel offers it
    dodge = next(b for b in scene.panel_buttons if b.label.endswith("Dodge"))
    assert dodge.preview is not None
    headline = preview_rows(dodge.preview)[0][0]
    assert not headline.startswith("Hit") and "Kill" not in headline, headline
    assert "miss" in headline, headline


def test_the_initiative_prompt_shows_what_applies_to_initiative(app, driver):
    scene = _lesson(app, driver, "varium", 2)
    d = scene.session.decision
    table = d.context["hitcheck"] if "hitcheck" in d.context else None
    from game.rulesets.varium.table import table_odds

    table = table or table_odds(scene.match, d)
    assert "critical" not in table["goal"].lower(), table["goal"]
    assert all(r["chance"] is None for r in table["rows"])


def test_a_path_label_does_not_outlive_its_hover(app, driver):
    scene = _lesson(app, driver, "varium", 6)  # "Half-turns": a move to 2,3
    dest = (2, 3)
    driver.move(cell_pos(scene, dest))
    scene.invalidate()
    driver.pump(2)
    assert scene.hover_cell == dest and scene._path_label is not None
    # the view moves under the still pointer (a camera centred on the next unit, a prompt's room)
    scene.camera.zoom_by(1, scene.mouse)
    scene.camera.centre_on(scene.layout.centre((0, 0)))
    scene.invalidate()
    driver.pump(2)
    under = scene.layout.cell_at(*scene.camera.to_map(scene.mouse))
    assert scene.hover_cell == under, (scene.hover_cell, under)
    # the pointer leaves the window: nothing of the hover is left on the board
    driver.move(cell_pos(scene, dest))
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
    scene.invalidate()
    driver.pump(2)
    assert scene.hover_cell is None and scene._path_label is None


def test_at_150_percent_the_reaction_prompt_leaves_the_attacker_in_sight():
    # casket: Brokk's hammer blow asks Agnes for a reaction; the prompt covered Brokk
    app, driver = _window((1600, 1000), 1.5)
    scene = _lesson(app, driver, "casket", 11)
    assert scene.session.decision is not None and scene.modal_area.w
    for name in ("Old Brokk", "Sister Agnes"):
        u = scene.unit_by_ent[unit_named(scene.match, name)]
        token = scene._screen_cell_rect(u.cell)
        assert not scene.modal_area.colliderect(token), (name, scene.modal_area, token)
    pygame.quit()


@pytest.mark.parametrize("size,scale", [((1280, 720), 1.5), ((1280, 720), 1.0), ((1600, 1000), 1.5),
                                        ((1600, 1000), 1.0)])
@pytest.mark.parametrize("rid", ["varium", "casket", "saves", "tokens", "voidmarked"])
def test_at_150_percent_in_1280x720_every_prompt_button_is_on_screen_clear_of_the_band(rid, size, scale):
    # the tall hit check under the band lost its buttons off the bottom of the window; a prompt
    # squeezed under the band drew its buttons over its own last line; the board keeps one place
    # through the lesson, but while the band is over the side panel for a prompt too tall
    app, driver = _window(size, scale)
    scene = LearnScene.open(app, lessons()[rid], resume=False)
    app.switch(scene)
    settle(driver, scene)
    window = app.screen.get_rect()
    cut, boards = [], set()
    while not scene.coach.done:
        scene.invalidate()
        driver.pump(2)
        for b in scene.modal_buttons if scene.modal_area.w else []:
            if not window.contains(b.rect) or b.rect.colliderect(scene.guide.rect):
                cut.append((scene.coach.index + 1, b.label))
        if scene.modal_area.w and scene.modal_cut:
            cut.append((scene.coach.index + 1, "prompt cut short"))
        if not scene.guide.aside:
            boards.add(tuple(scene.board_rect))
        perform(driver, scene)
    pygame.quit()
    assert not cut, cut
    assert len(boards) == 1, boards


@pytest.mark.parametrize("rid", ["saves", "tokens"])
def test_the_pointer_to_a_unit_crosses_no_other_token_nor_the_words_beside_one(app, driver, rid):
    # saves: the line to Raider Vosk ended on Raider Hale's letter; tokens: on the Shade's
    # "hidden 2" and on the odds written beside the rifle
    scene = LearnScene.open(app, lessons()[rid], resume=False)
    app.switch(scene)
    settle(driver, scene)
    crossed = []
    while not scene.coach.done:
        st = scene.coach.step
        scene.invalidate()
        driver.pump(2)
        line = scene.guide.line
        if st.point.startswith("unit:") and line:
            target = scene.guide.target
            keep = [t for t in scene._token_rects() if not t.colliderect(target)]
            keep += [b for b in scene.board_boxes if not target.contains(b)]
            for a, b in zip(line, line[1:], strict=False):
                leg = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]),
                                  abs(a[0] - b[0]) + 1, abs(a[1] - b[1]) + 1)
                if leg.collidelist(keep) >= 0:
                    crossed.append((scene.coach.index + 1, st.point))
        perform(driver, scene)
    assert not crossed, crossed


def test_at_150_percent_in_1280x720_the_choose_one_list_stays_in_the_window():
    # a newcomer clicking the guard at 150 % found the "choose one" list running past the
    # window's foot, its last options and its key line cut
    app, driver = _window((1280, 720), 1.5)
    scene = _lesson(app, driver, "varium", 14)  # "Attack": click the guard
    guard = unit_named(scene.match, "Guard Orsin")
    actions = [a for a in scene.session.legal() if a.target == guard]
    assert len(actions) >= 4
    scene.chooser = actions
    scene.invalidate()
    driver.pump(2)
    window = app.screen.get_rect()
    assert scene.modal_area.w and window.contains(scene.modal_area), (scene.modal_area, window)
    assert all(window.contains(b.rect) for b in scene.modal_buttons)
    pygame.quit()
