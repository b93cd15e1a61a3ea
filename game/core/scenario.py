"""What a skirmish is set up from (ruleset, map, squads, seed, options) and how a scenario meets
its map: every way a match finds its board (launcher, play, simulate, saves, replays) comes
through `load_board_for`, which refuses a board of the wrong kind."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.errors import UserError

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.ruleset import Ruleset


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


def load_board_for(scenario: Scenario) -> Board:
    """Load the scenario's map (through core.tmx) and check it suits the scenario's ruleset.

    Every way a match meets a map (launcher, play, simulate, screenshot, ladder, saves, replays)
    comes through here, so this is where a board of the wrong kind is refused.
    """
    from game.core import registry
    from game.core.tmx import load_board
    from game.paths import resolve_map

    board = load_board(resolve_map(scenario.map))
    try:
        rs = registry.get(scenario.ruleset)
    except (KeyError, TypeError):
        return board  # the caller reports an unknown ruleset in its own terms
    check_board_kind(rs, board)
    return board


def check_board_kind(ruleset: Ruleset, board: Board) -> None:
    """Refuse a board the ruleset cannot be played on (UserError naming the map)."""
    if board.kind != ruleset.board_kind:
        raise UserError(f"{ruleset.name} is played on {ruleset.board_kind} boards, this map is a "
                        f"{board.kind} board", board.source or "map")


def map_name(path: Path) -> str:
    """How a scenario names a map: relative to maps/ when shipped there."""
    from game.paths import MAPS_DIR

    try:
        return path.resolve().relative_to(MAPS_DIR.resolve()).as_posix()
    except ValueError:
        return str(path)
