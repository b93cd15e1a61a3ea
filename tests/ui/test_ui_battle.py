"""Battle scene driven by posted input events: select, move, attack, answer prompts, undo, hot-seat."""

from __future__ import annotations

import pygame
from miniset import mini_match

from game.ui.scenes.battle import BattleScene
from game.ui.scenes.results import ResultsScene, damage_by_unit
from game.ui.session import Session


def screen_of(scene: BattleScene, cell):
    return scene.camera.to_screen(scene.layout.centre(cell))


def start(app, specs, **kw) -> BattleScene:
    match = mini_match(**kw)
    scene = BattleScene(app, Session(match, specs))
    app.switch(scene)
    app.step(block=False)
    return scene


def human_turn(scene: BattleScene, driver) -> None:
    """One input the way a player gives it: answer a prompt, else attack, else move closer, else end."""
    s = scene.session
    if s.decision is not None:
        driver.key(pygame.K_1)  # keep the flipped card
        return
    if scene.target_actions:
        enemy = scene.unit_by_ent[next(iter(scene.target_actions))]
        driver.click(screen_of(scene, enemy.cell))
        return
    me = scene.unit_by_ent[scene.selected]
    foes = [u.cell for u in scene.units if u.alive and u.side != me.side]
    if scene.moves and foes:
        board = scene.match.board
        here = min(board.distance(me.cell, f) for f in foes)
        best = min(scene.moves, key=lambda c: (min(board.distance(c, f) for f in foes), c))
        if min(board.distance(best, f) for f in foes) < here:
            driver.click(screen_of(scene, best))
            return
    driver.key(pygame.K_e)


def test_whole_game_against_the_ai_by_input_events(app, driver):
    scene = start(app, {"p1": "human", "p2": "baseline"})
    for _ in range(400):
        if isinstance(app.scene, ResultsScene):
            break
        battle = app.scene
        if battle.session.waiting_for_human and battle.handoff is None:
            before = len(battle.match.inputs)
            human_turn(battle, driver)
            assert len(battle.match.inputs) > before, "the posted input did not reach the match"
        else:
            driver.pump(3)
    assert isinstance(app.scene, ResultsScene)
    match = scene.session.match
    assert match.result is not None and match.result.winner in ("p1", "p2")
    kinds = {e.kind for e in match.log}
    assert {"move", "flip"} <= kinds and ({"hit", "miss"} & kinds)
    # The results screen reads damage from the log's data.
    assert damage_by_unit(match.log) == {
        e.data["attacker"]: sum(
            x.data["damage"]
            for x in match.log
            if x.kind == "hit" and x.data["attacker"] == e.data["attacker"]
        )
        for e in match.log
        if e.kind == "hit"
    }
    driver.pump(2)  # the results screen draws


def test_click_moves_the_selected_unit_along_the_previewed_path_and_undo_takes_it_back(app, driver):
    scene = start(app, {"p1": "human", "p2": "baseline"})
    me = scene.unit_by_ent[scene.selected]
    target = max(scene.moves, key=lambda c: len(scene.moves[c].path))
    driver.move(screen_of(scene, target))
    assert scene.hover_cell == target
    driver.click(screen_of(scene, target))
    assert scene.unit_by_ent[me.ent].cell == target
    assert scene.session.can_undo
    driver.key(pygame.K_u)
    assert scene.unit_by_ent[me.ent].cell == me.cell
    driver.click(screen_of(scene, target))
    driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.unit_by_ent[me.ent].cell == me.cell


def test_attack_prompt_is_a_panel_answered_with_a_key_and_the_flip_is_shown(app, driver):
    app.settings.anim_speed = "normal"
    match = mini_match(size=(6, 6))
    s = Session(match, {"p1": "human", "p2": "human"})
    scene = BattleScene(app, s)
    app.switch(scene)
    # Walk p1's first fighter next to an enemy by direct intents, then attack through the UI.
    me = scene.selected
    foe = next(u for u in scene.units if u.side == "p2")
    adjacent = [c for c in scene.moves if match.board.distance(c, foe.cell) == 1]
    scene.submit(scene.moves[adjacent[0]])
    assert foe.ent in scene.target_actions
    driver.key(pygame.K_1)  # arm "Attack" (one target): the key again uses it
    assert scene.armed == "Attack"
    driver.key(pygame.K_1)
    assert s.decision is not None and s.decision.kind == "reflip"
    assert scene.fx.active and scene.fx.popups[0].items[0][0] == "card"
    assert "flip" in app.sounds.played
    assert scene.modal_buttons and scene.modal_buttons[0].label.startswith("Keep")
    driver.key(pygame.K_2)  # flip again
    assert s.decision is None
    assert [i for i in match.inputs if i["t"] == "answer"] == [{"t": "answer", "key": "reflip"}]
    assert scene.selected == me


def test_hot_seat_hides_the_board_between_sides_and_shows_only_the_own_hand(app, driver):
    scene = start(app, {"p1": "human", "p2": "human"})
    assert scene.viewer == "p1"
    hands = {p.zone: p.cards for p in scene.piles if p.zone.startswith("hand")}
    assert hands["hand:p1"] is not None and hands["hand:p2"] is None
    while scene.session.need.side == "p1":
        driver.key(pygame.K_e)
    assert scene.handoff == "p2"
    app.screen.fill((255, 0, 255))
    scene.draw(app.screen)
    # Only the pass screen: no tile, token or card colours anywhere in the board area.
    colours = {tuple(app.screen.get_at((x, y)))[:3] for x in range(0, 600, 37) for y in range(60, 600, 41)}
    assert colours == {scene.pal.bg}
    driver.key(pygame.K_RETURN)
    assert scene.handoff is None and scene.viewer == "p2"
    hands = {p.zone: p.cards for p in scene.piles if p.zone.startswith("hand")}
    assert hands["hand:p2"] is not None and hands["hand:p1"] is None


def test_ai_plays_at_watch_pace_and_answers_its_own_prompts(app, driver):
    app.settings.anim_speed = "normal"
    scene = start(app, {"p1": "baseline", "p2": "baseline"})
    assert scene.session.waiting_for_ai
    inputs = len(scene.match.inputs)
    scene.update(0.05)
    assert len(scene.match.inputs) == inputs  # the AI waits its pace first
    for _ in range(4):
        scene.update(0.1)
        scene.wait_ai()  # the decision is thought out on its thread
    assert len(scene.match.inputs) == inputs + 1
    scene.fast = True
    for _ in range(2000):
        if scene.match.over:
            break
        scene.update(0.05)
        scene.wait_ai()
    assert scene.match.over
    assert any(i["t"] == "answer" for i in scene.match.inputs)


def test_log_lines_expand_to_their_math_on_click(app, driver):
    match = mini_match()
    scene = BattleScene(app, Session(match, {"p1": "baseline", "p2": "baseline"}))
    app.switch(scene)
    # One AI input at a time (not against the clock, which could play the whole match at once).
    while not any(e.math for e in scene.log.events):
        scene.apply_step(scene.session.step_ai())
    for side in scene.session.sides:
        scene.session.players[side] = None  # hold the AIs while clicking
    scene.draw(app.screen)
    index = next(i for i, e in enumerate(scene.log.events) if e.math)
    rect = next(r for r, i in scene.log._row_hits if i == index)
    rows = len(scene.log.rows)
    driver.click(rect.center)
    assert index in scene.log.expanded
    assert len(scene.log.rows) == rows + len(scene.log.events[index].math)


def test_help_overlay_and_pause_menu_open_and_close(app, driver):
    scene = start(app, {"p1": "human", "p2": "baseline"})
    driver.key(pygame.K_F1)
    assert scene.overlay == "help"
    driver.key(pygame.K_a)
    assert scene.overlay is None
    driver.key(pygame.K_ESCAPE)
    assert scene.overlay == "pause"
    driver.key(pygame.K_ESCAPE)
    assert scene.overlay is None


def test_camera_pans_zooms_and_centres(app, driver):
    scene = start(app, {"p1": "human", "p2": "baseline"}, size=(30, 30))
    cam = scene.camera
    z = cam.zoom
    driver.key(pygame.K_PLUS)
    assert cam.zoom > z
    driver.key(pygame.K_MINUS)
    assert cam.zoom == z
    for _ in range(4):
        driver.key(pygame.K_PLUS)  # zoomed in, the map is bigger than the view and can pan
    x = cam.x
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    driver.pump(1)
    scene.update(0.1)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    driver.pump(1)
    assert cam.x > x
    driver.key(pygame.K_c)
    active = scene.unit_by_ent[scene.turn.unit]
    sx, sy = screen_of(scene, active.cell)
    # centred as near as the map allows: the view never leaves the map (no black band)
    from game.ui.camera import Camera

    want = Camera(cam.view, cam.map_size)
    want.zoom_index = cam.zoom_index
    want.centre_on(scene.layout.centre(active.cell))
    assert (cam.x, cam.y) == (want.x, want.y) and cam.view.collidepoint(sx, sy)
    w, h = cam.map_size[0] * cam.zoom, cam.map_size[1] * cam.zoom
    assert 0 <= cam.x <= w - cam.view.w and 0 <= cam.y <= h - cam.view.h
