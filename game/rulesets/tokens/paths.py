"""Paths on tokens' square grid (TK-STEP, TK-BYPASS, TK-SPRINT): step prices, the search of every
tile a unit can reach with its move tokens, and sprint runs.

Step costs carry the diagonal parity as the search's tag: within a turn the 1st, 3rd... diagonal
step costs 2 and the 2nd, 4th... 1 (times the tile's move_cost); Bypass pays double for each step
out of a threatened tile (or, by the other reading, for every step).
Searches are kept per (board, start, budget, parity, Bypass, enemy tiles): within a side's turn the
enemies stand still, so a unit's search repeats until it moves itself.
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from game.core.board import board_tables
from game.core.geometry import Cell
from game.core.memo import keep
from game.core.pathing import Reach
from game.rulesets.tokens.aisight import in_sight
from game.rulesets.tokens.combat import in_reach
from game.rulesets.tokens.readings import BYPASS_STEPS, reading

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from game.core.board import Board
    from game.core.match import Match

SPRINT_COST = 4
SPRINT_TILES = 8
BYPASS_FACTOR = 2


def doubled_tiles(match: Match, threatened: Iterable[Cell]) -> frozenset[Cell] | None:
    """TK-BYPASS: the tiles a Bypass pays double to step out of: the threatened ones (the steps
    that would provoke), or None for every step (the `bypass_steps=every` reading)."""
    if reading(match, BYPASS_STEPS) == "every":
        return None
    return frozenset(threatened)


def step_cost(board: Board, src: Cell, dst: Cell, diagonals: int, bypass: bool = False,
              doubled: frozenset[Cell] | None = None) -> tuple[float, int]:
    """TK-STEP: (cost of one step, diagonals taken after it); a Bypass step out of a `doubled`
    tile (any tile when None) costs twice."""
    t = board.at(dst)
    factor = BYPASS_FACTOR if bypass and (doubled is None or src in doubled) else 1
    if src[0] != dst[0] and src[1] != dst[1]:
        return (2 if diagonals % 2 == 0 else 1) * t.move_cost * factor, diagonals + 1
    return 1 * t.move_cost * factor, diagonals


def path_cost(
    board: Board, start: Cell, path: tuple[Cell, ...] | list[Cell], diagonals: int, bypass: bool = False,
    doubled: frozenset[Cell] | None = None,
) -> tuple[float, int]:
    """Total cost of a path from `start` and the diagonal count after it."""
    cost = 0.0
    prev = start
    for c in path:
        d, diagonals = step_cost(board, prev, c, diagonals, bypass, doubled)
        cost += d
        prev = c
    return cost, diagonals


#: recent searches kept per board (its `board_tables`): (start, budget, parity, bypass, foes) ->
#: Reach; within a side's turn the enemies stand still, so a unit's search repeats until it moves
#: itself (kept small)
REACH_KEPT = 256


def search_from(
    board: Board, start: Cell, budget: int, diagonals: int, bypass: bool, foes: frozenset[Cell],
    doubled: frozenset[Cell] | None = None,
) -> Reach:
    """The shared search behind `reach` (its `stoppable` is not filled: callers filter `cost`);
    a Bypass search pays double out of `doubled` tiles (every tile when None)."""
    memo = board_tables(board).setdefault("tokens_reach", {})
    key = (start, budget, diagonals % 2, bypass, foes, doubled if bypass else None)
    found = memo.get(key)
    if found is not None:
        return found
    search = _parity_search(board, start, budget, diagonals % 2, BYPASS_FACTOR if bypass else 1, foes,
                            doubled if bypass else None)
    if len(memo) > REACH_KEPT:
        memo.clear()
    memo[key] = search
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
    board: Board, start: Cell, budget: float, tag: int, factor: int, foes: frozenset[Cell],
    doubled: frozenset[Cell] | None = None,
) -> Reach:
    """core.pathing's tagged search specialised to TK-STEP (same nodes, same order, same ties):
    the tag is the diagonal parity; the 1st, 3rd... diagonal step costs 2, the others 1, times
    the entered tile's move_cost and the Bypass factor (on steps out of `doubled` tiles only,
    when given)."""
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
        here = factor if doubled is None or cell in doubled else 1
        for nxt, diag, move_cost in steps.get(cell, ()):
            if nxt in foes:
                continue
            if diag:
                delta = (2 if node_tag == 0 else 1) * move_cost * here
                nxt_tag = 1 - node_tag
            else:
                delta = move_cost * here
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


#: the eight directions, each next to the one before it (a turn of one notch is +-1 here)
DIRECTIONS: tuple[Cell, ...] = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
#: sprint ways kept per board (its `board_tables`), per (start, enemy tiles, threatened tiles,
#: adjustments allowed): the tiles units stand on are applied after (`runs_free_of`), so an ally
#: moving (every lookahead step) does not make the search run again. The newest only: an entry is
#: ~36 KB and none was asked again after ~420 newer ones (Hard against Normal)
RUNS_KEPT = 256

#: per direction: its two first tiles, and per end tile ((provoked, adjustments), path), the best
#: of that direction
Ways = list[tuple[tuple[Cell, Cell], dict[Cell, tuple[tuple[int, int], tuple[Cell, ...]]]]]


def sprint_runs(
    board: Board, start: Cell, foes: set[Cell] | frozenset[Cell], taken: set[Cell] | frozenset[Cell],
    threats: Mapping[Cell, Iterable[int]] | None = None, turns: int | None = None,
) -> list[tuple[Cell, ...]]:
    """TK-SPRINT: one sprint path to each tile a sprint can end on. A sprint takes a direction
    whose first two tiles are open and free and runs through them; each further step (up to 8 in
    all) goes that way or one tile to either side of it (one notch off): straight, with
    single-tile adjustments. With
    `turns` (the `sprint_turns=once` reading) at most that many steps may be adjustments. It may
    pass allies, never enemies (`foes`) or walls, and ends on a tile no unit stands on (`taken`).
    Of the paths to one tile it takes the one leaving the fewest enemies' reach (`threats`: tile
    -> the enemies threatening it), then the one with the fewest adjustments."""
    best = runs_free_of(sprint_ways(board, start, foes, threats, turns), taken)
    return [best[c][1] for c in sorted(best)]


def runs_free_of(ways: Ways, taken: set[Cell] | frozenset[Cell]
                 ) -> dict[Cell, tuple[tuple[int, int], object]]:
    """Per end tile free of `taken`, the best (score, payload) of the `ways` whose first two tiles
    are free (an earlier direction wins a tie)."""
    best: dict[Cell, tuple[tuple[int, int], object]] = {}
    for (a, b), ends in ways:
        if a in taken or b in taken:
            continue
        for c, got in ends.items():
            if c in taken:
                continue
            was = best.get(c)
            if was is None or got[0] < was[0]:
                best[c] = got
    return best


def sprint_ways(board: Board, start: Cell, foes: set[Cell] | frozenset[Cell],
                threats: Mapping[Cell, Iterable[int]] | None = None, turns: int | None = None) -> Ways:
    """`sprint_runs` before the tiles units stand on are taken out: per direction whose first two
    tiles are open, its best path to each end tile (kept per board)."""
    threat_map = threats or {}
    memo = board_tables(board).setdefault("tokens_sprints", {})
    key = (start, frozenset(foes), tuple(sorted((c, tuple(v)) for c, v in threat_map.items())), turns)
    found = memo.get(key)
    if found is not None:
        return found
    found = []
    for i, (dx, dy) in enumerate(DIRECTIONS):
        ahead = ((start[0] + dx, start[1] + dy), (start[0] + dx * 2, start[1] + dy * 2))
        if not all(_open(board, c, foes) for c in ahead):
            continue
        best: dict[Cell, tuple[tuple[int, int], tuple[Cell, ...]]] = {}
        moves = ((DIRECTIONS[i], 0), (DIRECTIONS[(i - 1) % 8], 1), (DIRECTIONS[(i + 1) % 8], 1))
        start_left = frozenset(threat_map.get(start, ()))
        # a layer per step: (tile, adjustments so far, when counted) -> (provoked, adjustments, path)
        layer: dict[tuple[Cell, int], tuple[frozenset[int], int, tuple[Cell, ...]]] = {
            (start, 0): (frozenset(), 0, ())}
        for step in range(1, SPRINT_TILES + 1):
            nxt: dict[tuple[Cell, int], tuple[frozenset[int], int, tuple[Cell, ...]]] = {}
            for (cell, _k), (provoked, adj, path) in layer.items():
                left = start_left if cell == start else provoked | frozenset(threat_map.get(cell, ()))
                # it starts through its two open tiles: adjustments come after them
                for (mx, my), turn in moves if step > 2 else moves[:1]:
                    c = (cell[0] + mx, cell[1] + my)
                    used = adj + turn
                    if (turns is not None and used > turns) or not _open(board, c, foes):
                        continue
                    state = (c, used if turns is not None else 0)
                    was = nxt.get(state)
                    if was is None or (len(left), used) < (len(was[0]), was[1]):
                        nxt[state] = (left, used, path + (c,))
            for (c, _k), (provoked, adj, path) in nxt.items():
                if step >= 2:
                    score = (len(provoked), adj)
                    if c not in best or score < best[c][0]:
                        best[c] = (score, path)
            layer = nxt
        found.append((ahead, best))
    return keep(memo, key, found, RUNS_KEPT)


def _open(board: Board, c: Cell, foes: set[Cell] | frozenset[Cell]) -> bool:
    """A tile a sprint may run through: on the board, passable, no enemy on it."""
    return c in board and board.passable(c) and c not in foes


def steps_to_fire(board: Board, foes: frozenset[Cell], reach: int) -> dict[Cell, int]:
    """Per open tile, the fewest steps (walls in the way, units not) to a tile from which one of
    `foes` is within `reach` and in sight: how far a unit is from firing, where the straight
    distance reads a foe behind a wall as in range. Tiles that never get there are left out.
    Kept per (board, foes, reach): within a side's turn the enemies stand still."""
    tables = board_tables(board)
    memo = tables.setdefault("tokens_fire", {})
    key = (foes, reach)
    found = memo.get(key)
    if found is not None:
        return found
    # breadth first on bit masks, a layer at a time: a layer's tiles and their 8 neighbours are
    # the mask widened a column each way, then a row each way (`_bits`)
    _bit, by_bit, width, open_ = _bits(board)
    seen = 0
    for foe in foes:
        seen |= _fire_mask(board, foe, reach)
    layers = [seen]
    frontier = seen
    while frontier:
        spread = frontier | (frontier << 1) | (frontier >> 1)
        frontier = (spread | (spread << width) | (spread >> width)) & open_ & ~seen
        seen |= frontier
        layers.append(frontier)
    found = {}
    for d, layer in enumerate(layers):
        while layer:
            low = layer & -layer
            found[by_bit[low.bit_length() - 1]] = d
            layer ^= low
    if len(memo) > 64:
        memo.clear()
    memo[key] = found
    return found


def _bits(board: Board) -> tuple[dict[Cell, int], dict[int, Cell], int, int]:
    """Per board: each open tile's bit, the tiles by bit, the width of a row of bits and the open
    tiles' mask. A row has a spare bit past its last column: a tile widened past a row's end lands
    on it (or the row before's), which no tile holds."""
    tables = board_tables(board)
    found = tables.get("tokens_bits")
    if found is None:
        x0, y0 = min(c[0] for c in board.terrain), min(c[1] for c in board.terrain)
        width = max(c[0] for c in board.terrain) - x0 + 2
        bit = {c: (c[1] - y0) * width + c[0] - x0 for c, t in board.terrain.items() if not t.blocks_move}
        open_ = 0
        for b in bit.values():
            open_ |= 1 << b
        found = tables["tokens_bits"] = (bit, {b: c for c, b in bit.items()}, width, open_)
    return found


def _fire_mask(board: Board, foe: Cell, reach: int) -> int:
    """`_fire_tiles` as a mask of `_bits` (kept per board, foe tile, reach)."""
    memo = board_tables(board).setdefault("tokens_fire_masks", {})
    key = (foe, reach)
    found = memo.get(key)
    if found is None:
        bit = _bits(board)[0]
        found = 0
        for c in _fire_tiles(board, foe, reach):
            found |= 1 << bit[c]
        if len(memo) > 4096:
            memo.clear()
        memo[key] = found
    return found


def _fire_tiles(board: Board, foe: Cell, reach: int) -> frozenset[Cell]:
    """The open tiles from which `foe` is within `reach` and in sight: the attack's own check
    (`combat.in_reach`), over the square around the foe only (kept per board, foe tile, reach)."""
    memo = board_tables(board).setdefault("tokens_fire_tiles", {})
    key = (foe, reach)
    found = memo.get(key)
    if found is None:
        terrain = board.terrain
        fx, fy = foe
        xs, ys = range(fx - reach, fx + reach + 1), range(fy - reach, fy + reach + 1)
        if board.kind == "square" and foe in terrain:
            # the tiles in sight within a longer reach, read once per foe tile: a shorter reach's
            # are those of them within it
            sights = board_tables(board).setdefault("tokens_fire_sight", {})
            got = sights.get(foe)
            if got is None or got[0] < reach:
                if len(sights) > 4096:
                    sights.clear()
                got = sights[foe] = (reach, in_sight(board, foe, reach))
            found = frozenset(c for c, d in got[1].items() if d <= reach)
        else:
            found = frozenset(cell for cell in ((x, y) for x in xs for y in ys) if cell in terrain
                              and not terrain[cell].blocks_move and in_reach(board, cell, foe, reach))
        if len(memo) > 4096:
            memo.clear()
        memo[key] = found
    return found
