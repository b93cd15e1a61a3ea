"""A scratch per-user folder for the game a benchmark runs, so a measurement never writes to the
real player's settings, launch memory, saves, replays or first-launch mark."""

from __future__ import annotations

import atexit
import os
import shutil
import site
import sys
import tempfile
from pathlib import Path

APP, AUTHOR = "skirmish-table", "SkirmishTable"  # as game.paths.user_dir names it
#: read from the player's folder (never written): the launcher then offers their remembered choices
COPIED = ("settings.json", "launcher.json")


def scratch_user_env(copy: bool = True) -> dict[str, str]:
    """Environment entries that point the game's per-user folders (platformdirs: XDG_DATA_HOME and
    XDG_CONFIG_HOME; HOME on macOS) at a temporary folder removed at exit, holding a copy of the
    player's settings and launch memory and the first-launch offer marked as made (a returning
    player's launch). The bytecode cache (XDG_CACHE_HOME) stays the player's, as an installed game
    has it warm. Windows' folders come from the shell, not the environment: not redirected there."""
    import platformdirs

    real = Path(platformdirs.user_data_dir(APP, AUTHOR))
    cache = platformdirs.user_cache_dir()
    tmp = Path(tempfile.mkdtemp(prefix="skirmish-bench-home-"))
    atexit.register(shutil.rmtree, tmp, True)
    env = {"XDG_DATA_HOME": str(tmp / "data"), "XDG_CONFIG_HOME": str(tmp / "config"),
           "XDG_CACHE_HOME": os.environ.get("XDG_CACHE_HOME", cache)}
    if sys.platform == "darwin":
        # ~/Library/... follows HOME there; the user's site-packages must not move with it
        env["HOME"] = str(tmp)
        env["PYTHONUSERBASE"] = os.environ.get("PYTHONUSERBASE", site.getuserbase())
        env.pop("XDG_CACHE_HOME")
    saved = env.copy()
    old = {k: os.environ.get(k) for k in saved}
    os.environ.update(saved)
    try:
        folder = Path(platformdirs.user_data_dir(APP, AUTHOR))
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    (folder / "learn").mkdir(parents=True, exist_ok=True)
    (folder / "learn" / "offered").write_text("1")  # game.learn.progress.OFFERED
    for name in COPIED if copy else ():
        if (real / name).is_file():
            shutil.copyfile(real / name, folder / name)
    return env
