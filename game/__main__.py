"""`python -m game` entry point."""

import os
import sys


def _cache_folder() -> str | None:
    """The user's cache folder for compiled code (None when there is none to write)."""
    try:
        from game.userbase import user_base  # not game.paths: compiled here at every start

        folder = os.path.join(user_base("cache"), "bytecode")
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return None
    return folder


def _cache_bytecode(folder: str | None) -> None:
    """Where the environment forbids writing compiled bytecode beside the sources
    (PYTHONDONTWRITEBYTECODE, a read-only install), keep it in the user's cache folder instead:
    otherwise every start compiles the game's modules again, about half a second before the
    first frame. A frozen build ships its bytecode and needs none of this."""
    if folder is None or getattr(sys, "frozen", False) or sys.pycache_prefix:
        return  # no cache folder: compile in memory as before
    here = os.path.dirname(os.path.abspath(__file__))
    if not sys.dont_write_bytecode and os.access(os.path.join(here, "__pycache__") if os.path.isdir(
            os.path.join(here, "__pycache__")) else here, os.W_OK):
        return
    sys.pycache_prefix = folder
    sys.dont_write_bytecode = False


def _cache_dataclass_code(folder: str | None) -> None:
    """The code `dataclasses` compiles for each class at import, kept there too (game/codecache.py)."""
    if folder is not None:
        from game.codecache import install

        install(folder)


def _no_collection_until_the_first_frame() -> None:
    """The window's commands (launcher, play) start with the cyclic collector off: importing
    pygame_gui and building the first screen ran about 40 collections (6 ms of CPU) that free
    nothing. `App` turns it on again once its first frame is shown and the work deferred past it
    (the launcher's pygame_gui widgets, taking over from the first frame's picture) is done."""
    if sys.argv[1:2] in ([], ["play"]):
        import gc

        gc.disable()


def _msgspec_without_typing_extensions() -> None:
    """msgspec's import without typing_extensions (game/leanimports.py)."""
    from game.leanimports import msgspec_without_typing_extensions

    msgspec_without_typing_extensions()


_no_collection_until_the_first_frame()
_FOLDER = _cache_folder()
_cache_bytecode(_FOLDER)
_cache_dataclass_code(_FOLDER)
_msgspec_without_typing_extensions()  # after the bytecode cache is chosen, as every import

from game.cli import main  # noqa: E402  - after the bytecode cache is chosen

raise SystemExit(main())
