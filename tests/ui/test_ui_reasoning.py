"""The AI's reasoning in the window: X shows the latest AI input's top choices and logs them."""

from __future__ import annotations

import json

import pygame
import pytest

from game.core import ruleset as registry
from game.ui.app import App, build_session
from game.ui.scenes.battle import BattleScene
from game.ui.settings import Settings, settings_path

pytestmark = pytest.mark.skipif("voidmarked" not in registry.available(), reason="voidmarked not implemented")


def watch(app, specs: tuple[str, str]) -> BattleScene:
    session = build_session("voidmarked", "square/voidmarked_warehouse.tmx", 3, *specs)
    scene = BattleScene(app, session)
    scene.ai_threads = False  # these tests give the AI's inputs themselves, one at a time
    app.switch(scene)
    app.step(block=False)
    return scene


def ai_inputs(scene: BattleScene, n: int) -> list:
    """n AI inputs applied one at a time, as the watch-pace loop would."""
    steps = []
    for _ in range(n):
        if not scene.session.waiting_for_ai:
            break
        step = scene.session.step_ai()
        scene.apply_step(step)
        steps.append(step)
    return steps


def test_x_shows_the_ai_top_choices_on_the_board_and_in_the_log(app, driver):
    scene = watch(app, ("ai:normal", "ai:easy"))
    assert not scene.show_reasoning
    steps = ai_inputs(scene, 6)
    assert steps and all(s.thought is not None for s in steps)
    assert not any(e.kind == "ai_reasoning" for e in scene.log.events)  # hidden until asked for

    driver.key(pygame.K_x)
    assert scene.show_reasoning
    # the toggle is a saved setting
    assert json.loads(settings_path().read_text())["ai_reasoning"] is True
    # every AI input so far (the loop may have played more while the key was handled) now has
    # its reasoning entry, placed just before the events it caused
    thoughts = scene.session.thoughts
    notes = [i for i, e in enumerate(scene.log.events) if e.kind == "ai_reasoning"]
    assert len(notes) == len(thoughts) >= len(steps)
    for k, (thought, i) in enumerate(zip(thoughts, notes, strict=True)):
        assert thought.explanation[0]["label"] in scene.log.events[i].text
        # the runners-up are the entry's expandable lines
        assert len(scene.log.events[i].math) == len(thought.explanation) - 1
        assert i - k == thought.log_at  # match events before it = where the input began
    for step in steps:
        assert step.thought is not None
        if step.action is not None:
            # the top candidate is what the AI actually did
            assert step.thought.explanation[0]["label"] == (step.action.label or step.action.kind)

    # the board box names the side, the level and the chosen action with its score
    lines = scene.reasoning_lines()
    last = scene.session.thoughts[-1]
    assert lines[0][0].startswith(f"{scene.side_name(last.side)} · {last.level} AI")
    assert not lines[0][0].startswith(last.side)  # the squad, not the side id
    assert last.explanation[0]["label"] in lines[1][0]
    # ...and is drawn: its corner of the board (the first that hides nothing needed) changes
    scene.draw(app.screen)
    box, _ = scene.reasoning_layout()
    assert scene.board_rect.contains(box)
    corner = box.x + 20, box.y + 12
    shown = pygame.Surface.copy(app.screen.subsurface(pygame.Rect(corner, (200, 40))))

    new = ai_inputs(scene, 1)
    assert new and scene.log.events[-len(new[0].events) - 1].kind == "ai_reasoning"

    driver.key(pygame.K_x)
    assert not scene.show_reasoning
    assert not any(e.kind == "ai_reasoning" for e in scene.log.events)
    scene.draw(app.screen)
    hidden = app.screen.subsurface(pygame.Rect(corner, (200, 40)))
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(hidden, "RGB")


def test_a_person_input_records_no_reasoning(app, driver):
    scene = watch(app, ("human", "ai:normal"))
    driver.key(pygame.K_x)
    assert scene.session.waiting_for_human
    end = next(a for a in scene.session.legal() if a.kind == "end")
    step = scene.session.submit(end)
    assert step.thought is None
    ai_inputs(scene, 3)
    assert scene.session.thoughts and all(t.side == "p2" for t in scene.session.thoughts)



class _Thinking:
    """A worker as the thinking mark reads it: whose decision and for how long."""

    def __init__(self, side: str) -> None:
        self.need = type("Need", (), {"side": side})()
        self.seconds = 88.8


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1600, 1000)])
def test_the_thinking_mark_never_covers_the_reasoning_box(size, scale):
    """Both sit at the board's top; the mark cut the box's heading at 150 % (tokens, round 2)."""
    app = App(size, Settings(anim_speed="instant", ui_scale=scale, ai_reasoning=True))
    app.fps = 0
    scene = BattleScene(app, build_session("tokens", None, 4, "ai:easy", "ai:easy"))
    scene.ai_threads = False
    app.switch(scene)
    app.step(block=False)
    try:
        ai_inputs(scene, 8)
        box, _ = scene.reasoning_layout()
        assert scene.board_rect.contains(box), (box, size, scale)
        for side in scene.session.sides:
            scene.worker = _Thinking(side)
            scene.draw(app.screen)
            mark = scene._draw_thinking(app.screen)
            assert mark is not None and scene.board_rect.contains(mark), (mark, size, scale)
            assert not box.colliderect(mark), (box, mark, size, scale)
    finally:
        scene.worker = None
        pygame.quit()
