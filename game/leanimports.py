"""Imports the window's first frame can do without, refused where the importer has its own
fallback (installed by `python -m game`, game/__main__.py)."""

from __future__ import annotations

import sys


class _MsgspecWithoutTypingExtensions:
    """msgspec imports typing_extensions when it can (about 6 ms of CPU, a fifth of msgspec's
    import) only to read annotations through its `get_type_hints`, `Required` and `NotRequired`;
    on Python 3.11 and later `typing` has all three, and no schema of the game uses anything of
    typing_extensions', so msgspec's own fallback reads them alike. Every window command imports
    msgspec before its first frame (settings, content), so its import is refused typing_extensions;
    any other importer gets it as usual."""

    @classmethod
    def find_spec(cls, name: str, path: object = None, target: object = None) -> None:
        """Refuse typing_extensions to msgspec's `_utils` while it is being imported."""
        if name != "typing_extensions":
            return None
        utils = sys.modules.get("msgspec._utils")
        if utils is not None and getattr(getattr(utils, "__spec__", None), "_initializing", False):
            raise ModuleNotFoundError("typing_extensions: msgspec reads typing's own", name=name)
        return None


def msgspec_without_typing_extensions() -> None:
    """Install the finder above for msgspec's first import (Python 3.11 and later)."""
    if sys.version_info >= (3, 11) and "msgspec" not in sys.modules:
        sys.meta_path.insert(0, _MsgspecWithoutTypingExtensions)  # type: ignore[arg-type]
