"""Moving on tokens (TK-STEP, TK-AOO, TK-BYPASS, TK-SPRINT) and overwatch during a move (TK-AWAIT).

Step costs carry the diagonal parity as the pathing tag: within a turn the 1st, 3rd... diagonal
step costs 2 and the 2nd, 4th... 1 (times the tile's move_cost); Bypass pays double for every step.
Hidden enemies are not obstacles in the search (the mover's side does not know of them): a move
that runs into one stops before it and reveals it.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Generator
from typing import TYPE_CHECKING

import esper

from game.core.action import Decision, Option
from game.core.board import board_tables
from game.core.components import Position, Side, Status
from game.core.geometry import Cell
from game.core.pathing import Reach
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
from game.rulesets.tokens.odds import attacks_of_opportunity
from game.rulesets.tokens.stealth import adjacency_spot, hidden_from, reveal, sees

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.match import Match
    from game.core.ruleset import Resolution

SPRINT_COST = 4
SPRINT_TILES = 8
BYPASS_FACTOR = 2
STANDING = ("active", "down")


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
    tokens = get(ent, TkTokens)
    foes, taken = visible_obstacles(match, ent)
    search = search_from(match.board, cell_of(ent), tokens.move, tokens.diagonals, bypass, frozenset(foes))
    return Reach(
        search.start,
        search.cost,
        search.came,
        {c for c in search.cost if c not in taken},
        search.best_node,
        search.prev_node,
    )


def search_from(
    board: Board, start: Cell, budget: int, diagonals: int, bypass: bool, foes: frozenset[Cell]
) -> Reach:
    """The shared search behind `reach` (its `stoppable` is not filled: callers filter `cost`)."""
    key = (id(board), board.revision, start, budget, diagonals % 2, bypass, foes)
    found = _REACH.get(key)
    if found is not None and found[0] is board:
        return found[1]
    search = _parity_search(board, start, budget, diagonals % 2, BYPASS_FACTOR if bypass else 1, foes)
    if len(_REACH) > 256:
        _REACH.clear()
    _REACH[key] = (board, search)
    return search


def _steps(board: Board) -> dict[Cell, list[tuple[Cell, bool, float]]]:
    """Per tile, its open neighbours in the grid's order: (tile, diagonal?, move_cost)."""
    tables = board_tables(board)
    found = tables.get("tokens_steps")
    if found is None:
        found = {}
        for cell in board.terrain:
            row = []
            for n in board.neighbors(cell):
                t = board.terrain[n]
                if not t.blocks_move:
                    row.append((n, n[0] != cell[0] and n[1] != cell[1], t.move_cost))
            found[cell] = row
        tables["tokens_steps"] = found
    return found


def _parity_search(
    board: Board, start: Cell, budget: float, tag: int, factor: int, foes: frozenset[Cell]
) -> Reach:
    """core.pathing's tagged search specialised to TK-STEP (same nodes, same order, same ties):
    the tag is the diagonal parity; the 1st, 3rd... diagonal step costs 2, the others 1, times
    the entered tile's move_cost and the Bypass factor."""
    steps = _steps(board)
    reach = Reach(start)
    best: dict[tuple[Cell, int], float] = {(start, tag): 0.0}
    cost_of = reach.cost
    came = reach.came
    best_node = reach.best_node
    prev_of = reach.prev_node
    cost_of[start] = 0.0
    came[start] = None
    prev_of[(start, tag)] = None
    best_node[start] = (start, tag)
    inf = float("inf")
    limit = budget + 1e-9
    heap: list[tuple[float, Cell, int, Cell | None]] = [(0.0, start, tag, None)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost, cell, node_tag, _ = pop(heap)
        if cost > best.get((cell, node_tag), inf):
            continue
        for nxt, diag, move_cost in steps.get(cell, ()):
            if nxt in foes:
                continue
            if diag:
                delta = (2 if node_tag == 0 else 1) * move_cost * factor
                nxt_tag = 1 - node_tag
            else:
                delta = move_cost * factor
                nxt_tag = node_tag
            new = cost + delta + 0.0
            if new > limit:
                continue
            key = (nxt, nxt_tag)
            if new < best.get(key, inf) - 1e-12:
                best[key] = new
                prev_of[key] = (cell, node_tag)
                if new < cost_of.get(nxt, inf) - 1e-12:
                    cost_of[nxt] = new
                    came[nxt] = cell
                    best_node[nxt] = key
                push(heap, (new, nxt, nxt_tag, cell))
    reach.stoppable = set(cost_of)
    return reach


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
    foes, taken = visible_obstacles(match, ent)
    return sprint_runs(match.board, cell_of(ent), foes, taken)


def sprint_runs(
    board: Board, start: Cell, foes: set[Cell] | frozenset[Cell], taken: set[Cell] | frozenset[Cell]
) -> list[tuple[Cell, ...]]:
    """`sprint_paths` from `start` given the tiles the mover may not enter and may not end on."""
    out = []
    for run in _open_runs(board, start, frozenset(foes)):
        if len(run) < 2 or run[0] in taken or run[1] in taken:
            continue
        end = len(run)
        while end and run[end - 1] in taken:
            end -= 1
        if end >= 2:
            out.append(run[:end])
    return out


#: straight open runs per (board, start, enemy tiles): what sprint_runs cuts by the taken tiles
_RUNS: dict[tuple[object, ...], tuple[object, list[tuple[Cell, ...]]]] = {}


def _open_runs(board: Board, start: Cell, foes: frozenset[Cell]) -> list[tuple[Cell, ...]]:
    """In each of the 8 directions, the tiles up to SPRINT_TILES away before a wall, the edge or
    an enemy."""
    key = (id(board), board.revision, start, foes)
    found = _RUNS.get(key)
    if found is not None and found[0] is board:
        return found[1]
    x, y = start
    out = []
    for dx, dy in ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)):
        run: list[Cell] = []
        for k in range(1, SPRINT_TILES + 1):
            c = (x + dx * k, y + dy * k)
            if c not in board or not board.passable(c) or c in foes:
                break
            run.append(c)
        out.append(tuple(run))
    if len(_RUNS) > 1024:
        _RUNS.clear()
    _RUNS[key] = (board, out)
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
        "move",
        f"{name_of(ent)} {verb} {len(path)} tile(s).",
        unit=ent,
        path=[list(c) for c in path],
        visible=audience(ent),
    )
    provoked: set[int] = set()
    spotted: set[tuple[int, int]] = set()
    side = side_of(ent)
    roster = Roster(match)
    last_free = start
    for c in path:
        if not (yield from step_once(match, ent, c, bypass, provoked, spotted, side, roster)):
            break
        if roster.standing_on(c, ent) is None:
            last_free = c
    # a move cut short (a fall, a hidden enemy in the way) never ends on an ally passed through
    if roster.standing_on(cell_of(ent), ent) is not None:
        get(ent, Position).cell = last_free
        match.emit("move", f"{name_of(ent)} stops on the last free tile.", unit=ent, visible=audience(ent))


class Roster:
    """The units' components, read once per move: a move asks at every step who stands where.
    It holds the live components, so states, tiles and stealth read as they are now."""

    def __init__(self, match: Match) -> None:
        self.board = match.board
        rows = esper.get_components(Side, Position, Status, TkStealth, TkUnit)
        self.rows = [
            (e, side.side, pos, status, st)
            for e, (side, pos, status, st, _u) in sorted(rows, key=lambda r: r[0])
        ]

    def standing_on(self, cell: Cell, but: int, other_side: str | None = None) -> int | None:
        """The first standing unit on `cell` other than `but` (of a side other than `other_side`)."""
        for e, side, pos, status, _st in self.rows:
            if e != but and side != other_side and status.state in STANDING and tuple(pos.cell) == cell:
                return e
        return None

    def threatening(self, side: str, here: Cell, done: set[int]) -> list[int]:
        """Visible active enemies of `side` next to `here` that have not struck yet (ascending id)."""
        distance = self.board.distance
        return [
            e
            for e, s, pos, status, st in self.rows
            if s != side and status.state == "active" and e not in done and not st.hidden
            and distance(tuple(pos.cell), here) == 1
        ]

    def adjacent_foes(self, side: str, here: Cell) -> list[int]:
        """Active enemies of `side` next to `here`, hidden or not (ascending id)."""
        distance = self.board.distance
        return [
            e
            for e, s, pos, status, _st in self.rows
            if s != side and status.state == "active" and distance(tuple(pos.cell), here) == 1
        ]


def step_once(
    match: Match,
    ent: int,
    c: Cell,
    bypass: bool,
    provoked: set[int],
    spotted: set[tuple[int, int]],
    side: str,
    roster: Roster | None = None,
) -> Generator[Decision, str, bool]:
    """One step of a move: attacks of opportunity on leaving, a hidden enemy in the way, the
    step, adjacency spotting, overwatch. Returns whether the move goes on."""
    if roster is None:
        roster = Roster(match)
    here = cell_of(ent)
    # a hidden mover provokes nothing: the enemy does not know it is there
    if not bypass and not get(ent, TkStealth).hidden:
        for foe in roster.threatening(side, here, provoked):
            provoked.add(foe)
            yield from opportunity(match, foe, ent)
            if not is_active(ent):
                return False
    blocker = roster.standing_on(c, ent, side)
    if blocker is not None:
        reveal(match, blocker, f"{name_of(ent)} ran into it")
        match.emit("blocked", f"{name_of(ent)} runs into a hidden enemy and stops.", chance=True, unit=ent)
        return False
    get(ent, Position).cell = c
    adjacency_spot(match, ent, spotted, roster.adjacent_foes(side, c))
    yield from overwatch(match, ent)
    return is_active(ent)


def provokers_here(match: Match, ent: int, here: Cell, done: set[int]) -> list[tuple[int, int]]:
    """Enemies threatening the tile being left that have not struck this move."""
    return [(e, 0) for e in Roster(match).threatening(side_of(ent), here, done)]


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
        match.emit("aoo", f"{name_of(foe)} lets {name_of(mover)} go.", unit=foe)
        return
    for k in range(n):
        if not is_active(mover):
            break
        match.emit(
            "aoo",
            f"Attack of opportunity {k + 1}/{n}: {name_of(foe)} strikes {name_of(mover)}.",
            [f"half of {get(foe, TkUnit).attack} attack tokens = {n} (at least 1)"],
            unit=foe,
        )
        deal(match, mover, w.damage, w.type, f"{w.name} (opportunity)")


def overwatch(match: Match, mover: int) -> Resolution:
    """TK-AWAIT: each awaiting enemy with reserved tokens and the mover in reach is asked whether
    it fires now."""
    side = side_of(mover)
    for foe in enemies(match, side):
        if not is_active(mover):
            return
        tokens = get(foe, TkTokens)
        if tokens.reserved <= 0:
            continue  # the common case: not awaiting
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
