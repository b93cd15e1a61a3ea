"""AI terms for closing in and for Dodge: walking distances round walls, where a shooter gets a
shot, and which foes can strike a unit before its next turn.

Straight-line (square) distance says two units across a wall are next to each other, so pricing
moves by it left melee units standing at walls they could walk round, and both sides waited out
the round cap. Moves are priced by the steps a unit needs instead (units are ignored: they move).
Everything here reads positions the deciding side sees (`ai.seen_foes`) and the board.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from game.core.board import board_tables
from game.core.sight import has_los

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.match import Match

Cell = tuple[int, int]
#: walking distance used for squares no step reaches
FAR = 99


def _inbound(board: Board) -> dict[Cell, tuple[Cell, ...]]:
    """Per square, the squares one step leads from into it (open ground, no more than half a
    metre up): the reversed step table, so one search from a unit gives every square's distance
    to it."""
    from game.rulesets.varium.actions import _steps

    tables = board_tables(board)
    found = tables.get("varium-inbound")
    if found is None:
        into: dict[Cell, list[Cell]] = {}
        for cell, outs in _steps(board).items():
            for n in outs:
                into.setdefault(n, []).append(cell)
        found = tables["varium-inbound"] = {c: tuple(sorted(v)) for c, v in into.items()}
    return found


def walk_to(board: Board, goal: Cell) -> dict[Cell, int]:
    """Steps from every square to `goal` (units ignored), memoised per board."""
    tables = board_tables(board)
    memo = tables.setdefault("varium-walk", {})
    found = memo.get(goal)
    if found is None:
        found = memo[goal] = _steps_from([goal], _inbound(board))
    return found


def _steps_from(starts: list[Cell], inbound: dict[Cell, tuple[Cell, ...]]) -> dict[Cell, int]:
    """Breadth-first steps to the nearest of `starts`, walking the inbound links backwards."""
    found = dict.fromkeys(starts, 0)
    todo = deque(starts)
    while todo:
        cell = todo.popleft()
        d = found[cell] + 1
        for n in inbound.get(cell, ()):
            if n not in found:
                found[n] = d
                todo.append(n)
    return found


def walk(board: Board, cell: Cell, goals: list[Cell]) -> int:
    """Fewest steps from `cell` to any of `goals`."""
    return min((walk_to(board, g).get(cell, FAR) for g in goals), default=FAR)


def shot_field(board: Board, foes: tuple[Cell, ...], reach: int) -> dict[Cell, int]:
    """Steps from every square to the nearest square with a line of sight to a foe within
    `reach` squares (0 where a shot is there already), memoised per board and foes."""
    tables = board_tables(board)
    memo = tables.setdefault("varium-shots", {})
    key = (foes, reach)
    found = memo.get(key)
    if found is None:
        if len(memo) > 512:
            memo.clear()
        starts = sorted(set().union(*(_shots_at(board, f, reach) for f in foes)))
        found = memo[key] = _steps_from(starts, _inbound(board))
    return found


def _shots_at(board: Board, foe: Cell, reach: int) -> frozenset[Cell]:
    """Open squares within `reach` of `foe` with a line of sight to it, memoised per board: foes
    move one at a time, so the next set of foes mostly stands where the last one did."""
    memo = board_tables(board).setdefault("varium-shots-at", {})
    found = memo.get((foe, reach))
    if found is None:
        dist = board.distance
        found = memo[(foe, reach)] = frozenset(
            c for c, t in board.terrain.items()
            if not t.blocks_move and dist(c, foe) <= reach and has_los(board, c, foe)
        )
    return found


def strikers(match: Match, ent: int) -> list[int]:
    """Foes (seen by `ent`'s side) that act after `ent` this round and could attack it on that
    turn from where they stand: a ranged weapon drawn and loaded with a line of sight, or a step
    to its side (then a strike). A Dodge lasts the round, so only they are what it turns away."""
    from game.rulesets.varium.ai import seen_foes
    from game.rulesets.varium.components import (
        VariumState,
        active,
        cell_of,
        get,
        in_hand,
        sheet,
        table,
        weapon_def,
    )

    order = table(match).data.get("order", [])
    if ent not in order:
        return []
    later = set(order[order.index(ent) + 1:])
    board = match.board
    here = cell_of(ent)
    near = walk_to(board, here)
    out = []
    for foe in seen_foes(match, ent):
        if foe not in later or not active(foe):
            continue
        st = get(foe, VariumState)
        if st.busy:
            continue
        there = cell_of(foe)
        if not st.prone and near.get(there, FAR) <= 2 or board.distance(there, here) <= 1:
            out.append(foe)
            continue
        if has_los(board, there, here) and any(
            in_hand(st, w) and weapon_def(w).ranged
            and (not weapon_def(w).ammo or st.ammo.get(w, weapon_def(w).ammo) > 0)
            for w in sheet(foe).weapons
        ):
            out.append(foe)
    return out


#: share of an attack's worth a Dodge turns away: the dodger's check (limit 20 + Agility, made
#: knowing the attack totals) against a total that two face-down cards would mostly not stop
DODGE_SHARE = 0.5


def dodge_worth(match: Match, ent: int, melee_only: bool = False) -> float:
    """What a Dodge is worth to `ent` (in `assess`'s damage units): a share of the best attack
    of every foe that can strike it before its next turn (`strikers`), each priced from the
    cards `ent`'s side has not seen. `melee_only`: a Block, which covers melee attacks only."""
    from game.rulesets.varium import odds
    from game.rulesets.varium.checks import pool_for
    from game.rulesets.varium.combat import MIN_ACCURACY, accuracy, evasion, proficiency, strike_terms
    from game.rulesets.varium.components import cell_of, sheet, side_of, weapon_def

    foes = strikers(match, ent)
    if not foes:
        return 0.0
    pool = pool_for(match, side_of(ent))
    board = match.board
    near = walk_to(board, cell_of(ent))
    total = 0.0
    for foe in foes:
        there = cell_of(foe)
        close = near.get(there, FAR) <= 2 or board.distance(there, cell_of(ent)) <= 1
        best = 0.0
        for w in [weapon_def(w) for w in sheet(foe).weapons] + [None]:
            if (w is None or not w.ranged) and not close or melee_only and w is not None and w.ranged:
                continue
            k = evasion(match, foe, ent, w)
            ctx = strike_terms(match, foe, ent, w, k)
            strike = odds.Strike(ctx["wd"], ctx["armour"], ctx["crit"], ctx["cb"], ctx["resist"], 0)
            limit = accuracy(match, foe, ent, w)
            if limit < MIN_ACCURACY:
                continue
            a = odds.Attack(pool, limit, proficiency(foe, w), k, strike, ctx["health"])
            best = max(best, odds.attack_worth(a))
        total += best
    return DODGE_SHARE * total / 5.0


def progress(match: Match, ent: int, foes: list[Cell], cell: Cell, want: int) -> float:
    """Steps a move to `cell` gains: toward the nearest foe for a melee unit (`want` 0), toward
    the nearest square with a shot for a shooter (its weapon's range, two squares over)."""
    here, fields = progress_fields(match, ent, foes, want)
    return float(here - min([f.get(cell, FAR) for f in fields]))


def progress_fields(match: Match, ent: int, foes: list[Cell], want: int) -> tuple[int, list[dict[Cell, int]]]:
    """What `progress` measures, the same for every move of one unit: the steps from where it
    stands, and the step fields whose least entry for a square is the steps from there."""
    from game.rulesets.varium.components import cell_of, sheet, weapon_def

    board = match.board
    here = cell_of(ent)
    if not want:
        fields = [walk_to(board, g) for g in foes]
    else:
        reach = max((weapon_def(w).range for w in sheet(ent).weapons if weapon_def(w).ranged), default=1) + 2
        fields = [shot_field(board, tuple(sorted(foes)), reach)]
    return min([f.get(here, FAR) for f in fields], default=FAR), fields
