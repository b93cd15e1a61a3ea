"""The end of a battle is said once: a ruleset layer that announces it in its banner (saves)
leaves no toast repeating the same "wins" line; without such a layer the toast says it."""

from __future__ import annotations

from game.core.kinds import EVENT_MATCH_OVER
from game.ui.app import build_session
from game.ui.scenes.battle import BattleScene


def _last_step(ruleset: str, seed: int, app):
    """A scene of an AI-against-AI game one input before its end, and that last input's step."""
    probe = build_session(ruleset, None, seed, "baseline", "baseline")
    n = 0
    while not probe.over and n < 3000:
        probe.step_ai()
        n += 1
    assert probe.over
    s = build_session(ruleset, None, seed, "baseline", "baseline")
    for _ in range(n - 1):
        s.step_ai()
    scene = BattleScene(app, s)
    step = s.step_ai()
    assert s.over and any(e.kind == EVENT_MATCH_OVER for e in step.events)
    return scene, step


def test_saves_says_who_won_in_the_banner_only(app):
    scene, step = _last_step("saves", 5, app)
    scene.apply_step(step)
    for _ in range(3):
        scene.update(0.05)
    said = [line for line in scene.layer.banner if " wins" in line or "draw" in line.lower()]
    assert said and scene.layer.banner_ttl > 0
    assert scene.toast is None or scene.toast[0] not in said, (scene.toast, said)
    assert scene.toast is None or " wins" not in scene.toast[0]


def test_without_a_layer_announcing_it_the_toast_says_who_won(app):
    scene, step = _last_step("voidmarked", 5, app)
    scene.apply_step(step)
    assert scene.toast is not None and ("wins" in scene.toast[0] or "draw" in scene.toast[0].lower())
