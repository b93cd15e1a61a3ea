"""The battle screen's model without pixels: what is offered, selected, armed and focused."""

from __future__ import annotations

import subprocess
import sys

from miniset import mini_match

from game.ui.battle.model import BattleModel
from game.ui.session import Session


def model_for(specs=None, **kw) -> BattleModel:
    session = Session(mini_match(**kw), specs or {"p1": "human", "p2": "human"})
    model = BattleModel(session, "p1")
    model.read()
    return model


def test_the_model_offers_the_acting_units_moves_and_end_turn_without_a_display():
    model = model_for()
    acting = model.turn.unit
    assert model.selected == acting
    assert model.moves and all(a.actor == acting for a in model.moves.values())
    assert [g.label for g in model.groups][-1] == "End turn"
    assert not model.target_actions  # nobody adjacent yet


def test_the_model_targets_and_previews_after_a_move_next_to_an_enemy():
    model = model_for(size=(5, 4))
    me = model.unit_by_ent[model.selected]
    foe = next(u for u in model.units if u.side != me.side and u.cell[1] == me.cell[1])
    board = model.match.board
    cell = min(model.moves, key=lambda c: (board.distance(c, foe.cell), c))
    assert board.distance(cell, foe.cell) == 1
    model.session.submit(model.moves[cell])
    model.read()
    assert foe.ent in model.target_actions and not model.moves  # moved: only attacks and end left
    attack = model.group_for_target(foe.ent)
    assert attack is not None and attack.kind == "attack"
    preview = model.preview(attack)
    assert preview is not None and 0 < preview.hit < 1
    group = next(g for g in model.groups if g.targeted)
    model.armed = group.key
    assert model.candidates_for_target(foe.ent) == [attack]


def test_importing_the_model_loads_no_pygame():
    code = "import sys, game.ui.battle.model, game.ui.battle; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_units_sharing_a_cell_are_drawn_side_by_side_each_hoverable_and_clickable(app, driver):
    import esper
    import pygame

    from game.core.components import Position
    from game.ui.scenes.battle import BattleScene

    match = mini_match(size=(6, 6))
    session = Session(match, {"p1": "human", "p2": "human"})
    scene = BattleScene(app, session)
    app.switch(scene)
    acting = scene.turn.unit
    mate = next(u for u in scene.units if u.side == "p1" and u.ent != acting)
    foe = next(u for u in scene.units if u.side == "p2")
    here = scene.unit_by_ent[acting].cell
    with match.world:  # two more units on the acting unit's cell (varium allows two per square)
        esper.component_for_entity(mate.ent, Position).cell = here
        esper.component_for_entity(foe.ent, Position).cell = here
    scene.refresh()
    places = scene.token_places()
    points = {ent: scene.camera.to_screen(places[ent][0]) for ent in (acting, mate.ent, foe.ent)}
    assert len({(round(x), round(y)) for x, y in points.values()}) == 3  # side by side, none hidden
    for ent, (x, y) in points.items():
        assert scene.unit_under((round(x), round(y))).ent == ent
        driver.move((x, y))
        assert scene.model.hover_unit == ent
    # the acting unit is drawn last: its token's centre shows its own side colour ring
    scene.draw(app.screen)
    x, y = points[acting]
    assert app.screen.get_at((round(x), round(y)))[:3] != scene.pal.bg
    # a click on the mate's token while the acting unit is fixed keeps the acting unit selected
    driver.click(points[mate.ent])
    assert scene.selected == acting and scene.inspected == mate.ent
    driver.key(pygame.K_i)
    assert scene.overlay == "info"
