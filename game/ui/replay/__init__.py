"""The replay viewer (scene, timeline bar), branching into a new game, and the Replays list."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.errors import UserError


def open_viewer(app: Any, path: Path) -> Any:
    """Load a replay file (UserError: one line naming the file, the place and the problem) and
    show it in the viewer, at its end."""
    from game.sim import load_timeline
    from game.ui.replay.scene import ReplayScene

    timeline, raw = load_timeline(path)
    scene = ReplayScene(app, timeline, path, dict(raw.get("controllers") or {}))
    app.switch(scene)
    return scene


def view_command(path: Path) -> int:
    """`python -m game replay FILE --view`: the file is checked before any window opens."""
    from game.ui.app import App, _pygame, has_display

    _pygame()  # SDL's window settings (the window's class) before anything imports pygame
    from game.sim import load_timeline
    from game.ui.replay.scene import ReplayScene

    timeline, raw = load_timeline(path)
    if not has_display():
        timeline.close()
        raise UserError("no display found to show the replay in; without --view it is re-run headless",
                        str(path))
    app = App()
    app.switch(ReplayScene(app, timeline, path, dict(raw.get("controllers") or {})))
    try:
        app.run()
    finally:
        _pygame().quit()
    return 0
