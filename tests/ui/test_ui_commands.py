"""The UI commands: screenshot writes a PNG of the asked size; no display means one line and exit 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.core import ruleset as registry

ROOT = Path(__file__).resolve().parents[2]


def _run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=240)


def _headless_env(tmp_path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["XDG_DATA_HOME"] = str(tmp_path)
    return env


def test_launcher_without_a_display_says_what_to_use_instead(tmp_path):
    res = _run([], _headless_env(tmp_path))
    assert res.returncode == 2
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "simulate" in lines[0] and "screenshot" in lines[0]
    assert "Traceback" not in res.stderr


@pytest.mark.parametrize("rid", [r for r in ("voidmarked", "casket")])
def test_screenshot_writes_a_png_of_the_requested_size(tmp_path, rid):
    if rid not in registry.available():
        pytest.skip(f"{rid} is not implemented yet")
    out = tmp_path / "shot.png"
    res = _run(["screenshot", "--ruleset", rid, "--out", str(out), "--size", "800x500", "--turns", "2",
                "--seed", "4"], _headless_env(tmp_path))
    assert res.returncode == 0, res.stderr
    image = pygame.image.load(str(out))
    assert image.get_size() == (800, 500)
    # Not a blank picture: the map and the panels give many colours.
    colours = {tuple(image.get_at((x, y))) for x in range(0, 800, 23) for y in range(0, 500, 19)}
    assert len(colours) > 30


def test_screenshot_into_a_missing_folder_is_one_line(tmp_path):
    available = registry.available()
    if not available:
        pytest.skip("no ruleset implemented yet")
    res = _run(["screenshot", "--ruleset", available[0], "--out", str(tmp_path / "nope" / "x.png")],
               _headless_env(tmp_path))
    assert res.returncode == 2 and len(res.stderr.strip().splitlines()) == 1
