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
from game.rulesets.saves.components import SvScores, conditions, get, is_standing, side_of, units

if TYPE_CHECKING:
    from game.core.match import Match

#: the condition data key holding the square the unit hid on (what its enemies last saw)
HID_AT = "at"
#: the condition data key holding the round it hid in (its enemies saw that too)
HID_ROUND = "round"


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


def hunt_target(match: Match, side: str, ent: int, reach: int) -> Cell | None:
    """A square for unit `ent` of `side` to search when every enemy left standing is Hidden: one
    of the squares they may be on (`hiding_places`), drawn afresh each round by a fixed mix of
    the round and the unit, so the side's units spread over those squares and sweep them round
    after round (a move onto or next to the Hidden unit finds it). Every other draw looks only
    within `reach` of where each hid (a unit that keeps still is near there), the rest as far as
    its Speed may have taken it in the rounds since. It comes only from what `side` knows: where
    and when each hid and where its own units stand, never the true squares."""
    mix = (ent * 2654435761 + match.round * 40503 + 12345) & 0xFFFF_FFFF
    mix ^= mix >> 13
    wide = bool(mix & 0x100)
    places: set[Cell] = set()
    for foe, last_seen in sorted(hidden_from(match, side).items()):
        since = conditions(foe).active["hidden"].get(HID_ROUND)
        far = reach
        if wide and since is not None:
            far = max(reach, get(foe, SvScores).speed * (match.round - int(since) + 1))
        places.update(hiding_places(match, side, foe, last_seen, far))
    if not places:
        return None
    ordered = sorted(places)
    return ordered[mix % len(ordered)]
