"""Three defects a tokens playthrough found: a click on one of your units opened the hand-off
chooser instead of selecting it, the odds box offered "Crit 0%" in a ruleset without critical hits,
and the overwatch prompt covered the odds box of the shot it asked about (and, at 150 %, dropped
its options' detail lines)."""

from __future__ import annotations

import pygame
import pytest
from test_ui_tokens import draw, hand_over, hotseat, place, scene_for

from game.core.action import Action
from game.core.records import Preview
from game.rulesets.tokens.combat import weapon
from game.rulesets.tokens.components import TkGear, TkTokens, get
from game.ui.app import App
from game.ui.battle.overlays import HELP_LINES
from game.ui.panels import preview_rows
from game.ui.rulesets.tokens.marks import MARK_FONT
from game.ui.scenes.battle import BattleScene
from game.ui.settings import Settings


def test_a_click_on_your_own_unit_selects_it_and_a_hand_off_needs_its_action_armed(app):
    session = hotseat("wardens", "brood")
    gunner = place(session, "Gunner", (4, 4))
    ally = place(session, "Breacher", (5, 4))
    scene = scene_for(app, session)
    scene.selected = gunner
    scene.refresh()
    handoffs = [a for a in scene.target_actions.get(ally, []) if a.kind == "handoff"]
    assert handoffs, "the Gunner can hand its Stim to the adjacent Breacher"
    before = len(session.match.log)
    scene.click_cell((5, 4))
    # the help's "Left click: select your unit": no chooser, nothing done, the ally is selected
    assert scene.chooser is None and len(session.match.log) == before
    assert scene.selected == ally
    assert any(k == "Left click" and "select your unit" in v for k, v in HELP_LINES)
    # the hand-off stays one key away: arm its group, then click the ally
    scene.selected = gunner
    scene.refresh()
    index = next(i for i, g in enumerate(scene.groups) if any(a.kind == "handoff" for a in g.actions))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1 + index, mod=0, unicode=str(index + 1)))
    assert scene.armed is not None
    scene.click_cell((5, 4))
    assert scene.chooser is not None or len(session.match.log) > before
    assert scene.chooser is None or all(a.kind == "handoff" and a.target == ally for a in scene.chooser)


def test_a_click_on_a_foe_still_attacks_it(app):
    session = hotseat("wardens", "brood")
    gunner = place(session, "Gunner", (4, 4))
    foe = place(session, "Brute 1", (7, 4))
    scene = scene_for(app, session)
    scene.selected = gunner
    scene.refresh()
    assert any(a.kind == "attack" for a in scene.target_actions.get(foe, []))
    before = len(session.match.log)
    scene.click_cell((7, 4))
    assert scene.chooser is not None or len(session.match.log) > before
    assert scene.selected == gunner


def test_the_tokens_odds_leave_out_critical_hits_other_rulesets_keep_them(app):
    session = hotseat("wardens", "brood")
    gunner = place(session, "Gunner", (4, 4))
    foe = place(session, "Brute 1", (7, 4))
    scene = scene_for(app, session)
    scene.selected = gunner
    scene.refresh()
    attack = next(a for a in scene.target_actions[foe] if a.kind == "attack")
    p = scene.preview(attack)
    assert p is not None
    assert not any("Crit" in line for line in preview_rows(p)[0])
    assert not any("Crit" in line for line in scene._preview_lines(p))
    assert not p.crits
    # a preview that does not say otherwise (casket, voidmarked, varium, saves) keeps its crit row
    other = Preview("Shot", hit=0.5, crit=0.25)
    assert "Crit 25%" in preview_rows(other)[0][0]
    assert "Crit 25%" in scene._preview_lines(other)[0]
    draw(app, scene)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_overwatch_prompt_leaves_the_shots_odds_in_sight_with_its_details(scale):
    app = App((1280, 720), Settings(anim_speed="instant", ui_scale=scale))
    app.fps = 0
    try:
        session = hotseat("wardens", "brood")
        gunner = place(session, "Gunner", (3, 5))
        brute = place(session, "Brute 1", (12, 5))
        with session.match.world:
            get(gunner, TkTokens).reserved = weapon(get(gunner, TkGear).held).cost
        session.match.touch()
        session.refresh()
        scene: BattleScene = scene_for(app, session)
        scene.submit(Action("end", None))
        hand_over(scene)
        move = next(a for a in session.legal()
                    if a.actor == brute and a.kind == "move" and a.path[-1] == (8, 5))
        scene.submit(move)
        hand_over(scene)
        assert session.decision is not None and session.decision.kind == "overwatch"
        for _ in range(3):  # the prompt may slide the board once to make room: draw again
            draw(app, scene)
        # the odds box's first spot, under the Brute's health bar, and where the board put it
        x, y = (round(v) for v in scene.camera.to_screen(scene.layout.centre((8, 5))))
        d = scene._diameter()
        low = y + d // 2 + max(5, d // 7)
        lines = 2 * scene.fonts.render("100%", MARK_FONT, (0, 0, 0)).get_height()
        assert not any(scene.modal_area.collidepoint(x, v) for v in range(low, low + lines))
        assert scene.prompt_keep, "the shot's odds box beside the Brute"
        assert not any(scene.modal_area.colliderect(r) for r in scene.prompt_keep)
        # every option's detail line is written under its button, not left to a tooltip
        assert any(o.detail for o in session.decision.options)
        assert scene.modal_buttons and all(not b.tooltip for b in scene.modal_buttons)
    finally:
        pygame.quit()
