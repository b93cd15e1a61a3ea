"""Frictions a new player met on the battle screen (issue 17, list 5), each pinned by a test."""

from __future__ import annotations

import pygame
import pytest
from miniset import MiniRuleset, mini_match

from game.core import ruleset as registry
from game.ui.battle import tooltips as tips
from game.ui.scenes.battle import BattleScene
from game.ui.session import Session
from game.ui.view import UnitInfo, unique_marks


class ReachRuleset(MiniRuleset):
    """The mini ruleset explaining why its attack cannot target a unit."""

    def why_not_target(self, match, actor, target):
        import esper

        from game.core.components import Position

        here = tuple(esper.component_for_entity(actor, Position).cell)
        there = tuple(esper.component_for_entity(target, Position).cell)
        d = match.board.distance(here, there)
        return f"out of reach ({d} cells, attacks reach 1)" if d > 1 else ""


def tooltips_shown(scene, app, monkeypatch, pos) -> list[str]:
    shown: list[str] = []
    real = tips.tooltip

    def spy(surface, fonts, pal, lines, *a, **kw):
        shown.extend([str(kw.get("title", "")), *lines])
        return real(surface, fonts, pal, lines, *a, **kw)

    monkeypatch.setattr(tips, "tooltip", spy)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(block=False)
    scene.draw(app.screen)
    return shown


def test_hovering_a_unit_no_action_can_target_says_why_from_the_ruleset(app, monkeypatch):
    match = mini_match(rs=ReachRuleset())
    scene = BattleScene(app, Session(match, {"p1": "human", "p2": "human"}))
    app.switch(scene)
    me = scene.unit_by_ent[scene.turn.unit]
    foe = next(u for u in scene.units if u.side != me.side)
    pos = tuple(round(v) for v in scene.camera.to_screen(scene.layout.centre(foe.cell)))
    shown = tooltips_shown(scene, app, monkeypatch, pos)
    assert any(line.startswith("Cannot be targeted: out of reach (") for line in shown), shown


def test_hovering_terrain_says_what_it_does(app, monkeypatch):
    match = mini_match()
    cell = next(c for c in match.board.cells() if all(u != c for u in []) and c[0] == 3)
    match.board.set(cell, name="crates", cover=2, move_cost=2.0)
    scene = BattleScene(app, Session(match, {"p1": "human", "p2": "human"}))
    app.switch(scene)
    assert scene.unit_at(cell) is None
    pos = tuple(round(v) for v in scene.camera.to_screen(scene.layout.centre(cell)))
    scene.moves.pop(cell, None)  # a cell the unit can reach shows its path instead
    shown = tooltips_shown(scene, app, monkeypatch, pos)
    assert "Crates" in shown and "heavy cover" in shown and "moving in costs 2" in shown


def test_units_of_one_side_never_share_a_token_label():
    def unit(ent, side, mark):
        return UnitInfo(ent, f"Gunner {ent}", "gunner", side, 0, (ent, 0), mark)

    units = unique_marks([unit(1, "p1", "G"), unit(2, "p1", "G"), unit(3, "p2", "G"), unit(4, "p1", "G1")])
    marks = [(u.side, u.mark) for u in units]
    assert len(set(marks)) == len(marks)
    assert marks[2] == ("p2", "G")  # another side may use the same label


@pytest.mark.skipif("casket" not in registry.available(), reason="casket not implemented")
def test_casket_e_before_activating_says_what_to_do_and_actions_are_not_hidden(app):
    from conftest import Driver
    from test_ui_casket_panels import casket_duel

    from game.ui.app import App
    from game.ui.battle.model import is_end
    from game.ui.settings import Settings

    pygame.quit()
    app = App((1280, 720), Settings(anim_speed="instant"))  # the default window
    app.fps = 0
    driver = Driver(app)
    scene, a, b = casket_duel(app, p2="human")
    scene.draw(app.screen)
    # every action of the activated casket is on the panel: no "more" behind the wheel
    assert len(scene.panel_buttons) >= len(scene.groups)
    scene.submit(next(x for x in scene.session.legal() if is_end(x)))
    while scene.session.decision is not None:
        scene.answer(scene.session.decision.default or scene.session.decision.options[0].key)
    if scene.handoff is not None:
        driver.key(pygame.K_RETURN)
    assert scene.turn.unit is None and scene.turn.side == "p2"
    driver.key(pygame.K_e)
    assert scene.toast is not None and "first choose who acts" in scene.toast[0]


def test_the_hand_strip_never_covers_the_acting_unit_and_h_hides_it(app, driver):
    match = mini_match(size=(8, 6))
    scene = BattleScene(app, Session(match, {"p1": "human", "p2": "human"}))
    app.switch(scene)
    scene.camera.fit()  # the whole board as big as it goes (the first view keeps it above the strip)
    scene.draw(app.screen)
    assert scene._strip_rect is not None
    # the acting unit stands right under the strip's usual place
    import esper

    from game.core.components import Position

    strip = scene._strip_rect
    under = next(c for c in match.board.cells() if scene._screen_cell_rect(c).colliderect(strip)
                 and scene.unit_at(c) is None)
    with match.world:
        esper.component_for_entity(scene.turn.unit, Position).cell = under
    match.touch()  # an edit outside a resolution says so (`Match.version`)
    scene.refresh()
    scene.draw(app.screen)
    keep = scene._screen_cell_rect(under)
    assert not scene._strip_rect.colliderect(keep) or scene.strip_faded
    driver.key(pygame.K_h)
    scene.draw(app.screen)
    assert scene._strip_rect is None and scene.hand_hits == []


class BlastRuleset(MiniRuleset):
    """The mini ruleset whose attack hits the target's cell and every cell next to it."""

    def area_of(self, match, action):
        if action.kind != "attack":
            return []
        import esper

        from game.core.components import Position

        centre = tuple(esper.component_for_entity(action.target, Position).cell)
        return [centre, *match.board.neighbors(centre)]


def test_area_attacks_outline_every_cell_and_mark_allies_inside(app, driver):
    import esper

    from game.core.components import Position

    match = mini_match(size=(6, 4), rs=BlastRuleset())
    scene = BattleScene(app, Session(match, {"p1": "human", "p2": "human"}))
    app.switch(scene)
    me = scene.unit_by_ent[scene.turn.unit]
    foe = next(u for u in scene.units if u.side != me.side)
    mate = next(u for u in scene.units if u.side == me.side and u.ent != me.ent)
    board = match.board
    beside = next(c for c in board.neighbors(foe.cell) if scene.unit_at(c) is None)
    other = next(c for c in board.neighbors(foe.cell) if c != beside and scene.unit_at(c) is None)
    with match.world:  # the acting unit next to the foe, its mate inside the blast
        esper.component_for_entity(me.ent, Position).cell = beside
        esper.component_for_entity(mate.ent, Position).cell = other
    match.touch()  # an edit outside a resolution says so (`Match.version`)
    scene.session.refresh()
    scene.refresh()
    assert foe.ent in scene.target_actions
    driver.move(scene.camera.to_screen(scene.layout.centre(foe.cell)))
    scene.draw(app.screen)
    assert sorted(scene.area_cells) == sorted([foe.cell, *board.neighbors(foe.cell)])
    assert mate.ent in scene.area_allies and me.ent in scene.area_allies


def test_the_odds_box_never_covers_the_acting_unit(app, driver, monkeypatch):
    from game.ui import panels

    match = mini_match(size=(6, 4))
    scene = BattleScene(app, Session(match, {"p1": "human", "p2": "human"}))
    app.switch(scene)
    me = scene.unit_by_ent[scene.turn.unit]
    foe = next(u for u in scene.units if u.side != me.side and u.cell[1] == me.cell[1])
    cell = min(scene.moves, key=lambda c: (match.board.distance(c, foe.cell), -c[0]))
    scene.submit(scene.moves[cell])
    assert foe.ent in scene.target_actions
    boxes = []
    real = panels.draw_preview

    def spy(*a, **kw):
        boxes.append(real(*a, **kw))
        return boxes[-1]

    monkeypatch.setattr(tips, "draw_preview", spy)
    # the mouse just left of the target: a box placed below-right of it would land on the unit
    x, y = scene.camera.to_screen(scene.layout.centre(foe.cell))
    driver.move((x - scene.layout.tw * scene.camera.zoom * 0.3, y - 30))
    scene.draw(app.screen)
    assert boxes
    assert not boxes[-1].colliderect(scene._screen_cell_rect(scene.unit_by_ent[me.ent].cell))


def test_the_help_gives_a_legend_for_the_cover_marks_on_tiles():
    """The tile art marks cover with one to three dots; F1 help says what they mean."""
    from game.ui.battle.overlays import HELP_LINES

    legend = [what for key, what in HELP_LINES if "cover" in what and "\u2022" in what]
    assert legend and all(word in legend[0] for word in ("light", "heavy", "substantial"))
