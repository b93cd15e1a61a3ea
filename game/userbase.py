"""The per-user folders platformdirs names, read without it where that is simple (game.paths
re-exports `user_base`). A module of its own and of the standard library only: `python -m game`
reads it to find the bytecode cache, before any bytecode can be cached (it is compiled then)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP, AUTHOR = "skirmish-table", "SkirmishTable"
_XDG = {"data": ("XDG_DATA_HOME", "~/.local/share"), "cache": ("XDG_CACHE_HOME", "~/.cache")}


def user_base(which: str) -> Path:
    """The per-user folder platformdirs names ("data" or "cache"), not created. On Linux and the
    BSDs it is read from the XDG variables as platformdirs reads them, without importing it (a
    few milliseconds before every window's first frame); elsewhere platformdirs says."""
    if os.name == "posix" and sys.platform != "darwin" and not (
            "ANDROID_DATA" in os.environ and "ANDROID_ROOT" in os.environ):
        variable, default = _XDG[which]
        path = os.environ.get(variable, "")
        return Path(path if path.strip() else os.path.expanduser(default)) / APP
    import platformdirs

    named = platformdirs.user_data_dir if which == "data" else platformdirs.user_cache_dir
    return Path(named(APP, AUTHOR))
