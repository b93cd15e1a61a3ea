"""The AI thinks in a worker process: same decisions as in-process, the window keeps its world,
the process ends with the battle, and the thread takes over when a process cannot start."""

from __future__ import annotations

import pytest

from game.ai.levels import make_level
from game.ui.app import build_session
from game.ui.battle import ai_process
from game.ui.battle.ai_process import AiProcess, ProcessWorker
from game.ui.battle.ai_worker import AiWorker
from game.ui.battle.pacing import PacingMixin
from game.ui.scenes.battle import BattleScene


def _session(ruleset: str, seed: int):
    session = build_session(ruleset, None, seed, "ai:hard", "ai:easy")
    # budgets that never bind: the same inputs give the same decisions, in a process or not
    session.players["p1"] = make_level("hard", seed * 2 + 1, samples=3, budget=60.0)
    session.players["p2"] = make_level("easy", seed * 2 + 2, budget=60.0)
    return session


@pytest.mark.parametrize("ruleset,inputs", [("voidmarked", 6), ("casket", 6)])
def test_decisions_in_the_process_are_the_in_process_ones(ruleset, inputs):
    remote, local = _session(ruleset, 3), _session(ruleset, 3)
    proc = AiProcess()
    try:
        for _ in range(inputs):
            if remote.over:
                break
            worker = ProcessWorker(remote, proc)
            assert worker.wait(120)
            far = worker.result()
            near = local.plan_ai(local.match.scratch())
            assert far.key == near.key
            assert (far.action and far.action.to_json()) == (near.action and near.action.to_json())
            # the controller came back with the memory it left the child with (explanation,
            # its own chance, the turn budget spent)
            p_far, p_near = remote.players[far.side], local.players[near.side]
            assert p_far.last_explanation == p_near.last_explanation
            assert p_far.chance.to_json() == p_near.chance.to_json()
            remote.apply_ai(far)
            local.apply_ai(near)
            assert remote.match.state_hash() == local.match.state_hash()
        assert len(remote.match.inputs) >= inputs
    finally:
        proc.close()
    assert proc.proc is None


def _ai_battle(app):
    """A voidmarked battle of two Easy AIs, shown: the session and its scene."""
    session = build_session("voidmarked", None, 4, "ai:easy", "ai:easy")
    scene = BattleScene(app, session)
    app.switch(scene)
    return session, scene


def test_the_battle_thinks_in_its_process_and_ends_it_when_left(app, monkeypatch):
    monkeypatch.setattr(PacingMixin, "ai_processes", True)
    session, scene = _ai_battle(app)
    inputs = len(session.match.inputs)
    scene.update(0.01)
    assert isinstance(scene.worker, ProcessWorker)
    assert not scene.model.world_busy  # the live world stays readable while the child thinks
    child = scene.ai_process.proc
    assert child.is_alive()
    scene.wait_ai(60)
    scene.update(0.01)
    assert scene.worker is None and len(session.match.inputs) == inputs + 1
    scene.ai_wait = 0.0
    scene.update(0.01)  # the next decision reuses the same process
    assert isinstance(scene.worker, ProcessWorker) and scene.ai_process.proc is child
    scene.leave()  # mid-decision: the process is stopped, the input dropped
    assert scene.worker is None and scene.ai_process is None
    assert not child.is_alive()
    assert len(session.match.inputs) == inputs + 1


def test_a_process_that_cannot_start_leaves_the_thinking_to_the_thread(app, monkeypatch):
    monkeypatch.setattr(PacingMixin, "ai_processes", True)

    def broken():
        raise OSError("no processes here")

    monkeypatch.setattr(ai_process, "_start_child", broken)
    session, scene = _ai_battle(app)
    inputs = len(session.match.inputs)
    scene.update(0.01)
    assert isinstance(scene.worker, AiWorker)
    scene.wait_ai(60)
    scene.update(0.01)
    assert len(session.match.inputs) == inputs + 1
    scene.leave()


def test_a_child_that_dies_hands_the_decision_to_the_thread(app, monkeypatch):
    monkeypatch.setattr(PacingMixin, "ai_processes", True)
    session, scene = _ai_battle(app)
    inputs = len(session.match.inputs)
    scene.update(0.01)
    assert isinstance(scene.worker, ProcessWorker)
    scene.ai_process.proc.kill()
    scene.ai_process.proc.join(5)
    scene.wait_ai(60)
    scene.update(0.01)  # the process is gone: the thread thinks the same decision out
    scene.wait_ai(60)
    scene.update(0.01)
    assert len(session.match.inputs) == inputs + 1
    assert scene.ai_process.failed
    scene.leave()


def test_the_smoke_counter_stops_the_app_after_decisions_made_in_the_process(app, monkeypatch, capsys):
    from game.ui.battle.pacing import PROCESS_DECISIONS_ENV

    monkeypatch.setattr(PacingMixin, "ai_processes", True)
    monkeypatch.setenv(PROCESS_DECISIONS_ENV, "2")
    session, scene = _ai_battle(app)
    app.running = True
    for expected_running in (True, False):
        scene.ai_wait = 0.0
        scene.update(0.01)
        assert isinstance(scene.worker, ProcessWorker)
        scene.wait_ai(60)
        scene.update(0.01)
        assert app.running is expected_running
    assert "ai-process-decisions 2" in capsys.readouterr().out
    scene.leave()


def test_decisions_thought_on_the_thread_are_not_counted_as_the_process_s(app, monkeypatch):
    from game.ui.battle.pacing import PROCESS_DECISIONS_ENV

    monkeypatch.setattr(PacingMixin, "ai_processes", False)
    monkeypatch.setenv(PROCESS_DECISIONS_ENV, "1")
    session, scene = _ai_battle(app)
    app.running = True
    scene.update(0.01)
    assert isinstance(scene.worker, AiWorker)
    scene.wait_ai(60)
    scene.update(0.01)
    assert app.running  # a frozen app that fell back to the thread must fail the smoke test
    scene.leave()


def test_the_worker_is_one_process_without_multiprocessings_resource_tracker():
    # issue 38: the window's whole tree under 150 MiB; spawn's resource tracker was a third
    # interpreter (about 15 MiB) that the worker never used
    import os
    from multiprocessing import resource_tracker

    tracker = resource_tracker._resource_tracker._pid  # started already by another test, or None
    proc = AiProcess()
    assert proc.start()
    try:
        assert proc.poll_ready(60)
        if os.name == "posix":
            assert isinstance(proc.proc, ai_process._Child)
            assert resource_tracker._resource_tracker._pid == tracker
    finally:
        proc.close()
    assert proc.proc is None


@pytest.mark.skipif(__import__("os").name != "posix", reason="file descriptors are passed on POSIX only")
def test_the_packaged_entry_script_serves_as_the_ai_worker():
    # issue 38: a frozen app has no `python -c`; its own executable in worker mode answers on the
    # socket it is given, as the source tree's plain interpreter does (no spawn, no resource tracker)
    import os
    import socket
    import subprocess
    import sys
    from multiprocessing.connection import Connection
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    mine, theirs = socket.socketpair()
    env = dict(os.environ, PYTHONPATH=str(root))
    child = subprocess.Popen([sys.executable, str(root / "packaging" / "skirmish_entry.py"), "--ai-worker",
                              str(theirs.fileno())], pass_fds=(theirs.fileno(),), env=env, cwd=root)
    theirs.close()
    conn = Connection(mine.detach())
    try:
        assert conn.poll(60)
        assert conn.recv() == {"ready": child.pid}
        conn.send(None)
        assert child.wait(30) == 0
    finally:
        conn.close()
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.skipif(__import__("os").name != "posix", reason="file descriptors are passed on POSIX only")
def test_a_frozen_app_starts_its_own_executable_as_the_ai_worker(tmp_path, monkeypatch):
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    app = tmp_path / "skirmish"  # the frozen app's executable: the entry script under this interpreter
    app.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{root / "packaging" / "skirmish_entry.py"}" "$@"\n')
    app.chmod(0o755)
    monkeypatch.setenv("PYTHONPATH", str(root))
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(app))
    proc = AiProcess()
    assert proc.start()
    try:
        assert isinstance(proc.proc, ai_process._Child)
        assert proc.proc.popen.args[:2] == [str(app), "--ai-worker"]
        assert proc.poll_ready(60)
    finally:
        proc.close()
    assert proc.proc is None
