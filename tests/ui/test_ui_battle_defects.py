"""Battle-screen defects a new player met (issue 17, list 4), each pinned by a test."""

from __future__ import annotations

import pygame
from miniset import mini_match

from game.core.events import Event
from game.ui.scenes.battle import BattleScene
from game.ui.session import Session
from game.ui.theme import Fonts


def start(app, specs=None, **kw) -> BattleScene:
    scene = BattleScene(app, Session(mini_match(**kw), specs or {"p1": "human", "p2": "human"}))
    app.switch(scene)
    scene.draw(app.screen)
    return scene


def test_4_4_log_lines_wrap_inside_the_panel_never_cut_at_its_edge(app):
    scene = start(app)
    log = scene.log
    long_text = ("Castor fires the Rivet Shot at Brokk from the ruined gantry and the round glances off "
                 "the plate, ricocheting into the crates beside the door")
    word = "Supercalifragilisticexpialidocious" * 3
    log.add([Event("end", long_text, round=3), Event("note", word, ["math " + word], round=3)])
    log.expanded.add(len(log.events) - 1)
    log.invalidate()
    scene.draw(app.screen)
    inner = log.rect.w - scene.fonts.px(8)  # the text starts 8 px in
    for row in log.rows:
        width = scene.fonts.font(Fonts.SMALL, row.bold).size(row.text)[0]
        assert scene.fonts.px(8) + row.indent + width <= log.rect.w, row.text
        assert width <= inner
    # nothing of the text is lost to the wrapping
    ours = [r for r in log.rows if r.index == len(log.events) - 2]
    assert " ".join(r.text for r in ours).split(" ", 1)[1] == long_text


def test_4_2_the_panel_shows_the_acting_unit_not_a_clicked_one_through_the_next_turns(app, driver):
    scene = start(app)
    acting = scene.turn.unit
    foe = next(u for u in scene.units if u.side != scene.unit_by_ent[acting].side)
    assert foe.ent not in scene.target_actions  # too far to attack: the click only inspects it
    driver.click(scene.camera.to_screen(scene.layout.centre(foe.cell)))
    assert scene.inspected == foe.ent
    scene.draw(app.screen)
    assert scene.panel_unit == acting  # the panel and the actions list are the acting unit's
    driver.key(pygame.K_e)  # the next unit acts
    nxt = scene.turn.unit
    assert nxt != acting
    scene.draw(app.screen)
    assert scene.panel_unit == nxt and scene.inspected is None
    assert all(a.actor == nxt for g in scene.groups for a in g.actions)


def test_4_11_internal_names_never_reach_tooltips_or_unit_details(app, driver):
    from game.core.components import Conditions

    scene = start(app)
    acting = scene.turn.unit
    foe = next(u for u in scene.units if u.side != scene.unit_by_ent[acting].side)
    with scene.match.world:
        import esper

        esper.component_for_entity(foe.ent, Conditions).active["in_melee"] = {"turns": 0}
    scene.refresh()
    shown: list[str] = []
    from game.ui.battle import tooltips as tips

    real = tips.tooltip

    def spy(surface, fonts, pal, lines, *a, **kw):
        shown.extend(lines)
        shown.append(str(kw.get("title", "")))
        return real(surface, fonts, pal, lines, *a, **kw)

    import pytest

    mp = pytest.MonkeyPatch()
    mp.setattr(tips, "tooltip", spy)
    try:
        driver.move(scene.camera.to_screen(scene.layout.centre(foe.cell)))
        scene.draw(app.screen)
    finally:
        mp.undo()
    text = " ".join(shown)
    assert "in melee" in text and "in_melee" not in text and "p2" not in text.split()
    # a unit_view record's keys are display names in the details
    from game.ui.battle.labels import describe

    shown_text = describe({"turn_left": {"moves": 2, "quick_action": True}})
    assert shown_text == "turn left (moves 2, quick action yes)"
