"""Valid files the corpus breaks: a finished voidmarked replay, a mid-game voidmarked save, settings."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def private_user_dir(tmp_path, monkeypatch):
    """Saves and settings go to a temporary folder, never the real user's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg"


@pytest.fixture(scope="session")
def _valid_replay() -> dict[str, Any]:
    from game.sim import default_scenario, play_game, replay_data

    match = play_game(default_scenario("voidmarked", None, 3))
    data = replay_data(match, "baseline", "baseline")
    match.close()
    assert any(i["t"] == "answer" for i in data["inputs"])
    return data


@pytest.fixture(scope="session")
def _valid_save() -> dict[str, Any]:
    from game.core.match import new_match
    from game.sim import default_scenario
    from game.ui.session import Session

    session = Session(new_match(default_scenario("voidmarked", None, 3)),
                      {"p1": "baseline", "p2": "baseline"})
    for _ in range(30):
        session.step_ai()
    assert not session.over and any(i["t"] == "answer" for i in session.match.inputs)
    data = session.save_data()
    session.match.close()
    return json.loads(json.dumps(data))


@pytest.fixture(scope="session")
def _valid_casket_save() -> dict[str, Any]:
    from game.core.match import new_match
    from game.sim import default_scenario
    from game.ui.session import Session

    session = Session(new_match(default_scenario("casket", None, 2)), {"p1": "baseline", "p2": "human"})
    while not session.waiting_for_human:
        session.step_ai()
    data = session.save_data()
    session.match.close()
    return json.loads(json.dumps(data))


@pytest.fixture
def valid_casket_save(_valid_casket_save) -> dict[str, Any]:
    return copy.deepcopy(_valid_casket_save)


@pytest.fixture
def valid_replay(_valid_replay) -> dict[str, Any]:
    return copy.deepcopy(_valid_replay)


@pytest.fixture
def valid_save(_valid_save) -> dict[str, Any]:
    return copy.deepcopy(_valid_save)


@pytest.fixture
def valid_settings() -> dict[str, Any]:
    from broken_files import VALID_SETTINGS

    return dict(VALID_SETTINGS)


@pytest.fixture
def hang_guard():
    """Fails the test if it runs past a generous limit: a hang guard, not a speed target."""
    import signal

    def expired(signum, frame):
        raise TimeoutError("no answer within 20 s: the input hangs the game")

    if not hasattr(signal, "SIGALRM"):
        yield
        return
    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(20)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)

