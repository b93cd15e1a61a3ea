"""Set-up: the post-long-rest state (VM-REST), squads on their spawn squares, hands, initiative.

A skirmish starts as a long rest ends: every unit at full Health and Void Energy, weapons loaded,
the 54-card deck shuffled (VM-DECK) and each side's hand drawn (VM-HAND). Then initiative is
flipped (VM-INIT); those flips come at set-up, before anyone can be asked to cheat them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.core.board import Board
from game.core.cards import Cards, standard_deck
from game.core.components import Conditions, Health, Name, Position, Side, Status
from game.core.geometry import Cell
from game.core.sides import side_name
from game.errors import UserError
from game.rulesets.voidmarked.components import VmGear, VmMarks, VmOrder, VmStats, VmTurn, VmVoid
from game.rulesets.voidmarked.kinds import Ev
from game.rulesets.voidmarked.query import SIDES, data, hand_zone, stats, units
from game.rulesets.voidmarked.schemas import UnitDef
from game.rulesets.voidmarked.turns import first_turn, roll_initiative

if TYPE_CHECKING:
    from game.core.match import Match


def hand_size(total_foresight: int, base: int | None = None) -> int:
    """VM-HAND: base + total Foresight / 2, the half truncated toward zero (-3 -> 5), never below 0."""
    half = abs(total_foresight) // 2
    base = data().rules.hand_base if base is None else base
    return max(0, base + (half if total_foresight >= 0 else -half))


def spawn_cells(board: Board, side: str, count: int, taken: set[Cell]) -> list[Cell]:
    """Squares to deploy `count` units: the board's spawn zone (nearest its middle first), widened
    by nearby open squares if short; without a zone, the leftmost (p1) or rightmost (p2) columns."""
    zone = [c for c in board.spawns.get(side, []) if board.passable(c) and c not in taken]
    if zone:
        cx = sum(c[0] for c in zone) / len(zone)
        cy = sum(c[1] for c in zone) / len(zone)
        ordered = sorted(zone, key=lambda c: (max(abs(c[0] - cx), abs(c[1] - cy)), c[1], c[0]))
        frontier = list(ordered)
        seen = set(ordered) | taken
        while len(ordered) < count and frontier:
            nxt = []
            for c in frontier:
                for n in sorted(board.neighbors(c), key=lambda p: (p[1], p[0])):
                    if n not in seen and board.passable(n):
                        seen.add(n)
                        nxt.append(n)
                        ordered.append(n)
            frontier = nxt
        return ordered[:count]
    cols, rows = board.size
    mid = (rows - 1) / 2
    sign = 1 if side == "p1" else -1
    cells = [c for c in board.cells() if board.passable(c) and c not in taken]
    cells.sort(key=lambda c: (sign * c[0], abs(c[1] - mid), c[1]))
    return cells[:count]


def deploy(match: Match) -> None:
    """Build the world for match.scenario."""
    content = data()
    cards = Cards(zones={"deck": standard_deck(), "discard": [], "table": [], hand_zone("p1"): [],
                         hand_zone("p2"): []},
                  visibility={"deck": "none", "discard": "all", "table": "all", hand_zone("p1"): "p1",
                              hand_zone("p2"): "p2"})
    esper.create_entity(cards)
    cards.shuffle(match.chance)
    taken: set[Cell] = set()
    for side in SIDES:
        squad_id = match.scenario.squads.get(side)
        if squad_id not in content.squads:
            raise UserError(f"unknown voidmarked squad {squad_id!r} (known: {', '.join(content.squads)})",
                            "scenario", f"squads.{side}")
        members = content.squads[squad_id].units
        cells = spawn_cells(match.board, side, len(members), taken)
        if len(cells) < len(members):
            raise UserError(f"no room to deploy {len(members)} units for {side}",
                            match.board.source or "board")
        seen: dict[str, int] = {}
        for i, (uid, cell) in enumerate(zip(members, cells, strict=True)):
            taken.add(cell)
            seen[uid] = seen.get(uid, 0) + 1
            _create_unit(content.units[uid], side, cell, i, seen[uid])
    for side in SIDES:
        total = sum(stats(e).foresight for e in units() if _side(e) == side)
        for _ in range(hand_size(total)):
            cards.draw(match.chance, "deck", hand_zone(side))
    esper.add_component(match.table_entity, VmOrder())
    esper.add_component(match.table_entity, VmTurn())
    match.emit(Ev.SETUP, "The long rest is over: full Health and Void Energy, deck shuffled, hands drawn.",
               [f"{side_name(match, side)} hand: {len(cards.zone(hand_zone(side)))} cards" for side in SIDES])
    roll_initiative(match)
    first_turn(match)


def _side(ent: int) -> str:
    from game.core.components import Side as SideC

    return esper.component_for_entity(ent, SideC).side


def _create_unit(u: UnitDef, side: str, cell: Cell, order: int, copy: int) -> int:
    c = data()
    hp = c.max_health(u)
    ve = c.max_ve(u)
    main = c.weapons[u.weapon]
    off = c.weapons[u.offhand] if u.offhand else None
    name = u.name if copy == 1 else f"{u.name} {copy}"
    return esper.create_entity(
        Name(name, u.id), Side(side), Position(cell), Health(hp, hp), Conditions(), Status(),
        VmStats(u.id, u.archetype, u.race, u.level, u.strength, u.dexterity, u.physique, u.intelligence,
                u.foresight, u.perception, u.stealth, u.resilience, u.speed, c.defence(u), u.ordinary,
                list(u.resist), list(u.status_resist), order),
        VmGear(u.weapon, u.offhand, main.shots, off.shots if off else 0),
        VmVoid(ve, ve, u.voidcaller, list(u.voidcalls)),
        VmMarks())
