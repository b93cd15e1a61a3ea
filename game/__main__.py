"""`python -m game` entry point."""

import os
import sys


def _cache_bytecode() -> None:
    """Where the environment forbids writing compiled bytecode beside the sources
    (PYTHONDONTWRITEBYTECODE, a read-only install), keep it in the user's cache folder instead:
    otherwise every start compiles the game's modules again, about half a second before the
    first frame. A frozen build ships its bytecode and needs none of this."""
    if getattr(sys, "frozen", False) or sys.pycache_prefix:
        return
    here = os.path.dirname(os.path.abspath(__file__))
    if not sys.dont_write_bytecode and os.access(os.path.join(here, "__pycache__") if os.path.isdir(
            os.path.join(here, "__pycache__")) else here, os.W_OK):
        return
    try:
        import platformdirs

        folder = os.path.join(platformdirs.user_cache_dir("skirmish-table", "SkirmishTable"), "bytecode")
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return  # no cache folder either: compile in memory as before
    sys.pycache_prefix = folder
    sys.dont_write_bytecode = False


def _no_collection_until_the_first_frame() -> None:
    """The window's commands (launcher, play) start with the cyclic collector off: importing
    pygame_gui and building the first screen ran about 40 collections (6 ms of CPU) that free
    nothing. `App` turns it on again once its first frame is shown and the work deferred past it
    (the launcher's pygame_gui widgets, taking over from the first frame's picture) is done."""
    if sys.argv[1:2] in ([], ["play"]):
        import gc

        gc.disable()


_cache_bytecode()
_no_collection_until_the_first_frame()

from game.cli import main  # noqa: E402  - after the bytecode cache is chosen

raise SystemExit(main())
