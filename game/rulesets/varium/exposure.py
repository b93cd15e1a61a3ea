"""Hard AI terms (`Ruleset.exposure_now`, `exposure_after`, `volley_after`): what the enemies can
take from a unit on a square next turn, and every attack a unit can still make this turn.

Varium's time is two half-turns: a melee foe strikes next turn only if it stands next to the
unit (two strikes) or one step from that (a dash, then one strike); a run takes the whole turn.
So a unit that runs up to a foe and stops is struck twice before it strikes, and a unit three
steps away is out of reach. Normal prices moves by the steps they close and by the guns' lines;
Hard prices the exchange: per foe its best attack on the square, times the attacks its
half-turns and ammunition allow (shots along the line of fire, cover counted). Strikes are priced
on a whole deck (`FULL_DECK`): these terms read no card at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.cards import standard_deck
from game.core.sight import cover_on_line, has_los
from game.rulesets.varium import odds
from game.rulesets.varium.approach import FAR, walk_to
from game.rulesets.varium.combat import COVER_EVASION, EASY, MIN_ACCURACY, proficiency, strike_terms
from game.rulesets.varium.components import (
    VariumState,
    active,
    cell_of,
    get,
    in_hand,
    sheet,
    side_of,
    weapon_def,
)
from game.rulesets.varium.content import WeaponDef
from game.rulesets.varium.kinds import Kind

if TYPE_CHECKING:
    from game.core.action import Action
    from game.core.match import Match

Cell = tuple[int, int]
HALVES = 2
#: (match state version, unit, square, pool) -> threat_by_foe: every option of a decision asks
#: where the unit stands, and scratch copies have versions of their own
_MEMO: dict[tuple, dict[int, float]] = {}
#: the cards positional terms price strikes on: a whole deck by value, not the cards unseen now.
#: They look a turn ahead, when the pool will have moved on, and every new pool costs each weapon,
#: range and cover a fresh exact valuation (about 5 ms): on the whole deck those are looked up
#: once and kept (they read no card, so nothing hidden either)
FULL_DECK = odds.profile(standard_deck())


def _worth(match: Match, ent: int, src: Cell, target: int, dst: Cell, w: WeaponDef | None,
           pool: tuple) -> float:
    """The worth (in `assess`'s units) of one attack of `ent` from `src` on `target` at `dst`."""
    board = match.board
    dist = board.distance(src, dst)
    if w is not None and w.ranged:
        limit = w.accuracy - max(0, dist - w.range)
        cover = max((t.cover for _c, t in cover_on_line(board, src, dst)), default=0)
        k = COVER_EVASION[min(3, max(0, cover))]
    else:
        if dist > 1:
            return 0.0
        limit = 10 + sheet(ent).prof("unarmed") if w is None else w.accuracy
        k = COVER_EVASION[0]
    tst = get(target, VariumState)
    if dist <= 1 and tst.prone:
        k = EASY
    if limit < MIN_ACCURACY:
        return 0.0
    ctx = strike_terms(match, ent, target, w, k)
    strike = odds.Strike(ctx["wd"], ctx["armour"], ctx["crit"], ctx["cb"], ctx["resist"], 0)
    return odds.attack_worth(odds.Attack(pool, limit, proficiency(ent, w), k, strike, ctx["health"])) / 5.0


def _shots(ent: int, w: WeaponDef) -> int:
    """Shots the loaded weapon has (a turn holds two half-turns)."""
    if not w.ammo:
        return HALVES
    return min(HALVES, get(ent, VariumState).ammo.get(w.id, w.ammo))


def threat_by_foe(match: Match, ent: int, cell: Cell,
                  pool: tuple[int, ...] = FULL_DECK) -> dict[int, float]:
    """Per foe `ent`'s side sees, what it can expect to take from `ent` on `cell` in its next
    turn: its best weapon times the strikes it can make there (strikes priced on `pool`)."""
    return {foe: v for foe, (v, _melee) in _threats(match, ent, cell, pool).items()}


def _threats(match: Match, ent: int, cell: Cell,
             pool: tuple[int, ...] = FULL_DECK) -> dict[int, tuple[float, bool]]:
    """`threat_by_foe`, each with whether the foe's best strikes there are blows (not shots)."""
    from game.rulesets.varium.ai import seen_foes

    key = (match.version, ent, cell, pool)
    found = _MEMO.get(key)
    if found is not None:
        return found
    if len(_MEMO) > 2048:
        _MEMO.clear()
    board = match.board
    near = walk_to(board, cell)
    out: dict[int, tuple[float, bool]] = {}
    for foe in seen_foes(match, ent):
        fst = get(foe, VariumState)
        if not active(foe) or (fst.busy and fst.busy.get("left", 0) >= HALVES):
            continue
        there = cell_of(foe)
        d = board.distance(there, cell)
        steps = near.get(there, FAR)
        best, melee = 0.0, False
        weapons: list[WeaponDef | None] = [weapon_def(w) for w in sheet(foe).weapons if in_hand(fst, w)]
        for w in [*weapons, None]:
            src = there
            if w is not None and w.ranged:
                if not has_los(board, there, cell):
                    continue
                n = _shots(foe, w)
            else:
                n = HALVES if d <= 1 else 1 if steps <= 2 and not fst.prone else 0
                if d > 1:
                    src = _beside(there, cell)  # it steps up, then strikes
            if n:
                v = n * _worth(match, foe, src, ent, cell, w, pool)
                if v > best:
                    best, melee = v, w is None or not w.ranged
        if best:
            out[foe] = (best, melee)
    _MEMO[key] = out
    return out


def threat_on(match: Match, ent: int, cell: Cell) -> float:
    """What the foes `ent`'s side sees can expect to take from `ent` on `cell` in their next
    turns (`threat_by_foe`, summed)."""
    return sum(threat_by_foe(match, ent, cell).values())




def pressure(match: Match, side: str) -> float:
    """Each standing foe's best next strikes on a unit of `side`, summed, in `evaluate`'s units
    (health over the unit's maximum, a take-out counted): Hard's search leaves."""
    from game.rulesets.varium.components import health, living

    best: dict[int, float] = {}
    for ent in living(match):
        if side_of(ent) != side or not active(ent):
            continue
        top = max(1, health(ent).maximum)
        for foe, v in threat_by_foe(match, ent, cell_of(ent)).items():
            share = 5.0 * v / top
            if share > best.get(foe, 0.0):
                best[foe] = share
    return sum(best.values())


def _beside(src: Cell, dst: Cell) -> Cell:
    """A square next to `dst` toward `src` (where a foe a step away strikes from)."""
    dx = (src[0] > dst[0]) - (src[0] < dst[0])
    dy = (src[1] > dst[1]) - (src[1] < dst[1])
    return (dst[0] + dx, dst[1] + dy)


#: share of an engaged foe's blows counted when the unit moves (see `exposure_now`)
ENGAGED = 0.4


def _engaged_now(match: Match, ent: int) -> dict[int, float]:
    """The foes whose blows reach `ent` where it stands, each with that threat."""
    return {foe: v for foe, (v, melee) in _threats(match, ent, cell_of(ent)).items() if melee}


def exposure_now(match: Match, ent: int) -> float:
    """`threat_on` where the unit stands, a foe's blows already in reach counted at `ENGAGED`.

    Stepping out of a melee foe's reach only puts the exchange off: the foe runs after the unit
    (a run takes its whole turn) and the unit strikes first, as it could have by staying. Counted
    in full, those blows made Hard run from fights it had the first strikes in (a safety term of
    8-16 against an attack worth 4). A foe's blows newly in reach (running up to it) still count
    in full, and so do shots: leaving a line of fire is a real gain."""
    engaged = _engaged_now(match, ent)
    total = threat_on(match, ent, cell_of(ent))
    return total - (1.0 - ENGAGED) * sum(engaged.values())


def exposure_after(match: Match, action: Action) -> float | None:
    """`threat_on` where a move ends, the blows of a foe engaged already (`exposure_now`)
    counted at `ENGAGED`; None for other actions."""
    if action.kind not in (Kind.DASH, Kind.RUN) or action.cell is None or action.actor is None:
        return None
    ent = action.actor
    engaged = _engaged_now(match, ent)
    after = _threats(match, ent, action.cell)
    return sum(v * (ENGAGED if melee and foe in engaged else 1.0) for foe, (v, melee) in after.items())


def volley_after(match: Match, action: Action) -> float | None:
    """The attacks the unit can still make this turn once the action is done: the half-turns it
    leaves, each the best attack from where it leaves the unit (ammunition counted). 0 for End
    and for actions that take the rest of the turn."""
    from game.rulesets.varium.actions import COST
    from game.rulesets.varium.ai import seen_foes

    ent = action.actor
    if ent is None:
        return None
    st = get(ent, VariumState)
    if action.kind == Kind.END or action.kind in (Kind.HIDE, Kind.HEAL, Kind.GETUP, Kind.RELOAD):
        return 0.0
    cost = COST.get(action.kind)
    if cost is None:
        return None
    left = st.halves - cost
    if left <= 0:
        return 0.0
    src = action.cell if action.kind in (Kind.DASH, Kind.RUN) and action.cell is not None else cell_of(ent)
    if action.kind not in (Kind.DASH, Kind.RUN, Kind.ATTACK, Kind.DODGE, Kind.BLOCK, Kind.DRAW, Kind.ASSIST):
        return None
    pool = FULL_DECK
    weapons: list[WeaponDef | None] = [
        weapon_def(w) for w in sheet(ent).weapons
        if in_hand(st, w) or (action.kind == Kind.DRAW and action.option == w)
    ]
    best = 0.0
    board = match.board
    for foe in seen_foes(match, ent):
        there = cell_of(foe)
        for w in [*weapons, None]:
            if w is not None and w.ranged:
                spent = 1 if action.kind == Kind.ATTACK and action.option == w.id else 0
                if _shots(ent, w) - spent <= 0 or not has_los(board, src, there):
                    continue
            best = max(best, _worth(match, ent, src, foe, there, w, pool))
    return left * best
