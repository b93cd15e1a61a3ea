"""Boxes over the board keep out of each other's and the player's way (issue 17: 4.6, 4.8, 4.9)."""

from __future__ import annotations

import pygame
import pytest

from game.core import ruleset as registry
from game.core.events import Event
from game.ui.app import App, build_session
from game.ui.scenes.battle import BattleScene
from game.ui.settings import Settings

pytestmark = pytest.mark.skipif("voidmarked" not in registry.available(), reason="voidmarked not implemented")


@pytest.fixture(params=[1.0, 1.5], ids=["100%", "150%"])
def scaled_app(request):
    a = App((1280, 720), Settings(anim_speed="normal", ui_scale=request.param, ai_reasoning=True))
    a.fps = 0
    yield a
    pygame.quit()


def watched(app) -> BattleScene:
    session = build_session("voidmarked", "square/voidmarked_warehouse.tmx", 3, "ai:normal", "ai:easy")
    scene = BattleScene(app, session)
    scene.ai_threads = False
    app.switch(scene)
    for _ in range(3):
        scene.apply_step(session.step_ai())
    scene.fx.clear()
    scene.draw(app.screen)
    return scene


def test_4_9_the_card_flip_popup_keeps_clear_of_the_ai_reasoning_box(scaled_app):
    scene = watched(scaled_app)
    assert scene.show_reasoning and scene.reasoning_lines()
    scene.fx.add(Event("flip", "Castor flips a card", chance=True, data={"cards": ["10H", "QS"]}))
    scene.fx.update(1.0)
    scene.fx.popups[0].age = 0.5
    scene.draw(scaled_app.screen)
    box, _ = scene.reasoning_layout()
    assert scene.fx.rects and not any(r.colliderect(box) for r in scene.fx.rects)
    assert all(scene.board_rect.contains(r) for r in scene.fx.rects)


def test_4_6_at_150_the_reasoning_box_leaves_the_map_and_acting_unit_free(scaled_app):
    scene = watched(scaled_app)
    box, _ = scene.reasoning_layout()
    board = scene.board_rect
    assert box.w <= board.w * 0.5 and box.h <= board.h * 0.4
    for cell in scene._cells_to_keep():
        assert not box.colliderect(scene._screen_cell_rect(cell))


def test_4_6_at_150_the_turn_bar_shows_the_round_the_side_and_the_whole_order(scaled_app):
    scene = watched(scaled_app)
    f = scene.fonts
    scene._bar_surface = None
    scene._draw_bar(scaled_app.screen)
    side = scene.side_name(scene.turn.side)
    label = max(f.font(f.SMALL).size(side)[0], f.font(f.BODY, True).size(f"Round {scene.model.round}")[0])
    assert scene.bar_order_x >= f.px(10) + label  # the tokens start after the labels: none cut
    assert scene.bar_shown == len([e for e in scene.order if e in scene.unit_by_ent])  # no unit left out


def test_4_8_the_hand_strip_is_under_the_help_menu_and_info_shade(app):
    from miniset import mini_match

    from game.ui.session import Session

    scene = BattleScene(app, Session(mini_match(), {"p1": "human", "p2": "human"}))
    app.switch(scene)
    scene.draw(app.screen)
    assert scene._strip_rect is not None
    spot = scene._strip_rect.move(8, 8).topleft
    plain = app.screen.get_at(spot)
    for overlay in ("help", "info"):
        scene.overlay = overlay
        scene.draw(app.screen)
        shaded = app.screen.get_at(spot)
        assert sum(shaded[:3]) < sum(plain[:3]), overlay  # under the dark shade, not above it
        assert scene.hand_hits == [] or scene._hand_card_at(spot) is None or scene.overlay
    scene.overlay = None
    scene.open_menu()
    scene.draw(app.screen)
    assert sum(app.screen.get_at(spot)[:3]) < sum(plain[:3])
