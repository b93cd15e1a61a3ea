"""A whole voidmarked skirmish played through the battle screen by posted input events, against the AI."""

from __future__ import annotations

import pygame
import pytest

from game.core import ruleset as registry
from game.ui.app import build_session
from game.ui.scenes.battle import BattleScene, is_end
from game.ui.scenes.results import ResultsScene

pytestmark = pytest.mark.skipif("voidmarked" not in registry.available(), reason="voidmarked not implemented")


def screen_of(scene: BattleScene, cell):
    return scene.camera.to_screen(scene.layout.centre(cell))


def visible(scene: BattleScene, cell) -> tuple[int, int]:
    """Centre the camera on a cell if needed (as a player would pan) and return its screen point."""
    x, y = screen_of(scene, cell)
    if not scene.board_rect.inflate(-60, -60).collidepoint(x, y):
        scene.camera.centre_on(scene.layout.centre(cell))
        scene._reach_surface = None
        x, y = screen_of(scene, cell)
    return round(x), round(y)


class Player:
    """Plays p1 like a person: answer prompts (cheating when offered), attack, close in, end the turn."""

    def __init__(self, driver) -> None:
        self.driver = driver
        self.moved: set[tuple[int, int | None]] = set()
        self.cheats = 0
        self.prompts = 0

    def act(self, scene: BattleScene) -> None:
        d = self.driver
        s = scene.session
        if scene.chooser:
            d.key(pygame.K_1)
            return
        if s.decision is not None:
            self.prompts += 1
            keys = s.decision.keys()
            # Take the first non-default answer (a card from the hand, for a cheat prompt).
            pick = next((i for i, k in enumerate(keys) if k != s.decision.default), 0)
            if s.decision.kind == "cheat" and pick != keys.index(s.decision.default):
                self.cheats += 1
            d.key(pygame.K_1 + pick)
            return
        if scene.target_actions:
            ent = next(iter(scene.target_actions))
            d.click(visible(scene, scene.unit_by_ent[ent].cell))
            return
        turn = (scene.match.round, scene.turn.unit)
        me = scene.unit_by_ent[scene.selected]
        foes = [u.cell for u in scene.units if u.alive and u.state == "active" and u.side != me.side]
        plain = [c for c, a in scene.moves.items() if not a.option]
        if turn not in self.moved and plain and foes:
            self.moved.add(turn)
            board = scene.match.board
            best = min(plain, key=lambda c: (min(board.distance(c, f) for f in foes), c))
            d.click(visible(scene, best))
            return
        for i, g in enumerate(scene.groups):
            if g.actions[0].kind == "reload" and i < 9:
                d.key(pygame.K_1 + i)
                return
        assert any(is_end(g.actions[0]) for g in scene.groups)
        d.key(pygame.K_e)


def test_a_whole_voidmarked_game_by_input_events_against_the_ai(app, driver):
    session = build_session("voidmarked", "square/voidmarked_warehouse.tmx", 7, "human", "ai:easy")
    scene = BattleScene(app, session)
    app.switch(scene)
    player = Player(driver)
    kinds: set[str] = set()
    for _ in range(3000):
        if isinstance(app.scene, ResultsScene):
            break
        if session.waiting_for_human and scene.handoff is None:
            before = len(session.match.inputs)
            player.act(scene)
            if len(session.match.inputs) > before:
                item = session.match.inputs[before]
                kinds.add(item["action"]["kind"] if item["t"] == "action" else "answer")
        else:
            driver.pump(2)
    assert isinstance(app.scene, ResultsScene), "the game did not reach the results screen"
    match = session.match
    assert match.result is not None
    assert {"move", "attack", "end", "answer"} <= kinds
    assert player.prompts > 0 and player.cheats > 0
    # p2's prompts were answered by the AI itself.
    assert any(e.kind == "cheat" and e.side == "p2" for e in match.log) or player.prompts < sum(
        1 for i in match.inputs if i["t"] == "answer")
    app.scene.draw(app.screen)


def test_the_unit_details_write_void_energy_against_its_maximum_and_each_weapon_once(app):
    from game.rulesets.voidmarked.query import void

    session = build_session("voidmarked", "square/voidmarked_warehouse.tmx", 2, "human", "ai:easy")
    scene = BattleScene(app, session)
    app.switch(scene)
    scene.draw(app.screen)
    caller = next(u for u in scene.units if u.view.get("max_ve"))
    lines = scene.unit_lines(caller)
    with session.match.world:
        energy = void(caller.ent)
    assert f"VE: {energy.current}/{energy.maximum}" in lines  # the rules' abbreviation, with its maximum
    assert not any(line.startswith(("Ve:", "Max ve", "Weapons:")) for line in lines)
    weapon = next(line for line in lines if line.startswith("Weapon: "))
    assert "shots)" in weapon or "(" not in weapon
