"""Save files: JSON of the match snapshot plus controller specs, written durably in user_dir("saves").

Reading goes through game.core.matchfile (bounded decoding, schemas, checks of the restored
state): a bad save is one SaveError line naming the file, the place and the problem, and nothing
is loaded. Writing is temp file + fsync + rename + fsync of the folder; temp files a crash left
behind are removed when the folder is listed.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from game.errors import UserError
from game.ui.session import Session

SUFFIX = ".json"


class SaveError(Exception):
    """A save that cannot be written or read: one message for the player; no file is harmed."""


def saves_dir() -> Path:
    """The folder of save files (UserError when the data folder cannot be used)."""
    from game.paths import user_dir

    return user_dir("saves")


def save_game(session: Session, name: str = "", folder: Path | None = None) -> Path:
    """Write the session to a save file (temp file renamed over the target) and return its path."""
    from game.core.files import write_atomic

    try:
        folder = folder or saves_dir()
    except UserError as exc:
        raise SaveError(f"Could not save: {exc.line()}") from None
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


def shown_name(path: Path) -> str:
    """A file name fit for the screen: bytes that are not UTF-8 (possible on Linux) become
    U+FFFD instead of surrogates the font cannot draw."""
    return os.fsencode(path.name).decode("utf-8", "replace")


def _mtime(path: Path) -> float:
    for get in (os.stat, os.lstat):  # a dangling link still has its own time
        try:
            return get(path).st_mtime
        except OSError:
            continue
    return 0.0


def list_saves(folder: Path | None = None) -> list[Path]:
    """Save files, newest first; entries that cannot even be read are listed too (the Load
    screen marks them damaged), and a folder that cannot be used lists nothing."""
    from game.core.files import clean_temp_files

    try:
        folder = folder or saves_dir()
        clean_temp_files(folder)
        found = list(folder.glob("*" + SUFFIX))
    except (UserError, OSError):
        return []
    return sorted(found, key=lambda p: (_mtime(p), p.name), reverse=True)


def _is_side_spec(spec: str) -> bool:
    from game.sim import is_side_spec

    return is_side_spec(spec)


def _read_checked(path: Path) -> tuple[Any, dict[str, Any]]:
    """The validated save (matchfile.SaveFile) and its plain data; UserError otherwise."""
    from game.core.matchfile import SAVE_LIMIT, SaveFile, check_format, decode_file

    name = shown_name(path)
    save, raw = decode_file(path, SaveFile, SAVE_LIMIT, name)
    check_format(save.format, 1, name, "format")
    for side, spec in sorted(save.controllers.items()):
        if not _is_side_spec(spec):
            raise UserError(f"unknown player {spec!r}", name, f"controllers.{side}")
    return save, raw


def read_save(path: Path) -> dict[str, Any]:
    """A save file's plain data, read within bounds and checked against the save schema (not yet
    restored: `load_game` does that); SaveError with one clear line otherwise."""
    try:
        return _read_checked(path)[1]
    except UserError as exc:
        raise SaveError(f"{exc.line()}; nothing was loaded.") from None


def load_game(path: Path) -> Session:
    """Rebuild the saved session; any problem is a SaveError and nothing else changes."""
    from game.core.matchfile import restore_match

    try:
        save, raw = _read_checked(path)
        match = restore_match(save.snapshot, raw["snapshot"], shown_name(path))
    except UserError as exc:
        raise SaveError(f"{exc.line()}; nothing was loaded.") from None
    try:
        return Session(match, dict(save.controllers))
    except (ValueError, KeyError, TypeError) as exc:
        match.close()
        raise SaveError(f"{shown_name(path)}: controllers: {exc}; nothing was loaded.") from None
