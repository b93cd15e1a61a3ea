"""Moving on tokens (TK-STEP, TK-AOO, TK-BYPASS, TK-SPRINT) and overwatch during a move (TK-AWAIT).

Step costs carry the diagonal parity as the pathing tag: within a turn the 1st, 3rd... diagonal
step costs 2 and the 2nd, 4th... 1 (times the tile's move_cost); Bypass pays double for every step.
Hidden enemies are not obstacles in the search (the mover's side does not know of them): a move
that runs into one stops before it and reveals it.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import TYPE_CHECKING

import esper

from game.core.action import Decision, Option
from game.core.components import Position, Side, Status
from game.core.geometry import Cell
from game.core.kinds import CTX_LINES, CTX_UNIT
from game.core.pathing import Reach
from game.core.wording import plural
from game.rulesets.tokens.combat import (
    blind_coin,
    can_target,
    opportunity_strikes,
    plain_strikes,
    resolve_attack,
    strikes,
    weapon,
)
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
from game.rulesets.tokens.damage import attack_tokens_held, deal
from game.rulesets.tokens.kinds import Ask, Ev, Kind
from game.rulesets.tokens.paths import (  # noqa: F401 - the move rules' names, kept importable here
    BYPASS_FACTOR,
    SPRINT_COST,
    SPRINT_TILES,
    doubled_tiles,
    path_cost,
    search_from,
    sprint_runs,
    step_cost,
)
from game.rulesets.tokens.readings import SPRINT_TURNS, reading
from game.rulesets.tokens.stealth import adjacency_spot, hidden_from, reveal, sees
from game.rulesets.tokens.telling import UNSEEN, audiences, unseen

if TYPE_CHECKING:
    from game.core.match import Match
    from game.core.ruleset import Resolution

STANDING = ("active", "down")


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


def reach(match: Match, ent: int, bypass: bool = False) -> Reach:
    """Where `ent` can move with its move tokens this turn: `cost` holds every tile it can pass,
    `stoppable` the ones it may end on (a fresh Reach each call; its search may be shared)."""
    tokens = get(ent, TkTokens)
    foes, taken = visible_obstacles(match, ent)
    doubled = doubled_tiles(match, threat_map(match, ent)) if bypass else None
    search = search_from(match.board, cell_of(ent), tokens.move, tokens.diagonals, bypass, frozenset(foes),
                         doubled)
    return Reach(
        search.start,
        search.cost,
        search.came,
        {c for c in search.cost if c not in taken},
        search.best_node,
        search.prev_node,
    )


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
    """TK-SPRINT: a sprint path to each tile a sprint can end on (`paths.sprint_runs`: 2 to 8
    steps in one direction, each straight on or one tile to the side)."""
    foes, taken = visible_obstacles(match, ent)
    turns = 1 if reading(match, SPRINT_TURNS) == "once" else None
    threats = {} if get(ent, TkStealth).hidden else threat_map(match, ent)
    return sprint_runs(match.board, cell_of(ent), foes, taken, threats, turns)


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
        doubled = doubled_tiles(match, threat_map(match, ent)) if bypass else None
        cost, diags = path_cost(board, start, path, tokens.diagonals, bypass, doubled)
        tokens.move -= math.ceil(cost - 1e-9)  # fractional move costs round up
        tokens.diagonals = diags
    verb = "sprints" if sprint else "bypasses" if bypass else "moves"
    match.emit(
        Ev.MOVE,
        f"{name_of(ent)} {verb} {plural(len(path), 'tile')}.",
        unit=ent,
        path=[list(c) for c in path],
        side=side_of(ent), visible=audience(ent),
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
        match.emit(Ev.MOVE, f"{name_of(ent)} stops on the last free tile.", unit=ent, side=side_of(ent),
                   visible=audience(ent))


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
        reveal(match, blocker, f"{name_of(ent)} ran into it", ent, f"{UNSEEN} ran into it")
        full, others = audiences(match, by=ent, hidden=unseen(ent))
        for who in full:
            match.emit(Ev.BLOCKED, f"{name_of(ent)} runs into a hidden enemy and stops.", chance=True,
                       side=side_of(ent), visible=who, unit=ent)
        for who in others:
            match.emit(Ev.BLOCKED, f"{UNSEEN.capitalize()} runs into {name_of(blocker)} and stops.",
                       chance=True, side=side_of(blocker), visible=who, unit=blocker, unnamed=True)
        return False
    get(ent, Position).cell = c
    adjacency_spot(match, ent, spotted, roster.adjacent_foes(side, c))
    yield from overwatch(match, ent)
    return is_active(ent)


def provokers_here(match: Match, ent: int, here: Cell, done: set[int]) -> list[tuple[int, int]]:
    """Enemies threatening the tile being left that have not struck this move."""
    return [(e, 0) for e in Roster(match).threatening(side_of(ent), here, done)]


def opportunity(match: Match, foe: int, mover: int) -> Resolution:
    """Ask the threatening enemy's side whether it strikes (TK-AOO), then strike as many times as
    half its attack tokens pay for with the weapon in hand (`opportunity_strikes`; plain strikes:
    no area, no tokens spent, a round fired each). An enemy that cannot pay for one, or whose
    weapon is empty, is not asked."""
    n = opportunity_strikes(match, foe)
    if n <= 0:
        return
    wid = get(foe, TkGear).held
    w = weapon(wid)
    held = attack_tokens_held(match, foe)
    one = plain_strikes(match, foe, wid, mover)
    per = one[0].to_health if one else 0
    # TK-BLIND: a blinded striker's every strike connects on its own coin (blind_coin)
    blinded = f", {float(one[0].chance):.0%} to hit (blinded)" if one and one[0].chance < 1 else ""
    odds = f"each {float(one[0].chance):.0%} to hit (blinded)" if blinded else "each certain"
    lines = [f"{plural(n, 'strike')} with {w.name}, {odds}: {per} to {name_of(mover)}'s health"]
    if one:
        lines += one[0].lines
    key = yield Decision(
        side_of(foe),
        Ask.AOO,
        f"{name_of(mover)} leaves {name_of(foe)}'s reach: strike?",
        (
            Option("strike", f"Strike {plural(n, 'time')}", f"{w.name}: {per} to health each{blinded}"),
            Option("pass", "Let it go", "no attack"),
        ),
        "strike",
        {"attacker": foe, "target": mover, "times": n, CTX_UNIT: foe, CTX_LINES: lines},
    )
    if key != "strike":
        match.emit(Ev.AOO, f"{name_of(foe)} lets {name_of(mover)} go.", side=side_of(foe), unit=foe)
        return
    for k in range(n):
        if not is_active(mover):
            break
        match.emit(
            Ev.AOO,
            f"Attack of opportunity {k + 1}/{n}: {name_of(foe)} strikes {name_of(mover)}.",
            [f"half of {plural(held, 'attack token')} on {w.name} at {w.cost} each = "
             f"{plural(n, 'strike')} (at least 1)"],
            side=side_of(foe),
            unit=foe,
        )
        if w.ammo:
            gear = get(foe, TkGear)
            gear.loaded[wid] = max(0, gear.loaded.get(wid, w.ammo) - 1)
        if not blind_coin(match, foe, f"Attack of opportunity {k + 1}/{n}"):
            continue
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
        lines = [
            f"{name_of(s.ent)}{' (ally)' if side_of(s.ent) == side_of(foe) else ''}: {float(s.chance):.0%} "
            f"to be hit, {s.to_health} to health" + (" - taken out" if s.takes_out else "")
            for s in plan
        ]
        key = yield Decision(
            side_of(foe),
            Ask.OVERWATCH,
            f"{name_of(mover)} moves into {name_of(foe)}'s sights: fire?",
            (
                Option(
                    "fire",
                    "Fire",
                    f"{weapon(wid).name}, expected net damage {exp:.2f}; "
                    f"{plural(tokens.reserved, 'reserved token')}",
                ),
                Option("hold", "Hold", "keep the reserved tokens"),
            ),
            "fire",
            {"attacker": foe, "target": mover, CTX_UNIT: foe, CTX_LINES: lines},
        )
        if key == "fire":
            tokens.reserved -= weapon(wid).cost
            yield from resolve_attack(match, foe, wid, mover, free=True, why="fires overwatch at")
