"""The tokens battle screen keeps a hidden attacker from the side it hides from (a Silent shot reads
"hit by an unseen attacker" in that side's log and leaves its screen the same wherever the attacker
stood), and an attack-of-opportunity prompt outlines the one strike it makes, not the weapon's area."""

from __future__ import annotations

import pygame
import pytest
from test_ui_tokens import draw, ent, hand_over, hotseat, place, scene_for

from game.core.action import Action
from game.rulesets.tokens.combat import strikes
from game.rulesets.tokens.components import TkGear, TkStealth, get
from game.ui.rulesets import tokens as tk_ui
from game.ui.session import Move, Step


def silent_shot(app, at: tuple[int, int]):
    """p1's Shade 1 sneaks, creeps to `at` next to p2's Marksman, knifes it and ends the turn; p2
    takes the screen."""
    session = hotseat()
    shade = place(session, "Shade 1", (4, 8))
    scene = scene_for(app, session)
    session.match.chance.force("coin", "heads", "heads")
    legal = session.legal()
    scene.submit(next(a for a in legal if a.kind == "sneak" and a.actor == shade and a.option == "2"))
    place(session, "Shade 1", at)
    mark = place(session, "Marksman", (5, 9))
    with session.match.world:
        get(shade, TkGear).held = "knife"
    session.refresh()
    scene.refresh()
    legal = session.legal()
    scene.submit(next(a for a in legal if a.kind == "attack" and a.actor == shade and a.target == mark))
    with session.match.world:
        assert get(shade, TkStealth).hidden
    own = [e.text for e in scene.log.events]
    scene.submit(Action("end", None))
    hand_over(scene)
    assert scene.viewer == "p2"
    return scene, own


@pytest.mark.rule("TK-SILENT")
def test_the_other_sides_log_and_screen_are_the_same_wherever_a_silent_shooter_stood(app):
    a, own = silent_shot(app, (4, 10))
    assert any(t.startswith("Shade 1 attacks Marksman with Knife") for t in own)
    texts_a = [e.text for e in a.log.events]
    shot_a = pygame.image.tobytes(draw(app, a), "RGB")
    b, _ = silent_shot(app, (6, 8))
    texts_b = [e.text for e in b.log.events]
    shot_b = pygame.image.tobytes(draw(app, b), "RGB")
    assert texts_a == texts_b
    shot = texts_a.index("Marksman is attacked by an unseen enemy.")
    assert texts_a[shot + 1].startswith("Marksman is hit by an unseen attacker: takes 3")
    assert not any("Shade" in t or "Knife" in t for t in texts_a[shot:])
    assert shot_a == shot_b


@pytest.mark.rule("TK-AOO")
def test_an_attack_of_opportunity_prompt_outlines_the_one_strike_not_the_cleave(app):
    session = hotseat("wardens", "brood")
    vanguard = place(session, "Vanguard 1", (6, 5))
    brute = place(session, "Brute 1", (7, 5))
    other = place(session, "Brute 2", (7, 6))  # in the sword's cleave ring round the brute
    scene = scene_for(app, session)
    with session.match.world:
        wid = get(vanguard, TkGear).held
    cleave = Action("attack", vanguard, target=brute, option=wid)
    assert len(scene.model.area(cleave)) > 1  # the sword cleaves when it attacks
    scene.submit(Action("end", None))
    hand_over(scene)
    move = next(a for a in session.legal() if a.actor == brute and a.kind == "move" and a.path[-1] == (9, 5))
    scene.submit(move)
    assert session.decision is not None and session.decision.kind == "aoo"
    hand_over(scene)
    strike = tk_ui.decision_attack(scene)
    assert strike is not None and strike.actor == vanguard and strike.target == brute
    assert scene.model.area(strike) == [(7, 5)]
    shown = tk_ui.attack_odds(scene, strike)
    assert [o.ent for o in shown] == [brute] and other not in {o.ent for o in shown}
    with session.match.world:
        one = strikes(session.match, vanguard, wid, (), brute, viewer="p1")  # a plain strike
    assert shown[0].lines == ("100%", f"{float(one[0].to_health):.1f} dmg")
    draw(app, scene)


@pytest.mark.rule("TK-SNEAK")
def test_a_hidden_units_move_makes_no_slide_for_the_side_it_hides_from(app):
    """The battle screen waits for slides before the next input: a slide for an unseen mover would
    give away, by the pause, how far it went."""
    session = hotseat()
    shade = place(session, "Shade 1", (4, 8))
    scene = scene_for(app, session)
    session.match.chance.force("coin", "heads", "heads")
    sneak = next(a for a in session.legal() if a.kind == "sneak" and a.actor == shade and a.option == "2")
    scene.submit(sneak)
    scene.submit(Action("end", None))
    hand_over(scene)
    assert scene.viewer == "p2"
    mark = ent(session, "Marksman")
    scene.fast = False
    app.settings.anim_speed = "normal"
    scene.apply_step(Step("p1", moves=[Move(shade, [(4, 8), (4, 9), (4, 10)]), Move(mark, [(1, 1), (1, 2)])]))
    assert shade not in scene.slides
    assert mark in scene.slides  # a unit the viewer sees still slides
