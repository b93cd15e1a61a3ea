"""Hard AI hooks of tokens: a unit's whole token budget (`volley_after`: every attack its tokens
still pay for after an action) and the enemy fire on that very unit (`exposure_now`,
`exposure_after`: its own armour and shield, not the side's typical ones).

Enemies are where the acting side believes they are (`ai.foes_known`), so a sneaker is priced at
its last-seen tile, never where it stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.board import board_tables
from game.core.memo import keep, state_memo
from game.rulesets.tokens.actions import AWAIT, DRAW, RELOAD
from game.rulesets.tokens.ai import BLEED_WORTH, best_mode, move_spent
from game.rulesets.tokens.aithreat import SHARED_FIRE, armour_of, enemy_volley, foes_known, threats_of
from game.rulesets.tokens.combat import in_reach, weapon
from game.rulesets.tokens.components import TkGear, TkTokens, TkUnit, cell_of, get, health, side_of
from game.rulesets.tokens.damage import acts_below_zero, out_at, shield_charges
from game.rulesets.tokens.kinds import Kind
from game.rulesets.tokens.movement import SPRINT_COST
from game.rulesets.tokens.odds import reduce_damage
from game.rulesets.tokens.paths import search_from, sprint_runs
from game.rulesets.tokens.stealth import hidden_from

if TYPE_CHECKING:
    from game.core.action import Action
    from game.core.board import Board
    from game.core.match import Match

Cell = tuple[int, int]

#: what a take-out adds to a volley's worth besides the enemy's own fire next turn (in health
#: points)
KILL_WORTH = 2.0


def exposure(match: Match, ent: int, cell: Cell) -> float:
    """Health damage the enemies the side can place could deal next turn to `ent` on `cell`: each
    that gets in range with its move tokens fires the attacks its tokens and ammunition pay for,
    after this unit's armour, shared with the side's other units in its reach (`ai.threat_by`);
    the shield soaks its charges once."""
    side = side_of(ent)
    memo = state_memo(match, "tokens.exposure")
    key = (ent, cell)
    found = memo.get(key)
    if found is not None:
        return found
    x, y = cell
    total = 0.0
    hidden = hidden_from(match, side)
    here = cell_of(ent)
    sharing = {t[0]: t[5] for t in threats_of(match, side)}
    for foe, c in foes_known(match, side).items():
        reach_, typical = enemy_volley(match, side, foe)
        if typical <= 0 or max(abs(c[0] - x), abs(c[1] - y)) > reach_:
            continue
        if not in_fire(match, side, foe, c, cell):
            continue
        gear = get(foe, TkGear)
        # a hidden enemy's weapon in hand and rounds are not the side's to know (`enemy_volley`)
        fire = max((_attacks(foe, wid, get(foe, TkUnit).attack, foe in hidden) * _cut(ent, wid)
                    for wid in (gear.weapons if foe in hidden else [gear.held])), default=0.0)
        # shared with the side's other units in its reach, as `threat_by` shares it; but an area
        # attack (Cleave, Tripleshot) on a unit next to this one hits this one too: those share nothing
        area = _area(foe, foe in hidden)
        others = sum(1 for m in sharing.get(foe, ()) if m != cell and m != here
                     and not (area and max(abs(m[0] - x), abs(m[1] - y)) <= 1))
        total += fire / (1 + others) if SHARED_FIRE else fire
    found = memo[key] = max(0.0, total - shield_charges(ent))
    return found


AREA_PROPS = frozenset({"cleave", "tripleshot"})


def _area(foe: int, hidden: bool) -> bool:
    """Whether `foe`'s attack next turn can hit the units next to its target (Cleave, Tripleshot)
    with its held weapon (a hidden foe's: any it carries)."""
    gear = get(foe, TkGear)
    wids = gear.weapons if hidden else [gear.held] if gear.held else []
    return any(AREA_PROPS & set(props) for wid in wids for props in weapon(wid).combos)


#: answers of `in_fire` kept per board (its `board_tables`), the newest only (none was asked again
#: after ~1050 newer)
FIRE_KEPT = 8192


def in_fire(match: Match, side: str, foe: int, at: Cell, cell: Cell) -> bool:
    """Whether `foe`, believed on `at`, can fire on `cell` next turn: some tile its move tokens
    reach (TK-STEP costs, walls in the way) has `cell` within its weapon's range and in sight.
    Where straight distance reads a unit behind a wall as under fire, this sees the wall. (A foe
    whose held weapon is empty spends its move tokens reloading: it fires from where it stands.
    A hidden one's weapon is not the side's to know: its longest.)"""
    unit, gear = get(foe, TkUnit), get(foe, TkGear)
    if foe in hidden_from(match, side):
        move, rng = unit.move, max((weapon(wid).range for wid in gear.weapons), default=0)
    elif not gear.held:
        return False
    else:
        w = weapon(gear.held)
        move = 0 if w.ammo and gear.loaded.get(gear.held, 0) <= 0 else unit.move
        rng = w.range
    board = match.board
    memo = board_tables(board).setdefault("tokens_in_fire", {})
    key = (at, move, rng, cell)
    found = memo.get(key)
    if found is None:
        spots = _run_spots(board, at, move)
        cx, cy = cell
        found = any(max(abs(t[0] - cx), abs(t[1] - cy)) <= rng and in_reach(board, t, cell, rng)
                    for t in spots)
        keep(memo, key, found, FIRE_KEPT)
    return found


def _run_spots(board: Board, at: Cell, move: int) -> set[Cell]:
    """Tiles a unit on `at` can fire from after spending `move` move tokens: its steps (TK-STEP)
    and, with the tokens for one, the tiles a sprint ends on (TK-SPRINT: up to 8 tiles, shifting
    aside as it goes; units in the way not counted). Steps alone read a sprinter's reach at half."""
    if move <= 0:
        return {at}
    spots = set(search_from(board, at, move, 0, False, frozenset()).cost)
    if move >= SPRINT_COST:
        spots.update(path[-1] for path in sprint_runs(board, at, frozenset(), frozenset()))
    return spots


def _attacks(ent: int, wid: str, attack_tokens: int, full: bool = False) -> int:
    """Attacks `attack_tokens` pay for with weapon `wid`, as far as its loaded ammunition goes (an
    empty weapon is reloaded first, which `enemy_volley` has already allowed for; `full`: as if
    loaded)."""
    w = weapon(wid)
    n = attack_tokens // max(1, w.cost)
    if w.ammo:
        loaded = w.ammo if full else get(ent, TkGear).loaded.get(wid, 0)
        n = min(n, loaded if loaded > 0 else w.ammo)
    return n


def _cut(ent: int, wid: str) -> int:
    """One hit of weapon `wid` on `ent` after its armour."""
    w = weapon(wid)
    return reduce_damage(w.damage, w.type, armour_of(ent))[0]


def exposure_now(match: Match, ent: int) -> float:
    """`exposure` where the unit stands."""
    return exposure(match, ent, cell_of(ent))


def exposure_after(match: Match, action: Action) -> float | None:
    """`exposure` where a move or sprint ends; None for other actions."""
    if action.actor is None or action.kind not in (Kind.MOVE, Kind.SPRINT) or not action.path:
        return None
    return exposure(match, action.actor, action.path[-1])


def _left_after(match: Match, action: Action) -> tuple[Cell, int, int, int]:
    """(tile, move tokens, attack tokens, rounds loaded in the held weapon) the actor has once
    the action is done."""
    ent = action.actor
    assert ent is not None
    tokens, gear = get(ent, TkTokens), get(ent, TkGear)
    cell, move, attack = cell_of(ent), tokens.move, tokens.attack
    held = gear.held
    loaded = gear.loaded.get(held, 0) if held else 0
    kind = action.kind
    if kind == Kind.MOVE:
        cell = action.path[-1]
        move -= int(round(move_spent(match, ent, action) + 0.49))
    elif kind == Kind.SPRINT:
        cell, move = action.path[-1], move - SPRINT_COST
    elif kind == Kind.ATTACK:
        attack -= weapon(action.option).cost
        loaded -= 1
    elif kind in (Kind.OBSERVE, Kind.SNEAK):
        move -= int(action.option)
    elif kind == Kind.RELOAD:
        move, loaded = move - RELOAD, weapon(held).ammo
    elif kind == Kind.AWAIT:
        move -= AWAIT
    elif kind == Kind.DRAW:
        move -= DRAW
        held = action.option
        loaded = gear.loaded.get(held, 0)
    elif kind == Kind.OVERCHARGE:
        attack -= 1
    elif kind == Kind.APPLY:
        if action.target is not None and side_of(action.target) != side_of(ent):
            attack -= 1
        else:
            move -= 2
    elif kind == Kind.HANDOFF:
        move -= 2 if str(action.option).endswith(":giver") else 1
    return cell, max(0, move), max(0, attack), loaded


def volley_after(match: Match, action: Action) -> float | None:
    """Worth of the best attacks the actor can still make this turn on one enemy in range and
    sight of where the action leaves it, with the attack tokens and rounds it leaves: their health
    damage (exact, from the attack's own odds, as things stand) up to what takes the target out,
    and, when together they take it out, `KILL_WORTH` plus the fire that enemy would pour on the
    side next turn (`ai.enemy_volley`). 0 when the action ends the turn."""
    ent = action.actor
    if ent is None or action.kind == Kind.END:
        return 0.0
    gear = get(ent, TkGear)
    held = action.option if action.kind == Kind.DRAW else gear.held
    if not held:
        return 0.0
    w = weapon(held)
    cell, _move, attack, loaded = _left_after(match, action)
    n = attack // max(1, w.cost)
    if w.ammo:
        n = min(n, max(0, loaded))
    if n <= 0:
        return 0.0
    side = side_of(ent)
    board = match.board
    memo = state_memo(match, "tokens.volley_one")
    best = 0.0
    # a hidden enemy cannot be attacked (and its odds would read where it truly stands)
    hidden = hidden_from(match, side)
    for foe, c in foes_known(match, side).items():
        if foe in hidden or not in_reach(board, cell, c, w.range):
            continue
        key = (ent, held, foe)
        one = memo.get(key)
        if one is None:
            # one attack's net expected damage on the target (allies in its area counted against)
            one = memo[key] = best_mode(match, ent, held, foe)[0]
        left = float(health(foe).current)
        if action.kind == Kind.ATTACK and action.target == foe:
            # the action's own attack lands first; if that takes the target out, the rest go
            # elsewhere (its own kill is the action's kill term)
            left -= max(0.0, one)
            if out_at(match, foe, int(left)) != "active":
                continue
        to_out = _to_take_out(match, foe, left)
        dealt = n * max(0.0, one)
        # taking an enemy out is worth the fire it would have poured on the side next turn
        kill = KILL_WORTH + enemy_volley(match, side, foe)[1]
        worth = min(dealt, to_out) + (kill if dealt >= to_out > 0 else 0.0)
        if (0 < dealt < to_out and 0 <= left < dealt and get(foe, TkUnit).player
                and acts_below_zero(match)):
            # it starts bleeding: half its tokens, and dying (part of a take-out: `ai.knock_worth`)
            worth += BLEED_WORTH * kill
        best = max(best, worth)
    return best


def _to_take_out(match: Match, foe: int, hp: float) -> float:
    """Health damage that leaves `foe` (at `hp`) unable to act."""
    need = 1.0
    while out_at(match, foe, int(hp - need)) == "active" and need < 40:
        need += 1.0
    return need
