"""Save and load a running match through the real file path: what the Save button writes
(`Session.save_data` + `write_atomic`), then what the Load screen runs (`game.ui.saves.load_game`:
bounded reading, the schemas, every check of `restore_match`, the controllers).

Shared by the conformance test, the property tests and benchmarks/save_roundtrip.py, so that a
state the game reaches but cannot load back is a failure wherever games are played.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.core.files import write_atomic
from game.core.match import Match

SAVE_NAME = "roundtrip.json"


def save_data(match: Match, specs: dict[str, str] | None = None) -> dict[str, Any]:
    """What `Session.save_data` writes for this match (without building a Session)."""
    return {"format": 1, "kind": "skirmish-table-save", "snapshot": match.snapshot(),
            "controllers": dict(specs or {})}


def round_trip(match: Match, folder: Path, specs: dict[str, str] | None = None) -> str:
    """Save `match` to a file in `folder` and load it back as the Load screen does; "" when the
    loaded match is the same state, else the one line saying why not (the loader's refusal)."""
    from game.ui.saves import SaveError, load_game

    path = folder / SAVE_NAME
    write_atomic(path, json.dumps(save_data(match, specs)))
    try:
        session = load_game(path)
    except SaveError as exc:
        return f"the save was refused: {exc}"
    try:
        back = session.match
        if back.state_hash() != match.state_hash():
            return "the loaded match is not the saved state"
        if back.resolving != match.resolving:
            return "the loaded match does not have the saved decision open"
        return ""
    finally:
        session.match.close()
