"""What the battle screen asks of saves while the player hovers: why an enemy cannot be declared
against, what a square does, which squares a blast hits.

The answers come from the checks the legal declarations use (`targetable`, `weapon_sets`,
`can_reach` and its `reach_problem`, `may_act`) and the blast radius `plan_groups` resolves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.action import Action
from game.core.geometry import Cell
from game.rulesets.saves.actions import targetable
from game.rulesets.saves.combat import weapons_of
from game.rulesets.saves.components import has, is_standing, name_of, side_of, units
from game.rulesets.saves.content import shipped
from game.rulesets.saves.kinds import Kind
from game.rulesets.saves.rules import can_reach, engaged, held, reach_problem, uses_left, weapon_sets
from game.rulesets.saves.turns import may_act, table
from game.rulesets.saves.words import ACTION_HELP, weapon_words

if TYPE_CHECKING:
    from game.core.match import Match


def why_not_target(match: Match, actor: int, target: int) -> str:
    """Why `actor` cannot declare an attack on `target` now; "" when it can, or when the question
    does not arise (not its side's turn, not a standing enemy)."""
    t = table(match)
    if actor not in units() or target not in units():
        return ""
    if side_of(actor) != t.turn_side or side_of(target) == side_of(actor) or not is_standing(target):
        return ""
    me = name_of(actor)
    if str(actor) in t.data.get("declared", {}):
        return f"{me} has declared already (take the declaration back to choose again)"
    if not may_act(match, actor):
        if not is_standing(actor):
            return f"{me} is out of the fight"
        if has(actor, "stunned"):
            return f"{me} is Stunned and loses this turn"
        return f"{me} did not beat the enemy to it (the surprise save): it acts next turn"
    if not targetable(actor, target):
        if has(target, "hidden"):
            return "it is Hidden: nobody knows its square"
        return "it was attacked this turn: safe until its own next turn (ganging up)"
    sets = weapon_sets(match, actor)
    whys = [reach_problem(match, actor, target, ws) for ws in sets]
    if any(can_reach(match, actor, target, ws) for ws in sets):
        return ""
    busy = engaged(match, actor)
    for w in held(actor):
        if w.ranged and busy:
            whys.append(f"an enemy is next to {me}: the {w.name} cannot be used in melee")
        elif w.ranged and uses_left(actor, w) == 0:
            whys.append(f"no {w.name} left")
    whys = list(dict.fromkeys(w for w in whys if w))
    return "; ".join(whys[:2]) if whys else "no weapon can reach it"


def cell_info(match: Match, cell: Cell, side: str | None) -> list[str]:
    """What a square does under saves: movement, sight, cover (Impaired shots), the map edge."""
    t = match.board.at(cell)
    out: list[str] = []
    if t.blocks_move:
        out.append("impassable")
    elif t.move_cost != 1:
        out.append(f"entering costs {t.move_cost:g} squares of Speed")
    if t.blocks_los:
        out.append("blocks line of sight: no shot passes")
    elif t.cover or t.obscured:
        out.append("cover: a ranged attack across it is Impaired (a single d4, no bonus dice)")
    x, y = cell
    cols, rows = match.board.size
    if not t.blocks_move and (x in (0, cols - 1) or y in (0, rows - 1)):
        out.append("map edge: a unit here may flee the field")
    if any(cell in obj.cells for obj in match.board.objectives):
        out.append("objectives score nothing here: a side wins when no enemy is left in the fight")
    return out


def area_of(match: Match, action: Action) -> list[Cell]:
    """The squares a blast hits: every square within its radius of the aimed unit ([] otherwise)."""
    if action.kind != Kind.ATTACK or action.target is None or not action.option:
        return []
    ws = weapons_of(action.option)
    if not ws[0].blast:
        return []
    from game.rulesets.saves.rules import cell_of

    centre = cell_of(action.target)
    return [c for c in match.board.cells() if match.board.distance(c, centre) <= ws[0].blast]


def action_help(match: Match, action: Action) -> str:
    """What a declaration does, in players' words (an item's from its `description`)."""
    c = shipped()
    if action.kind == Kind.USE and action.option in c.items:
        return c.items[action.option].description
    if action.kind == Kind.SWAP and action.option in c.weapons:
        w = c.weapons[action.option]
        return f"{ACTION_HELP['swap']} ({weapon_words(w.damage, w.range, w.blast, w.uses)})."
    if action.kind == Kind.MANEUVER:
        return ACTION_HELP.get(action.option, "")
    return ACTION_HELP.get(action.kind, "")
