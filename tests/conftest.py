"""Shared test set-up: headless SDL, a fresh esper world per test, private user data per worker.

The suite runs in parallel (pyproject: `-n auto`, pytest-xdist). esper's state is global per
process, so each worker keeps its own; user data (settings, saves) goes to a folder per worker so
two workers never share a file and no test touches the developer's own settings.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import esper  # noqa: E402
import pytest  # noqa: E402


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    """With xdist disabled (`-p no:xdist`), accept pyproject's -n/--dist and run serially."""
    if pluginmanager.has_plugin("xdist"):
        return
    group = parser.getgroup("xdist stand-in")
    # `_addoption`: lowercase short options are reserved for plugins; xdist registers it this way
    group._addoption("-n", "--numprocesses", dest="xdist_off_numprocesses", default=None,
                    help="ignored: pytest-xdist is disabled")
    group.addoption("--dist", dest="xdist_off_dist", default="no", help="ignored: pytest-xdist is disabled")


DEEP = os.environ.get("SKIRMISH_DEEP", "") not in ("", "0")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """`deep` tests (the long tail of the conformance seeds, …) run only with SKIRMISH_DEEP=1:
    the README's command stays within a few minutes, and `.ci/run` adds them after it."""
    if DEEP:
        return
    deep = [item for item in items if item.get_closest_marker("deep")]
    if deep:
        config.hook.pytest_deselected(items=deep)
        items[:] = [item for item in items if not item.get_closest_marker("deep")]


@pytest.fixture(scope="session", autouse=True)
def private_user_data(tmp_path_factory: pytest.TempPathFactory):
    """XDG folders in this worker's temp folder; subprocesses inherit them."""
    keys = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")
    saved = {k: os.environ.get(k) for k in keys}
    base = tmp_path_factory.mktemp("userdata")
    for key in keys:
        os.environ[key] = str(base / key.lower())
    yield base
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(autouse=True)
def same_recursion_limit():
    """A test (or a library it imports: PyInstaller's hooks raise it to 5000) must not change the
    recursion limit for the tests that follow it in the same worker: depth checks depend on it."""
    limit = sys.getrecursionlimit()
    yield
    sys.setrecursionlimit(limit)


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
