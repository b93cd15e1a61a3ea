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
    name_of,
    on_board,
    turn_state,
    void,
    weapon,
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
        # whose: the acting unit's, not the target's ("its Action is spent" read as the target's)
        return f"{name_of(actor)}'s Action and Quick Action are spent this turn" if gear(actor).offhand \
            else f"{name_of(actor)}'s Action is spent this turn"
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


#: what each kind of action does, for hovering its button (voidcalls: their own `description`)
ACTION_HELP = {
    Kind.MOVE: "Move here in one go, up to your Speed: through allies, not enemies.",
    Kind.DASH: "Give up this turn's Action for a second Move.",
    Kind.HIDE: "Slip into stealth (your Action): an enemy must win Perception against your Stealth "
               "before it can attack you; moving into the open or attacking ends it.",
    Kind.END: "End this unit's turn. Ending it quietly, hidden from every enemy, slips into stealth.",
}


def _weapon_words(ent: int, hand: str) -> str:
    w = weapon(ent, hand)
    reach = f"{w.range_ft} ft" if w.kind == "ranged" else "melee"
    low, mid, high = w.damage
    return f"{w.name}: {reach}, damage {low} / {mid} / {high} (Low / Moderate / High)"


def action_help(match: Match, action: Action) -> str:
    """What an action does, in players' words."""
    ent = action.actor
    if action.kind == Kind.VOIDCALL:
        v = data().voidcalls.get(action.option)
        return f"{v.description} Costs {v.cost} Void Energy." if v is not None else ""
    if action.kind == Kind.ATTACK and ent is not None:
        hand = "offhand" if action.option == "offhand" else "main"
        words = _weapon_words(ent, hand)
        if action.option == "sweep":
            return (f"Sweep with the automatic weapon (your Action): a duel with the target and with each "
                    f"enemy near it in reach, one shot each. {words}.")
        if hand == "offhand":
            return (f"Attack with the off-hand weapon (your Quick Action): −3 to the flip, Low damage "
                    f"only. {words}.")
        return (f"Attack (your Action): your card and bonuses against the target's card and Defence; "
                f"a tie hits. {words}.")
    if action.kind == Kind.RELOAD and ent is not None:
        w = weapon(ent, "offhand" if action.option == "offhand" else "main")
        return f"Load the {w.name} back to {w.shots} shots."
    return ACTION_HELP.get(action.kind, "")
