"""The window opens on a screen the player sees, or the start says it cannot: SDL falls back to its
offscreen driver when no screen answers (an X server refuses connections for a moment while it
resets as its last client leaves), and a start then ran whole, idle and in no window."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.errors import UserError
from game.ui.first_frame import open_display

ROOT = Path(__file__).resolve().parents[2]


class _Error(Exception):
    pass


class _FakePygame:
    """pygame's display as far as `open_display` uses it: SDL picks the drivers listed, in turn."""

    error = _Error

    def __init__(self, drivers: list[str | None]) -> None:
        self.drivers = drivers
        self.inits = 0
        self.quits = 0
        self.display = self

    def init(self) -> None:
        self.inits += 1
        if self.drivers[0] is None:
            self.drivers.pop(0)
            raise _Error("x11 not available")

    def get_driver(self) -> str:
        return self.drivers.pop(0) if len(self.drivers) > 1 else self.drivers[0]

    def quit(self) -> None:
        self.quits += 1


def test_an_offscreen_fallback_asks_the_screen_again(monkeypatch):
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    fake = _FakePygame(["offscreen", "offscreen", "x11"])
    assert open_display(fake, waits=(0, 0, 0)) == "x11"
    assert (fake.inits, fake.quits) == (3, 2)


def test_a_screen_that_never_answers_is_told_not_run_in_no_window(monkeypatch):
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setenv("DISPLAY", ":73")
    fake = _FakePygame(["offscreen"])
    with pytest.raises(UserError, match=r"cannot open the game's window: the screen \(:73\) did not answer"):
        open_display(fake, waits=(0, 0))
    assert (fake.inits, fake.quits) == (3, 3)


def test_a_named_driver_that_cannot_connect_is_asked_again_then_told(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    fake = _FakePygame([None, None, None])
    with pytest.raises(UserError, match="x11 not available"):
        open_display(fake, waits=(0, 0))
    fake = _FakePygame([None, "x11"])
    assert open_display(fake, waits=(0,)) == "x11"


@pytest.mark.parametrize("asked", ["dummy", "offscreen"])
def test_a_headless_driver_asked_for_is_used(monkeypatch, asked):
    monkeypatch.setenv("SDL_VIDEODRIVER", asked)
    fake = _FakePygame([asked])
    assert open_display(fake, waits=(0,)) == asked
    assert (fake.inits, fake.quits) == (1, 0)


PROBE = """
import sys
from game.errors import UserError
from game.ui.app import App
try:
    App()
except UserError as exc:
    print("refused", exc.line())
    sys.exit(0)
import pygame
print("opened", pygame.display.get_driver())
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SDL's X11 fallback order")
def test_the_app_never_opens_its_window_on_sdls_offscreen_stand_in(tmp_path):
    # a display nobody serves and no Wayland session: SDL's real fallback is its offscreen driver
    display = ":1937"
    assert not Path(f"/tmp/.X11-unix/X{display[1:]}").exists()
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR")}
    env.update(DISPLAY=display, XDG_SESSION_TYPE="x11", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", XDG_DATA_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path),
               XDG_CACHE_HOME=str(tmp_path), HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    said = out.stdout.strip().splitlines()[-1]
    if said.startswith("opened"):  # a machine where SDL found some real screen after all
        assert said.split()[1] not in ("offscreen", "dummy")
    else:
        assert said == f"refused cannot open the game's window: the screen ({display}) did not answer"
