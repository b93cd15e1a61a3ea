"""Casket defects a new player met in battle (issue 17, list 4: 4.3, 4.5, 4.10)."""

from __future__ import annotations

import pygame
import pytest
from test_ui_casket_panels import casket_duel

from game.core import ruleset as registry
from game.core.action import Decision, Option
from game.ui.battle.model import is_end
from game.ui.battle.prompt_parts import parts_for

pytestmark = pytest.mark.skipif("casket" not in registry.available(), reason="casket not implemented")


def test_4_3_the_hand_strip_never_shows_a_hand_while_another_casket_acts(app, driver):
    scene, a, b = casket_duel(app, p2="ai:easy")
    title, entries = scene.hand_entries()
    assert entries and all(e["unit"] == a for e in entries) and "SP left" in title
    # the enemy casket inspected (a click on it would attack): the strip stays the acting casket's
    scene.inspected = b
    assert all(e["unit"] == a for e in scene.hand_entries()[1])
    end = next(x for x in scene.session.legal() if is_end(x))
    scene.submit(end)
    while scene.session.decision is not None and scene.session.waiting_for_human:
        scene.answer(scene.session.decision.default or scene.session.decision.options[0].key)
    assert scene.session.waiting_for_ai and scene.turn.side == "p2"
    assert scene.hand_entries() == ("", [])  # the AI's side acts: no hand of ours in its place
    scene.apply_step(scene.session.step_ai())  # it activates its casket
    assert scene.turn.unit == b
    assert scene.hand_entries() == ("", [])
    scene.draw(app.screen)
    assert scene.hand_hits == []


def test_4_5_facing_arrows_sit_at_the_unit_and_the_prompt_covers_neither(app, driver):
    scene, a, b = casket_duel(app)
    target = next(c for c, x in scene.moves.items() if x.kind == "move" and len(x.path) == 2)
    scene.camera.centre_on(scene.layout.centre(target))
    driver.click(scene.camera.to_screen(scene.layout.centre(target)))
    if scene.chooser:
        driver.key(pygame.K_1 + next(i for i, x in enumerate(scene.chooser) if x.kind == "move"))
    assert scene.session.decision is not None and scene.session.decision.kind == "face"
    scene.draw(app.screen)
    arrows = [btn for btn in scene.modal_buttons if not btn.hotkey]
    assert arrows
    centre = scene.camera.to_screen(scene.layout.centre(scene.unit_by_ent[a].cell))
    radius, size = scene._facing_geometry()
    for arrow in arrows:
        assert not scene.modal_area.colliderect(arrow.rect)  # the prompt covers no arrow
        dx, dy = arrow.rect.centerx - centre[0], arrow.rect.centery - centre[1]
        assert (dx * dx + dy * dy) ** 0.5 <= radius + size  # arrows ring the unit on the board
    token = pygame.Rect(0, 0, 20, 20)
    token.center = (round(centre[0]), round(centre[1]))
    assert not scene.modal_area.colliderect(token)  # nor the unit


def test_4_10_prompt_cards_show_their_whole_display_name(app, monkeypatch):
    from game.rulesets.casket.components import structure

    scene, a, b = casket_duel(app)
    with scene.match.world:
        pile = structure(a)
        pile.move("judgement", "deck", "hand") if "judgement" in pile.zones.get("deck", []) else None
    scene.refresh()
    assert scene.card_names.get("judgement") == "Lance of Judgement"
    rendered: list[str] = []
    real = scene.fonts.render

    def spy(text, *args, **kw):
        rendered.append(text)
        return real(text, *args, **kw)

    monkeypatch.setattr(scene.fonts, "render", spy)
    d = Decision("p1", "damage_source", "Take 2 damage", (Option("0", "hand 0"),),
                 context={"cards": ["judgement", "emergency_vent"]})
    for scale_fonts in (scene.fonts,):
        parts_for(d, scale_fonts, scene.pal, 400, scene.card_names)
    words = " ".join(rendered)
    assert "Lance" in words and "Judgement" in words and "Emergency" in words


def test_4_2_activating_another_casket_moves_the_panel_to_it(app, driver):
    from game.ui.app import build_session
    from game.ui.scenes.battle import BattleScene

    session = build_session("casket", None, 5, "human", "human")
    scene = BattleScene(app, session)
    app.switch(scene)
    if scene.handoff is not None:
        driver.key(pygame.K_RETURN)
    assert scene.turn.unit is None  # the side picks which casket activates
    mine = [g for g in scene.groups if g.actions[0].kind == "activate"]
    assert len(mine) >= 2
    first, other = mine[0].actions[0].actor, mine[1].actions[0].actor
    driver.click(scene.camera.to_screen(scene.layout.centre(scene.unit_by_ent[first].cell)))
    scene.draw(app.screen)
    assert scene.panel_unit == first  # clicked: its details and its actions
    if not any(g.actions[0].actor == other for g in scene.groups):
        # selecting the first casket listed only its own choices: a right click shows them all
        driver.click((scene.board_rect.centerx, scene.board_rect.y + 5), button=3)
    index = next(i for i, g in enumerate(scene.groups) if g.actions[0].actor == other)
    driver.key(pygame.K_1 + index)
    assert scene.turn.unit == other
    scene.draw(app.screen)
    assert scene.panel_unit == other  # the acting casket, not the one clicked first
    assert all(a.actor == other for g in scene.groups for a in g.actions)
    assert all(e["unit"] == other for e in scene.hand_entries()[1])
