"""The replay viewer (#22): keys step through the game both ways with exact states, the hidden
information toggle, play at a speed, branching into a new game that records its parent, the
Replays list with its metadata, pruning to the settings' limit, and `replay FILE --view`."""

from __future__ import annotations

import json
import os
import time

import pygame
import pygame_gui
import pytest

from game.cli import main
from game.core.matchfile import REPLAY_LIMIT, ReplayFile, decode_file
from game.sim import run_replay
from game.ui.app import build_session
from game.ui.replay.branch import BranchScene
from game.ui.replay.list_scene import ReplaysScene
from game.ui.replay.scene import ReplayScene
from game.ui.replays import keep_replay, list_replays, prune_replays, replay_summary, replays_dir
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.results import ResultsScene
from game.ui.settings import DEFAULT_REPLAYS_KEPT, Settings, load_settings, save_settings


def _finished(seed: int = 3, ruleset: str = "voidmarked"):
    s = build_session(ruleset, None, seed, "baseline", "ai:easy")
    while not s.over:
        s.step_ai()
    return s


def _forward_hashes(match):
    from game.core.action import Action
    from game.core.match import Match

    fresh = Match(match.ruleset, match.scenario, match.board, {})
    out = [fresh.state_hash()]
    for item in match.inputs:
        if item["t"] == "action":
            fresh.submit(Action.from_json(item["action"]))
        else:
            fresh.answer(item["key"])
        out.append(fresh.state_hash())
    fresh.close()
    return out


@pytest.fixture
def viewer(app, driver):
    s = _finished()
    results = ResultsScene(app, s)
    app.switch(results)
    driver.key(pygame.K_r)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    return scene, s, _forward_hashes(s.match)


def test_keys_step_back_and_forward_through_exact_states(viewer, driver):
    scene, s, hashes = viewer
    tl = scene.timeline
    end = tl.length
    assert scene.match.state_hash() == hashes[end]
    driver.key(pygame.K_LEFT)
    assert tl.pos == end - 1 and scene.match.state_hash() == hashes[end - 1]
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_LEFT)
    assert tl.pos == end - 3 and scene.match.state_hash() == hashes[end - 3]
    assert [e.text for e in scene.log.events] == [e.text for e in s.match.log[: tl.log_at[end - 3]]]
    driver.key(pygame.K_RIGHT)
    assert tl.pos == end - 2 and scene.match.state_hash() == hashes[end - 2]
    # one log line back, then forward again
    shown = tl.shown
    driver.key(pygame.K_LEFT, pygame.KMOD_SHIFT)
    assert tl.shown == shown - 1 and len(scene.match.log) == shown - 1
    driver.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert tl.shown == shown
    # rounds, start and end
    driver.key(pygame.K_PAGEUP)
    assert tl.pos == tl.round_start(tl.round) and scene.model.round == tl.round
    driver.key(pygame.K_HOME)
    assert tl.pos == 0 and scene.match.state_hash() == hashes[0]
    driver.key(pygame.K_PAGEDOWN)
    assert tl.round == 2 or tl.pos == end
    driver.key(pygame.K_END)
    assert tl.pos == end and scene.match.state_hash() == hashes[end]
    # the screen draws at every point (the bar's buttons and scrubber included)
    scene.draw(scene.app.screen)
    assert scene.bar_buttons and scene.track_rect.w > 0
    assert scene.timeline_rect.top == scene.board_rect.bottom


def test_clicking_the_bar_and_the_scrubber_seeks(viewer, driver):
    scene, _s, hashes = viewer
    scene.draw(scene.app.screen)
    driver.click(scene.bar_pieces["input_back"].center)
    assert scene.timeline.pos == scene.timeline.length - 1
    track = scene.track_rect
    driver.click((track.x + 1, track.centery))
    assert scene.timeline.pos == 0 and scene.match.state_hash() == hashes[0]
    driver.click((track.centerx, track.centery))
    half = scene.timeline.pos
    assert abs(half - scene.timeline.length / 2) <= 1
    assert scene.match.state_hash() == hashes[half]


class _StillClock:
    """`time` for game.ui.app with the wall clock held still."""

    @staticmethod
    def perf_counter() -> float:
        return 0.0

    @staticmethod
    def sleep(_seconds: float) -> None:
        return None


def test_space_plays_at_the_chosen_speed_and_stops_at_the_end(viewer, driver, monkeypatch):
    scene, _s, hashes = viewer
    # the driver's passes feed the wall clock's time to the playback: on a busy machine a key's
    # passes took long enough to play an extra input, so only the test's own updates move it
    import game.ui.app as app_module

    monkeypatch.setattr(app_module, "time", _StillClock)
    scene.app.last = 0.0
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_SPACE)
    assert scene.playing and scene.animating
    scene.update(0.0)  # the first input comes at once
    assert scene.timeline.pos == 1
    scene.update(0.25)  # 2 inputs per second: half an input
    scene.update(0.25)
    assert scene.timeline.pos == 2
    driver.key(pygame.K_RIGHTBRACKET)
    driver.key(pygame.K_RIGHTBRACKET)  # 8 per second
    for _ in range(4):
        scene.update(0.25)
    assert scene.timeline.pos == 10 and scene.match.state_hash() == hashes[10]
    driver.key(pygame.K_SPACE)
    assert not scene.playing
    scene.update(1.0)
    assert scene.timeline.pos == 10


def test_hidden_information_toggle_shows_one_sides_view_or_all(viewer, driver):
    scene, s, _ = viewer
    driver.key(pygame.K_HOME)
    assert scene.viewer is None and scene.hand == []
    driver.key(pygame.K_v)
    assert scene.viewer == s.sides[0]
    assert scene.hand, "a side's view shows that side's hand"
    driver.key(pygame.K_v)
    assert scene.viewer == s.sides[1]
    driver.key(pygame.K_v)
    assert scene.viewer is None and scene.hand == []


def test_f1_help_lists_the_viewer_keys(viewer, driver):
    scene, _s, _ = viewer
    driver.key(pygame.K_F1)
    assert scene.overlay == "help"
    keys = [k for k, _ in scene.help_lines]
    assert {"Space", "Left / Right", "Shift+Left / Right", "V", "B", "[ / ]"} <= set(keys)
    scene.draw(scene.app.screen)


def test_branch_plays_on_to_the_end_and_its_replay_records_the_parent(viewer, driver, app):
    scene, s, hashes = viewer
    parent = scene.path
    assert parent is not None and parent.parent == replays_dir()
    scene.seek(12)
    driver.key(pygame.K_b)
    branch = app.scene
    assert isinstance(branch, BranchScene)
    assert branch.specs[s.sides[0]] == "human" and branch.specs[s.sides[1]] == "ai:easy"
    for side, menu in branch.menus.items():  # both sides by the AI this time
        branch.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu,
                                         selected_option_id="ai:random" if side == "p1" else "ai:easy",
                                         text=""))
    branch.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=branch.start))
    battle = app.scene
    assert isinstance(battle, BattleScene) and not battle.replay
    new = battle.session
    assert new.match.inputs == s.match.inputs[:12] and new.match.state_hash() == hashes[12]
    assert new.parent == {"file": parent.name, "input": 12}
    while not new.over:
        new.step_ai()
    time.sleep(1.01)  # a new second: the branch's file name differs from its parent's
    results = ResultsScene(app, new)
    kept = results.replay_path
    assert kept is not None and kept != parent
    data, raw = decode_file(kept, ReplayFile, REPLAY_LIMIT)
    assert data.parent.file == parent.name and data.parent.input == 12
    assert raw["inputs"][:12] == s.match.inputs[:12] and raw["controllers"]["p1"] == "ai:random"
    match, _ = run_replay(kept)
    assert match.state_hash() == new.match.state_hash()
    assert "branched at input 12" in replay_summary(kept).detail


def test_branch_from_the_very_end_is_refused_with_a_hint(viewer, driver, app):
    scene, _s, _ = viewer
    driver.key(pygame.K_b)
    assert app.scene is scene and scene.toast and "step back" in scene.toast[0]


def _write(folder, name, data, age):
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    t = time.time() - age
    os.utime(path, (t, t))
    return path


def test_pruning_keeps_the_newest_n(tmp_path):
    files = [_write(tmp_path, f"r{i}.json", "{}", age=100 - i) for i in range(6)]
    gone = prune_replays(3, tmp_path)
    assert sorted(gone) == sorted(files[:3])
    assert list_replays(tmp_path) == files[5:2:-1]  # newest first


def test_keep_replay_prunes_to_the_settings_limit(tmp_path):
    assert Settings().replays_kept == DEFAULT_REPLAYS_KEPT == 200
    s = _finished(4)
    for i in range(4):
        _write(tmp_path, f"old-{i}.json", "{}", age=1000 + i)
    kept = keep_replay(s, tmp_path, limit=3)
    assert kept is not None
    names = [p.name for p in list_replays(tmp_path)]
    assert names == [kept.name, "old-0.json", "old-1.json"]
    # without a limit given, the one in the settings file counts
    save_settings(Settings(replays_kept=20))
    assert load_settings().replays_kept == 20
    for i in range(25):
        _write(tmp_path, f"more-{i}.json", "{}", age=500 + i)
    keep_replay(s, tmp_path)
    assert len(list_replays(tmp_path)) == 20


def test_replays_kept_setting_is_clamped_and_offered_on_the_settings_screen(app):
    assert Settings(replays_kept=7).clean().replays_kept == 20
    assert Settings(replays_kept=100_000).clean().replays_kept == 1000
    from game.ui.scenes.settings_scene import SettingsScene

    scene = SettingsScene(app)
    scene.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.kept_menu,
                                    selected_option_id="50", text=""))
    assert app.settings.replays_kept == 50 and load_settings().replays_kept == 50


def test_list_shows_metadata_and_bad_files_in_one_line(app, driver, tmp_path):
    s = _finished(5)
    kept = keep_replay(s, tmp_path, limit=10)
    _write(tmp_path, "broken.json", "{not json", age=-5)
    # an older replay (no parent, no finished_at) as `simulate --replay-dir` writes them
    from game.sim import replay_data

    plain = replay_data(s.match, "baseline", "ai:easy")
    old = _write(tmp_path, "voidmarked-5.json", plain, age=3600)
    summary = replay_summary(kept)
    assert summary.ruleset == "Voidmarked" and summary.map and " vs " in summary.squads
    winner = s.match.result.winner
    assert summary.result.endswith("won") and summary.rounds == s.match.round
    assert summary.date[:4].isdigit() and not summary.problem
    names = summary.squads.split(" vs ")
    assert summary.result == f"{names[0 if winner == 'p1' else 1]} won"
    assert replay_summary(old).rounds == s.match.round and not replay_summary(old).branched
    bad = replay_summary(tmp_path / "broken.json")
    assert bad.problem and "broken.json" in bad.problem and "\n" not in bad.problem
    scene = ReplaysScene(app, tmp_path)
    app.push(scene)
    driver.pump()
    labels = [label for label, _fn, _on in scene.column.items]
    assert labels[0] == "broken.json: cannot be read" and not scene.column.items[0][2]
    assert labels[-1] == "Back" and len(labels) == 4
    # a file whose header reads but whose inputs do not fit: one line on the list screen
    data = json.loads(kept.read_text())
    data["inputs"][3] = {"t": "answer", "key": "nope"}
    kept.write_text(json.dumps(data))
    scene.open(kept)
    assert app.scene is scene and "inputs[3]" in scene.error and kept.name in scene.error
    scene.draw(app.screen)
    scene.open(old)
    assert isinstance(app.scene, ReplayScene) and app.scene.timeline.length == len(s.match.inputs)


def test_replay_view_of_a_bad_file_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "scenario": {"ruleset": "voidmarked"}}')
    code = main(["replay", str(bad), "--view"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith("skirmish: ") and "bad.json" in err and "Traceback" not in err
    code = main(["replay", str(tmp_path / "missing.json"), "--view"])
    out, err = capsys.readouterr()
    assert code == 2 and len(err.splitlines()) == 1 and "missing.json" in err


def test_the_next_inputs_odds_come_from_the_rulesets_preview(viewer, driver):
    scene, _s, _ = viewer
    tl = scene.timeline
    at = next(i for i in range(tl.length)
              if tl.inputs[i]["t"] == "action" and tl.inputs[i]["action"].get("target") is not None
              and tl.inputs[i]["action"]["kind"] == "attack")
    scene.seek(at)
    got = scene.next_preview()
    assert got is not None
    preview, action = got
    from game.core.action import Action

    with scene.match.world:
        same = scene.match.ruleset.preview(scene.match, Action.from_json(tl.inputs[at]["action"]))
    assert (preview.hit, preview.crit, preview.kill) == (same.hit, same.crit, same.kill)
    where, nxt, odds = scene.status_lines()
    assert f"input {at} of {tl.length}" in where and where.startswith(f"Round {tl.round} of")
    assert nxt.startswith("Next: ") and odds.startswith("Odds: hit ")
    assert not scene.show_odds
    driver.key(pygame.K_o)
    assert scene.show_odds
    scene.draw(scene.app.screen)
    # from the other side's view the acting side's odds are not shown (they may rest on its hand)
    other = next(s for s in scene.session.sides if s != tl.side_at[at])
    while scene.viewer != other:
        scene.toggle_view()
    assert scene.next_preview() is None and scene.status_lines()[2] == ""


def test_a_parent_input_past_the_recording_is_refused_in_one_line(tmp_path):
    s = _finished(6)
    from game.errors import UserError
    from game.sim import replay_data

    data = replay_data(s.match, "baseline", "ai:easy")
    data["parent"] = {"file": "x.json", "input": len(s.match.inputs) + 1}
    path = tmp_path / "branch.json"
    path.write_text(json.dumps(data))
    with pytest.raises(UserError) as err:
        run_replay(path)
    assert "parent.input" in err.value.line() and "branch.json" in err.value.line()
    data["parent"]["input"] = 3
    path.write_text(json.dumps(data))
    match, raw = run_replay(path)
    assert raw["parent"] == {"file": "x.json", "input": 3}


def test_the_launchers_replays_button_opens_the_list(app, driver):
    from game.ui.scenes.launcher import LauncherScene

    launcher = LauncherScene(app)
    app.switch(launcher)
    launcher.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=launcher.buttons["replays"]))
    assert isinstance(app.scene, ReplaysScene)
    driver.key(pygame.K_ESCAPE)
    assert app.scene is launcher
