"""Boxes that come and go keep clear of what the player reads: the end-of-match toast is never
over the hand strip (voidmarked's hand), and chance popups never sit under an open prompt."""

from __future__ import annotations

import pygame
import pytest

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
