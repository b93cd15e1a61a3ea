"""UI test set-up: SDL dummy drivers (tests/conftest.py), a private user folder, an app, input helpers."""

from __future__ import annotations

import pygame
import pytest
from miniset import RULESET as MINI
from miniset import blank_board_for

from game.core import ruleset as registry
from game.ui.app import App
from game.ui.settings import Settings


@pytest.fixture(autouse=True)
def private_user_dir(tmp_path, monkeypatch):
    """Saves and settings go to a temporary folder, never the real user's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    # the launcher's first-frame picture (game/ui/launcher_picture.py) is kept in the cache folder
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    return tmp_path / "xdg"


@pytest.fixture
def mini_registered(monkeypatch):
    """The mini ruleset reachable through the registry (replays and saves look rulesets up by id)."""
    monkeypatch.setitem(registry._cache, "mini", MINI)
    from game.core import match as match_mod

    real = match_mod.load_board_for

    def load(scenario):
        if scenario.map.startswith("blank-"):
            return blank_board_for(scenario.map)
        return real(scenario)

    monkeypatch.setattr(match_mod, "load_board_for", load)
    return MINI


@pytest.fixture
def app():
    """An app on the dummy video driver with animations off (tests never wait on the clock)."""
    a = App((1024, 640), Settings(anim_speed="instant"))
    a.fps = 0  # no frame-cap sleeping in tests
    yield a
    pygame.quit()


class Driver:
    """Posts input events and runs the loop without waiting."""

    def __init__(self, app: App) -> None:
        self.app = app

    def pump(self, passes: int = 2) -> None:
        for _ in range(passes):
            self.app.step(block=False)
            # an AI thinking on its thread: wait for it, so a test's steps do not race the clock
            wait = getattr(self.app.scene, "wait_ai", None)
            if wait is not None:
                wait()

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
        self.pump()

    def move(self, pos: tuple[float, float]) -> None:
        pos = (round(pos[0]), round(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.pump(1)

    def click(self, pos: tuple[float, float], button: int = 1) -> None:
        pos = (round(pos[0]), round(pos[1]))
        self.move(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.pump()


@pytest.fixture
def driver(app):
    """Input helper bound to the app."""
    return Driver(app)


@pytest.fixture(autouse=True)
def ai_on_threads(monkeypatch):
    """Battle scenes think on a thread in tests (a process per test would cost a second each);
    tests/ui/test_ui_ai_process.py turns the worker process on where it is what is tested."""
    from game.ui.battle.pacing import PacingMixin

    monkeypatch.setattr(PacingMixin, "ai_processes", False)
