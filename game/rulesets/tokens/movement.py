"""Moving on tokens (TK-STEP, TK-AOO, TK-BYPASS, TK-SPRINT) and overwatch during a move (TK-AWAIT).

Step costs carry the diagonal parity as the pathing tag: within a turn the 1st, 3rd... diagonal
step costs 2 and the 2nd, 4th... 1 (times the tile's move_cost); Bypass pays double for every step.
Hidden enemies are not obstacles in the search (the mover's side does not know of them): a move
that runs into one stops before it and reveals it.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Hashable
from typing import TYPE_CHECKING

from game.core.action import Decision, Option
from game.core.components import Position
from game.core.geometry import Cell
from game.core.pathing import Reach, reachable
from game.rulesets.tokens.combat import can_target, resolve_attack, strikes, weapon
from game.rulesets.tokens.components import (
    TkGear,
    TkStealth,
    TkTokens,
    TkUnit,
    audience,
    cell_of,
    enemies,
    get,
    is_active,
    name_of,
    on_board,
    side_of,
    units,
)
from game.rulesets.tokens.damage import deal
from game.rulesets.tokens.kinds import Ev, Kind
from game.rulesets.tokens.odds import attacks_of_opportunity
from game.rulesets.tokens.stealth import adjacency_spot, hidden_from, reveal, sees

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.match import Match
    from game.core.ruleset import Resolution

SPRINT_COST = 4
SPRINT_TILES = 8
BYPASS_FACTOR = 2


def step_cost(board: Board, src: Cell, dst: Cell, diagonals: int, bypass: bool = False) -> tuple[float, int]:
    """TK-STEP: (cost of one step, diagonals taken after it)."""
    t = board.at(dst)
    factor = BYPASS_FACTOR if bypass else 1
    if src[0] != dst[0] and src[1] != dst[1]:
        return (2 if diagonals % 2 == 0 else 1) * t.move_cost * factor, diagonals + 1
    return 1 * t.move_cost * factor, diagonals


def path_cost(
    board: Board, start: Cell, path: tuple[Cell, ...] | list[Cell], diagonals: int, bypass: bool = False
) -> tuple[float, int]:
    """Total cost of a path from `start` and the diagonal count after it."""
    cost = 0.0
    prev = start
    for c in path:
        d, diagonals = step_cost(board, prev, c, diagonals, bypass)
        cost += d
        prev = c
    return cost, diagonals


def visible_obstacles(match: Match, ent: int) -> tuple[set[Cell], set[Cell]]:
    """(tiles the mover may not enter: enemies its side knows of, tiles it may not end on: any
    unit its side knows of)."""
    side = side_of(ent)
    hidden = hidden_from(match, side)
    foes: set[Cell] = set()
    taken: set[Cell] = set()
    for e in units(match):
        if e == ent or not on_board(e) or e in hidden:
            continue
        c = cell_of(e)
        taken.add(c)
        if side_of(e) != side:
            foes.add(c)
    return foes, taken


#: recent searches: (board id, start, budget, parity, bypass, foes) -> (board, Reach); within a
#: side's turn the enemies stand still, so a unit's search repeats until it moves itself (kept
#: small; the board is held in the value so its id cannot be reused meanwhile)
_REACH: dict[tuple[object, ...], tuple[object, Reach]] = {}


def reach(match: Match, ent: int, bypass: bool = False) -> Reach:
    """Where `ent` can move with its move tokens this turn: `cost` holds every tile it can pass,
    `stoppable` the ones it may end on (a fresh Reach each call; its search may be shared)."""
    board = match.board
    tokens = get(ent, TkTokens)
    foes, taken = visible_obstacles(match, ent)
    start = cell_of(ent)
    key = (id(board), start, tokens.move, tokens.diagonals % 2, bypass, frozenset(foes))
    found = _REACH.get(key)
    if found is not None and found[0] is board:
        search = found[1]
    else:
        terrain = board.terrain
        factor = BYPASS_FACTOR if bypass else 1

        def step(src: Cell, dst: Cell, tag: Hashable) -> tuple[float, Hashable] | None:
            t = terrain.get(dst)
            if t is None or t.blocks_move or dst in foes:
                return None
            if src[0] != dst[0] and src[1] != dst[1]:
                return (2 if tag == 0 else 1) * t.move_cost * factor, 1 - tag  # type: ignore[operator]
            return t.move_cost * factor, tag

        search = reachable(board, start, tokens.move, step, None, None, tokens.diagonals % 2)
        if len(_REACH) > 256:
            _REACH.clear()
        _REACH[key] = (board, search)
    out = Reach(
        search.start,
        search.cost,
        search.came,
        {c for c in search.cost if c not in taken},
        search.best_node,
        search.prev_node,
    )
    return out


def threat_map(match: Match, ent: int) -> dict[Cell, list[int]]:
    """Tiles threatened by the visible active enemies of `ent`: tile -> the enemies, in id order."""
    board = match.board
    side = side_of(ent)
    hidden = hidden_from(match, side)
    out: dict[Cell, list[int]] = {}
    for e in enemies(match, side):
        if e in hidden or not is_active(e):
            continue
        for c in board.neighbors(cell_of(e)):
            out.setdefault(c, []).append(e)
    return out


def provokers(
    match: Match, ent: int, path: tuple[Cell, ...] | list[Cell], threats: dict[Cell, list[int]] | None = None
) -> list[tuple[int, int]]:
    """TK-AOO: (enemy, index of the tile left) for each visible active enemy threatening a tile the
    move leaves, each enemy once per move (the first time)."""
    if threats is None:
        threats = threat_map(match, ent)
    out: list[tuple[int, int]] = []
    if not threats:
        return out
    done: set[int] = set()
    left = [cell_of(ent)] + list(path[:-1])
    for i, c in enumerate(left):
        for e in threats.get(c, ()):
            if e not in done:
                done.add(e)
                out.append((e, i))
    return out


def sprint_paths(match: Match, ent: int) -> list[tuple[Cell, ...]]:
    """TK-SPRINT: straight runs of up to 8 tiles in each of the 8 directions, when the first two
    tiles are open (the seed's one-tile turning adjustments are not offered: see the rules page)."""
    board = match.board
    foes, taken = visible_obstacles(match, ent)
    x, y = cell_of(ent)
    out = []
    for dx, dy in ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)):
        run: list[Cell] = []
        for k in range(1, SPRINT_TILES + 1):
            c = (x + dx * k, y + dy * k)
            if c not in board or not board.passable(c) or c in foes:
                break
            run.append(c)
        if len(run) < 2 or run[0] in taken or run[1] in taken:
            continue
        while run and run[-1] in taken:
            run.pop()
        if len(run) >= 2:
            out.append(tuple(run))
    return out


def move(
    match: Match, ent: int, path: tuple[Cell, ...], bypass: bool = False, sprint: bool = False
) -> Resolution:
    """Walk the path step by step: attacks of opportunity when leaving threatened tiles (unless
    Bypass), overwatch when entering a tile in an awaiting enemy's reach, adjacency spotting."""
    board = match.board
    tokens = get(ent, TkTokens)
    start = cell_of(ent)
    if sprint:
        tokens.move -= SPRINT_COST
    else:
        cost, diags = path_cost(board, start, path, tokens.diagonals, bypass)
        tokens.move -= math.ceil(cost - 1e-9)  # fractional move costs round up
        tokens.diagonals = diags
    verb = "sprints" if sprint else "bypasses" if bypass else "moves"
    match.emit(
        Ev.MOVE,
        f"{name_of(ent)} {verb} {len(path)} tile(s).",
        unit=ent,
        path=[list(c) for c in path],
        visible=audience(ent),
    )
    provoked: set[int] = set()
    spotted: set[tuple[int, int]] = set()
    side = side_of(ent)
    last_free = start
    for c in path:
        if not (yield from step_once(match, ent, c, bypass, provoked, spotted, side)):
            break
        if not any(e != ent and on_board(e) and cell_of(e) == c for e in units(match)):
            last_free = c
    # a move cut short (a fall, a hidden enemy in the way) never ends on an ally passed through
    if any(e != ent and on_board(e) and cell_of(e) == cell_of(ent) for e in units(match)):
        get(ent, Position).cell = last_free
        match.emit(Ev.MOVE, f"{name_of(ent)} stops on the last free tile.", unit=ent, visible=audience(ent))


def step_once(
    match: Match,
    ent: int,
    c: Cell,
    bypass: bool,
    provoked: set[int],
    spotted: set[tuple[int, int]],
    side: str,
) -> Generator[Decision, str, bool]:
    """One step of a move: attacks of opportunity on leaving, a hidden enemy in the way, the
    step, adjacency spotting, overwatch. Returns whether the move goes on."""
    here = cell_of(ent)
    # a hidden mover provokes nothing: the enemy does not know it is there
    if not bypass and not get(ent, TkStealth).hidden:
        for foe, _i in provokers_here(match, ent, here, provoked):
            provoked.add(foe)
            yield from opportunity(match, foe, ent)
            if not is_active(ent):
                return False
    blocker = next((e for e in units(match) if on_board(e) and cell_of(e) == c and side_of(e) != side), None)
    if blocker is not None:
        reveal(match, blocker, f"{name_of(ent)} ran into it")
        match.emit(Ev.BLOCKED, f"{name_of(ent)} runs into a hidden enemy and stops.", chance=True, unit=ent)
        return False
    get(ent, Position).cell = c
    adjacency_spot(match, ent, spotted)
    yield from overwatch(match, ent)
    return is_active(ent)


def provokers_here(match: Match, ent: int, here: Cell, done: set[int]) -> list[tuple[int, int]]:
    """Enemies threatening the tile being left that have not struck this move."""
    side = side_of(ent)
    hidden = hidden_from(match, side)
    out = []
    for e in enemies(match, side):
        if e in done or e in hidden or not is_active(e):
            continue
        if match.board.distance(cell_of(e), here) == 1:
            out.append((e, 0))
    return out


def opportunity(match: Match, foe: int, mover: int) -> Resolution:
    """Ask the threatening enemy's side whether it strikes (TK-AOO), then strike half its attack
    tokens' worth of times with the weapon in hand (plain strikes: no area, no tokens spent)."""
    n = attacks_of_opportunity(get(foe, TkUnit).attack)
    wid = get(foe, TkGear).held
    w = weapon(wid)
    one = strikes(match, foe, wid, (), mover, viewer=side_of(foe))
    per = one[0].to_health if one else 0
    key = yield Decision(
        side_of(foe),
        "aoo",
        f"{name_of(mover)} leaves {name_of(foe)}'s reach: strike?",
        (
            Option("strike", f"Strike {n} time(s)", f"{w.name}: {per} to health each"),
            Option("pass", "Let it go", "no attack"),
        ),
        "strike",
        {"attacker": foe, "target": mover, "times": n},
    )
    if key != "strike":
        match.emit(Ev.AOO, f"{name_of(foe)} lets {name_of(mover)} go.", unit=foe)
        return
    for k in range(n):
        if not is_active(mover):
            break
        match.emit(
            Ev.AOO,
            f"Attack of opportunity {k + 1}/{n}: {name_of(foe)} strikes {name_of(mover)}.",
            [f"half of {get(foe, TkUnit).attack} attack tokens = {n} (at least 1)"],
            unit=foe,
        )
        deal(match, mover, w.damage, w.type, f"{w.name} (opportunity)", None, foe,
             {"kind": Kind.ATTACK, "actor": foe, "option": wid})


def overwatch(match: Match, mover: int) -> Resolution:
    """TK-AWAIT: each awaiting enemy with reserved tokens and the mover in reach is asked whether
    it fires now."""
    side = side_of(mover)
    for foe in enemies(match, side):
        if not is_active(mover):
            return
        tokens = get(foe, TkTokens)
        wid = get(foe, TkGear).held
        if not is_active(foe) or not wid or tokens.reserved < weapon(wid).cost:
            continue
        if weapon(wid).ammo and get(foe, TkGear).loaded.get(wid, 0) <= 0:
            continue  # nothing loaded to fire
        if get(mover, TkStealth).hidden or not sees(match.board, cell_of(foe), cell_of(mover)):
            continue
        if not can_target(match, foe, wid, mover):
            continue
        plan = strikes(match, foe, wid, weapon(wid).combos[0], mover, viewer=side_of(foe))
        exp = sum(float(s.chance) * s.to_health * (1 if side_of(s.ent) != side_of(foe) else -1) for s in plan)
        key = yield Decision(
            side_of(foe),
            "overwatch",
            f"{name_of(mover)} moves into {name_of(foe)}'s sights: fire?",
            (
                Option(
                    "fire",
                    "Fire",
                    f"{weapon(wid).name}, expected net damage {exp:.2f}; {tokens.reserved} reserved token(s)",
                ),
                Option("hold", "Hold", "keep the reserved tokens"),
            ),
            "fire",
            {"attacker": foe, "target": mover},
        )
        if key == "fire":
            tokens.reserved -= weapon(wid).cost
            yield from resolve_attack(match, foe, wid, mover, free=True, why="fires overwatch at")
