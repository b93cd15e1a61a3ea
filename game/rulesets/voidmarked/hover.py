"""What the battle screen asks of voidmarked while the player hovers: why a unit cannot be
targeted, what a square does, which squares an area voidcall reaches.

Each answer comes from the legality checks the legal-action list itself uses (`reach_problem`,
`in_area`), never from a copy of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.action import Action
from game.core.geometry import Cell
from game.core.wording import plural
from game.rulesets.voidmarked.areas import area_cells
from game.rulesets.voidmarked.kinds import Kind
from game.rulesets.voidmarked.query import (
    cell_of,
    current_actor,
    data,
    enemies,
    gear,
    on_board,
    turn_state,
    void,
)
from game.rulesets.voidmarked.strikes import distance, reach_problem

if TYPE_CHECKING:
    from game.core.match import Match

#: reasons about distance: the screen adds how far the target is
_DISTANCE = ("beyond long range", "out of melee reach", "out of range", "too close for a ranged attack")


def why_not_target(match: Match, actor: int, target: int) -> str:
    """Why `actor` has no attack or voidcall against `target` now; "" when it has one or when the
    question does not arise (not its turn, not an enemy)."""
    if current_actor(match) != actor or target not in enemies(actor) or not on_board(target):
        return ""
    ts = turn_state(match)
    ways: list[str] = []  # the ruleset's reasons, best way of attacking first
    if not ts.action_used:
        ways.append(reach_problem(match, actor, target, "main"))
    if not ts.quick_used and gear(actor).offhand:
        ways.append(reach_problem(match, actor, target, "offhand"))
    if not ts.action_used:
        for vid in void(actor).voidcalls:
            v = data().voidcalls[vid]
            if v.kind != "heal" and not v.radius and void(actor).current >= v.cost:
                ways.append(reach_problem(match, actor, target, "void", vid))
    if not ways:
        return "its Action and Quick Action are spent this turn" if gear(actor).offhand \
            else "its Action is spent this turn"
    if "" in ways:
        return ""
    why = ways[0]
    if why in _DISTANCE:
        squares = distance(match, cell_of(actor), cell_of(target))
        why += f" ({plural(squares, 'square')} away)"
    return why


def cell_info(match: Match, cell: Cell, side: str | None) -> list[str]:
    """What a square does under voidmarked: cover, sight, movement (light plays no part)."""
    t = match.board.at(cell)
    out: list[str] = []
    if t.blocks_move:
        out.append("impassable")
    elif t.move_cost != 1:
        out.append(f"entering costs {t.move_cost:g} squares of Speed")
    if t.blocks_los:
        out.append("blocks line of sight: no shot or voidcall passes")
    elif t.cover:
        # VM-COVER: a target within half the cover's height of it (adjacent = 0 ft, each square 5 ft)
        squares = int(t.cover_height_ft / 2 // 5)
        where = "right behind it" if squares == 0 else \
            f"up to {plural(squares, 'square')} behind it"
        out.append(f"cover {t.cover_height_ft:g} ft high: a target {where} has Advantage "
                   "against shots across it")
        out.append("a unit seen only through cover can Hide")
    if any(cell in obj.cells for obj in match.board.objectives):
        out.append("objectives score nothing here: a side wins when no enemy unit can act")
    return out


def area_of(match: Match, action: Action) -> list[Cell]:
    """The squares an area voidcall reaches ([] for any other action)."""
    if action.kind != Kind.VOIDCALL or action.cell is None:
        return []
    v = data().voidcalls.get(action.option)
    if v is None or not v.radius:
        return []
    return area_cells(match, v, action.cell)
