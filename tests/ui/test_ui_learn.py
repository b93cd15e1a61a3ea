"""Learn to play (issue #33 A1): each guided battle played to its end through the screen, left
and resumed, skipped; the lessons' data checked; the launcher's entry and first-launch offer."""

from __future__ import annotations

import pygame
import pytest
from learn_pilot import perform, play_through, settle

from game.learn import progress
from game.learn.lesson import lessons
from game.ui.learn.scene import LearnScene

FINISHED = ["varium", "tokens", "saves", "voidmarked", "casket"]


@pytest.mark.parametrize("rid", FINISHED)
def test_a_guided_battle_is_played_to_its_end_through_the_screen(app, driver, rid):
    lesson = lessons()[rid]
    scene = LearnScene.open(app, lesson, resume=False)
    app.switch(scene)
    toasts: list[str] = []
    play_through(driver, scene, shots=lambda sc, i: toasts.append(sc.toast[0] if sc.toast else ""))
    assert scene.match.over
    assert scene.match.result.winner == lesson.player
    assert scene.coach.done
    assert progress.saved_step(lesson) is None  # a finished lesson is not offered to resume
    over = [t for t in toasts if "Match over" in t]
    assert over or rid != "varium"  # (saves shows the end in its own banner, not a toast)
    assert not any(side in t for t in over for side in ("p1", "p2")), over


def test_a_varium_move_is_told_in_words_not_squares_numbers(app, driver):
    lesson = lessons()["varium"]
    scene = LearnScene.open(app, lesson, resume=False)
    app.switch(scene)
    settle(driver, scene)
    while not any(e.kind == "move" for e in scene.match.log):
        perform(driver, scene)
    line = next(e.text for e in scene.match.log if e.kind == "move")
    assert line == "Rook moves 1 square east", line


def test_an_input_the_step_does_not_ask_for_is_held_back(app, driver):
    lesson = lessons()["varium"]
    scene = LearnScene.open(app, lesson, resume=False)
    app.switch(scene)
    settle(driver, scene)
    inputs = len(scene.match.inputs)
    scene.answer("stand")  # the step asks to read and press Next
    assert len(scene.match.inputs) == inputs
    assert "Next" in scene.coach.refused  # the guide's band says so
    driver.key(pygame.K_m)  # M is Next even with a prompt open (its letters wait for their step)
    assert scene.coach.index == 1 and not scene.coach.refused


@pytest.mark.parametrize("rid", FINISHED)
def test_a_lesson_left_half_way_resumes_where_it_was(app, driver, rid):
    lesson = lessons()[rid]
    scene = LearnScene.open(app, lesson, resume=False)
    app.switch(scene)
    settle(driver, scene)
    while scene.coach.index < len(lesson.steps) // 2:
        perform(driver, scene)
    at, hash_then = scene.coach.index, scene.match.state_hash()
    scene.guide_button("leave")
    assert progress.saved_step(lesson) == at
    again = LearnScene.open(app, lesson)
    app.switch(again)
    assert again.coach.index == at
    assert again.match.state_hash() == hash_then
    play_through(driver, again)  # and the rest of it plays as before: the set cards still come
    assert again.match.result.winner == lesson.player


def test_skip_leaves_the_lesson_and_forgets_it(app, driver):
    lesson = lessons()["varium"]
    scene = LearnScene.open(app, lesson, resume=False)
    app.switch(scene)
    settle(driver, scene)
    perform(driver, scene)
    scene.guide_button("skip")
    assert progress.saved_step(lesson) is None
    assert type(app.scene).__name__ == "LauncherScene"


def test_the_launcher_offers_learn_to_play_and_starts_a_lesson(app, driver):
    import pygame
    import pygame_gui

    from game.ui.learn.menu import LearnMenuScene
    from game.ui.scenes.launcher import LauncherScene

    launcher = LauncherScene(app)
    app.switch(launcher)
    assert launcher.buttons["learn"].text == "Learn to play"
    launcher.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=launcher.buttons["learn"]))
    menu = app.scene
    assert isinstance(menu, LearnMenuScene)
    start = next(b for b, (what, rid) in menu.actions.items() if what == "start" and rid == "varium")
    menu.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=start))
    assert isinstance(app.scene, LearnScene)
    assert app.scene.lesson.ruleset == "varium"


def test_the_first_launch_offers_the_guided_battles_once(app):
    from game.ui.learn.menu import LearnMenuScene, offer_on_first_launch

    app.to_launcher()
    assert offer_on_first_launch(app)
    assert isinstance(app.scene, LearnMenuScene) and app.scene.first
    app.pop()
    assert type(app.scene).__name__ == "LauncherScene"
    assert not offer_on_first_launch(app)


def test_a_left_lesson_is_offered_to_resume(app, driver):
    from game.ui.learn.menu import LearnMenuScene

    lesson = lessons()["varium"]
    scene = LearnScene.open(app, lesson, resume=False)
    app.switch(scene)
    settle(driver, scene)
    perform(driver, scene)
    scene.guide_button("leave")
    menu = LearnMenuScene(app)
    kinds = sorted(what for what, rid in menu.actions.values() if rid == "varium")
    assert kinds == ["resume", "start"]


def test_every_shipped_lesson_loads_and_names_real_squads_and_map():
    from game.core import ruleset as registry
    from game.core.match import load_board_for
    from game.core.scenario import Scenario

    for rid, lesson in lessons().items():
        rs = registry.get(rid)
        assert set(lesson.squads.values()) <= set(rs.squads()), rid
        load_board_for(Scenario(rid, lesson.map, dict(lesson.squads), lesson.seed))
        assert lesson.about and lesson.summary


def test_a_bad_step_is_named_with_its_file_entry_and_field(tmp_path):
    from game.errors import UserError
    from game.learn.lesson import load_lesson

    bad = tmp_path / "bad.toml"
    bad.write_text('[lesson]\ntitle = "t"\nruleset = "varium"\nmap = "m"\nsquads = {}\n'
                   '[[step]]\ntext = "x"\nwait = "jump:high"\n')
    with pytest.raises(UserError) as err:
        load_lesson(bad)
    line = err.value.line()
    assert "bad.toml" in line and "step.1" in line and "wait" in line


def test_quitting_from_the_pause_menu_keeps_the_lesson_without_asking(app, driver):
    lesson = lessons()["varium"]
    scene = LearnScene.open(app, lesson, resume=False)
    app.switch(scene)
    settle(driver, scene)
    for _ in range(3):
        perform(driver, scene)
    at = scene.coach.index
    scene.open_menu()
    scene.menu.leave(app.to_launcher, "Quit to launcher")
    assert type(app.scene).__name__ == "LauncherScene"
    assert progress.saved_step(lesson) == at


def test_the_launcher_does_not_offer_the_lessons_own_squads(app):
    from game.ui.scenes.launcher import LauncherScene

    scene = LauncherScene(app)
    for rid, lesson in lessons().items():
        scene._menu_changed(scene.rs_menu, rid)
        offered = {o[1] for o in scene.squad_menus["p1"].options_list}
        assert offered and not offered & set(lesson.squads.values()), rid


def test_the_guide_points_at_the_prompts_option_and_at_a_hand_card(app, driver):
    from game.ui.learn.guide import target_rect

    lesson = lessons()["casket"]
    scene = LearnScene.open(app, lesson, resume=False)
    app.switch(scene)
    settle(driver, scene)
    while scene.coach.step.wait != "answer:1":  # the facing prompt: its arrows are buttons too
        perform(driver, scene)
    driver.pump(1)
    rect = target_rect(scene, scene.coach.step.point)
    assert rect is not None
    assert [b.label for b in scene.modal_buttons if b.rect == rect] == ["Face south-east (0 SP)"]
    perform(driver, scene)
    assert scene.coach.step.point == "card:Flagellant Sweep"
    driver.pump(1)
    rect = target_rect(scene, scene.coach.step.point)
    assert [e["name"] for r, e in scene.hand_hits if r == rect] == ["Flagellant Sweep"]


def test_at_150_percent_a_facing_prompt_leaves_its_casket_in_sight():
    """The band leaves the board short: a prompt no hand card answers may cover the hand strip,
    so the facing prompt finds room beside the casket instead of over it."""
    from conftest import Driver

    from game.learn.coach import unit_named
    from game.ui.app import App
    from game.ui.settings import Settings

    app = App((1600, 1000), Settings(ui_scale=1.5, anim_speed="instant"))
    app.fps = 0
    driver = Driver(app)
    scene = LearnScene.open(app, lessons()["casket"], resume=False)
    app.switch(scene)
    settle(driver, scene)
    while scene.coach.step.wait != "answer:1":
        perform(driver, scene)
    driver.pump(2)
    agnes = scene.unit_by_ent[unit_named(scene.match, "Sister Agnes")]
    centre = scene.camera.to_screen(scene.layout.centre(agnes.cell))
    assert scene.modal_area.w and not scene.modal_area.collidepoint(centre)
    pygame.quit()


# -- the newcomer's report on the varium lesson (the lesson's engine) ---------------------------

def _varium_at(app, driver, wait_kind: str):
    lesson = lessons()["varium"]
    scene = LearnScene.open(app, lesson, resume=False)
    app.switch(scene)
    settle(driver, scene)
    while scene.coach.step.wait_kind != wait_kind:
        perform(driver, scene)
    return scene


def test_a_hover_step_waits_for_the_mouse_to_rest_and_then_for_next(app, driver):
    from learn_pilot import unit_pos

    from game.learn.coach import HOVER_DWELL

    scene = _varium_at(app, driver, "hover")
    at = scene.coach.index
    driver.move(unit_pos(scene, "Guard Orsin"))
    scene.update(HOVER_DWELL / 4)
    assert scene.coach.index == at and not scene.coach.waits_next  # a passing mouse does not do it
    driver.move((scene.guide.rect.x + 4, scene.guide.rect.bottom - 4))
    scene.update(HOVER_DWELL)  # away from the unit: the rest starts again
    assert not scene.coach.waits_next
    driver.move(unit_pos(scene, "Guard Orsin"))
    scene.update(HOVER_DWELL)
    driver.pump(1)
    assert scene.coach.index == at and scene.coach.waits_next  # the box and the words stay together
    assert any(b.label.startswith("Next") for b in scene.guide.buttons)
    driver.key(pygame.K_m)
    assert scene.coach.index == at + 1


def test_the_guides_next_key_is_no_prompts_key(app, driver):
    import game.ui.rulesets  # noqa: F401 - every ruleset's prompt letters registered
    from game.learn.coach import NEXT_KEY
    from game.ui.battle.autosetup import AUTO_KEY
    from game.ui.battle.prompt_parts import HOTKEYS

    assert HOTKEYS, "the prompt letters are registered"
    for kind, letters in HOTKEYS.items():
        assert NEXT_KEY.lower() not in letters, kind
    assert NEXT_KEY.upper() != AUTO_KEY.upper()
    scene = _varium_at(app, driver, "next")
    assert any(b.label == f"Next  ({NEXT_KEY})" for b in scene.guide.buttons)
    at = scene.coach.index
    driver.key(pygame.K_n)  # N is varium's "new stack": never the guide's Next
    assert scene.coach.index == at


def test_the_closing_screen_is_counted_with_the_steps(app, driver):
    lesson = lessons()["voidmarked"]
    scene = LearnScene.open(app, lesson, resume=False)
    app.switch(scene)
    n = len(lesson.steps) + 1
    assert scene.guide._lines()[0].endswith(f"step 1 of {n}")
    play_through(driver, scene)
    head, _body = scene.guide._lines()
    assert head == f"Lesson complete  ·  step {n} of {n}"


@pytest.mark.parametrize("way", ["finish", "skip", "leave", "pause"])
def test_after_a_lesson_the_launcher_shows_its_ruleset(app, driver, way):
    from game.core import ruleset as registry

    assert registry.available()[0] != "varium"  # the launcher's own first choice is another one
    scene = LearnScene.open(app, lessons()["varium"], resume=False)
    app.switch(scene)
    settle(driver, scene)
    if way == "pause":
        scene.open_menu()
        scene.menu.leave(app.to_launcher, "Quit to launcher")
    else:
        scene.guide_button(way)
    assert type(app.scene).__name__ == "LauncherScene"
    assert app.scene.ruleset_id == "varium"


def test_a_finished_lesson_is_marked_done_with_play_again(app, driver):
    from game.ui.learn.menu import LearnMenuScene

    lesson = lessons()["varium"]
    scene = LearnScene.open(app, lesson, resume=False)
    app.switch(scene)
    settle(driver, scene)
    scene.coach.index = len(lesson.steps)  # the closing screen
    scene.guide_button("finish")
    assert progress.done(lesson) and progress.saved_step(lesson) is None
    menu = LearnMenuScene(app)
    labels = {b.text: what for b, (what, rid) in menu.actions.items() if rid == "varium"}
    assert labels == {"Play again": "start"}
    assert any("Done" in getattr(e, "text", "") for e in menu.manager.get_root_container().elements)
    again = LearnScene.open(app, lesson, resume=False)  # played again, then skipped: still Done
    app.switch(again)
    settle(driver, again)
    perform(driver, again)
    assert progress.done(lesson)
    again.guide_button("skip")
    assert progress.done(lesson)


def test_the_lessons_words_on_the_list_are_plain_text_not_fields(app):
    from pygame_gui.elements import UITextBox

    from game.ui.learn.menu import LearnMenuScene

    menu = LearnMenuScene(app, first=True)
    # (the lessons' rows may sit in a scrolled list: every text box the menu made)
    boxes = [e for e in menu.manager.get_sprite_group().sprites() if isinstance(e, UITextBox)]
    assert len(boxes) == 1 + len(lessons())  # the welcome and each lesson's description
    for box in boxes:
        assert box.background_colour.a == 0, box.html_text
        assert not any(box.border_width.values()), box.html_text


def test_the_opponents_actions_are_told_in_the_band(app, driver):
    scene = _varium_at(app, driver, "answer")
    while "Guard Orsin" not in " ".join(scene.coach.opponent_did):
        perform(driver, scene)
    assert scene.coach.step.title == "Dodge"  # the guard attacked after Rook's turn ended
    note = scene.coach.opponent_did[-1]
    assert note.startswith("Guard Orsin: ") and "Rook" in note, note
    while scene.coach.step.wait_kind != "act":
        perform(driver, scene)
    perform(driver, scene)  # the person's own action: the note of the last turn goes
    assert not scene.coach.opponent_did


def test_the_turn_bar_outline_leaves_the_round_and_side_words_alone(app, driver):
    from game.ui.learn.guide import target_rect
    from game.ui.theme import Fonts

    scene = _varium_at(app, driver, "act")
    ring = target_rect(scene, "turnbar")
    f = scene.fonts
    words = f.render(f"Round {scene.model.round}", Fonts.BODY, scene.pal.text)
    words = words.get_rect(topleft=(f.px(10), f.px(6)))
    assert ring is not None and ring.x > words.right, (ring, words)


def test_the_pointer_to_a_unit_comes_in_from_the_side_not_through_the_words_above_it(app, driver):
    scene = _varium_at(app, driver, "act")
    while scene.coach.step.point != "unit:Guard Orsin":
        perform(driver, scene)
    scene.invalidate()
    driver.pump(2)
    assert scene.guide.target is not None
    ring = scene.guide.target.inflate(scene.fonts.px(6), scene.fonts.px(6))  # as the guide outlines it
    assert ring.y > scene.guide.rect.bottom
    above = (ring.centerx, (scene.guide.rect.bottom + ring.y) // 2)  # where a hold's words sit
    assert tuple(app.screen.get_at(above))[:3] != tuple(scene.pal.active)[:3]
    beside = (ring.right + scene.fonts.px(16), above[1])
    assert tuple(app.screen.get_at(beside))[:3] == tuple(scene.pal.active)[:3]


def test_the_band_keeps_one_height_through_the_lesson(app, driver):
    """Issue #33, item 32: the board moved whenever the band changed height, and the mouse then
    rested on another square; the band keeps one height (at most two fifths of the board: a
    longer step's words are set smaller) and the board stays still from step to step."""
    scene = LearnScene.open(app, lessons()["varium"], resume=False)
    app.switch(scene)
    settle(driver, scene)
    tops = set()
    while not scene.coach.done and scene.coach.step is not None:
        driver.pump(1)
        if not scene.guide.aside:  # (over the side panel while a prompt needs the whole board)
            tops.add(scene.board_rect.top)
        perform(driver, scene)
    assert len(tops) == 1, sorted(tops)
    assert scene.board_rect.top == scene.guide.base.bottom
    assert scene.guide.base.h <= (scene.board_rect.bottom - scene.guide.base.y) * 2 // 5 + 1


def test_the_lessons_name_their_rulesets_as_the_launcher_does():
    """Issue #33 review, item 14: "In saves…", "with varium chosen", "the whole of casket", "heart
    of varium" showed the rulesets' ids; the words use each ruleset's name, as the launcher does."""
    from game.core import ruleset as registry

    for rid, lesson in lessons().items():
        name = registry.get(rid).name
        assert name != rid
        assert f"with {name} chosen" in lesson.summary and f"whole of {name}" in lesson.summary, rid
        for text in [lesson.title, lesson.about, lesson.summary, *(st.text for st in lesson.steps)]:
            for phrase in (f"In {rid} ", f"with {rid} ", f" of {rid}"):
                assert phrase not in text, (rid, phrase, text)


@pytest.mark.parametrize("rid", [r for r in FINISHED
                                 if any("the default" in st.text for st in lessons()[r].steps)])
def test_a_step_that_names_the_default_names_the_prompts_default(app, driver, rid):
    """Issue #33 review, item 1: varium's second grapple said "Stand (S, the default: the higher
    Exp. total)" while the prompt offered another card as its default; a step saying "(S, the
    default)" or "(H, not the default)" of the answer it waits for agrees with the prompt shown."""
    import re

    from game.ui.battle.prompt_parts import option_letter, shown_default

    scene = LearnScene.open(app, lessons()[rid], resume=False)
    app.switch(scene)
    settle(driver, scene)
    checked = 0
    while not scene.coach.done:
        st = scene.coach.step
        said = re.search(r"\(([A-Z0-9]), (not )?the default", st.text)
        if st.wait_kind == "answer" and said:
            d = scene.match.pending_decision
            key = ":".join(st.wait_args)
            _page, _pages, shown = scene.prompt_options()
            names = {option_letter(d, key), *(str(n) for n, o in shown if o.key == key)}
            assert said.group(1) in names, (st.text, names)
            default = shown_default(scene.match, d)
            assert (default == key) != bool(said.group(2)), (st.text, default)
            checked += 1
        perform(driver, scene)
    assert checked


def test_after_a_lesson_the_launcher_has_a_human_player_to_start_with(app, driver):
    # a newcomer who had last watched the computer play itself finished the lesson and found
    # both sides "AI - normal": the lesson's "Start begins a skirmish" would start one to watch
    import msgspec

    from game.ui.launch_memory import Choices, Memory, memory_path

    both_ai = {"p1": "ai:normal", "p2": "ai:normal"}
    memory_path().write_bytes(msgspec.json.encode(Memory("varium", {"varium": Choices(sides=both_ai)})))
    app.to_launcher()
    scene = LearnScene.open(app, lessons()["varium"], resume=False)
    app.switch(scene)
    settle(driver, scene)
    scene.coach.index = len(scene.lesson.steps)  # the closing screen
    scene.guide_button("finish")
    assert type(app.scene).__name__ == "LauncherScene"
    assert app.scene.sides["p1"] == "human"
