"""Issue #33, items 26-34: the battle screen and the lessons at 150 % in a 1280x720 window."""

from __future__ import annotations

import pygame
import pytest

from game.core import ruleset as registry
from game.core.match import Match, load_board_for
from game.sim import default_scenario
from game.ui.app import App
from game.ui.battle.model import is_end
from game.ui.settings import Settings
from game.ui.theme import Fonts

RULESETS = ["varium", "casket", "saves", "tokens", "voidmarked"]


def battle(rid: str, size=(1280, 720), scale=1.5):
    """A battle scene where the person acts first, drawn once."""
    from game.ui.scenes.battle import BattleScene
    from game.ui.session import Session

    a = App(size, Settings(anim_speed="instant", ui_scale=scale))
    a.fps = 0
    sc = default_scenario(rid, None, 1)
    match = Match(registry.get(rid), sc, load_board_for(sc))
    scene = BattleScene(a, Session(match, {"p1": "human", "p2": "ai:easy"}))
    a.switch(scene)
    # the AI's turns and the set-up prompts (answered with their defaults) until the person's
    # turn lists its actions
    for _ in range(300):
        a.screen.fill((0, 0, 0))
        scene.draw(a.screen)
        s = scene.session
        if s.waiting_for_ai:
            scene.apply_step(s.step_ai())
        elif s.decision is not None:
            d = s.decision
            scene.answer(d.default if d.default is not None else d.options[0].key)
        elif s.waiting_for_human and scene.groups:
            if any(is_end(g.actions[0], match.ruleset) for g in scene.groups):
                break
            scene.submit(scene.groups[0].actions[0])  # casket: activate a unit first
    scene._panel_surface = None
    a.screen.fill((0, 0, 0))
    scene.draw(a.screen)
    return a, scene


@pytest.mark.parametrize("rid", RULESETS)
def test_end_turn_is_in_sight_at_150_percent_in_1280x720(rid):
    a, scene = battle(rid)
    try:
        ends = [i for i, g in enumerate(scene.groups) if is_end(g.actions[0], scene.match.ruleset)]
        assert ends, "no turn-ending action offered"
        # a group's button activates that group (its index is the click's bound argument)
        b = next((b for b in scene.panel_buttons if b.on_click.__defaults__ == (ends[-1],)), None)
        assert b is not None, (rid, [b.label for b in scene.panel_buttons])
        assert a.screen.get_rect().contains(b.rect)
        assert scene.panel_rect.contains(b.rect)
        # not over the log either
        assert not b.rect.colliderect(scene.log.rect)
    finally:
        pygame.quit()


def test_scrolling_keeps_end_turn_and_points_each_button_at_its_group():
    a, scene = battle("tokens")
    try:
        assert len(scene.panel_buttons) < len(scene.groups), "every action fits: nothing to scroll"
        scene.mouse = scene.actions_rect.center
        scene._wheel(-3)
        a.screen.fill((0, 0, 0))
        scene.draw(a.screen)
        assert scene.actions_scroll > 0
        for b, g in zip(scene.panel_buttons, scene.panel_groups, strict=True):
            if g is not None:
                assert b.on_click.__defaults__ == (g,)
        assert any(g is not None and is_end(scene.groups[g].actions[0], scene.match.ruleset)
                   for g in scene.panel_groups)
    finally:
        pygame.quit()


def test_the_unit_details_give_way_to_the_actions_on_a_short_panel():
    a, scene = battle("varium")
    try:
        # the details leave the actions their room: more than three of them shown at 150 %
        assert len(scene.panel_buttons) >= 5, [b.label for b in scene.panel_buttons]
    finally:
        pygame.quit()


def test_a_new_ui_scale_fits_the_map_to_the_board_again():
    a, scene = battle("varium", scale=1.0)
    try:
        a.settings.ui_scale = 1.5
        a.fonts.set_scale(1.5)
        scene.restyle()
        w, h = scene.layout.size()
        z = scene.camera.zoom
        if w * 0.75 <= scene.board_rect.w and h * 0.75 <= scene.board_rect.h:
            assert w * z <= scene.board_rect.w and h * z <= scene.board_rect.h, (z, scene.board_rect)
    finally:
        pygame.quit()


def test_wheel_over_the_actions_shows_no_hover_box_until_the_mouse_moves(monkeypatch):
    from game.ui.battle import tooltips

    boxes = []
    monkeypatch.setattr(tooltips, "tooltip", lambda *a, **k: boxes.append(a) or pygame.Rect(0, 0, 1, 1))
    monkeypatch.setattr(tooltips, "draw_preview", lambda *a, **k: boxes.append(a) or pygame.Rect(0, 0, 1, 1))
    a, scene = battle("tokens")
    try:
        scene._motion(scene.panel_buttons[0].rect.center, (0, 0, 0))
        scene._wheel(-1)
        boxes.clear()
        a.screen.fill((0, 0, 0))
        scene.draw(a.screen)
        assert not boxes  # the list moved under the still mouse: no box over it
        scene._motion((scene.mouse[0] + 3, scene.mouse[1]), (0, 0, 0))
        scene.draw(a.screen)
        assert boxes  # the mouse moved: the entry under it explains itself again
    finally:
        pygame.quit()


def lesson(rid: str, size=(1280, 720), scale=1.5):
    """A guided battle from its start, in a window of that size at that UI scale."""
    from conftest import Driver

    from game.learn.lesson import lessons
    from game.ui.learn.scene import LearnScene

    a = App(size, Settings(anim_speed="instant", ui_scale=scale))
    a.fps = 0
    driver = Driver(a)
    scene = LearnScene.open(a, lessons()[rid], resume=False)
    a.switch(scene)
    driver.pump(2)
    return a, driver, scene


def until(driver, scene, point: str, limit: int = 60) -> None:
    """Play the lesson's steps until one points at `point`."""
    from learn_pilot import perform, settle

    settle(driver, scene)
    for _ in range(limit):
        if scene.coach.step is not None and scene.coach.step.point == point:
            scene.invalidate()
            driver.pump(2)
            return
        perform(driver, scene)
        settle(driver, scene)
    raise AssertionError(f"no step points at {point}")


def test_a_step_pointing_at_an_action_scrolls_the_list_to_it():
    a, driver, scene = lesson("varium")
    try:
        until(driver, scene, "action:dodge")
        target = scene.guide.target
        assert target is not None
        b = next((b for b in scene.panel_buttons if b.rect == target), None)
        assert b is not None and "Dodge" in b.label, [x.label for x in scene.panel_buttons]
    finally:
        pygame.quit()


def test_the_last_turn_line_is_read_whole(monkeypatch):
    """Item 34: "Last turn: Guard Orsin: Baton attack on Rook. T…" was cut: it wraps where the
    band has room, else the whole of it is read on hover."""
    from learn_pilot import perform

    from game.ui.learn import scene as learn_scene

    shown = []
    monkeypatch.setattr(learn_scene, "tooltip", lambda *args, **k: shown.append(args[3]), raising=False)
    a, driver, scene = lesson("varium")
    try:
        for _ in range(60):
            until(driver, scene, scene.coach.step.point)
            if scene.coach.opponent_did:
                break
            perform(driver, scene)
        did = "; ".join(scene.coach.opponent_did[-3:])
        # (over the side panel while the hit check is open, the band says the log is below it)
        where = "below" if getattr(scene.guide, "aside", False) else "on the right"
        whole = f"Last turn: {did}. The log {where} shows the math."
        cut = getattr(scene.guide, "note_cut", None)
        if cut is None:
            assert " ".join(getattr(scene.guide, "note_lines", [])) == whole
        else:
            driver.move(cut[0].center)
            scene.invalidate()
            driver.pump(1)
            assert shown and whole.endswith(shown[-1][0])
        # and in a band too short to wrap it: cut, read whole on hover
        scene.guide.base.h = scene.guide._need(scene.guide.base.w, scene.guide._lines()[1], Fonts.BODY)
        scene.invalidate()
        driver.pump(1)
        cut = scene.guide.note_cut
        assert cut is not None
        driver.move(cut[0].center)
        scene.invalidate()
        driver.pump(1)
        assert shown and whole.endswith(shown[-1][0])
    finally:
        pygame.quit()


@pytest.mark.parametrize("rid", RULESETS)
def test_the_lessons_outline_is_never_drawn_over_an_open_prompt(rid):
    from learn_pilot import perform, settle

    a, driver, scene = lesson(rid)
    try:
        settle(driver, scene)
        for _ in range(6):
            if scene.coach.done:
                break
            scene.invalidate()
            driver.pump(1)
            target, modal = scene.guide.target, scene.modal_area
            drawn = target.inflate(scene.fonts.px(6), scene.fonts.px(6)) if target is not None else None
            ring = getattr(scene.guide, "ring", drawn)  # (the old guide always drew it)
            if ring is not None and modal.w:
                on_board = scene.coach.step.point.partition(":")[0] in ("unit", "cell")
                assert not on_board or not ring.colliderect(modal), (
                    scene.coach.index, ring, modal)
            perform(driver, scene)
            settle(driver, scene)
    finally:
        pygame.quit()


@pytest.mark.parametrize("first", [True, False])
@pytest.mark.parametrize(("size", "scale"), [((1280, 720), 1.5), ((1280, 720), 1.0), ((1600, 1000), 1.5)])
def test_learn_to_play_keeps_its_way_out_and_every_lesson_reachable(size, scale, first):
    from game.learn.lesson import lessons
    from game.ui.learn.menu import LearnMenuScene

    a = App(size, Settings(anim_speed="instant", ui_scale=scale))
    try:
        scene = LearnMenuScene(a, first=first)
        a.switch(scene)
        for _ in range(2):
            a.step(block=False)
        window = a.screen.get_rect()
        back = next(b for b, (what, _r) in scene.actions.items() if what == "back")
        assert window.contains(back.rect), back.rect
        starts = [b for b, (what, _r) in scene.actions.items() if what != "back"]
        assert len(starts) >= len(lessons())
        holder = getattr(scene, "lesson_list", None)
        for b in starts:
            if holder is not None and b.ui_container is holder.get_container():
                continue  # in the scrolled list (its scroll bar shows there is more)
            assert window.contains(b.rect) and not b.rect.colliderect(back.rect), b.rect
        if holder is not None:
            assert holder.vert_scroll_bar is not None and holder.vert_scroll_bar.visible
            assert not holder.rect.colliderect(back.rect)
    finally:
        pygame.quit()


def test_the_launchers_description_ends_on_a_whole_line():
    from game.ui.scenes.launcher import LauncherScene

    a = App((1280, 720), Settings(anim_speed="instant", ui_scale=1.5))
    try:
        scene = LauncherScene(a)
        a.switch(scene)
        for _ in range(2):
            a.step(block=False)
        box = scene.desc
        assert box is not None
        shown = box.text_wrap_rect.h
        rows = box.text_box_layout.layout_rows
        assert all(r.bottom <= shown or r.y >= shown for r in rows), (shown, [(r.y, r.bottom) for r in rows])
    finally:
        pygame.quit()


def test_the_map_slid_aside_for_a_prompt_stays_while_its_cards_are_dealt(monkeypatch):
    """Item 26: the map slid aside for a hit check went back to its centre while each card was
    dealt (the prompt hidden meanwhile) and aside again when it asked again."""
    from learn_pilot import perform, settle

    a, driver, scene = lesson("casket", (1280, 720), 1.0)
    try:
        settle(driver, scene)
        for _ in range(40):
            scene.invalidate()
            driver.pump(1)
            if scene.camera.slack != (0.0, 0.0):
                break
            perform(driver, scene)
            settle(driver, scene)
        slack = scene.camera.slack
        assert slack != (0.0, 0.0), "no prompt slid the map aside"
        # the ruleset's layer plays the cards the prompt asked for: the prompt is hidden meanwhile
        monkeypatch.setattr(type(scene), "layer_playing", property(lambda s: True))
        scene.invalidate()
        a.screen.fill((0, 0, 0))
        scene.draw(a.screen)
        assert scene.camera.slack == slack
    finally:
        pygame.quit()


@pytest.mark.parametrize("rid", ["saves", "tokens"])
def test_a_lessons_prompt_never_goes_under_the_guides_band(rid):
    """At 150 % in 1280x720 a prompt too tall for the board went up over the turn bar, under the
    guide's band, which hid it (its options too)."""
    from learn_pilot import perform, settle

    a, driver, scene = lesson(rid)
    try:
        settle(driver, scene)
        seen = 0
        for _ in range(10):
            if scene.coach.done:
                break
            scene.invalidate()
            driver.pump(1)
            if scene.modal_area.w:
                seen += 1
                assert not scene.modal_area.colliderect(scene.guide.rect), (
                    scene.coach.index, scene.modal_area, scene.guide.rect)
            perform(driver, scene)
            settle(driver, scene)
        assert seen
    finally:
        pygame.quit()
