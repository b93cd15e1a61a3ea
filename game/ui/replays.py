"""Replays of games finished in the window, kept in the per-user data folder (as the README says),
listed for the Replays screen and pruned past the number the settings name.

The file is what `python -m game simulate --replay-dir` writes (game.sim.replay_data), so
`python -m game replay FILE` re-runs it. A game branched from a replay also records where it came
from (`parent`: the replay's file name and the input index). Pygame-free.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.wording import plural
from game.errors import UserError

SUFFIX = ".json"


def replays_dir() -> Path:
    """The folder of replay files."""
    from game.paths import user_dir

    return user_dir("replays")


def _mtime(path: Path) -> float:
    try:
        return os.lstat(path).st_mtime
    except OSError:
        return 0.0


def list_replays(folder: Path | None = None) -> list[Path]:
    """Replay files, newest first; a folder that cannot be used lists nothing."""
    from game.core.files import clean_temp_files

    try:
        folder = folder or replays_dir()
        clean_temp_files(folder)
        found = list(folder.glob("*" + SUFFIX))
    except (UserError, OSError):
        return []
    return sorted(found, key=lambda p: (_mtime(p), p.name), reverse=True)


def prune_replays(limit: int, folder: Path | None = None) -> list[Path]:
    """Delete the oldest replays beyond the newest `limit`; returns the deleted files."""
    gone = []
    for path in list_replays(folder)[max(0, limit):]:
        try:
            path.unlink()
        except OSError:
            continue  # a file the player protected stays; the next prune tries again
        gone.append(path)
    return gone


def keep_replay(session: Any, folder: Path | None = None, limit: int | None = None) -> Path | None:
    """Write a finished session's replay (temp file + rename), then prune the folder to `limit`
    replays (the settings' number when not given); None when the game is unfinished or the disk
    refuses (a lost replay must not stop the results screen)."""
    from game.sim import replay_data
    from game.ui.settings import write_atomic

    match = session.match
    if match.result is None:
        return None
    scen = match.scenario
    specs = getattr(session, "specs", {}) or {}
    data = replay_data(match, str(specs.get("p1", "human")), str(specs.get("p2", "human")))
    data["finished_at"] = time.strftime("%Y-%m-%d %H:%M:%S")
    parent = getattr(session, "parent", None)
    if parent:
        data["parent"] = {"file": str(parent["file"]), "input": int(parent["input"])}
    if limit is None:
        from game.ui.settings import load_settings

        limit = load_settings().replays_kept
    try:
        folder = folder or replays_dir()
        stem = f"{scen.ruleset}-{scen.seed}-{time.strftime('%Y%m%d-%H%M%S')}"
        path = folder / f"{stem}{SUFFIX}"
        n = 1
        while path.exists():  # two games finished in the same second (a branch played fast)
            n += 1
            path = folder / f"{stem}-{n}{SUFFIX}"
        write_atomic(path, json.dumps(data))
    except (OSError, UserError):
        return None
    prune_replays(max(1, limit), folder)
    return path


@dataclass(frozen=True)
class ReplaySummary:
    """What the Replays list says of one file."""

    path: Path
    ruleset: str = ""
    map: str = ""
    squads: str = ""
    result: str = ""
    date: str = ""
    rounds: int | None = None
    branched: str = ""
    #: why the file cannot be shown ("" when it can)
    problem: str = ""

    @property
    def label(self) -> str:
        """First line: the squads and the result (or the file and its problem)."""
        from game.ui.saves import shown_name

        if self.problem:
            return f"{shown_name(self.path)}: cannot be read"
        return f"{self.squads} — {self.result}" if self.result else self.squads

    @property
    def detail(self) -> str:
        """Second line: ruleset, map, rounds, date (or the one-line problem)."""
        if self.problem:
            return self.problem
        parts = [self.ruleset, self.map]
        if self.rounds is not None:
            parts.append(plural(self.rounds, "round"))
        parts.append(self.date)
        if self.branched:
            parts.append(self.branched)
        return " · ".join(p for p in parts if p)


def replay_summary(path: Path) -> ReplaySummary:
    """A replay's header for the list, read without replaying the game; a file that cannot be
    read gives a summary whose `problem` is one line naming the place and the problem."""
    from msgspec import UNSET

    from game.core import ruleset as registry
    from game.core.files import decode_json, read_bytes
    from game.core.matchfile import REPLAY_LIMIT, ReplayHeader
    from game.ui.display_names import map_title

    try:
        head = decode_json(read_bytes(path, REPLAY_LIMIT, path.name), ReplayHeader, path.name)
    except UserError as exc:
        return ReplaySummary(path, problem=exc.line())
    scen = head.scenario
    try:
        rs = registry.get(scen.ruleset)
        rs_name, squads = rs.name, rs.squads()
    except Exception:  # noqa: BLE001 - a replay of a ruleset not installed is still listed
        rs_name, squads = scen.ruleset.capitalize(), {}

    # squads from a squad builder keep their name
    built = {} if scen.options.built_squads is UNSET else dict(scen.options.built_squads)

    def squad_name(side: str) -> str:
        sid = scen.squads.get(side, "")  # type: ignore[call-overload]
        own = built.get(side)
        if isinstance(own, dict) and own.get("name"):
            return str(own["name"])
        return squads[sid].name if sid in squads else sid.replace("_", " ").capitalize()

    names = {side: squad_name(side) for side in ("p1", "p2")}
    if head.winner is UNSET:
        result = ""
    elif head.winner is None:
        result = "draw"
    else:
        result = f"{names[head.winner]} won"
    date = head.finished_at[:16] or time.strftime("%Y-%m-%d %H:%M", time.localtime(_mtime(path)))
    branched = ""
    if head.parent is not UNSET:
        branched = f"branched at input {head.parent.input}"
    return ReplaySummary(
        path=path,
        ruleset=rs_name,
        map=map_title(scen.map),
        squads=f"{names['p1']} vs {names['p2']}",
        result=result,
        date=date,
        rounds=None if head.rounds is UNSET else int(head.rounds),
        branched=branched,
    )
