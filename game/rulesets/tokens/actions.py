"""The legal actions of the side whose turn it is: every unit spends its own tokens, in any order.

Move-token actions (the seed's Movement table): move, bypass (option), sprint, sneak, observe,
hand off, apply, reload, draw, await; attack-token actions: attack, apply to an unwilling target,
overcharge. "end" passes the turn and is always legal.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

import esper

from game.core.action import Action
from game.core.board import board_tables
from game.core.geometry import Cell
from game.core.memo import keep
from game.core.pathing import Reach
from game.core.wording import offset_words, plural
from game.rulesets.tokens.combat import in_reach, weapon
from game.rulesets.tokens.components import TkShield, table
from game.rulesets.tokens.content import shipped
from game.rulesets.tokens.kinds import Kind
from game.rulesets.tokens.movement import SPRINT_COST, path_cost, provokers, search_from
from game.rulesets.tokens.odds import heads
from game.rulesets.tokens.paths import runs_free_of, sprint_ways
from game.rulesets.tokens.readings import BYPASS_STEPS, SPRINT_TURNS, reading
from game.rulesets.tokens.scene import Body, Scene, SideView
from game.rulesets.tokens.stealth import may_sneak

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.match import Match

HANDOFF, APPLY, RELOAD, DRAW, AWAIT = 2, 2, 4, 2, 4
OVERCHARGE = 1


def legal(match: Match, moves: bool = True) -> list[Action]:
    """Everything the side to act may do now (without `moves`: all but the moves and sprints, in
    the same order: what the AI's follow-up reads, which skips every move)."""
    scene = Scene(match)
    side = table(match).turn_side
    view = scene.view(side)
    out: list[Action] = []
    for body in scene.bodies:
        if body.side == side and body.active:
            out.extend(_unit_actions(scene, view, body, moves))
    out.append(Action(Kind.END, None, label="End turn"))
    return out


#: move lists kept per board (its `board_tables`, so they go with the match's board): a unit's
#: moves depend only on the key in `_move_actions` (AI lookahead and replays ask for the same
#: positions again and again), before the tiles other units stand on are taken out (an ally
#: moving changes those, not the search). Each memo keeps its newest entries only, sized by
#: measurement over three Hard-against-Normal games: a move list was asked again at most ~510
#: newer lists later, a sprint entry 99 % of the time within ~920 (at most ~1700), an option list
#: within ~2500; at ~8 KB, ~16 KB and ~1.7 KB each they stay within ~30 MiB (uncapped, one game's
#: tables reached 110 MiB with paths.py's sprint searches)
MOVES_KEPT = 1024
SPRINT_MOVES_KEPT = 1024
OWN_ACTIONS_KEPT = 4096


def move_actions(match: Match, ent: int) -> list[Action]:
    """Plain moves to every tile in reach; Bypass versions of moves that would provoke; sprints."""
    scene = Scene(match)
    body = scene.by_ent[ent]
    return _move_actions(scene, scene.view(body.side), body)


def _move_actions(scene: Scene, view: SideView, body: Body) -> list[Action]:
    tokens = body.tokens
    if tokens.move <= 0:
        return []
    board = scene.board
    # TK-BYPASS's reading: which steps a Bypass pays double for
    every = reading(scene.match, BYPASS_STEPS) == "every"
    key = (body.ent, body.name, body.cell, tokens.move, tokens.diagonals, view.foes, view.threats_key, every)
    memo = board_tables(board).setdefault("tokens_moves", {})
    listed = memo.get(key)
    if listed is None:
        listed = keep(memo, key, _all_moves(board, body, view, None if every else frozenset(view.threats)),
                      MOVES_KEPT)
    taken = view.taken
    out = [a for c, a in listed if c not in taken]
    if tokens.move >= SPRINT_COST:
        turns = 1 if reading(scene.match, SPRINT_TURNS) == "once" else None
        # a hidden sprinter provokes nothing (as a move): its paths need not dodge the enemies
        hidden = body.stealth.hidden
        threats = {} if hidden else view.threats
        skey = (body.ent, body.name, body.cell, view.foes, () if hidden else view.threats_key, turns)
        smemo = board_tables(board).setdefault("tokens_sprint_moves", {})
        ways = smemo.get(skey)
        if ways is None:
            ways = [(ahead, {c: (score, _sprint(scene, body, path, threats))
                             for c, (score, path) in ends.items()})
                    for ahead, ends in sprint_ways(board, body.cell, view.foes, threats, turns)]
            keep(smemo, skey, ways, SPRINT_MOVES_KEPT)
        free = smemo.get((skey, taken))
        if free is None:
            best = runs_free_of(ways, taken - {body.cell})
            free = keep(smemo, (skey, taken), [best[c][1] for c in sorted(best)], SPRINT_MOVES_KEPT)
        out.extend(free)  # type: ignore[arg-type]
    return out


def _sprint(scene: Scene, body: Body, path: tuple[Cell, ...], threats: dict[Cell, list[int]]) -> Action:
    """The sprint of `body` along `path`, labelled with the attacks of opportunity it provokes."""
    provoked = provokers(scene.match, body.ent, path, threats)
    tail = f", provokes {plural(len(provoked), 'attack')} of opportunity" if provoked else ""
    return Action(
        Kind.SPRINT,
        body.ent,
        cell=path[-1],
        path=path,
        label=f"{body.name}: sprint {offset_words(scene.board.grid, body.cell, path[-1])} "
        f"({SPRINT_COST} tokens{tail})",
    )


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


def _all_moves(board: Board, body: Body, view: SideView, doubled: frozenset[Cell] | None
               ) -> list[tuple[Cell, Action]]:
    """(destination, action) of every plain and Bypass move, whoever stands on the destination
    (a Bypass pays double out of the `doubled` tiles, every tile when None)."""
    out: list[tuple[Cell, Action]] = []
    tokens = body.tokens
    name, ent, start = body.name, body.ent, body.cell
    threats = view.threats
    plain = search_from(board, start, tokens.move, tokens.diagonals, False, view.foes)
    routes = Routes(plain, threats)
    for cell in sorted(plain.cost):
        if cell == start:
            continue
        path, provoked = routes.to(cell)
        n = len(provoked)
        tail = f", provokes {plural(n, 'attack')} of opportunity" if n else ""
        out.append(
            (
                cell,
                Action(
                    Kind.MOVE,
                    ent,
                    cell=cell,
                    path=path,
                    label=f"{name}: move {offset_words(board.grid, start, cell)} "
                    f"({plural(math.ceil(plain.cost[cell] - 1e-9), 'token')}{tail})",
                ),
            )
        )
    if tokens.move >= 2 and any(c in threats for c in plain.cost):
        by = search_from(board, start, tokens.move, tokens.diagonals, True, view.foes, doubled)
        by_routes = Routes(by, threats)
        for cell in sorted(by.cost):
            if cell == start:
                continue
            path, provoked = by_routes.to(cell)
            if provoked:
                cost, _ = path_cost(board, start, path, tokens.diagonals, True, doubled)
                out.append(
                    (
                        cell,
                        Action(
                            Kind.MOVE,
                            ent,
                            cell=cell,
                            path=path,
                            option="bypass",
                            label=f"{name}: bypass {offset_words(board.grid, start, cell)} "
                            f"({plural(math.ceil(cost - 1e-9), 'token')}, no attacks of opportunity)",
                        ),
                    )
                )
    return out


@functools.lru_cache(maxsize=1024)
def _sneaks(ent: int, name: str, move: int) -> tuple[Action, ...]:
    """Sneak with 1..`move` tokens (kept: listed for every unit at every input)."""
    out = []
    for n in range(1, move + 1):
        hide = float(heads(n).prob(lambda h: h >= 1))
        out.append(Action(Kind.SNEAK, ent, option=str(n), hotkey_group=Kind.SNEAK,
                          label=f"{name}: sneak ({plural(n, 'token')}, {hide:.0%} to hide)"))
    return tuple(out)


@functools.lru_cache(maxsize=1024)
def _observes(ent: int, name: str, move: int) -> tuple[Action, ...]:
    """Observe with 1..`move` tokens (kept: listed for every unit at every input)."""
    return tuple(Action(Kind.OBSERVE, ent, option=str(n), hotkey_group=Kind.OBSERVE,
                        label=f"{name}: observe ({plural(n, 'token')}, 50% each)")
                 for n in range(1, move + 1))


def unit_actions(match: Match, ent: int) -> list[Action]:
    """One unit's options with the tokens it has left."""
    scene = Scene(match)
    body = scene.by_ent[ent]
    return _unit_actions(scene, scene.view(body.side), body)


def _unit_actions(scene: Scene, view: SideView, body: Body, moves: bool = True) -> list[Action]:
    out = list(_move_actions(scene, view, body)) if moves else []
    ent = body.ent
    others = [b for b in view.visible if b.ent != ent]
    hx, hy = body.cell
    # square board: Chebyshev distance 1 (inline: this runs for every unit at every input)
    adjacent = [b for b in others if abs(b.cell[0] - hx) <= 1 and abs(b.cell[1] - hy) <= 1]
    tokens, gear, st = body.tokens, body.gear, body.stealth
    sh = esper.try_component(ent, TkShield)
    # everything the options below read: an ally moving elsewhere (every lookahead step) keeps it
    key = (ent, body.side, body.name, body.cell, tokens.move, tokens.attack, tokens.reserved, gear.held,
           tuple(gear.loaded.items()), tuple(gear.weapons), tuple(gear.items), st.hidden,
           st.revealed_round == scene.round, body.unit.invisible, body.unit.attack, body.health.current,
           body.health.maximum, (sh.over_rounds, sh.charges) if sh is not None else None, view.foes_key,
           tuple((b.ent, b.side, b.name, b.active, b.health.current, b.health.maximum, b.tokens.move)
                 for b in adjacent))
    memo = board_tables(scene.board).setdefault("tokens_own_actions", {})
    found = memo.get(key)
    if found is None:
        found = keep(memo, key, tuple(_own_actions(scene, view, body, others, adjacent)), OWN_ACTIONS_KEPT)
    out.extend(found)
    return out


def _own_actions(scene: Scene, view: SideView, body: Body, others: list[Body], adjacent: list[Body]
                 ) -> list[Action]:
    """A unit's options other than moves (`_unit_actions`' key holds all they read)."""
    tokens, gear = body.tokens, body.gear
    ent, side, name = body.ent, body.side, body.name
    content = shipped()
    out: list[Action] = []
    board = scene.board
    here = body.cell
    held = gear.held
    if held:
        w = weapon(held)
        loaded = gear.loaded.get(held, 1) if w.ammo else 1
        if tokens.attack >= w.cost and loaded > 0:
            hx, hy = here
            reach = w.range
            for t in others:
                # in_reach's test, Chebyshev distance inlined (tokens boards are square)
                if t.side != side and max(abs(t.cell[0] - hx), abs(t.cell[1] - hy)) <= reach \
                        and in_reach(board, here, t.cell, reach):
                    out.append(
                        Action(
                            Kind.ATTACK,
                            ent,
                            target=t.ent,
                            option=held,
                            label=f"{name}: {w.name} at {t.name} ({plural(w.cost, 'attack token')})",
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
    if tokens.move >= 1:
        st = body.stealth
        if may_sneak(board, here, body.unit.invisible, view.active_foes, st.revealed_round == scene.round,
                     st.hidden):
            out.extend(_sneaks(ent, name, tokens.move))
        out.extend(_observes(ent, name, tokens.move))
    for item in sorted(set(gear.items)):
        it = content.items[item]
        if it.heal:
            for t in [body] + [b for b in adjacent if b.side == side]:
                if tokens.move >= APPLY and t.health.current < t.health.maximum:
                    out.append(
                        Action(
                            Kind.APPLY,
                            ent,
                            target=t.ent,
                            option=item,
                            label=f"{name}: apply {it.name} to {t.name} ({APPLY} tokens)",
                        )
                    )
        if it.harm:
            for t in adjacent:
                if t.side != side and tokens.attack >= 1:
                    out.append(
                        Action(
                            Kind.APPLY,
                            ent,
                            target=t.ent,
                            option=item,
                            label=f"{name}: {it.name} on unwilling {t.name} (1 attack token)",
                        )
                    )
        for t in adjacent:
            if t.side == side and t.active:
                if tokens.move >= HANDOFF:
                    out.append(
                        Action(
                            Kind.HANDOFF,
                            ent,
                            target=t.ent,
                            option=f"{item}:giver",
                            label=f"{name}: hand off {it.name} ({HANDOFF} tokens) to {t.name}",
                        )
                    )
                if tokens.move >= 1 and t.tokens.move >= 1:
                    out.append(
                        Action(
                            Kind.HANDOFF,
                            ent,
                            target=t.ent,
                            option=f"{item}:split",
                            label=f"{name}: hand off {it.name} (1 each) to {t.name}",
                        )
                    )
    top = body.unit.attack // 2
    if held and tokens.move >= AWAIT and tokens.reserved == 0 and top >= weapon(held).cost:
        for n in range(weapon(held).cost, top + 1):
            out.append(
                Action(
                    Kind.AWAIT,
                    ent,
                    option=str(n),
                    hotkey_group=Kind.AWAIT,
                    label=f"{name}: await, reserve {plural(n, 'attack token')} ({AWAIT} tokens)",
                )
            )
    sh = esper.try_component(ent, TkShield)
    if sh is not None and sh.over_rounds == 0 and sh.charges > 0 and tokens.attack >= OVERCHARGE:
        label = f"{name}: overcharge shield ({OVERCHARGE} attack token)"
        out.append(Action(Kind.OVERCHARGE, ent, label=label))
    return out
