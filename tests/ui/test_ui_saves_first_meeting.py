"""Saves for a player meeting it the first time (issue #33): the defence prompt's answers on one
footing and why a counter-attack is missing, the attack headline after the defender's best answer,
the camera kept on the map, one unit's actions and details at a time, undo named for what it takes
back, and the real path of a move with its cost."""

from __future__ import annotations

import pygame
import pytest
from test_ui_saves_board import answer_prompt, attack, contact, flat, record

from game.rulesets.saves import ai
from game.rulesets.saves.combat import Group, defence_answers
from game.ui.app import build_session
from game.ui.panels import preview_rows
from game.ui.scenes.battle import BattleScene
from game.ui.widgets import percent


@pytest.fixture
def hotseat(app):
    """A hot-seat saves battle, the sides in contact, p1 to declare (as in test_ui_saves_board)."""
    s = build_session("saves", None, 3, "human", "human", options={"surprise": "p1"})
    mine, theirs = contact(s)
    scene = BattleScene(app, s)
    app.switch(scene)
    scene.refresh()
    return scene, mine, theirs


def _defend(scene, driver):
    scene.submit(next(a for a in scene.session.legal() if a.kind == "end"))
    answer_prompt(scene, driver)
    d = scene.session.decision
    assert d is not None and d.kind == "defend"
    return d


def test_the_dodge_and_counter_lines_say_what_you_take_on_the_same_footing(hotseat, app, driver, monkeypatch):
    scene, mine, theirs = hotseat
    attack(scene, mine[0], theirs[0])
    d = _defend(scene, driver)
    m = scene.match
    with m.world:
        ctx = d.context
        g = Group(int(ctx["target"]), list(ctx["attackers"]), {int(k): v for k, v in ctx["options"].items()},
                  ctx["score"])
        answers = {a.key: a for a in defence_answers(m, g)}
        full = g.harm(m).expected
    seen = record(app, monkeypatch)
    scene.draw(app.screen)
    text = flat(seen)
    detail = {o.key: o.detail for o in d.options}
    dodge = answers["dodge"]
    # every answer opens with what the defender takes on average, the dodge's failed save counted in
    for key, a in answers.items():
        assert detail[key].startswith(f"you take {a.taken:.1f} expected"), detail[key]
        assert detail[key][:30] in text
    # and the dodge also gives the full figure a failed save takes, as the counter-attack's line does
    assert f"a failed save takes {full:.1f}" in detail["dodge"]
    assert dodge.taken < full
    counter = next(k for k in answers if k.startswith("counter:"))
    assert f"you take {full:.1f} expected" in detail[counter]


def test_the_prompt_says_why_a_counter_attack_is_not_offered(hotseat, app, driver, monkeypatch):
    scene, mine, theirs = hotseat
    bow = mine[3]
    attack(scene, bow, theirs[1])  # a shot from 3 squares: only a ranged weapon can answer it
    d = _defend(scene, driver)
    assert d.keys() == ["dodge"]
    seen = record(app, monkeypatch)
    scene.draw(app.screen)
    text = flat(seen)
    name = scene.unit_by_ent[bow].name
    assert f"No counter-attack on {name}: only a ranged weapon answers a shot" in text


def test_the_attack_headline_is_after_the_defenders_best_answer(hotseat, app, monkeypatch):
    scene, mine, theirs = hotseat
    m = scene.match
    checked = dodged = 0
    for a in [a for a in scene.session.legal() if a.kind == "attack"]:
        p = scene.preview(a)
        with m.world:  # the AI's own price of the attack: the defender's best answer to the group
            best = ai.group_outcome(m, ai.group_for(m, a, True), ai.knockdowns_on(m, a.target))
        headline = preview_rows(p)[0][0]
        crit = percent(best.taken_out - best.taken_dead)
        assert headline == (f"Hit {percent(1 - best.dodge)} · Crit {crit}"
                            f" · Kill {percent(best.taken_out)} · Expected damage {best.taken:.2f}")
        assert any("best answer" in line for line in p.lines)
        checked += 1
        if best.key == "dodge" and best.dodge > 0:
            # the target dodges: the attack does not land every time (the old headline said Hit 100 %)
            assert p.hit < 1 and dict(p.outcomes)["dodged"] == best.dodge
            dodged += 1
    assert checked and dodged


def _settle(scene, frames: int = 5) -> None:
    for _ in range(frames):
        scene.update(0.05)


def _mixed(scene) -> list[str]:
    """Labels of listed actions that belong to a unit other than the selected one."""
    return [a.label for g in scene.groups for a in g.actions
            if a.actor is not None and a.actor != scene.selected]


def test_i_shows_the_unit_whose_actions_are_listed(hotseat, app, driver):
    scene, mine, theirs = hotseat
    first = mine[1]
    scene.click_cell(scene.unit_by_ent[first].cell, scene.unit_by_ent[first])
    assert scene.selected == first
    attack(scene, first, theirs[0])
    _settle(scene)
    assert scene.selected not in (None, first)  # on to the next unit still to declare
    shown = []
    real = scene.info_lines
    scene.info_lines = lambda u: shown.append(u.ent) or real(u)
    driver.key(pygame.K_i)
    scene.draw(app.screen)
    assert scene.overlay == "info"
    assert shown and shown[-1] == scene.selected == scene.panel_unit  # the sheet, the panel, the list agree


def test_one_units_actions_are_listed_at_a_time_from_the_turns_first_frame(hotseat, app, driver):
    scene, mine, theirs = hotseat
    # the very first reading of the turn, before the layer has had a frame to pick a unit
    scene.model.selected = None
    scene.refresh()
    assert scene.selected is not None and not _mixed(scene)
    for a in mine[:3]:
        attack(scene, a, theirs[0])
        assert not _mixed(scene)
        _settle(scene)
        assert not _mixed(scene)
    for ent in (mine[3], mine[4]):
        acts = [x for x in scene.session.legal() if x.actor == ent and x.kind not in ("move", "swap")]
        if acts:
            scene.submit(acts[0])
            _settle(scene)
    # every unit declared (or with nothing left): one unit's take-back and Resolve, no mix
    assert scene.selected is not None and not _mixed(scene)
    # the next side's turn, after the resolution has played out: never every unit's list at once
    scene.submit(next(a for a in scene.session.legal() if a.kind == "end"))
    for _ in range(12):
        answer_prompt(scene, driver)
        if scene.session.decision is not None:
            scene.answer("dodge")
            continue
        _settle(scene, 2)
        assert not _mixed(scene)
        if scene.session.need is not None and scene.session.need.side == "p2" and scene.handoff is None:
            break
    assert scene.session.need.side == "p2" and scene.selected is not None and not _mixed(scene)


def test_undo_names_the_declaration_it_takes_back(hotseat, app, driver):
    scene, mine, theirs = hotseat
    a = attack(scene, mine[0], theirs[0])
    _settle(scene)
    label, toast = scene.undo_words()
    assert label != "Undo move"
    driver.key(pygame.K_u)
    assert scene.toast[0] != "Move undone." and scene.toast[0] == f"Undone: {a.label}."
    assert not any(x.kind == "cancel" and x.actor == mine[0] for x in scene.session.legal())
    move = next(x for x in scene.session.legal() if x.kind == "move")
    scene.submit(move)
    assert scene.undo_words()[0] == "Undo move"
    driver.key(pygame.K_u)
    assert scene.toast[0] == "Move undone."


def _detour(scene):
    """A legal move whose way bends round something (longer than the straight line)."""
    from game.rulesets.saves import hover

    m = scene.match
    with m.world:
        for a in scene.session.legal():
            if a.kind == "move":
                path, cost = hover.move_path(m, a.actor, a.cell)
                if len(path) > m.board.distance(hover.cell_of(a.actor), a.cell):
                    return a, path, cost
    raise AssertionError("no bending move")


def test_the_move_preview_and_trail_follow_the_real_way_with_its_cost(app, monkeypatch):
    from game.rulesets.saves.components import SvScores, get
    from game.ui.rulesets.saves import layer as layer_mod

    s = build_session("saves", None, 3, "human", "human", options={"surprise": "p1"})
    scene = BattleScene(app, s)
    app.switch(scene)
    scene.refresh()
    move, path, cost = _detour(scene)
    m = scene.match
    with m.world:
        speed = get(move.actor, SvScores).speed
        assert all(m.board.passable(c) for c in path) and cost <= speed
    start = scene.unit_by_ent[move.actor].cell
    assert all(m.board.distance(a, b) == 1 for a, b in zip([start, *path], path, strict=False))
    scene.selected = move.actor
    scene._compute_actions()
    drawn: list[list] = []
    real = pygame.draw.lines

    def lines(surface, colour, closed, points, width=1):
        drawn.append(list(points))
        return real(surface, colour, closed, points, width)

    monkeypatch.setattr(pygame.draw, "lines", lines)
    scene.hover_cell = move.cell
    seen = record(app, monkeypatch)
    scene.draw(app.screen)
    want = [scene.camera.to_screen(scene.layout.centre(c)) for c in [start, *path]]
    assert want in drawn, "the preview is drawn square by square along the way"
    assert f"{cost:g} of {speed} squares of Speed" in seen
    monkeypatch.setattr(pygame.draw, "lines", real)
    # the trail left by the move follows the same way
    trails: list[list] = []
    real_trail = layer_mod.trail
    monkeypatch.setattr(layer_mod, "trail", lambda surface, pts, *rest: trails.append(list(pts))
                        or real_trail(surface, pts, *rest))
    scene.submit(move)
    scene.draw(app.screen)
    assert want in trails


def test_the_camera_never_leaves_the_map():
    from game.ui.camera import ZOOMS, Camera

    cam = Camera(pygame.Rect(0, 50, 900, 600), (1200, 1000))
    for i in range(len(ZOOMS)):
        cam.zoom_index = i
        for point in [(0, 0), (1200, 1000), (0, 1000), (600, 500), (-500, 4000)]:
            cam.centre_on(point)
            cam.pan(-3000, 5000)
            axes = ((1200 * cam.zoom, cam.view.w, cam.x), (1000 * cam.zoom, cam.view.h, cam.y))
            for size, view, at in axes:
                if size >= view:
                    assert 0 <= at <= size - view  # the map covers the view: no black band
                else:
                    assert at == round((size - view) / 2)  # a small map sits in the middle
    # framing two points far apart steps out until both are in, and stays on the map
    cam.zoom_index = ZOOMS.index(2.0)
    cam.frame([(50, 60), (1100, 900)], margin=40)
    for p in [(50, 60), (1100, 900)]:
        x, y = cam.to_screen(p)
        assert cam.view.inflate(-70, -70).collidepoint(x, y) or cam.zoom == min(ZOOMS) or \
            (1200 * cam.zoom <= cam.view.w and 1000 * cam.zoom <= cam.view.h)


def _place(session, ent, cell):
    from game.core.components import Position
    from game.rulesets.saves.components import get

    with session.match.world:
        get(ent, Position).cell = cell


def _free_edge_pair(session):
    """Two free open squares side by side on the map's bottom row of passable squares, far right."""
    from game.core.components import Position
    from game.rulesets.saves.components import get, units

    m = session.match
    board = m.board
    with m.world:
        taken = {get(e, Position).cell for e in units()}
    cols, rows = board.size
    for y in range(rows - 1, 0, -1):
        for x in range(cols - 2, 0, -1):
            a, b = (x, y), (x - 1, y)
            if all(board.passable(c) and c not in taken and not board.at(c).cover for c in (a, b)):
                return a, b
    raise AssertionError("no free pair")


def _flush(scene, frames: int = 8):
    for _ in range(frames):
        scene.update(0.05)
        scene.draw(scene.app.screen)


def test_a_defence_prompt_frames_attacker_and_defender_on_the_map(hotseat, app, driver):
    scene, mine, theirs = hotseat
    s = scene.session
    foe_cell, my_cell = _free_edge_pair(s)
    _place(s, theirs[0], foe_cell)
    _place(s, mine[0], my_cell)
    s.refresh()
    scene.refresh()
    scene.camera.zoom_index = 5  # the player had zoomed in (2.0)
    scene.camera.centre_on(scene.layout.centre(scene.unit_by_ent[mine[2]].cell))
    attack(scene, mine[0], theirs[0])
    _defend(scene, driver)
    _flush(scene)
    cam = scene.camera
    w, h = cam.map_size[0] * cam.zoom, cam.map_size[1] * cam.zoom
    assert h <= cam.view.h or 0 <= cam.y <= h - cam.view.h, "no black band above or below the map"
    assert w <= cam.view.w or 0 <= cam.x <= w - cam.view.w, "no black band beside the map"
    prompt = scene.modal_area
    assert prompt.w > 0
    for ent in (mine[0], theirs[0]):
        x, y = cam.to_screen(scene.layout.centre(scene.unit_by_ent[ent].cell))
        assert scene.board_rect.collidepoint(x, y), "both units of the fight are on screen"
        assert not prompt.collidepoint(x, y), "the prompt leaves both in sight"


def test_the_players_turn_comes_back_centred_on_its_unit_at_its_zoom(hotseat, app, driver):
    from game.ui.camera import Camera

    scene, mine, theirs = hotseat
    s = scene.session
    # p1 resolves nothing; p2 attacks; p1 answers; p1's turn begins
    scene.submit(next(a for a in s.legal() if a.kind == "end"))
    _flush(scene)
    answer_prompt(scene, driver)
    _flush(scene)
    assert s.need is not None and s.need.side == "p2"
    a = next(a for a in s.legal() if a.kind == "attack" and a.actor == theirs[0])
    scene.submit(a)
    scene.camera.zoom_index = 4  # the player's own zoom (1.5)
    scene.camera.centre_on((0, 0))
    driver.move(scene.board_rect.center)  # the mouse rests on the board while the camera moves
    scene.submit(next(x for x in s.legal() if x.kind == "end"))
    for _ in range(10):
        answer_prompt(scene, driver)
        _flush(scene, 3)
        if s.decision is not None and scene.handoff is None:
            scene.answer("dodge")
        elif s.need is not None and s.need.side == "p1" and s.decision is None and scene.handoff is None:
            break
    _flush(scene)
    assert s.need.side == "p1" and scene.selected is not None
    cam = scene.camera
    assert cam.zoom_index == 4
    want = Camera(cam.view, cam.map_size)
    want.zoom_index = 4
    want.centre_on(scene.layout.centre(scene.unit_by_ent[scene.selected].cell))
    assert (cam.x, cam.y) == (want.x, want.y)
    # the square the mouse points at is read again after the board moved under it
    scene.update(0.05)
    assert scene.hover_cell == scene.layout.cell_at(*cam.to_map(scene.mouse))


def test_the_chooser_title_has_one_colon(hotseat, app, monkeypatch):
    scene, mine, theirs = hotseat
    acts = [a for a in scene.session.legal() if a.actor == mine[0] and a.target == theirs[0]]
    assert len(acts) > 1  # attack, knock down, snatch: one click, a chooser
    scene.chooser = acts
    seen = record(app, monkeypatch)
    scene.draw(app.screen)
    name = scene.unit_by_ent[mine[0]].name
    assert f"{name}: choose one" in seen and not any("::" in t for t in seen)


def test_why_no_counter_names_a_stowed_weapon():
    from game.rulesets.saves.components import SvGear, get
    from game.rulesets.saves.hover import why_no_counter

    s = build_session("saves", None, 3, "human", "human", options={"surprise": "p1"})
    mine, theirs = contact(s)
    m = s.match
    bryn = mine[0]
    with m.world:
        assert get(bryn, SvGear).stowed == ["bow"]  # a sword in hand, the longbow stowed
        line = why_no_counter(m, Group(bryn, [theirs[1]], {theirs[1]: "bow"}))[0]
    assert "only a ranged weapon answers a shot" in line and "its Longbow is stowed" in line, line
