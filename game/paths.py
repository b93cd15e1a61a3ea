"""Where the game's files are: shipped data (source tree or a frozen app) and per-user data."""

from __future__ import annotations

import sys
from pathlib import Path

from game.userbase import APP, AUTHOR, user_base  # noqa: F401 - re-exported


def _root() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


ROOT = _root()
ASSETS_DIR = ROOT / "assets"
MAPS_DIR = ROOT / "maps"
DOCS_DIR = ROOT / "docs"


def user_dir(kind: str = "") -> Path:
    """Per-user data folder (saves, settings, replays), created on first use; DataFolderError
    (a UserError and an OSError) when it cannot be (a file in its place, no permission)."""
    from game.errors import DataFolderError

    base = user_base("data")
    path = base / kind if kind else base
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DataFolderError(f"cannot use the data folder: {exc.strerror or exc}", str(path)) from None
    if not path.is_dir():
        raise DataFolderError("cannot use the data folder: it is not a folder", str(path))
    return path


def maps_for(board_kind: str, ruleset_id: str = "", default: str = "") -> list[Path]:
    """Shipped maps of a board kind: the ruleset's default first, then its own, benchmarks last."""
    sub = MAPS_DIR / board_kind
    found = sorted(sub.glob("*.tmx")) if sub.is_dir() else []
    return sorted(found, key=lambda p: (p.stem != default, not p.stem.startswith(ruleset_id),
                                        p.stem.startswith("bench_"), p.name))


def resolve_map(name: str) -> Path:
    """A scenario's map name to a path: absolute/relative paths as given, else under maps/."""
    path = Path(name)
    if path.is_file():
        return path
    shipped = MAPS_DIR / name
    return shipped if shipped.exists() else path
