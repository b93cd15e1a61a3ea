"""The legal actions of the side whose turn it is: every unit spends its own tokens, in any order.

Move-token actions (the seed's Movement table): move, bypass (option), sprint, sneak, observe,
hand off, apply, reload, draw, await; attack-token actions: attack, apply to an unwilling target,
overcharge. "end" passes the turn and is always legal.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import esper

from game.core.action import Action
from game.core.geometry import Cell
from game.core.pathing import Reach
from game.rulesets.tokens.combat import can_target, weapon
from game.rulesets.tokens.components import (
    TkGear,
    TkShield,
    TkTokens,
    TkUnit,
    cell_of,
    get,
    health,
    is_active,
    name_of,
    on_board,
    side_of,
    table,
    units,
)
from game.rulesets.tokens.content import shipped
from game.rulesets.tokens.kinds import Kind
from game.rulesets.tokens.movement import (
    SPRINT_COST,
    path_cost,
    reach,
    sprint_paths,
    threat_map,
    visible_obstacles,
)
from game.rulesets.tokens.stealth import hidden_from, sneak_blockers

if TYPE_CHECKING:
    from game.core.match import Match

HANDOFF, APPLY, RELOAD, DRAW, AWAIT = 2, 2, 4, 2, 4
OVERCHARGE = 1


def legal(match: Match) -> list[Action]:
    """Everything the side to act may do now."""
    side = table(match).turn_side
    out: list[Action] = []
    for ent in units(match):
        if side_of(ent) == side and is_active(ent):
            out.extend(unit_actions(match, ent))
    out.append(Action(Kind.END, None, label="End turn"))
    return out


#: recent move lists: a unit's moves depend only on the key below (AI lookahead and replays ask
#: for the same positions again and again); the board is held in the value, as in movement.py
_MOVES: dict[tuple[object, ...], tuple[object, list[Action]]] = {}


def move_actions(match: Match, ent: int) -> list[Action]:
    """Plain moves to every tile in reach; Bypass versions of moves that would provoke; sprints."""
    tokens = get(ent, TkTokens)
    if tokens.move <= 0:
        return []
    foes, taken = visible_obstacles(match, ent)
    threats = threat_map(match, ent)
    key = (
        id(match.board),
        ent,
        name_of(ent),
        cell_of(ent),
        tokens.move,
        tokens.diagonals,
        frozenset(foes),
        frozenset(taken),
        tuple(sorted((c, tuple(v)) for c, v in threats.items())),
    )
    found = _MOVES.get(key)
    if found is not None and found[0] is match.board:
        return found[1]
    out = _move_actions(match, ent)
    if len(_MOVES) > 4096:
        _MOVES.clear()
    _MOVES[key] = (match.board, out)
    return out


class Routes:
    """Every path of a search with the enemies it provokes (TK-AOO), each built from its parent's
    (a path's provokers are its parent's plus the enemies threatening the tile it leaves last)."""

    def __init__(self, found: Reach, threats: dict[Cell, list[int]]) -> None:
        self.found = found
        self.threats = threats
        self.memo: dict[object, tuple[tuple[Cell, ...], frozenset[int]]] = {}

    def to(self, cell: Cell) -> tuple[tuple[Cell, ...], frozenset[int]]:
        node = self.found.best_node[cell]
        return self._node(node)

    def _node(self, node: tuple[Cell, object]) -> tuple[tuple[Cell, ...], frozenset[int]]:
        memo = self.memo
        chain = []
        cur: tuple[Cell, object] | None = node
        prev_of = self.found.prev_node
        while cur is not None and cur not in memo and prev_of.get(cur) is not None:
            chain.append(cur)
            cur = prev_of[cur]
        path, provoked = memo.get(cur, ((), frozenset())) if cur is not None else ((), frozenset())
        left = path[-1] if path else self.found.start
        for n in reversed(chain):
            near = self.threats.get(left)
            if near:
                provoked = provoked | frozenset(near)
            path = path + (n[0],)
            memo[n] = (path, provoked)
            left = n[0]
        return path, provoked


def _move_actions(match: Match, ent: int) -> list[Action]:
    out: list[Action] = []
    tokens = get(ent, TkTokens)
    if tokens.move <= 0:
        return out
    name = name_of(ent)
    plain = reach(match, ent)
    start = cell_of(ent)
    threats = threat_map(match, ent)
    routes = Routes(plain, threats)
    for cell in sorted(plain.stoppable):
        if cell == start:
            continue
        path, provoked = routes.to(cell)
        n = len(provoked)
        tail = f", provokes {n} attack(s) of opportunity" if n else ""
        out.append(
            Action(
                Kind.MOVE,
                ent,
                cell=cell,
                path=path,
                label=f"{name}: move to {cell} ({math.ceil(plain.cost[cell] - 1e-9)} tokens{tail})",
            )
        )
    if tokens.move >= 2 and any(c in threats for c in plain.cost):
        by = reach(match, ent, bypass=True)
        by_routes = Routes(by, threats)
        for cell in sorted(by.stoppable):
            if cell == start:
                continue
            path, provoked = by_routes.to(cell)
            if provoked:
                cost, _ = path_cost(match.board, start, path, tokens.diagonals, True)
                out.append(
                    Action(
                        Kind.MOVE,
                        ent,
                        cell=cell,
                        path=path,
                        option="bypass",
                        label=f"{name}: bypass to {cell} ({math.ceil(cost - 1e-9)} tokens, "
                        "no attacks of opportunity)",
                    )
                )
    if tokens.move >= SPRINT_COST:
        for path in sprint_paths(match, ent):
            out.append(
                Action(
                    Kind.SPRINT,
                    ent,
                    cell=path[-1],
                    path=path,
                    label=f"{name}: sprint {len(path)} tiles to {path[-1]} ({SPRINT_COST} tokens)",
                )
            )
    return out


def unit_actions(match: Match, ent: int) -> list[Action]:
    """One unit's options with the tokens it has left."""
    tokens, gear = get(ent, TkTokens), get(ent, TkGear)
    side, name = side_of(ent), name_of(ent)
    content = shipped()
    out = list(move_actions(match, ent))
    hidden = hidden_from(match, side)
    others = [e for e in units(match) if e != ent and on_board(e) and e not in hidden]
    board = match.board
    here = cell_of(ent)
    held = gear.held
    if held:
        w = weapon(held)
        loaded = gear.loaded.get(held, 1) if w.ammo else 1
        if tokens.attack >= w.cost and loaded > 0:
            for t in others:
                if side_of(t) != side and can_target(match, ent, held, t):
                    out.append(
                        Action(
                            Kind.ATTACK,
                            ent,
                            target=t,
                            option=held,
                            label=f"{name}: {w.name} at {name_of(t)} ({w.cost} attack tokens)",
                        )
                    )
        if w.ammo and gear.loaded.get(held, 0) < w.ammo and tokens.move >= RELOAD:
            label = f"{name}: reload {w.name} ({RELOAD} tokens)"
            out.append(Action(Kind.RELOAD, ent, option=held, label=label))
    for wid in gear.weapons:
        if wid != held and tokens.move >= DRAW:
            out.append(
                Action(Kind.DRAW, ent, option=wid, label=f"{name}: draw {weapon(wid).name} ({DRAW} tokens)")
            )
    if tokens.move >= 1 and not sneak_blockers(match, ent):
        for n in range(1, tokens.move + 1):
            out.append(Action(Kind.SNEAK, ent, option=str(n), label=f"{name}: sneak with {n} token(s)"))
    if tokens.move >= 1:
        for n in range(1, tokens.move + 1):
            out.append(Action(Kind.OBSERVE, ent, option=str(n), label=f"{name}: observe with {n} token(s)"))
    adjacent = [e for e in others if board.distance(cell_of(e), here) <= 1 and e != ent]
    for item in sorted(set(gear.items)):
        it = content.items[item]
        if it.heal:
            for t in [ent] + [e for e in adjacent if side_of(e) == side]:
                if tokens.move >= APPLY and health(t).current < health(t).maximum:
                    out.append(
                        Action(
                            Kind.APPLY,
                            ent,
                            target=t,
                            option=item,
                            label=f"{name}: apply {it.name} to {name_of(t)} ({APPLY} tokens)",
                        )
                    )
        if it.harm:
            for t in adjacent:
                if side_of(t) != side and tokens.attack >= 1:
                    out.append(
                        Action(
                            Kind.APPLY,
                            ent,
                            target=t,
                            option=item,
                            label=f"{name}: {it.name} on unwilling {name_of(t)} (1 attack token)",
                        )
                    )
        for t in adjacent:
            if side_of(t) == side and is_active(t):
                if tokens.move >= HANDOFF:
                    out.append(
                        Action(
                            Kind.HANDOFF,
                            ent,
                            target=t,
                            option=f"{item}:giver",
                            label=f"{name}: hand {it.name} to {name_of(t)} ({HANDOFF} tokens)",
                        )
                    )
                if tokens.move >= 1 and get(t, TkTokens).move >= 1:
                    out.append(
                        Action(
                            Kind.HANDOFF,
                            ent,
                            target=t,
                            option=f"{item}:split",
                            label=f"{name}: hand {it.name} to {name_of(t)} (1 token each)",
                        )
                    )
    top = get(ent, TkUnit).attack // 2
    if held and tokens.move >= AWAIT and tokens.reserved == 0 and top >= weapon(held).cost:
        for n in range(weapon(held).cost, top + 1):
            out.append(
                Action(
                    Kind.AWAIT,
                    ent,
                    option=str(n),
                    label=f"{name}: await, reserving {n} of next turn's attack tokens ({AWAIT} tokens)",
                )
            )
    sh = esper.try_component(ent, TkShield)
    if sh is not None and sh.over_rounds == 0 and sh.charges > 0 and tokens.attack >= OVERCHARGE:
        label = f"{name}: overcharge shield ({OVERCHARGE} attack token)"
        out.append(Action(Kind.OVERCHARGE, ent, label=label))
    return out
