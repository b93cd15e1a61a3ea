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
