"""SV-HIDDEN as the other side knows it: a Hidden unit's square is unknown to its enemies.

Its enemies know where it was when it hid (the square kept with the condition) and nothing after:
the battle screen shows it there, and an AI's scratch copy re-places it among the squares it could
have reached, never on its true square by knowledge of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.components import Position
from game.core.geometry import Cell
from game.core.knowledge import cells_within
from game.rulesets.saves.components import conditions, get, is_standing, side_of, units

if TYPE_CHECKING:
    from game.core.match import Match

#: the condition data key holding the square the unit hid on (what its enemies last saw)
HID_AT = "at"


def hidden_from(match: Match, side: str) -> dict[int, Cell | None]:
    """Standing enemies of `side` that are Hidden, with the square each hid on (None: hidden from
    the start, never seen)."""
    out: dict[int, Cell | None] = {}
    for ent in units():
        if side_of(ent) == side or not is_standing(ent):
            continue
        data = conditions(ent).active.get("hidden")
        if data is not None:
            at = data.get(HID_AT)
            out[ent] = (int(at[0]), int(at[1])) if at else None
    return out


def hiding_places(match: Match, side: str, ent: int, last_seen: Cell | None, reach: int) -> list[Cell]:
    """Squares a Hidden unit may stand on as far as `side` can tell: passable, within `reach` of
    where it hid, and not next to a unit of `side` (stepping next to a Hidden unit finds it)."""
    board = match.board
    eyes = [get(e, Position).cell for e in units() if side_of(e) == side and is_standing(e)]
    return [cell for cell in cells_within(board, last_seen, reach)
            if not any(board.distance(cell, eye) <= 1 for eye in eyes)]
