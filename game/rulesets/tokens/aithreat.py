"""Tokens AI: the enemy fire a tile is under (`threat_by`) and what a unit threatens from a tile
(`menace`), from the acting side's knowledge only: enemies are where the side last saw them, and
a hidden enemy's weapon in hand and rounds are its own side's to know."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from game.core.board import board_tables
from game.core.knowledge import believed_cells
from game.core.memo import state_memo
from game.rulesets.tokens.actions import DRAW as DRAW_COST
from game.rulesets.tokens.actions import RELOAD as RELOAD_COST
from game.rulesets.tokens.combat import weapon
from game.rulesets.tokens.components import TkGear, TkUnit, cell_of, get, health, is_active, side_of, units
from game.rulesets.tokens.content import Defense, shipped
from game.rulesets.tokens.odds import reduce_damage
from game.rulesets.tokens.paths import SPRINT_COST, SPRINT_TILES
from game.rulesets.tokens.stealth import hidden_from

if TYPE_CHECKING:
    from game.core.match import Match

Cell = tuple[int, int]


@functools.cache
def _entries(armour: str) -> tuple[Defense, ...]:
    return shipped().armours[armour].entries if armour else ()


def armour_of(ent: int) -> tuple[Defense, ...]:
    """`damage.defenses`, parsed once per armour (the AI asks for every tile it weighs)."""
    return _entries(get(ent, TkUnit).armour or "")


def foes_known(match: Match, side: str) -> dict[int, tuple[int, int]]:
    """Enemy units `side` can place (believed cells), standing ones only (kept while the state
    stands still: the AI asks for every action it weighs; callers must not change the dict)."""
    memo = state_memo(match, "tokens.foes_known")
    found = memo.get(side)
    if found is None:
        cells = believed_cells(match, side)
        found = memo[side] = {e: c for e, c in cells.items() if side_of(e) != side and is_active(e)}
    return found


def _typical_cut(match: Match, side: str, dmg: int, dtype: str) -> float:
    """Health damage `dmg` of `dtype` does to `side`'s units on average, after their armour (the
    threat is asked per tile, not per unit: the side's mean is the fair guess)."""
    memo = state_memo(match, "tokens.cut")
    key = (side, dmg, dtype)
    found = memo.get(key)
    if found is None:
        armours = memo.get(side)
        if armours is None:
            armours = memo[side] = [armour_of(e) for e in units(match) if side_of(e) == side and is_active(e)]
        found = memo[key] = (sum(reduce_damage(dmg, dtype, a)[0] for a in armours) / len(armours)
                             if armours else float(dmg))
    return found


def run_reach(move: int) -> int:
    """Tiles a unit gets from its tile with `move` move tokens: a sprint (TK-SPRINT: up to 8 tiles,
    shifting aside as it goes, for 4 tokens) and steps with the tokens it leaves, where it has the
    tokens for one. (Move tokens alone read a sprinter's reach at half: Normal stood in it.)"""
    return move - SPRINT_COST + SPRINT_TILES if move >= SPRINT_COST else max(0, move)


def _volley_of(match: Match, side: str, unit: TkUnit, wid: str, loaded: int | None) -> tuple[int, float]:
    """`enemy_volley` with weapon `wid` and `loaded` rounds (None: full)."""
    w = weapon(wid)
    attacks = unit.attack // max(1, w.cost)
    reach_ = run_reach(unit.move) + w.range
    if w.ammo:
        if loaded is None:
            attacks = min(attacks, w.ammo)
        elif loaded <= 0:
            # reloading takes the turn's move tokens: it fires from where it stands
            attacks = min(attacks, w.ammo) if unit.move >= RELOAD_COST else 0
            reach_ = w.range
        else:
            attacks = min(attacks, loaded)
    return reach_, attacks * _typical_cut(match, side, w.damage, w.type)


def hidden_now(match: Match, side: str) -> dict[int, Cell | None]:
    """`stealth.hidden_from`, kept while the state stands still (callers must not change it)."""
    memo = state_memo(match, "tokens.hidden_from")
    found = memo.get(side)
    if found is None:
        found = memo[side] = hidden_from(match, side)
    return found


def enemy_volley(match: Match, side: str, foe: int) -> tuple[int, float]:
    """(tiles it reaches: move tokens + weapon range, health damage) of what `foe` can fire at one
    unit of `side` next turn with its held weapon: as many attacks as its attack tokens and loaded
    ammunition pay for (a reload when empty costs all its move tokens), each after `side`'s
    typical armour."""
    memo = state_memo(match, "tokens.volley")
    key = (side, foe)
    found = memo.get(key)
    if found is None:
        gear, unit = get(foe, TkGear), get(foe, TkUnit)
        if foe in hidden_now(match, side):
            # what it holds and has loaded now is its own side's to know: its best weapon, loaded
            found = max((_volley_of(match, side, unit, wid, None) for wid in gear.weapons), default=(0, 0.0),
                        key=lambda v: v[1])
        elif gear.held:
            found = _volley_of(match, side, unit, gear.held, gear.loaded.get(gear.held, 0))
        else:
            found = (0, 0.0)
        memo[key] = found
    return found


def _menace_table(match: Match, ent: int) -> list[tuple[int, int, int, float]]:
    """(x, y, reach, worth) per enemy `ent`'s side can place and weapon `ent` carries: what `menace`
    reads for every tile, kept while the state stands still."""
    memo = state_memo(match, "tokens.menace")
    found = memo.get(ent)
    if found is not None:
        return found
    found = memo[ent] = []
    foes = foes_known(match, side_of(ent))
    gear, unit = get(ent, TkGear), get(ent, TkUnit)
    for wid in gear.weapons:
        w = weapon(wid)
        attacks = unit.attack // max(1, w.cost)
        reach_ = run_reach(unit.move - (0 if wid == gear.held else DRAW_COST)) + w.range
        if w.ammo:
            loaded = gear.loaded.get(wid, 0)
            if loaded <= 0:
                attacks, reach_ = (min(attacks, w.ammo), w.range) if unit.move >= RELOAD_COST else (0, 0)
            else:
                attacks = min(attacks, loaded)
        if attacks <= 0:
            continue
        for foe, c in foes.items():
            cut = reduce_damage(w.damage, w.type, armour_of(foe))[0]
            found.append((c[0], c[1], reach_, min(float(attacks * cut), max(1.0, health(foe).current + 1.0))))
    return found


def menace(match: Match, ent: int, cell: tuple[int, int]) -> float:
    """What `ent` on `cell` threatens next turn: the health damage of the attacks its tokens and
    ammunition pay for, with its held weapon (or another it carries, drawn for 2 move tokens), on
    the one enemy it can place within its move tokens and the weapon's range where that is worth
    most (after that enemy's armour; damage past what takes it out counts nothing)."""
    found, most_first = menace_cells(match, ent)
    worth = found.get(cell)
    if worth is None:
        x, y = cell
        # the table's most worth first: the first in reach is worth the most of them
        worth = 0.0
        for fx, fy, reach_, most in most_first:
            if max(abs(fx - x), abs(fy - y)) <= reach_:
                worth = most
                break
        found[cell] = worth
    return worth


#: answers per tile of `menace` and `threat_by`, per what they read (a unit's `_menace_table`, a
#: side's `threats_of`), kept per board (its `board_tables`): a move of the side's own unit that
#: leaves the enemies as they were leaves most answers as they were, and the AI asks for the same
#: tiles again after it
CONTENT_KEPT = 512


def _answers(match: Match, key: tuple[Any, ...]) -> dict[Cell, Any]:
    """The answers per tile kept for `key` (what they read, in full)."""
    kept = board_tables(match.board).setdefault("tokens_by_content", {})
    found = kept.get(key)
    if found is None:
        if len(kept) >= CONTENT_KEPT:
            kept.clear()
        found = kept[key] = {}
    return found


def menace_cells(match: Match, ent: int) -> tuple[dict[Cell, float], list[tuple[int, int, int, float]]]:
    """`menace` of `ent` per tile asked so far, for its `_menace_table` as it is now (fill it), and
    that table most worth first."""
    memo = state_memo(match, "tokens.menace_cells")
    found = memo.get(ent)
    if found is None:
        table = _menace_table(match, ent)
        found = memo[ent] = (_answers(match, ("menace", *table)), sorted(table, key=lambda t: -t[3]))
    return found


def threat_cells(match: Match, side: str) -> dict[Cell, dict[int, float]]:
    """`threat_by` for `side` per tile asked so far, for its `threats_of` as it is now (fill it):
    an enemy's fire reads its reach, damage and how many of the side's units share it."""
    memo = state_memo(match, "tokens.threat_cells")
    found = memo.get(side)
    if found is None:
        read = tuple((e, x, y, r, d, len(n)) for e, x, y, r, d, n in threats_of(match, side))
        found = memo[side] = _answers(match, ("threat", SHARED_FIRE, *read))
    return found


#: whether an enemy's fire is shared among the side's units in its reach (`threat_by`)
SHARED_FIRE = True


def threats_of(match: Match, side: str) -> list[tuple[int, int, int, int, float, tuple[Cell, ...]]]:
    """(enemy, x, y, reach, damage, the side's units' tiles in its reach) of every enemy `side`
    can place that can fire next turn, kept while the state stands still (`threat_by` is asked
    for every tile the AI weighs)."""
    memo = state_memo(match, "tokens.threats_by")
    found = memo.get(side)
    if found is None:
        found = memo[side] = []
        mine = [cell_of(e) for e in units(match) if side_of(e) == side and is_active(e)]
        for e, c in foes_known(match, side).items():
            reach_, dmg = enemy_volley(match, side, e)
            if dmg > 0:
                near = tuple(m for m in mine if max(abs(m[0] - c[0]), abs(m[1] - c[1])) <= reach_)
                found.append((e, c[0], c[1], reach_, dmg, near))
    return found


def threat_by(match: Match, side: str, cell: Cell) -> dict[int, float]:
    """Per enemy it can place, the health damage its held weapon deals to a unit of `side` on `cell`
    next turn if it can get in range with its move tokens (a rough reach: move tokens + weapon
    range), after the side's typical armour, for the attacks its tokens and ammunition pay for.

    An enemy fires at one unit at a time: its fire is shared among the side's units in its reach
    (the one on `cell` one of them), so a unit alone in an enemy's reach is priced its whole
    volley and one of five a fifth. (Summed over every enemy in reach, a lone unit's threat made
    Normal fall back from every exchange, though the enemy's fire lands on the side wherever this
    one unit stands.) Kept (`threat_cells`): callers must not change the dict."""
    cells = threat_cells(match, side)
    out = cells.get(cell)
    if out is not None:
        return out
    x, y = cell
    out = cells[cell] = {}
    for e, fx, fy, reach_, dmg, near in threats_of(match, side):
        if max(abs(fx - x), abs(fy - y)) <= reach_:
            # the unit on `cell` is one of those in reach: a unit moving there is assumed to
            # come from within it (else its own old tile would share the fire it moves into,
            # and every step would look safer than standing)
            out[e] = dmg / max(1, len(near)) if SHARED_FIRE else dmg
    return out


#: what a take-out costs in `evaluate`'s units beyond the health lost: a standing unit counts 1
#: plus its health fraction, a downed one 0.25
TAKEOUT_WORTH = 0.75


#: what bleeding takes off a unit in `evaluate`'s units, beyond its health at 0: it acts with half
#: its tokens like one at 0, and loses 1 health a turn until it dies (the generic value counts it
#: as a unit at 0, 1 where a unit down counts 0.25)
BLEEDING_LOSS = 0.5


def bleeding(match: Match, side: str) -> float:
    """What `evaluate` adds for the units that bleed and act (TK-ZERO): `BLEEDING_LOSS` for each
    of the enemies', less for each of `side`'s own."""
    total = 0.0
    for e in units(match):
        if is_active(e) and health(e).current < 0:
            total += BLEEDING_LOSS if side_of(e) != side else -BLEEDING_LOSS
    return total


def pressure(match: Match, side: str) -> float:
    """What the enemies of `side` can expect to take from it with their next turn's fire, in
    `evaluate`'s units: each standing enemy's volley (`enemy_volley`: its attacks after `side`'s
    typical armour, within its move tokens and weapon range) on the one unit of `side` where it is
    worth most, as health over the unit's maximum plus the take-out when the volley drops it.

    It reads where every enemy stands, so it is for the AI's determinized scratch copies (the
    Hard search's leaves), where a hidden enemy has been placed from what the side can see."""
    mine = [(cell_of(e), health(e)) for e in units(match) if side_of(e) == side and is_active(e)]
    total = 0.0
    for foe in units(match):
        if side_of(foe) == side or not is_active(foe):
            continue
        reach_, dmg = enemy_volley(match, side, foe)
        if dmg <= 0:
            continue
        fx, fy = cell_of(foe)
        best = 0.0
        for (x, y), hp in mine:
            if max(abs(fx - x), abs(fy - y)) > reach_:
                continue
            # below 0 it is down (bleeding): `evaluate` counts it 0.25 however deep it bleeds
            lost = min(dmg, max(0, hp.current))
            value = lost / max(1, hp.maximum) + (TAKEOUT_WORTH if dmg > hp.current else 0.0)
            best = max(best, value)
        total += best
    return total
