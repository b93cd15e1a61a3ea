"""AI hooks: assessments of actions and values of decisions, from exact odds and the acting side's
knowledge only (hidden enemies are where the side last saw them, never where they are)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import esper

from game.core.action import Action, Decision
from game.core.board import board_tables
from game.core.knowledge import known_units
from game.core.memo import keep, state_memo
from game.core.ruleset import Assessment
from game.rulesets.tokens.actions import DRAW as DRAW_COST
from game.rulesets.tokens.aithreat import foes_known, threat_by
from game.rulesets.tokens.combat import (
    Strike,
    can_target,
    opportunity_strikes,
    plain_strikes,
    sneak_bonus,
    strikes,
    units_seen,
    weapon,
)
from game.rulesets.tokens.components import (
    TkGear,
    TkShield,
    TkTokens,
    TkUnit,
    cell_of,
    get,
    health,
    side_of,
)
from game.rulesets.tokens.content import shipped
from game.rulesets.tokens.kinds import Ask, Ev, Kind
from game.rulesets.tokens.movement import SPRINT_COST, doubled_tiles, path_cost, threat_map
from game.rulesets.tokens.odds import heads, observe_chance_unknown
from game.rulesets.tokens.paths import steps_to_fire
from game.rulesets.tokens.stealth import sees

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.match import Match


#: what a hit that leaves a player unit bleeding (below 0: half its tokens, losing 1 health a turn
#: until it dies, and a side whose units all bleed has lost) is worth in take-outs, where bleeding
#: units act; and one that leaves it at exactly 0 (half its tokens). Counted as no take-out at all,
#: the AI spread its fire and cleaved its own units to the edge of death.
BLEED_WORTH = 0.6
ZERO_WORTH = 0.25


def knock_worth(match: Match, ent: int, to_health: int, takes: bool) -> float:
    """What a hit of `to_health` on `ent` is worth in take-outs: 1 when it takes it out, and for a
    player unit that bleeds and acts, part of one when it starts it bleeding or leaves it at 0."""
    if takes:
        return 1.0
    hp = health(ent).current
    left = hp - to_health
    if hp < 0 or left > 0 or not get(ent, TkUnit).player:
        return 0.0
    if left < 0:
        return BLEED_WORTH - (ZERO_WORTH if hp == 0 else 0.0)
    return ZERO_WORTH if hp > 0 else 0.0


def worth_of(match: Match, strikes_: list[Strike], side: str) -> tuple[float, float]:
    """(net expected health damage, net expected take-outs) of an attack's strikes for the AI:
    `combat.expected`, with the part-take-outs of `knock_worth` (under the reading where bleeding
    units are down, going below 0 is a whole take-out already)."""
    dmg = kills = 0.0
    for s in strikes_:
        sign = float(s.chance) if side_of(s.ent) != side else -float(s.chance)
        dmg += sign * s.to_health
        kills += sign * knock_worth(match, s.ent, s.to_health, s.takes_out)
    return dmg, kills


def best_mode(match: Match, ent: int, wid: str, target: int) -> tuple[float, float]:
    """(net expected damage, net expected take-outs: `worth_of`) of the attack's best property choice."""
    side = side_of(ent)
    best = (-1e9, 0.0)
    memo = state_memo(match, "tokens.units_seen")
    seen = memo.get(side)
    if seen is None:
        seen = memo[side] = units_seen(match, side)
    for props in weapon(wid).combos:
        got = worth_of(match, strikes(match, ent, wid, props, target, sneak_bonus(ent), side, seen), side)
        if got[0] + 4 * got[1] > best[0] + 4 * best[1]:
            best = got
    return best


def side_threats(match: Match, ent: int) -> dict[tuple[int, int], list[int]]:
    """`threat_map` for `ent`'s side, kept while the state stands still (do not change it)."""
    side = side_of(ent)
    memo = state_memo(match, "tokens.threats")
    found = memo.get(side)
    if found is None:
        found = memo[side] = threat_map(match, ent)
    return found


def nearest(match: Match, cell: tuple[int, int], foes: dict[int, tuple[int, int]]) -> int:
    """Tiles to the nearest of `foes` (kept while the state stands still)."""
    memo = state_memo(match, "tokens.nearest")
    key = (cell, tuple(foes.values()))
    found = memo.get(key)
    if found is None:
        # Chebyshev distance inlined (tokens boards are square): the AI asks for every move it weighs
        x, y = cell
        found = memo[key] = min((max(abs(c[0] - x), abs(c[1] - y)) for c in foes.values()), default=0)
    return found


#: spent move tokens kept per board (its `board_tables`, so they go with the match's board), per
#: (start, path, parity, Bypass): a path's price never changes, and the AI weighs the same moves
#: again after every other unit's input (the newest only: none was asked again after ~1500 newer)
SPENT_KEPT = 8192


def spent_on(board: Board, start: tuple[int, int], path: tuple, diagonals: int, bypass: bool,
             doubled: frozenset[tuple[int, int]] | None = None) -> float:
    """`path_cost` of a move, kept (`doubled`: the tiles a Bypass pays double out of)."""
    memo = board_tables(board).setdefault("tokens_spent", {})
    key = (start, path, diagonals % 2, bypass, doubled if bypass else None)
    found = memo.get(key)
    if found is None:
        found = keep(memo, key, path_cost(board, start, path, diagonals, bypass, doubled)[0], SPENT_KEPT)
    return found


def aoo_damage(match: Match, ent: int, path: tuple, threats: dict[tuple[int, int], list[int]] | None = None,
               memo: dict[Any, Any] | None = None) -> float:
    """Expected damage the path's attacks of opportunity deal to the mover (`threats` and `memo`:
    the side's threatened tiles and the per-foe damage kept for this state, when at hand)."""
    threats = side_threats(match, ent) if threats is None else threats
    if not threats:
        return 0.0
    memo = state_memo(match, "tokens.aoo") if memo is None else memo
    return _aoo_from(match, ent, cell_of(ent), path, threats, memo)


def sneak_watched(match: Match, ent: int) -> bool:
    """Whether `ent` tried to sneak on the tile it stands on this turn and an unseen enemy watching
    it made the attempt fail (its own side's log line: the side knows the attempt failed, never
    where the watcher is). Trying again there this turn would fail the same way."""
    here = list(cell_of(ent))
    rnd = match.table.round
    side = side_of(ent)
    for ev in reversed(match.log):
        if ev.round != rnd:
            break
        if (ev.kind == Ev.SNEAK and ev.data.get("watched") and ev.data.get("unit") == ent
                and ev.data.get("cell") == here and ev.visible_to(side)):
            return True
    return False


def _closest(cell: tuple[int, int], foes: dict[int, tuple[int, int]]) -> int:
    """`nearest` without its memo (a handful of foes: cheaper than the lookup)."""
    x, y = cell
    best = -1
    for fx, fy in foes.values():
        d = max(abs(fx - x), abs(fy - y))
        if best < 0 or d < best:
            best = d
    return max(best, 0)


def _mover(match: Match, ent: int) -> tuple[Any, ...]:
    """What weighing any move of `ent` reads, once per state: (start, tile parity count, weapon
    reach, known foes, tiles to the nearest now, steps to a firing tile per tile, threatened tiles,
    per-foe opportunity damage memo, the tiles a Bypass pays double out of)."""
    memo = state_memo(match, "tokens.mover")
    found = memo.get(ent)
    if found is None:
        side = side_of(ent)
        foes = foes_known(match, side)
        start = cell_of(ent)
        wid = get(ent, TkGear).held
        reach_ = weapon(wid).range if wid else 1
        field = steps_to_fire(match.board, frozenset(foes.values()), reach_)
        threats = side_threats(match, ent)
        found = memo[ent] = (start, get(ent, TkTokens).diagonals, reach_, foes, _closest(start, foes), field,
                             threats, state_memo(match, "tokens.aoo"), doubled_tiles(match, threats))
    return found


def closing(match: Match, ent: int, dest: tuple[int, int]) -> float:
    """Steps a move of `ent` to `dest` closes to where it can fire (its assessed progress)."""
    mover = _mover(match, ent)
    return closing_of(mover, mover[5].get(mover[0]), dest)


def closing_of(mover: tuple[Any, ...], at_start: int | None, dest: tuple[int, int]) -> float:
    """`closing` from the unit's `_mover` tuple (`at_start`: its steps to fire where it stands)."""
    then = mover[5].get(dest)
    if at_start is not None and then is not None:
        # steps to a tile in range and sight of a foe: a foe behind a wall is not in range
        return float(at_start - then)
    # close to weapon range, not further
    reach_ = mover[2]
    return float(max(0, mover[4] - reach_) - max(0, _closest(dest, mover[3]) - reach_))


def _assess_move(match: Match, ent: int, action: Action) -> Assessment:
    """A move or sprint: closing to where it can fire, the attacks of opportunity it provokes,
    the tokens it spends."""
    mover = _mover(match, ent)
    start, diagonals, _reach, _foes, _before, field, threats, aoo, doubled = mover
    path = action.path
    progress = closing_of(mover, field.get(start), path[-1])
    exposure = 0.0
    if action.option != "bypass" and threats:  # a sprint provokes like a move (TK-AOO)
        exposure = _aoo_from(match, ent, start, path, threats, aoo)
    if action.kind == Kind.SPRINT:
        spent = float(SPRINT_COST)
    else:
        spent = spent_on(match.board, start, path, diagonals, action.option == "bypass", doubled)
    return Assessment(progress=progress, exposure=exposure, cost=0.02 * spent)


def _aoo_from(match: Match, ent: int, start: tuple[int, int], path: tuple,
              threats: dict[tuple[int, int], list[int]], memo: dict[Any, Any]) -> float:
    """`aoo_damage` of a path from `start` (the provokers of `movement.provokers`, in its order)."""
    total = 0.0
    done: set[int] = set()
    for c in (start, *path[:-1]):
        for foe in threats.get(c, ()):
            if foe in done:
                continue
            done.add(foe)
            per_foe = memo.get((foe, ent))
            if per_foe is None:
                n = opportunity_strikes(match, foe)
                one = plain_strikes(match, foe, get(foe, TkGear).held, ent) if n else []
                # a blinded foe's strike connects on its coin only (TK-BLIND): the strike's own chance
                per = float(one[0].chance) * one[0].to_health if one else 0.0
                per_foe = memo[(foe, ent)] = per * n
            total += per_foe
    return total


def move_spent(match: Match, ent: int, action: Action) -> float:
    """Move tokens a move or sprint of `ent` spends (a Bypass priced by the match's reading)."""
    if action.kind == Kind.SPRINT:
        return float(SPRINT_COST)
    start, diagonals, *_rest, doubled = _mover(match, ent)
    return spent_on(match.board, start, action.path, diagonals, action.option == "bypass", doubled)


def _fire_worth(match: Match, ent: int, wid: str | None, move_left: int,
                foes: dict[int, tuple[int, int]]) -> float:
    """Damage (before armour) `ent` can fire with weapon `wid` this turn at an enemy within its
    range after `move_left` move tokens of approach (0 when empty or none is within reach)."""
    if not wid or move_left < 0:
        return 0.0
    w = weapon(wid)
    attacks = get(ent, TkTokens).attack // max(1, w.cost)
    if w.ammo:
        attacks = min(attacks, get(ent, TkGear).loaded.get(wid, 0))
    if attacks <= 0:
        return 0.0
    here = cell_of(ent)
    if not any(max(abs(c[0] - here[0]), abs(c[1] - here[1])) <= w.range + move_left for c in foes.values()):
        return 0.0
    return float(attacks * w.damage)


@functools.cache
def _heads_expected(n: int) -> float:
    """The heads `n` flips are expected to give (exact, then a float: asked for every sneak weighed)."""
    return float(heads(n).expect())


@functools.cache
def _observe_odds(n: int) -> float:
    """`observe_chance_unknown` of `n` observe tokens against 2 sneak tokens, as a float (kept)."""
    return float(observe_chance_unknown(n, 2))


def assess(match: Match, action: Action) -> Assessment:
    """Baseline terms of one action."""
    kind, ent = action.kind, action.actor
    if kind == Kind.END or ent is None:
        return Assessment()
    if kind in (Kind.MOVE, Kind.SPRINT):
        return _assess_move(match, ent, action)
    side = side_of(ent)
    tokens = get(ent, TkTokens)
    if kind == Kind.ATTACK:
        assert action.target is not None
        dmg, kills = best_mode(match, ent, action.option, action.target)
        return Assessment(expected_damage=dmg, kill_chance=kills, cost=0.05 * weapon(action.option).cost)
    foes = foes_known(match, side)
    if kind == Kind.SNEAK:
        if sneak_watched(match, ent):
            return Assessment(progress=-1.0)
        n = int(action.option)
        return Assessment(progress=0.3 * _heads_expected(n) - 0.1 * n)
    if kind == Kind.OBSERVE:
        n = int(action.option)
        # worth a token only against a sneaker last seen where this unit can see (the true cell is
        # not the side's to know); each token is a move token the unit no longer has
        memo = state_memo(match, "tokens.hiding")
        key = (side, cell_of(ent))
        near = memo.get(key)
        if near is None:
            here = cell_of(ent)
            near = memo[key] = sum(1 for b in known_units(match, side) if b.hidden and (
                b.cell is None or sees(match.board, here, b.cell)))
        chance = _observe_odds(n) if near else 0.0
        return Assessment(progress=min(2, near) * 0.8 * chance - 0.25 * n)
    if kind == Kind.RELOAD:
        loaded = get(ent, TkGear).loaded.get(action.option, 0)
        return Assessment(progress=2.0 if loaded == 0 else 0.1)
    if kind == Kind.DRAW:
        # worth the difference between what the drawn and the held weapon can fire this turn
        left = tokens.move - DRAW_COST
        gain = (_fire_worth(match, ent, action.option, left, foes)
                - _fire_worth(match, ent, get(ent, TkGear).held, tokens.move, foes))
        return Assessment(progress=gain - 0.3)
    if kind == Kind.APPLY:
        assert action.target is not None
        it = shipped().items[action.option]
        if it.heal:
            h = health(action.target)
            return Assessment(progress=0.6 * min(it.heal, h.maximum - h.current))
        return Assessment(expected_damage=float(it.harm * it.rounds) * 0.8)
    if kind == Kind.AWAIT:
        wid = get(ent, TkGear).held
        near = any(match.board.distance(cell_of(ent), c) <= weapon(wid).range + 4 for c in foes.values())
        return Assessment(progress=0.6 if near and tokens.attack == 0 else -0.3)
    if kind == Kind.OVERCHARGE:
        sh = esper.try_component(ent, TkShield)
        held = get(ent, TkGear).held
        cost = weapon(held).cost if held else 0
        # the token it takes costs an attack this turn when one is within reach
        loses = bool(cost) and tokens.attack // cost > (tokens.attack - 1) // cost and _fire_worth(
            match, ent, held, tokens.move, foes) > 0
        threatened = sum(threat_by(match, side, cell_of(ent)).values())
        if loses or not threatened or sh is None:
            return Assessment(progress=-1.0 if loses else -0.3)
        return Assessment(progress=0.5 * min(float(sh.charges), threatened))
    return Assessment(progress=-0.3)


def advise(match: Match, decision: Decision) -> dict[str, float]:
    """Values of the answers to attacks of opportunity, overwatch and property choices."""
    ctx = decision.context
    if decision.kind == Ask.MODE:
        side = decision.side
        out = {}
        for i, props in enumerate(weapon(ctx["weapon"]).combos):
            dmg, kills = worth_of(
                match,
                strikes(
                    match,
                    ctx["attacker"],
                    ctx["weapon"],
                    props,
                    ctx["target"],
                    sneak_bonus(ctx["attacker"]),
                    side,
                ),
                side,
            )
            out[str(i)] = dmg + 4 * kills
        return out
    if decision.kind in (Ask.AOO, Ask.OVERWATCH):
        foe, target = ctx["attacker"], ctx["target"]
        wid = get(foe, TkGear).held
        props = () if decision.kind == Ask.AOO else weapon(wid).combos[0]
        plan = strikes(match, foe, wid, props, target, viewer=decision.side)
        dmg, kills = worth_of(match, plan, decision.side)
        times = ctx.get("times", 1)
        yes = "strike" if decision.kind == Ask.AOO else "fire"
        no = "pass" if decision.kind == Ask.AOO else "hold"
        return {yes: times * (dmg + 4 * kills), no: 0.0}
    return {}


__all__ = ["assess", "advise", "can_target"]
