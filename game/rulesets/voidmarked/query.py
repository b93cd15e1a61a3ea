"""Looking things up in a voidmarked world (call inside `with match.world:`): units, sight, reach.

VM-LOS is core sight (walls and full cover block, units do not); VM-COVER reads core sight's
cover memo with voidmarked's rule: a cover square on the line of fire counts when the gap
between it and the target is at most half the cover's height (adjacent = 0 ft, each further
square 5 ft). VM-MOVE is core pathing: Chebyshev steps of 5 ft, each costing the entered
square's move_cost; a unit passes its allies, never an enemy (standing or grasping), and stops
only on an empty square. The routes the legal move actions carry come off the same search, so
the path a client previews is the one walked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper
import msgspec

from game.core.board import Board, Terrain
from game.core.cards import Cards
from game.core.components import Conditions, Health, Name, Position, Side, Status, Table
from game.core.geometry import Cell
from game.core.memo import state_memo
from game.core.options import chosen_rules
from game.core.pathing import Occupancy, Reach, search
from game.core.sight import CoverRule, board_sight, cover_on_line
from game.core.world import world_tables
from game.rulesets.voidmarked.components import VmGear, VmOrder, VmStats, VmTurn, VmVoid
from game.rulesets.voidmarked.content import Content, content
from game.rulesets.voidmarked.schemas import Rules, Weapon

if TYPE_CHECKING:
    from game.core.match import Match

SIDES = ("p1", "p2")


def other(side: str) -> str:
    """The opposing side."""
    return "p2" if side == "p1" else "p1"


def hand_zone(side: str) -> str:
    """Name of a side's shared-hand zone."""
    return f"hand:{side}"


def data() -> Content:
    """The loaded content."""
    return content()


def rules(match: Match) -> Rules:
    """The readings this match plays by: data/rules.toml with the scenario's rules options."""
    chosen = chosen_rules(match.scenario)
    base = data().rules
    return msgspec.structs.replace(base, **chosen) if chosen else base


def deck(match: Match) -> Cards:
    """The one shared deck's zones (VM-DECK)."""
    found = esper.get_component(Cards)
    return found[0][1]


def table(match: Match) -> Table:
    """The match record."""
    return esper.component_for_entity(match.table_entity, Table)


def order(match: Match) -> VmOrder:
    """Initiative order and the current index."""
    return esper.component_for_entity(match.table_entity, VmOrder)


def turn_state(match: Match) -> VmTurn:
    """What the acting unit has spent this turn."""
    return esper.component_for_entity(match.table_entity, VmTurn)


def units() -> list[int]:
    """Every unit entity, ascending id.

    esper hands back the same cached query list until any component is added or removed, so the
    sorted ids are kept with that list and reused while it is the one esper returns.
    """
    current = esper.get_component(VmStats)
    tables = world_tables()
    found = tables.get("vm_units")
    if found is None or found[0] is not current:
        found = tables["vm_units"] = (current, sorted(ent for ent, _ in current))
    return found[1]


def side_of(ent: int) -> str:
    """A unit's side."""
    return esper.component_for_entity(ent, Side).side


def name_of(ent: int) -> str:
    """A unit's display name."""
    return esper.component_for_entity(ent, Name).text


def cell_of(ent: int) -> Cell:
    """A unit's square."""
    return esper.component_for_entity(ent, Position).cell


def stats(ent: int) -> VmStats:
    """A unit's stats."""
    return esper.component_for_entity(ent, VmStats)


def gear(ent: int) -> VmGear:
    """A unit's weapons and shots."""
    return esper.component_for_entity(ent, VmGear)


def void(ent: int) -> VmVoid:
    """A unit's Void Energy."""
    return esper.component_for_entity(ent, VmVoid)


def health(ent: int) -> Health:
    """A unit's Health."""
    return esper.component_for_entity(ent, Health)


def status(ent: int) -> Status:
    """A unit's life state."""
    return esper.component_for_entity(ent, Status)


def conditions(ent: int) -> Conditions:
    """A unit's conditions."""
    return esper.component_for_entity(ent, Conditions)


def weapon(ent: int, hand: str = "main") -> Weapon:
    """The weapon in a hand ('main' or 'offhand')."""
    g = gear(ent)
    return data().weapons[g.offhand if hand == "offhand" else g.weapon]


def active(ent: int) -> bool:
    """Able to act (not grasping, dead or fled)."""
    return status(ent).state == "active"


def on_board(ent: int) -> bool:
    """Still occupying its square: active or grasping for life (the dead leave no body in the way)."""
    return status(ent).state in ("active", "down")


def enemies(ent: int, *, standing: bool = False) -> list[int]:
    """Enemy units still on the board (only active ones with standing=True), ascending id."""
    side = side_of(ent)
    ok = ("active",) if standing else ("active", "down")
    return sorted(e for e, (s, st) in esper.get_components(Side, Status) if s.side != side and st.state in ok
                  and esper.has_component(e, VmStats))


def allies(ent: int) -> list[int]:
    """Friendly units still on the board, itself excluded."""
    side = side_of(ent)
    return [e for e in units() if e != ent and side_of(e) == side and on_board(e)]


def occupant(cell: Cell) -> int | None:
    """The unit on a square, if any."""
    for e in units():
        if on_board(e) and cell_of(e) == cell:
            return e
    return None


def current_actor(match: Match) -> int | None:
    """The unit whose turn it is."""
    o = order(match)
    if not o.order:
        return None
    return o.order[o.index % len(o.order)]


def stat_mod(ent: int, key: str) -> int:
    """Sum of a condition modifier ('hit' or 'defence') over the unit's conditions."""
    defs = data().conditions
    total = 0
    for name in conditions(ent).active:
        cd = defs.get(name)
        if cd is not None:
            total += getattr(cd, key)
    return total


def adjacent_enemy(ent: int, cell: Cell | None = None) -> bool:
    """An active enemy stands next to the cell (VM-MELEE: the unit is in melee there)."""
    here = cell if cell is not None else cell_of(ent)
    side = side_of(ent)
    for _, (s, st, pos) in esper.get_components(Side, Status, Position):
        if s.side != side and st.state == "active":
            c = pos.cell
            if max(abs(c[0] - here[0]), abs(c[1] - here[1])) == 1:
                return True
    return False


def state_key(match: Match) -> tuple:
    """A cheap fingerprint of everything legal actions and AI terms depend on (memo keys).

    One row per unit, in entity order: square, life state, Health, shots, Void Energy and
    conditions (In Melee left out: it follows from the squares).
    """
    ts = turn_state(match)
    rows = tuple(
        (pos.cell, st.state, hp.current, g.shots, g.offhand_shots, vv.current,
         tuple(c for c in cond.active if c != "in_melee"))
        for _, (pos, st, hp, g, vv, cond) in sorted(
            esper.get_components(Position, Status, Health, VmGear, VmVoid, Conditions), key=lambda x: x[0]))
    cards = deck(match)
    return (len(match.log), len(match.inputs), match.chance.draws, ts.actor, ts.moves_left, ts.action_used,
            ts.quick_used, len(cards.zones.get("deck", ())), rows)


class _VmCover(CoverRule):
    """VM-COVER: within half the cover's height of the target (5 ft a square)."""

    def reach(self, terrain: Terrain) -> int:
        return 1 + int(terrain.cover_height_ft / 2 // 5)

    def counts(self, terrain: Terrain, gap: int) -> bool:
        return gap * 5 <= terrain.cover_height_ft / 2


VM_COVER = _VmCover()


def los(board: Board, a: Cell, b: Cell) -> bool:
    """VM-LOS between two squares (symmetric)."""
    return board_sight(board).see(a, b)


def in_cover(board: Board, attacker: Cell, target: Cell) -> bool:
    """VM-COVER: the target is in cover against an attack from `attacker`."""
    return board_sight(board).covered(attacker, target, VM_COVER)


def cover_counts(board: Board, attacker: Cell, target: Cell) -> bool:
    """VM-COVER straight off core `cover_on_line`, without the memo (the reference tests check)."""
    return any(t.cover > 0 and VM_COVER.counts(t, board.distance(c, target) - 1)
               for c, t in cover_on_line(board, attacker, target))


def reach_for(match: Match, ent: int, budget: float) -> Reach:
    """VM-MOVE: squares `ent` can reach from where it stands within `budget` squares of movement
    (memoised while the match's state stands still)."""
    memo = state_memo(match, "vm-reach")
    key = (ent, budget)
    found = memo.get(key)
    if found is None:
        side = side_of(ent)
        occupancy = Occupancy.of((cell_of(e), side_of(e) == side)
                                 for e in units() if e != ent and on_board(e))
        found = memo[key] = search(match.board, cell_of(ent), budget, occupancy)
    return found
