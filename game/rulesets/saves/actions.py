"""Legal actions of the declaring side: per unit a move (or an item swap) and then one declared
action; 'cancel' takes a unit's declaration back; 'end' (Resolve) rolls everything together.

Moves and swaps apply at once (they draw no chance); declarations wait in Table.data['declared'].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.action import Action
from game.core.components import Status
from game.core.pathing import reachable
from game.rulesets.saves.components import SvGear, SvScores, SvTurn, get, has, is_standing, name_of, side_of, units
from game.rulesets.saves.content import shipped
from game.rulesets.saves.maneuvers import MANEUVERS, on_edge
from game.rulesets.saves.morale import exempt
from game.rulesets.saves.rules import can_reach, cell_of, enemies, weapon_sets
from game.rulesets.saves.turns import may_act, table

if TYPE_CHECKING:
    from game.core.match import Match

DECLARE = ("attack", "maneuver", "flee", "tend", "use", "parley")


def occupied() -> set[tuple[int, int]]:
    """Squares holding a unit still on the field (the dead lie where they fell and block too)."""
    return {cell_of(e) for e in units() if get(e, Status).state != "fled"}


def move_targets(match: Match, ent: int) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """Squares reachable within Speed, no unit passed through or stood on (SV-TURN)."""
    blocked = occupied() - {cell_of(ent)}
    board = match.board

    def step(src: tuple[int, int], dst: tuple[int, int], tag: object) -> tuple[float, object] | None:
        if not board.passable(dst) or dst in blocked:
            return None
        return board.at(dst).move_cost, tag

    reach = reachable(board, cell_of(ent), get(ent, SvScores).speed, step)
    return {c: reach.path_to(c) for c in sorted(reach.cost) if c != cell_of(ent) and c not in blocked}


def targetable(ent: int, target: int) -> bool:
    """An enemy can be declared against: standing, not Hidden (its whereabouts unknown), not
    already attacked since its last turn (SV-GANG)."""
    return is_standing(target) and not has(target, "hidden") and not has(target, "attacked")


def declarations(match: Match, ent: int) -> list[Action]:
    """What a unit may declare as its one action."""
    out: list[Action] = []
    me = name_of(ent)
    foes = [e for e in enemies(ent) if targetable(ent, e)]
    for ws in weapon_sets(match, ent):
        option = "+".join(w.id for w in ws)
        label = " and ".join(w.name for w in ws)
        for foe in foes:
            if can_reach(match, ent, foe, ws):
                out.append(Action("attack", ent, foe, option=option, label=f"{me}: {label} at {name_of(foe)}",
                                  hotkey_group="attack"))
    here = cell_of(ent)
    adjacent = [e for e in foes if match.board.distance(here, cell_of(e)) <= 1]
    for foe in adjacent:
        for m in MANEUVERS:
            out.append(Action("maneuver", ent, foe, option=m,
                              label=f"{me}: {'knock down' if m == 'knockdown' else 'snatch from'} {name_of(foe)}"))
    for foe in enemies(ent):
        if match.board.distance(here, cell_of(foe)) <= 1 and not exempt(match, foe) \
                and get(foe, SvScores).role != "pc" and not has(foe, "hidden") and _hp(foe) == 0:
            out.append(Action("parley", ent, foe, label=f"{me}: call on {name_of(foe)} to surrender"))
    if on_edge(match, ent):
        out.append(Action("flee", ent, label=f"{me}: flee the field"))
    for ally in units():
        if ally != ent and side_of(ally) == side_of(ent) and match.board.distance(here, cell_of(ally)) <= 1:
            if has(ally, "critical") and not has(ally, "tended"):
                out.append(Action("tend", ent, ally, label=f"{me}: tend {name_of(ally)}"))
    items = shipped().items
    for item in sorted(set(get(ent, SvGear).items)):
        if items[item].effect == "wake":
            for ally in units():
                if side_of(ally) == side_of(ent) and has(ally, "unconscious") \
                        and match.board.distance(here, cell_of(ally)) <= 1:
                    out.append(Action("use", ent, ally, option=item, label=f"{me}: {items[item].name} on {name_of(ally)}"))
        elif not has(ent, items[item].effect):
            out.append(Action("use", ent, option=item, label=f"{me}: use {items[item].name}"))
    return out


def _hp(ent: int) -> int:
    from game.core.components import Health

    return get(ent, Health).current


def legal(match: Match) -> list[Action]:
    """Declarations of every unit that may act, then Resolve (always legal)."""
    t = table(match)
    declared = t.data.get("declared", {})
    out: list[Action] = []
    for ent in units():
        if not may_act(match, ent):
            continue
        if str(ent) in declared:
            out.append(Action("cancel", ent, label=f"{name_of(ent)}: take back the declaration"))
            continue
        out += declarations(match, ent)
        turn = get(ent, SvTurn)
        if not turn.moved and not turn.swapped:
            gear = get(ent, SvGear)
            for w in sorted(set(gear.stowed)):
                out.append(Action("swap", ent, option=w,
                                  label=f"{name_of(ent)}: take up {shipped().weapons[w].name} (instead of moving)"))
            for cell, path in move_targets(match, ent).items():
                out.append(Action("move", ent, cell=cell, path=tuple(path),
                                  label=f"{name_of(ent)}: move to {cell}"))
    out.append(Action("end", None, label="Resolve: roll every declared action"))
    return out


def apply(match: Match, action: Action) -> None:
    """A move, a swap, a declaration or a cancel (no chance)."""
    ent = action.actor
    assert ent is not None
    t = table(match)
    turn = get(ent, SvTurn)
    if action.kind == "move":
        from game.core.components import Position

        get(ent, Position).cell = tuple(action.cell)  # type: ignore[arg-type]
        turn.moved = True
        match.emit("move", f"{name_of(ent)} moves to {action.cell}.", unit=ent)
    elif action.kind == "swap":
        gear = get(ent, SvGear)
        gear.stowed.remove(action.option)
        gear.stowed.extend(w for w in gear.held if w != "fists")
        gear.held = [action.option]
        turn.swapped = True
        match.emit("swap", f"{name_of(ent)} takes up {shipped().weapons[action.option].name}.", unit=ent)
    elif action.kind == "cancel":
        was = t.data["declared"].pop(str(ent), {})
        turn.moved = bool(was.get("moved", turn.moved))
        match.emit("declare", f"{name_of(ent)} takes its declaration back.", unit=ent)
    else:
        t.data["declared"][str(ent)] = {"kind": action.kind, "target": action.target, "option": action.option,
                                        "moved": turn.moved}
        match.emit("declare", f"Declared - {action.label}.", unit=ent)
        turn.moved = True  # SV-TURN: the move comes before the action
