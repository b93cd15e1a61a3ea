"""VM-STEALTH in combat: who may hide, and what breaks it.

A unit may hide when every standing enemy either has no line of sight to it or sees it only
through cover (VM-COVER, judged from that enemy's square). It enters stealth with the Hide
action or by ending a turn without attacking, moving or having been targeted. Attacking (unless
the weapon is silenced) or casting a voidcall breaks it, and so does moving where an enemy
sees it in the open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.geometry import Cell
from game.rulesets.voidmarked.kinds import Ev
from game.rulesets.voidmarked.query import cell_of, conditions, enemies, in_cover, los, name_of, side_of

if TYPE_CHECKING:
    from game.core.match import Match


def can_hide(match: Match, ent: int, cell: Cell | None = None) -> bool:
    """Cover or no line of sight against every standing enemy."""
    here = cell if cell is not None else cell_of(ent)
    board = match.board
    for e in enemies(ent, standing=True):
        there = cell_of(e)
        if los(board, there, here) and not in_cover(board, there, here):
            return False
    return True


def break_stealth(match: Match, ent: int, why: str) -> None:
    """End stealth (no-op when not hidden)."""
    if conditions(ent).active.pop("stealthed", None) is not None:
        match.emit(Ev.STEALTH, f"{name_of(ent)} is no longer hidden ({why}).", side=side_of(ent))
