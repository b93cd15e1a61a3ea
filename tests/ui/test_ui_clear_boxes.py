"""Boxes that come and go keep clear of what the player reads: the end-of-match toast is never
over the hand strip (voidmarked's hand), and chance popups never sit under an open prompt."""

from __future__ import annotations

import pygame
import pytest

from game.core.events import Event
from game.ui.app import App, build_session
from game.ui.scenes.battle import BattleScene
from game.ui.settings import Settings


@pytest.fixture(params=[((1280, 720), 1.0), ((1280, 720), 1.5), ((1600, 1000), 1.0), ((1600, 1000), 1.5)],
                ids=["720-100%", "720-150%", "1000-100%", "1000-150%"])
def sized_app(request):
    size, scale = request.param
    a = App(size, Settings(anim_speed="normal", ui_scale=scale))
    a.fps = 0
    yield a
    pygame.quit()


def test_the_match_over_toast_keeps_clear_of_the_hand_strip(sized_app):
    session = build_session("voidmarked", None, 3, "human", "ai:easy")
    scene = BattleScene(sized_app, session)
    scene.ai_threads = False
    sized_app.switch(scene)
    scene.draw(sized_app.screen)
    strip = scene._strip_rect
    assert strip is not None, "voidmarked shows the person's hand"
    scene.toast = ("Match over: Voidmarked Vanguard wins — every enemy is down or out of the fight.", 4.0)
    scene.draw(sized_app.screen)
    toast = scene._marks[-1]
    assert not toast.colliderect(strip), (toast, strip)
    assert scene.board_rect.contains(toast)


def test_chance_popups_keep_clear_of_the_open_prompt(sized_app):
    session = build_session("varium", None, 3, "human", "ai:easy")
    assert session.decision is not None  # the initiative check's prompt is open
    scene = BattleScene(sized_app, session)
    scene.ai_threads = False
    sized_app.switch(scene)
    scene.fx.clear()
    for text, cards in (("Rook's initiative: dealt 7 of hearts (7)", ["7H"]),
                        ("Vex's hit check: dealt Q of spades (12) and the stack goes on", ["QS", "3D"])):
        scene.fx.add(Event("card", text, chance=True, data={"cards": cards}))
    for _ in range(2):  # the prompt's place is known from the first frame on
        scene.fx.update(0.1)
        scene.draw(sized_app.screen)
    prompt = scene.modal_area
    # (720 pixels at 150 %: a tall prompt leaves room above it for one small popup only: the
    # newest is shown, not drawn over the older one)
    big = sized_app.screen.get_height() >= 1000 or scene.fonts.scale < 1.5
    assert prompt.w and len(scene.fx.rects) == (2 if big else 1)
    for r in scene.fx.rects:
        assert not r.colliderect(prompt), (r, prompt)
        assert scene.board_rect.contains(r)
    assert not any(a.colliderect(b) for i, a in enumerate(scene.fx.rects) for b in scene.fx.rects[i + 1:])
