"""Learn to play (issue #33 A1): each guided battle played to its end through the screen, left
and resumed, skipped; the lessons' data checked; the launcher's entry and first-launch offer."""

from __future__ import annotations

import pytest
from learn_pilot import perform, play_through, settle

from game.learn import progress
from game.learn.lesson import lessons
from game.ui.learn.scene import LearnScene

FINISHED = ["varium"]


@pytest.mark.parametrize("rid", FINISHED)
def test_a_guided_battle_is_played_to_its_end_through_the_screen(app, driver, rid):
    lesson = lessons()[rid]
    scene = LearnScene.open(app, lesson, resume=False)
    app.switch(scene)
    play_through(driver, scene)
    assert scene.match.over
    assert scene.match.result.winner == lesson.player
    assert scene.coach.done
    assert progress.saved_step(lesson) is None  # a finished lesson is not offered to resume


def test_an_input_the_step_does_not_ask_for_is_held_back(app, driver):
    lesson = lessons()["varium"]
    scene = LearnScene.open(app, lesson, resume=False)
    app.switch(scene)
    settle(driver, scene)
    inputs = len(scene.match.inputs)
    scene.answer("stand")  # the step asks to read and press Next
    assert len(scene.match.inputs) == inputs
    assert scene.toast and "Next" in scene.toast[0]


def test_a_lesson_left_half_way_resumes_where_it_was(app, driver):
    lesson = lessons()["varium"]
    scene = LearnScene.open(app, lesson, resume=False)
    app.switch(scene)
    settle(driver, scene)
    while scene.coach.index < 16:
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
