"""One look at every unit, taken once per listing of legal actions.

Listing a side's options asks the same questions of every unit (who stands where, who is hidden
from whom, which tiles are threatened); asking esper for each answer again dominated random play.
A Scene reads the components once; `SideView` derives what one side knows from it. Both are
read-only snapshots of one moment: they are built inside `with match.world` and dropped before the
next input.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import esper

from game.core.board import board_tables
from game.core.components import Health, Name, Position, Side, Status
from game.core.geometry import Cell
from game.rulesets.tokens.components import TkGear, TkStealth, TkTokens, TkUnit, table

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.match import Match


@dataclass(slots=True)
class Body:
    """What the listing reads of one unit (the component objects themselves, not copies)."""

    ent: int
    side: str
    cell: Cell
    state: str
    name: str
    unit: TkUnit
    tokens: TkTokens
    gear: TkGear
    stealth: TkStealth
    health: Health

    @property
    def active(self) -> bool:
        return self.state == "active"

    @property
    def on_board(self) -> bool:
        """Standing units (active, or down and bleeding) occupy their tile; the dead do not."""
        return self.state in ("active", "down")


class Scene:
    """Every tokens unit, ascending id, read once."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.board: Board = match.board
        self.round = table(match).round
        rows = esper.get_components(TkUnit, Side, Position, Status, Name, TkTokens, TkGear, TkStealth, Health)
        self.bodies: list[Body] = [
            Body(ent, side.side, (int(pos.cell[0]), int(pos.cell[1])), status.state, name.text,
                 unit, tokens, gear, stealth, hp)
            for ent, (unit, side, pos, status, name, tokens, gear, stealth, hp)
            in sorted(rows, key=lambda r: r[0])
        ]
        self.by_ent = {b.ent: b for b in self.bodies}
        self._views: dict[str, SideView] = {}

    def view(self, side: str) -> SideView:
        """What `side` knows (kept per side for this scene)."""
        found = self._views.get(side)
        if found is None:
            found = self._views[side] = SideView(self, side)
        return found


class SideView:
    """One side's picture: which enemies are hidden from it, the units it can see standing, the
    tiles it may not enter or end on, and the tiles its visible active enemies threaten."""

    def __init__(self, scene: Scene, side: str) -> None:
        self.side = side
        #: units of other sides hidden from `side` (standing or not, as `stealth.hidden_from`)
        self.hidden = {b.ent for b in scene.bodies if b.side != side and b.stealth.hidden}
        #: standing units `side` knows of, ascending id
        self.visible = [b for b in scene.bodies if b.on_board and b.ent not in self.hidden]
        self.foes = frozenset(b.cell for b in self.visible if b.side != side)
        self.taken = frozenset(b.cell for b in self.visible)
        #: tile -> the visible active enemies next to it, ascending id (shared: read only)
        self.threats, self.threats_key = _threats(scene.board, tuple(
            (b.ent, b.cell) for b in self.visible if b.side != side and b.active))
        #: tiles of the active enemies `side` can see: whether Sneak is offered reads only these
        #: (a hidden watcher must not show by taking the option away); `stealth.sneak` then checks
        #: the true board when the attempt resolves
        self.active_foes = [b.cell for b in self.visible if b.side != side and b.active]
        #: what a unit's options other than moves read of the enemies (`actions._unit_actions`)
        self.foes_key = tuple((b.ent, b.cell, b.name, b.active) for b in self.visible if b.side != side)


def _threats(board: Board, foes: tuple[tuple[int, Cell], ...]
             ) -> tuple[dict[Cell, list[int]], tuple[tuple[Cell, tuple[int, ...]], ...]]:
    """The tiles next to `foes` (id, tile), each with the foes next to it, and that as a sorted
    tuple (a key): kept per board, as the enemies stand still through a side's turn."""
    memo = board_tables(board).setdefault("tokens_view_threats", {})
    found = memo.get(foes)
    if found is None:
        threats: dict[Cell, list[int]] = {}
        neighbors = board.neighbors
        for ent, cell in foes:
            for c in neighbors(cell):
                threats.setdefault(c, []).append(ent)
        if len(memo) > 1024:
            memo.clear()
        found = memo[foes] = (threats, tuple(sorted((c, tuple(v)) for c, v in threats.items())))
    return found
