"""The AI thinks on a worker thread, on a scratch copy: the window keeps drawing and answering."""

from __future__ import annotations

import threading

import pygame
from miniset import mini_match

from game.ui.scenes.battle import BattleScene
from game.ui.session import Session


class HeldAI:
    """Chooses the first legal action, but only once the test lets it (and notes where it ran)."""

    level = "held"

    def __init__(self) -> None:
        self.go = threading.Event()
        self.seen: list[tuple[object, str]] = []

    def choose(self, match, legal):
        self.seen.append((match, threading.current_thread().name))
        assert self.go.wait(10)
        return legal[-1]

    def decide(self, match, decision):
        self.seen.append((match, threading.current_thread().name))
        assert self.go.wait(10)
        return decision.default or decision.options[0].key


def test_the_ai_thinks_off_the_ui_thread_while_the_window_draws_pans_zooms_and_opens_esc(app, driver):
    app.settings.anim_speed = "normal"
    ai = HeldAI()
    match = mini_match(size=(12, 10))
    session = Session(match, {"p1": "held", "p2": "held"}, controllers={"p1": ai, "p2": ai})
    scene = BattleScene(app, session)
    app.switch(scene)
    inputs = len(match.inputs)
    for _ in range(5):
        scene.update(0.1)  # past the watch pace: the decision starts on its thread
    assert scene.worker is not None and not scene.worker.done
    for _ in range(5):
        app.step(block=False)  # frames go on while it thinks
    assert ai.seen and ai.seen[0][0] is not match and ai.seen[0][1] == "ai-think"  # a scratch copy
    assert len(match.inputs) == inputs  # the live match is untouched meanwhile
    drawn = app.frames_drawn
    app.step(block=False)
    assert app.frames_drawn > drawn  # still drawing (the "thinking" mark turns)
    # pan and zoom answer
    before = (scene.camera.x, scene.camera.y, scene.camera.zoom)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    for _ in range(3):
        scene.update(0.05)
        app.step(block=False)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_EQUALS, mod=0, unicode="=", scancode=0))
    app.step(block=False)
    assert (scene.camera.x, scene.camera.y, scene.camera.zoom) != before
    # Esc opens the menu at once (the AI is still thinking), Esc closes it
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step(block=False)
    assert scene.overlay == "pause" and not scene.worker.done
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step(block=False)
    assert scene.overlay is None
    assert len(match.inputs) == inputs
    # the decision made: the UI thread gives it to the live match
    ai.go.set()
    scene.wait_ai()
    scene.update(0.01)
    assert scene.worker is None and len(match.inputs) == inputs + 1
