"""Save and load: round trip, an open prompt survives, a damaged file is one clear error and harms nothing."""

from __future__ import annotations

import json

import pygame
import pytest
from miniset import mini_match

from game.ui.saves import SaveError, list_saves, load_game, save_game
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.menus import LoadScene
from game.ui.session import Session
from game.ui.settings import Settings, load_settings, save_settings


def played_session(steps: int = 12) -> Session:
    s = Session(mini_match(size=(6, 6)), {"p1": "baseline", "p2": "baseline"})
    for _ in range(steps):
        s.step_ai()
    return s


def test_save_then_load_gives_the_same_game(mini_registered, tmp_path):
    s = played_session()
    path = save_game(s, "round-trip", tmp_path)
    assert path.exists() and not list(tmp_path.glob("*.tmp"))
    loaded = load_game(path)
    assert loaded.match.state_hash() == s.match.state_hash()
    assert loaded.specs == {"p1": "baseline", "p2": "baseline"}
    assert [e.text for e in loaded.match.log] == [e.text for e in s.match.log]
    # Both continue identically (the baseline AI keeps no state of its own).
    for _ in range(6):
        s.step_ai()
        loaded.step_ai()
    assert loaded.match.state_hash() == s.match.state_hash()


def test_a_save_with_a_prompt_open_loads_with_the_prompt_open(mini_registered, tmp_path):
    s = Session(mini_match(size=(6, 6)), {"p1": "human", "p2": "human"})
    foe = next(a for a in s.legal() if a.kind == "move")  # any move, then walk until an attack exists
    while not any(a.kind == "attack" for a in s.legal()):
        legal = s.legal()
        foe = next((a for a in legal if a.kind == "move" and a.cell[0] >= 2), None)
        s.submit(foe or next(a for a in legal if a.kind == "end_turn"))
    s.submit(next(a for a in s.legal() if a.kind == "attack"))
    assert s.decision is not None
    loaded = load_game(save_game(s, "prompt", tmp_path))
    assert loaded.decision is not None and loaded.decision.kind == s.decision.kind
    loaded.answer("keep")
    s.answer("keep")
    assert loaded.match.state_hash() == s.match.state_hash()


@pytest.mark.parametrize("content", ["{not json", "[]", '{"snapshot": {"scenario": {}}}', ""])
def test_a_damaged_save_is_one_clear_error_and_nothing_is_lost(mini_registered, tmp_path, content):
    good = save_game(played_session(4), "good", tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    with pytest.raises(SaveError) as err:
        load_game(bad)
    msg = str(err.value)
    assert "bad.json" in msg and "\n" not in msg
    assert bad.read_text() == content
    assert load_game(good).match.state_hash()


def test_load_scene_shows_the_error_and_stays(app, mini_registered, private_user_dir):
    from game.ui.saves import saves_dir

    (saves_dir() / "broken.json").write_text("{oops")
    scene = LoadScene(app)
    app.switch(scene)
    scene.load(saves_dir() / "broken.json")
    assert app.scene is scene and "broken.json" in scene.error
    assert scene.column.note == ""  # said once, at the foot, not also in the column's note
    scene.draw(app.screen)


def test_ctrl_s_in_battle_writes_a_save_that_the_load_scene_lists(app, driver, mini_registered):
    scene = BattleScene(app, Session(mini_match(), {"p1": "human", "p2": "baseline"}))
    app.switch(scene)
    driver.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    saves = list_saves()
    assert len(saves) == 1
    data = json.loads(saves[0].read_text())
    assert data["controllers"] == {"p1": "human", "p2": "baseline"}
    load = LoadScene(app)
    assert load.saves == saves
    load.load(saves[0])
    assert isinstance(app.scene, BattleScene)
    assert app.scene.match.state_hash() == scene.match.state_hash()


def test_settings_persist_and_bad_values_fall_back(private_user_dir):
    s = Settings(ui_scale=1.5, anim_speed="fast", palette="muted", volume=0.3, muted=True)
    save_settings(s)
    assert load_settings() == s
    from game.ui.settings import settings_path

    settings_path().write_text('{"ui_scale": 9, "anim_speed": "warp", "volume": 7}')
    got = load_settings()
    assert got.ui_scale == 2.0 and got.anim_speed == "normal" and got.volume == 1.0
    settings_path().write_text("garbage")
    assert load_settings() == Settings()
