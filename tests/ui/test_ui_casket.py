"""A casket skirmish (hex board, facings, side activations, prompts) driven through the battle screen."""

from __future__ import annotations

import pygame
import pytest

from game.core import ruleset as registry
from game.ui.app import build_session
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.results import ResultsScene

pytestmark = pytest.mark.skipif("casket" not in registry.available(), reason="casket not implemented")


@pytest.mark.deep  # minutes of play: .ci/run runs it (SKIRMISH_DEEP=1)
def test_a_casket_game_by_input_events_reaches_the_results(app, driver):
    session = build_session("casket", None, 5, "human", "ai:easy")
    scene = BattleScene(app, session)
    app.switch(scene)
    seen: set[str] = set()
    for _ in range(4000):
        if isinstance(app.scene, ResultsScene):
            break
        if not (session.waiting_for_human and scene.handoff is None):
            driver.pump(2)
            continue
        before = len(session.match.inputs)
        if scene.chooser:
            seen.add("chooser")
            driver.key(pygame.K_1)
        elif session.decision is not None:
            seen.add("prompt")
            driver.key(pygame.K_RETURN if session.decision.default else pygame.K_1)
        elif scene.target_actions:
            seen.add("target")
            ent = next(iter(scene.target_actions))
            cell = scene.unit_by_ent[ent].cell
            scene.camera.centre_on(scene.layout.centre(cell))
            driver.click(scene.camera.to_screen(scene.layout.centre(cell)))
        elif scene.turn is not None and scene.turn.unit is None:
            seen.add("activate")
            driver.key(pygame.K_1)  # the side picks which casket to activate
        else:
            driver.key(pygame.K_e)
        assert len(session.match.inputs) > before or scene.chooser, "input had no effect"
    assert isinstance(app.scene, ResultsScene)
    assert {"activate", "target"} <= seen
    assert any(u.facing is not None for u in scene.units)
