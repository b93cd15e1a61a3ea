"""Shared test set-up: headless SDL, a fresh esper world per test."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import esper  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def fresh_esper_world():
    """esper state is global: every test starts in a fresh, empty world."""
    esper.switch_world("default")
    for name in list(esper.list_worlds()):
        if name != "default":
            esper.delete_world(name)
    esper.clear_database()
    yield
    esper.switch_world("default")
