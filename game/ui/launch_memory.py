"""The launcher's memory: the ruleset last started and, per ruleset, the map, squads, players and
rules options last started with, kept as JSON in the data folder and offered again next time.

Only choices the launcher still offers come back (a map or built squad since deleted, an option
since renamed fall back to the default); a missing, damaged or hand-edited file is ignored.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from game.core.files import load_json, write_atomic

#: the file is a few hundred bytes; anything much bigger is not ours
LIMIT = 64 * 1024
FILE = "launcher.json"


class Choices(msgspec.Struct, forbid_unknown_fields=False):
    """What one ruleset was last started with (option values as the launcher's menus write them)."""

    map: str = ""
    squads: dict[str, str] = {}
    sides: dict[str, str] = {}
    rules: dict[str, str] = {}
    pc: str = ""


class Memory(msgspec.Struct, forbid_unknown_fields=False):
    """The launcher's memory file."""

    ruleset: str = ""
    per: dict[str, Choices] = {}


def memory_path() -> Path:
    """Where the memory lives (the data folder, beside settings.json)."""
    from game.paths import user_dir

    return user_dir() / FILE


def load_memory(path: Path | None = None) -> Memory:
    """The remembered choices; empty when there are none or the file cannot be read."""
    try:
        return load_json(path or memory_path(), Memory, LIMIT, file=FILE)  # type: ignore[no-any-return]
    except Exception:  # noqa: BLE001 - a memory is a convenience: never a reason not to start
        return Memory()


def remembered_ruleset(memory: Memory, offered: list[str]) -> str:
    """The ruleset the launcher opens on: the one last started while still offered, else the first."""
    return memory.ruleset if memory.ruleset in offered else (offered[0] if offered else "")


def remember(launcher: Any, path: Path | None = None) -> None:
    """Keep what a game was just started with (the seed is new every time)."""
    from game.core.match import map_name

    memory = load_memory(path)
    memory.ruleset = launcher.ruleset_id
    memory.per[launcher.ruleset_id] = Choices(
        map=map_name(launcher.map_path) if launcher.map_path is not None else "",
        squads=dict(launcher.squads),
        sides=dict(launcher.sides),
        rules={k: str(v) for k, v in launcher.rule_choices.items()},
        pc=launcher.pc_choice,
    )
    try:
        write_atomic(path or memory_path(), msgspec.json.encode(memory))
    except OSError:
        pass  # a read-only data folder: the game starts all the same


def recall(launcher: Any, memory: Memory) -> None:
    """Put back the ruleset's remembered choices that are still offered."""
    from game.core.match import map_name
    from game.ui.scenes.launch_text import PC_CHOICES, SIDE_CHOICES
    from game.ui.scenes.squad_choices import saved_squad_choices

    rs = launcher.ruleset
    got = memory.per.get(launcher.ruleset_id)
    if rs is None or got is None:
        return
    path = next((p for p in launcher.maps() if map_name(p) == got.map), None)
    if path is not None:
        launcher.map_path = path
    offered = set(rs.squads()) | {v for _, v in saved_squad_choices(launcher.ruleset_id)}
    players = {v for _, v in SIDE_CHOICES}
    for side in ("p1", "p2"):
        if got.squads.get(side) in offered:
            launcher.squads[side] = got.squads[side]
        if got.sides.get(side) in players:
            launcher.sides[side] = got.sides[side]
    for opt in rs.rule_options():
        value = next((v for v in opt.values if str(v) == got.rules.get(opt.name)), None)
        if opt.name in got.rules and value is not None:
            launcher.rule_choices[opt.name] = value
    if got.pc in {v for _, v in PC_CHOICES}:
        launcher.pc_choice = got.pc
