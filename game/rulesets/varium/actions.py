"""What the acting unit may do (legal actions) and applying them. Costs are in half-turns:
Dash, attacks, Aim, Dodge, Interact, Shove, Grapple, Assist, vertical jump ½ turn (1); Run, Get
up, long jump 1 turn (2); Hide and Heal 2 turns (4); Reload the weapon's time. End is free.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.action import Action
from game.core.board import Board, board_tables
from game.core.components import Position
from game.core.wording import offset_words
from game.rulesets.varium import bodies
from game.rulesets.varium.bodies import PER_SQUARE, Gen
from game.rulesets.varium.combat import UNARMED, accuracy, attack, can_see
from game.rulesets.varium.components import (
    VariumState,
    active,
    cell_of,
    get,
    health,
    living,
    name_of,
    occupants,
    sheet,
    side_of,
    weapon_def,
)
from game.rulesets.varium.kinds import Ev, Kind
from game.rulesets.varium.turns import begin, end_turn

if TYPE_CHECKING:
    from game.core.match import Match

Cell = tuple[int, int]
COST = {
    Kind.DASH: 1,
    Kind.ATTACK: 1,
    Kind.DODGE: 1,
    Kind.DRAW: 1,
    Kind.SHOVE: 1,
    Kind.GRAPPLE: 1,
    Kind.ASSIST: 1,
    Kind.VJUMP: 1,
    Kind.RUN: 2,
    Kind.GETUP: 2,
    Kind.LJUMP: 2,
    Kind.HIDE: 4,
    Kind.HEAL: 4,
}
MIN_ACCURACY = 5


def _steppable(match: Match, ent: int, src: Cell, dst: Cell) -> bool:
    """Open ground no more than half a metre up (higher needs a jump)."""
    b = match.board
    return dst in b and b.passable(dst) and b.at(dst).elevation - b.at(src).elevation < 1


def _room(
    match: Match,
    ent: int,
    cell: Cell,
    *,
    pass_only: bool = False,
    occ_map: dict[Cell, list[str]] | None = None,
) -> bool:
    occ = occ_map.get(cell, []) if occ_map is not None else [side_of(o) for o in occupants(match, cell, ent)]
    if pass_only and any(s != side_of(ent) for s in occ):
        return False
    return len(occ) < PER_SQUARE


def _occupancy(match: Match, ent: int) -> dict[Cell, list[str]]:
    out: dict[Cell, list[str]] = {}
    for e in living(match):
        if e != ent:
            out.setdefault(cell_of(e), []).append(side_of(e))
    return out


def _steps(board: Board) -> dict[Cell, tuple[Cell, ...]]:
    """Per square, the neighbouring squares a unit may step to (open ground no more than half a
    metre up), in the board's neighbour order: the terrain's part of every move, kept per board."""
    tables = board_tables(board)
    found = tables.get("varium-steps")
    if found is None:
        terrain = board.terrain
        found = tables["varium-steps"] = {
            cell: tuple(
                n
                for n in board.neighbors(cell)
                if not terrain[n].blocks_move and terrain[n].elevation - t.elevation < 1
            )
            for cell, t in terrain.items()
        }
    return found


def moves(match: Match, ent: int, budget: int) -> dict[Cell, tuple[Cell, ...]]:
    """Squares reachable within `budget` steps (not through foes; a foe's square may end it)."""
    here = cell_of(ent)
    steps = _steps(match.board)
    mine = side_of(ent)
    occ = _occupancy(match, ent)
    full = {c for c, sides in occ.items() if len(sides) >= PER_SQUARE}  # no room to end there
    shut = full | {c for c, sides in occ.items() if any(s != mine for s in sides)}  # nor to pass

    # Every step costs one: a breadth-first search, each level in ascending cell order, finds the
    # same shortest paths (and the same first one among equals) as a Dijkstra search would.
    routes: dict[Cell, tuple[Cell, ...]] = {here: ()}
    dist = {here: 0}
    level = [here]
    for d in range(1, budget + 1):
        nxt: list[Cell] = []
        for cell in level:
            way = routes[cell]
            for n in steps[cell]:
                if n not in routes and n not in shut:
                    routes[n] = (*way, n)
                    dist[n] = d
                    nxt.append(n)
        level = sorted(nxt)

    out: dict[Cell, tuple[Cell, ...]] = {}
    for n in steps[here]:  # a foe's square next to you is a one-square move
        if n not in routes and n not in full:
            out[n] = (n,)
    for cell in sorted(dist):
        if cell == here:
            continue
        out[cell] = way = routes[cell]
        if dist[cell] <= budget - 1:
            for n in steps[cell]:
                if n not in out and n not in routes and n not in full:
                    out[n] = (*way, n)
    return out


def _weapons(ent: int) -> list[str]:
    return list(sheet(ent).weapons)


def attack_options(match: Match, ent: int, target: int) -> list[str]:
    """Weapon options usable on `target` now (ammunition, range, reach, grapple hands)."""
    st = get(ent, VariumState)
    d = match.board.distance(cell_of(ent), cell_of(target))
    hold = bodies.holding(match, ent)
    out: list[str] = []
    if st.drawn and (hold < 0 or hold >= bodies.CONTROLLED):
        for wid in _weapons(ent):
            w = weapon_def(wid)
            if w.ammo and st.ammo.get(wid, w.ammo) <= 0:
                continue
            if w.ranged:
                if can_see(match, ent, target) and accuracy(match, ent, target, w) >= MIN_ACCURACY:
                    out.append(wid)
            elif d <= 1:
                out += [wid, wid + "!nl"]
    if d <= 1 and (hold < 0 or hold >= bodies.PINNED):
        out += [UNARMED, UNARMED + "!nl"]
    return out


#: move labels kept per board (its `board_tables`, so they go with the match's board)
LABELS_KEPT = 8192


def _label(verb: str, board: Board, here: Cell, cell: Cell) -> str:
    """A move's label, kept per start and square (every decision lists the same squares' moves
    again; varium boards are all square)."""
    key = (verb, here, cell)
    labels = board_tables(board).setdefault("varium_labels", {})
    found = labels.get(key)
    if found is None:
        if len(labels) > LABELS_KEPT:
            labels.clear()
        found = labels[key] = f"{verb} {offset_words(board.grid, here, cell, 'square')}"
    return found


def legal(match: Match) -> list[Action]:
    """Every action of the acting unit."""
    from game.rulesets.varium.components import table

    ent = table(match).actor
    if ent is None or not active(ent):
        return [Action(Kind.END, ent, label="End turn")]
    st = get(ent, VariumState)
    h = st.halves
    out: list[Action] = [Action(Kind.END, ent, label="End turn")]
    if h <= 0 or st.busy:
        return out
    here = cell_of(ent)
    mine = side_of(ent)
    alive = living(match)
    foes = [e for e in alive if side_of(e) != mine and not get(e, VariumState).hidden]
    friends = [e for e in alive if side_of(e) == mine and e != ent]
    free = not st.prone and not bodies.restrained(match, ent)
    if free:
        reach = moves(match, ent, sheet(ent).speed if h >= 2 else 1)
        for cell, path in reach.items():
            if len(path) == 1:
                label = _label("Dash", match.board, here, cell)
                out.append(Action(Kind.DASH, ent, cell=cell, path=path, label=label))
        if h >= 2:
            for cell, path in reach.items():
                if len(path) > 1:
                    label = _label("Run", match.board, here, cell)
                    out.append(Action(Kind.RUN, ent, cell=cell, path=path, label=label))
    for foe in foes:
        for opt in attack_options(match, ent, foe):
            out.append(
                Action(
                    Kind.ATTACK,
                    ent,
                    target=foe,
                    option=opt,
                    label=f"Attack {name_of(foe)} ({opt.replace('!nl', ', non-lethal')})",
                )
            )
        if match.board.distance(here, cell_of(foe)) <= 1:
            out.append(Action(Kind.SHOVE, ent, target=foe, label=f"Shove {name_of(foe)}"))
            out.append(Action(Kind.GRAPPLE, ent, target=foe, label=f"Grapple {name_of(foe)}"))
    if not st.drawn and sheet(ent).weapons:
        out.append(Action(Kind.DRAW, ent, label="Draw weapon"))
    for wid in _weapons(ent):
        w = weapon_def(wid)
        if w.ammo and st.ammo.get(wid, w.ammo) < w.ammo:
            out.append(Action(Kind.RELOAD, ent, option=wid, label=f"Reload {w.name} ({w.reload} half-turns)"))
    if bodies.can_dodge(match, ent):
        out.append(Action(Kind.DODGE, ent, label="Dodge"))
    if st.prone and h >= 2:
        out.append(Action(Kind.GETUP, ent, label="Get up"))
    if not st.hidden and not any(side_of(o) != side_of(ent) for o in occupants(match, here, ent)):
        out.append(Action(Kind.HIDE, ent, label="Hide (2 turns)"))
    for f in friends:
        if match.board.distance(here, cell_of(f)) <= 1:
            if st.kits > 0 and health(f).current < health(f).maximum:
                out.append(Action(Kind.HEAL, ent, target=f, label=f"Heal {name_of(f)} (2 turns)"))
            if get(f, VariumState).advantage == 0:
                out.append(Action(Kind.ASSIST, ent, target=f, label=f"Assist {name_of(f)}"))
    if free:
        out += _jumps(match, ent, h)
    return out


def _jumps(match: Match, ent: int, h: int) -> list[Action]:
    b = match.board
    here = cell_of(ent)
    out = []
    for n in b.neighbors(here):
        rise = b.at(n).elevation - b.at(here).elevation
        if b.passable(n) and rise >= 1 and _room(match, ent, n):
            label = f"Climb-jump {offset_words(b.grid, here, n, 'square')} ({rise} m)"
            out.append(Action(Kind.VJUMP, ent, cell=n, option=str(rise), label=label))
        gap = n
        land = (2 * n[0] - here[0], 2 * n[1] - here[1])
        if (
            h >= 2
            and not b.passable(gap)
            and gap in b
            and not b.at(gap).blocks_los
            and land in b
            and b.passable(land)
            and _room(match, ent, land)
        ):
            label = f"Long jump {offset_words(b.grid, here, land, 'square')}"
            out.append(Action(Kind.LJUMP, ent, cell=land, label=label))
    return out


def resolve(match: Match, action: Action) -> Gen:
    """Apply one action, paying its half-turns first; the turn ends by End (or when nothing is left)."""
    ent = action.actor
    assert ent is not None
    kind = action.kind
    if kind == Kind.END:
        yield from end_turn(match, ent)
        return
    st = get(ent, VariumState)
    if kind == Kind.RELOAD:
        yield from begin(match, ent, f"reload:{action.option}", max(1, weapon_def(action.option).reload))
        return
    if kind in (Kind.HIDE, Kind.HEAL, Kind.GETUP):
        yield from begin(match, ent, kind, COST[kind], action.target)
        return
    st.halves -= COST[kind]
    if kind in (Kind.DASH, Kind.RUN):
        yield from move(match, ent, action.path)
    elif kind == Kind.ATTACK:
        assert action.target is not None
        yield from attack(match, ent, action.target, action.option)
    elif kind == Kind.SHOVE:
        assert action.target is not None
        yield from bodies.shove(match, ent, action.target)
    elif kind == Kind.GRAPPLE:
        assert action.target is not None
        yield from bodies.grapple(match, ent, action.target)
    elif kind == Kind.DRAW:
        st.drawn = True
        match.emit(Ev.INTERACT, f"{name_of(ent)} draws a weapon")
    elif kind == Kind.DODGE:
        from game.rulesets.varium.components import table

        st.dodge_round = table(match).round
        match.emit(Ev.DODGE, f"{name_of(ent)} gets ready to dodge")
    elif kind == Kind.ASSIST:
        assert action.target is not None
        get(action.target, VariumState).advantage = 1
        match.emit(Ev.ASSIST, f"{name_of(ent)} assists {name_of(action.target)}: a free aim")
    elif kind in (Kind.VJUMP, Kind.LJUMP):
        assert action.cell is not None
        dc = bodies.VERTICAL_JUMP_DC * int(action.option) if kind == Kind.VJUMP else bodies.LONG_JUMP_DC
        yield from bodies.jump(match, ent, action.cell, dc)
    else:
        raise ValueError(f"unknown action kind {kind!r}")


def move(match: Match, ent: int, path: tuple[Cell, ...]) -> Gen:
    """Walk a path; leaving a square shared with foes gives each a free shove or grapple first."""
    start = cell_of(ent)
    for cell in path:
        if any(side_of(o) != side_of(ent) for o in occupants(match, cell_of(ent), ent)):
            ok = yield from bodies.leave(match, ent)
            if not ok or not active(ent):
                return
        if get(ent, VariumState).prone or bodies.restrained(match, ent):
            return
        get(ent, Position).cell = cell
        bodies.check_grapples(match)
    if any(side_of(o) != side_of(ent) for o in occupants(match, cell_of(ent), ent)):
        match.emit(Ev.MELEE, f"{name_of(ent)} is In Melee")
    # in words from where it started: players never read grid coordinates
    where = offset_words(match.board.grid, start, cell_of(ent), "square")
    match.emit(Ev.MOVE, f"{name_of(ent)} moves {where}")
