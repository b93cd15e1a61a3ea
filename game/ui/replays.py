"""Replays of games finished in the window, kept in the per-user data folder (as the README says).

The file is what `python -m game simulate --replay-dir` writes (game.sim.replay_data), so
`python -m game replay FILE` re-runs it.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any


def replays_dir() -> Path:
    """The folder of replay files."""
    from game.paths import user_dir

    return user_dir("replays")


def keep_replay(session: Any, folder: Path | None = None) -> Path | None:
    """Write a finished session's replay (temp file + rename); None when it is unfinished or the
    disk refuses (a lost replay must not stop the results screen)."""
    from game.sim import replay_data
    from game.ui.settings import write_atomic

    match = session.match
    if match.result is None:
        return None
    scen = match.scenario
    specs = getattr(session, "specs", {}) or {}
    data = replay_data(match, str(specs.get("p1", "human")), str(specs.get("p2", "human")))
    data["finished_at"] = time.strftime("%Y-%m-%d %H:%M:%S")
    try:
        folder = folder or replays_dir()
        path = folder / f"{scen.ruleset}-{scen.seed}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        write_atomic(path, json.dumps(data))
    except OSError:
        return None
    return path
