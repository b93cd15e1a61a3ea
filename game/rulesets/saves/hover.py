"""What the battle screen asks of saves while the player hovers: why an enemy cannot be declared
against, what a square does, which squares a blast hits, why a defender cannot counter-attack,
the way a move walks and its cost.

The answers come from the checks the legal declarations use (`targetable`, `weapon_sets`,
`can_reach` and its `reach_problem`, `may_act`) and the blast radius `plan_groups` resolves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.action import Action
from game.core.geometry import Cell
from game.rulesets.saves.actions import targetable
from game.rulesets.saves.combat import counters, weapons_of
from game.rulesets.saves.components import has, is_standing, name_of, side_of, units
from game.rulesets.saves.content import shipped
from game.rulesets.saves.kinds import Kind
from game.rulesets.saves.rules import can_reach, cell_of, engaged, held, reach_problem, uses_left, weapon_sets
from game.rulesets.saves.turns import may_act, table
from game.rulesets.saves.words import ACTION_HELP, weapon_words

if TYPE_CHECKING:
    from game.core.match import Match
    from game.rulesets.saves.combat import Group


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
    centre = cell_of(action.target)
    return [c for c in match.board.cells() if match.board.distance(c, centre) <= ws[0].blast]


def _stowed(ent: int, ranged: bool) -> str:
    """" (its Longbow is stowed)" when a stowed weapon of that kind would have answered."""
    from game.rulesets.saves.components import SvGear, get
    from game.rulesets.saves.content import shipped

    c = shipped()
    kept = [c.weapons[w] for w in get(ent, SvGear).stowed if w in c.weapons]
    w = next((w for w in kept if w.ranged == ranged and not w.blast), None)
    return f" (its {w.name} is stowed)" if w is not None else ""


def why_no_counter(match: Match, group: Group) -> list[str]:
    """Why the target of `group` cannot counter-attack some of its attackers, one line each ([]
    when it can answer every one): the checks `counters` makes (a shot is answered only by a
    ranged weapon, a blast weapon never answers, the weapon must reach)."""
    target = group.target
    me = name_of(target)
    answerable = {a for a, _ in counters(match, group)}
    sets = [s for s in weapon_sets(match, target) if not s[0].blast]
    busy = engaged(match, target)
    bows = [w for w in held(target) if w.ranged and not w.blast]
    out: list[str] = []
    for a in group.attackers:
        if a in answerable:
            continue
        shot = weapons_of(group.option[a])[0].ranged
        usable = [s for s in sets if s[0].ranged or not shot]
        if usable:
            why = next((w for w in (reach_problem(match, target, a, s) for s in usable) if w), "out of reach")
        elif not shot:
            why = f"{me} holds no melee weapon{_stowed(target, False)}"
            if bows and busy:
                why += f", and its {bows[0].name} cannot be used in melee"
        else:
            why = "only a ranged weapon answers a shot"
            if not bows:
                why += f", and {me} holds none{_stowed(target, True)}"
            elif busy:
                why += f", and {me} is in melee: it cannot shoot"
            else:
                why += f", and {me} has no {bows[0].name} shot left"
        out.append(f"No counter-attack on {name_of(a)}: {why}.")
    return out


def move_path(match: Match, ent: int, dest: Cell, start: Cell | None = None) -> tuple[list[Cell], float]:
    """The way `ent` walks from `start` (its square) to `dest`, and what it costs in squares of
    Speed: the cheapest route over the links the legal moves are found on (`actions._links`: eight
    neighbours, each step paying the entered square's cost), around walls and the enemies it knows
    of, as `actions._reach_of` searches. ([], 0) when there is none."""
    import heapq

    from game.core.components import Status
    from game.rulesets.saves.actions import _links
    from game.rulesets.saves.components import get

    start = cell_of(ent) if start is None else start
    mine = side_of(ent)
    foes = {cell_of(e) for e in units()
            if side_of(e) != mine and get(e, Status).state != "fled" and not has(e, "hidden")}
    links = _links(match.board)
    if start not in links or dest == start:
        return [], 0.0
    # cheapest first; among equal costs the shortest drawn line (fewest diagonals), then the cell
    best: dict[Cell, tuple[float, float]] = {start: (0.0, 0.0)}
    came: dict[Cell, Cell] = {}
    heap = [(0.0, 0.0, start)]
    while heap:
        cost, length, cell = heapq.heappop(heap)
        if cell == dest:
            break
        if (cost, length) > best[cell]:
            continue
        for nxt, step in links[cell]:
            if nxt in foes:
                continue
            diagonal = nxt[0] != cell[0] and nxt[1] != cell[1]
            key = (cost + step, length + (1.4142 if diagonal else 1.0))
            if key < best.get(nxt, (1e9, 1e9)):
                best[nxt] = key
                came[nxt] = cell
                heapq.heappush(heap, (*key, nxt))
    if dest not in came:
        return [], 0.0
    path = [dest]
    while path[-1] != start:
        path.append(came[path[-1]])
    return path[::-1][1:], best[dest][0]


def path_words(match: Match, ent: int, dest: Cell) -> str:
    """The path preview's cost line: "4 of 8 squares of Speed" (difficult ground counted)."""
    from game.rulesets.saves.components import SvScores, get

    _, cost = move_path(match, ent, dest)
    return f"{cost:g} of {get(ent, SvScores).speed} squares of Speed" if cost else ""


def action_help(match: Match, action: Action) -> str:
    """What a declaration does, in players' words (an item's from its `description`)."""
    c = shipped()
    if action.kind == Kind.USE and action.option in c.items:
        return c.items[action.option].description
    if action.kind == Kind.SWAP and action.option in c.weapons:
        w = c.weapons[action.option]
        return f"{ACTION_HELP['swap']} ({weapon_words(w.damage, w.range, w.blast, w.uses)})."
    if action.kind == Kind.MANEUVER:
        # "snatch:crossbow": the snatcher names what it takes
        return ACTION_HELP.get((action.option or "").split(":")[0], "")
    return ACTION_HELP.get(action.kind, "")
