"""Results screen (winner, losses, damage chart) and the replay it offers."""

from __future__ import annotations

import pygame
from miniset import mini_match

from game.ui.replay.scene import ReplayScene
from game.ui.scenes.results import ResultsScene, damage_by_unit, losses_by_side
from game.ui.session import Session


def finished_session() -> Session:
    s = Session(mini_match(size=(6, 6), seed=11), {"p1": "baseline", "p2": "ai:easy"})
    while not s.over:
        s.step_ai()
    return s


def test_results_show_winner_losses_and_damage_per_unit(app, mini_registered):
    s = finished_session()
    scene = ResultsScene(app, s)
    app.switch(scene)
    scene.draw(app.screen)
    winner = s.match.result.winner
    lost, total = scene.losses[winner]
    other = next(x for x in s.sides if x != winner)
    assert scene.losses[other] == (total, total) and lost < total
    dmg = damage_by_unit(s.match.log)
    assert sum(dmg.values()) == sum(e.data["damage"] for e in s.match.log if e.kind == "hit")
    assert losses_by_side(scene.units, s.sides) == scene.losses


def test_watch_replay_opens_the_viewer_at_the_same_end(app, driver, mini_registered):
    s = finished_session()
    scene = ResultsScene(app, s)
    app.switch(scene)
    driver.key(pygame.K_r)
    viewer = app.scene
    assert isinstance(viewer, ReplayScene) and viewer.replay
    assert viewer.timeline.pos == viewer.timeline.length == len(s.match.inputs)
    assert viewer.match.state_hash() == s.match.state_hash()
    assert viewer.path == scene.replay_path  # the kept file, so a branch can name its parent


def test_health_watch_credits_the_same_damage_as_the_events_state(mini_registered):
    s = finished_session()
    assert s.damage_dealt and s.damage_dealt == damage_by_unit(s.match.log)
