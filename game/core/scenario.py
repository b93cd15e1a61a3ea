"""What a skirmish is set up from (ruleset, map, squads, seed, options) and how it names its map.
(`match.load_board_for` finds the board a scenario is played on.)"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Scenario:
    """What a skirmish is set up from."""

    ruleset: str
    map: str
    squads: dict[str, str]
    seed: int = 1
    options: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> Scenario:
        """Inverse of to_json."""
        return Scenario(ruleset=data["ruleset"], map=data["map"], squads=dict(data["squads"]),
                        seed=int(data.get("seed", 1)), options=dict(data.get("options", {})))


def map_name(path: Path) -> str:
    """How a scenario names a map: relative to maps/ when shipped there."""
    from game.paths import MAPS_DIR

    try:
        return path.resolve().relative_to(MAPS_DIR.resolve()).as_posix()
    except ValueError:
        return str(path)


def default_scenario(ruleset_id: str, map_path: str | None, seed: int,
                     squads: tuple[str, str] | None = None,
                     options: dict[str, Any] | None = None) -> Scenario:
    """A skirmish on the ruleset's default (or given) map with its default squads (game.sim
    re-exports it: here, a battle's window builds it without the headless commands' modules)."""
    from game.core import ruleset as registry
    from game.core.options import BUILT_KEY, built_squads
    from game.errors import UserError

    rs = registry.get(ruleset_id)
    if map_path is None:
        maps = rs.maps()
        if not maps:
            raise UserError(f"no shipped map for board kind {rs.board_kind}", "maps/")
        name = map_name(maps[0])
    else:
        name = map_path
    s1, s2 = squads or rs.default_squads()
    ids = {"p1": s1, "p2": s2}
    for side, data in built_squads(options or {}).items():  # a built squad is named by its own id
        ids[side] = rs.built_squad(data, "scenario", f"options.{BUILT_KEY}.{side}").id
    return Scenario(ruleset_id, name, ids, seed, dict(options or {}))
