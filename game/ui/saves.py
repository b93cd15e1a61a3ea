"""Save files: JSON of the match snapshot plus controller specs, written atomically in user_dir("saves")."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from game.ui.session import Session
from game.ui.settings import write_atomic

SUFFIX = ".json"


class SaveError(Exception):
    """A save that cannot be written or read: one message for the player; no file is harmed."""


def saves_dir() -> Path:
    """The folder of save files."""
    from game.paths import user_dir

    return user_dir("saves")


def save_game(session: Session, name: str = "", folder: Path | None = None) -> Path:
    """Write the session to a save file (temp file renamed over the target) and return its path."""
    folder = folder or saves_dir()
    scen = session.match.scenario
    stem = name or f"{scen.ruleset}-{time.strftime('%Y%m%d-%H%M%S')}"
    path = folder / (stem + SUFFIX)
    data = session.save_data()
    data["saved_at"] = time.strftime("%Y-%m-%d %H:%M:%S")
    try:
        write_atomic(path, json.dumps(data))
    except OSError as exc:
        raise SaveError(f"Could not write {path.name}: {exc.strerror or exc}") from None
    return path


def list_saves(folder: Path | None = None) -> list[Path]:
    """Save files, newest first."""
    folder = folder or saves_dir()
    return sorted(folder.glob("*" + SUFFIX), key=lambda p: p.stat().st_mtime, reverse=True)


def read_save(path: Path) -> dict[str, Any]:
    """The checked content of a save file; SaveError with one clear line otherwise."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveError(f"{path.name}: the file is gone.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path.name}: cannot be read ({exc}).") from None
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"{path.name} is damaged (not JSON at line {exc.lineno}); nothing was loaded."
        ) from None
    if not isinstance(data, dict) or not isinstance(data.get("snapshot"), dict):
        raise SaveError(f"{path.name} is not a Skirmish Table save; nothing was loaded.")
    snap = data["snapshot"]
    for key in ("scenario", "world", "chance", "inputs"):
        if key not in snap:
            raise SaveError(f"{path.name} is damaged (no {key}); nothing was loaded.")
    return data


def load_game(path: Path) -> Session:
    """Rebuild the saved session; any problem is a SaveError and nothing else changes."""
    from game.core import ruleset as registry
    from game.core.match import Match, Scenario, load_board_for
    from game.errors import UserError

    data = read_save(path)
    snap = data["snapshot"]
    try:
        scenario = Scenario.from_json(snap["scenario"])
        rs = registry.get(scenario.ruleset)
        board = load_board_for(scenario)
        match = Match.from_snapshot(rs, board, snap)
        specs = {str(k): str(v) for k, v in dict(data.get("controllers") or {}).items()}
        return Session(match, specs)
    except UserError as exc:
        raise SaveError(f"{path.name}: {exc.line()}") from None
    except KeyError as exc:
        raise SaveError(f"{path.name} is damaged (unknown {exc}); nothing was loaded.") from None
    except (TypeError, ValueError, AttributeError) as exc:
        raise SaveError(f"{path.name} is damaged ({exc}); nothing was loaded.") from None
