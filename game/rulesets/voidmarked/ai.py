"""Preview, assess and advise: the UI's odds and the baseline AI's terms, from exact distributions.

Everything is judged from the acting side's knowledge: its pool is the cards it cannot see
(deck and the other side's hand). Attack values come from `combat.expect` (the same odds the
preview shows); a move is scored by the attack it allows from the destination, the enemy fire
it exposes the unit to there (each enemy's exact expected damage, cover included), and how far
it closes on the enemy. Per decision the terms are cached, so scoring every reachable square
costs a few table look-ups each.
"""

from __future__ import annotations

import weakref
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from game.core.action import Action, Decision
from game.core.cards import card_value
from game.core.geometry import Cell
from game.core.ruleset import Assessment, Preview
from game.rulesets.voidmarked.actions import area_targets, sweep_targets
from game.rulesets.voidmarked.combat import (
    KILL_WEIGHT,
    Strike,
    base_strike,
    expect,
    nets,
    placed,
    pool,
    strike,
)
from game.rulesets.voidmarked.content import Voidcall, Weapon
from game.rulesets.voidmarked.movement import reach_for
from game.rulesets.voidmarked.odds import BAND_NAMES, DuelRule, band_odds, check_odds, duel_odds
from game.rulesets.voidmarked.query import (
    active,
    cell_of,
    conditions,
    current_actor,
    data,
    enemies,
    gear,
    health,
    name_of,
    side_of,
    state_key,
    stats,
    status,
    turn_state,
    units,
    void,
)
from game.rulesets.voidmarked.sightlines import board_cache, in_cover, los

if TYPE_CHECKING:
    from game.core.match import Match

EXPOSURE_SHARE = 0.5  # enemies split their fire: count half of what they could do to this unit
NO_SIGHT_FACTOR = 0.35  # an enemy without sight now may still walk into it
VE_COST = 0.12  # worth of one Void Energy point
STEP_COST = 0.03  # a small price per square so units do not wander for nothing


def weapon_band(w: Weapon, shots: int) -> tuple[int, int]:
    """(nearest, farthest) squares the weapon can attack at; (1, 0) when it cannot fire."""
    if w.ranged:
        return (2, 2 * w.range_ft // 5) if shots > 0 else (1, 0)
    return 1, w.range_sq


def card_cost(card: str) -> float:
    """What spending a hand card costs the side: high cards win more duels later."""
    return 0.6 + 0.12 * card_value(card)


class _Context:
    """The acting side's view for one decision."""

    def __init__(self, match: Match, ent: int, squares: dict[Cell, tuple[float, float, float, float]],
                 geometry: dict[Cell, tuple[tuple[int, ...], tuple[int, ...], float]]) -> None:
        self.match = match
        self.ent = ent
        self.side = side_of(ent)
        self.prof = pool(match, self.side)
        self.here = cell_of(ent)
        self.board = match.board
        self.foes = enemies(ent)
        self.standing = [e for e in self.foes if active(e)]
        self.cells = {e: cell_of(e) for e in self.foes}
        self.hidden = conditions(ent).has("stealthed")
        self.bases: dict[tuple[int, int, str, str], Strike] = {}
        self.values: dict[tuple, tuple[float, float]] = {}
        self.squares = squares
        self.geometry = geometry
        g = gear(ent)
        self.weapon = w = data().weapons[g.weapon]
        self.band = weapon_band(w, g.shots if w.ranged else 1)
        self.sight = board_cache(match.board)
        self.targets = [(e, self.cells[e], self.base(ent, e, "main"), [None] * 8) for e in self.foes]
        self.threats = []
        self.speeds = {e: stats(e).speed for e in self.standing}
        for e in self.standing:
            we = data().weapons[gear(e).weapon]
            self.threats.append((e, self.cells[e], weapon_band(we, 1)[1] + stats(e).speed, we,
                                 conditions(e).has("stealthed"), self.base(e, ent, "main"), [None] * 4))

    def base(self, att: int, tgt: int, hand: str, source: str = "") -> Strike:
        key = (att, tgt, hand, source)
        found = self.bases.get(key)
        if found is None:
            found = self.bases[key] = base_strike(self.match, att, tgt, hand, source)
        return found

    def flagged(self, b: Strike, long: bool, engaged: bool, covered: bool, hidden: bool) -> tuple[float, float]:
        """(expected damage, take-out chance) of a strike given its position flags (combat.nets)."""
        key = (b.attacker, b.target, b.hand, b.source, long, engaged, covered, hidden)
        found = self.values.get(key)
        if found is None:
            net_a, net_d = nets(b, long, engaged, covered, hidden)
            s = replace(b, net_a=net_a, net_d=net_d)
            ev, kill = expect(self.match, self.side, s, self.prof).floats()
            if b.target != self.ent and conditions(b.target).has("stealthed"):
                p = float(self.spot_chance(b.attacker, b.target))
                ev, kill = ev * p, kill * p
            found = self.values[key] = (ev, kill)
        return found

    # -- squares -------------------------------------------------------------------------------
    def square(self, cell: Cell) -> tuple[float, float, float, float]:
        """(attack damage, take-out chance) available from a square, the enemy fire it draws
        there, and how close it is to the nearest enemy; cached for the whole unit-turn."""
        found = self.squares.get(cell)
        if found is None:
            found = self.squares[cell] = self._square(cell)
        return found

    def _square(self, cell: Cell) -> tuple[float, float, float, float]:
        geo = self.geometry.get(cell)
        if geo is None:
            geo = self.geometry[cell] = self._geometry(cell)
        codes, threat_codes, closeness = geo
        best_ev = best_kill = best = 0.0
        for (_, _, b, slots), code in zip(self.targets, codes, strict=True):
            if code < 0:
                continue
            found = slots[code]
            if found is None:
                found = slots[code] = self.flagged(b, bool(code & 4), bool(code & 2), bool(code & 1), self.hidden)
            ev, kill = found
            score = ev + KILL_WEIGHT * kill
            if score > best:
                best_ev, best_kill, best = ev, kill, score
        exposure = 0.0
        for (_, _, _, _, hidden, b, slots), code in zip(self.threats, threat_codes, strict=True):
            if code < 0:
                continue
            found = slots[code & 3]
            if found is None:
                found = slots[code & 3] = self.flagged(b, bool(code & 2), False, bool(code & 1), hidden)
            ev, kill = found
            if code & 4:
                ev, kill = ev * NO_SIGHT_FACTOR, kill * NO_SIGHT_FACTOR
            exposure += ev + KILL_WEIGHT * kill
        return best_ev, best_kill, exposure * EXPOSURE_SHARE, closeness

    def _geometry(self, cell: Cell) -> tuple[tuple[int, ...], tuple[int, ...], float]:
        """Position flags of a square against each enemy: which attacks are possible and how
        (long range, engaged, cover as bits), and which enemies can reach it next turn."""
        board = self.board
        x, y = cell
        w = self.weapon
        lo, hi = self.band
        ranged = w.ranged
        range_ft = w.range_ft
        sight = self.sight
        open_sight, no_cover = sight.open_sight, sight.no_cover
        engaged = False
        for _, (ex, ey), *_rest in self.threats:
            if -1 <= ex - x <= 1 and -1 <= ey - y <= 1:
                engaged = True
                break
        codes = []
        for _, there, _, _ in self.targets:
            dx = there[0] - x
            dy = there[1] - y
            d = max(dx if dx >= 0 else -dx, dy if dy >= 0 else -dy)
            if d < lo or d > hi or (not open_sight and not los(board, cell, there)):
                codes.append(-1)
            elif ranged:
                covered = not no_cover and in_cover(board, cell, there)
                codes.append((d * 5 > range_ft) * 4 + engaged * 2 + covered)
            else:
                codes.append(0)
        threat_codes = []
        nearest = 10**6
        for e, there, reach, we, _, _, _ in self.threats:
            speed = self.speeds[e]
            dx = there[0] - x
            dy = there[1] - y
            d = max(dx if dx >= 0 else -dx, dy if dy >= 0 else -dy)
            if d < nearest:
                nearest = d
            if d > reach:
                threat_codes.append(-1)
            elif we.ranged:
                # it may use its Move first: long range only if still beyond range after it
                covered = not no_cover and in_cover(board, there, cell)
                blind = not open_sight and not los(board, there, cell)
                threat_codes.append(blind * 4 + ((d - speed) * 5 > we.range_ft) * 2 + covered)
            else:
                threat_codes.append(0)
        closeness = float(-max(0, nearest - w.range_sq)) if self.threats else 0.0
        return tuple(codes), tuple(threat_codes), closeness

    def spot_chance(self, seeker: int, hider: int) -> Fraction:
        """P(seeker finds hider): Perception against Stealth, exact."""
        ties = data().rules.perception_ties == "seeker"
        rule = DuelRule(stats(seeker).perception, stats(hider).stealth, "none", 0, ties)
        return duel_odds(self.prof, 0, 0, rule).hit


_CONTEXTS: weakref.WeakKeyDictionary[Match, tuple[tuple, _Context]] = weakref.WeakKeyDictionary()
_SQUARES: weakref.WeakKeyDictionary[Match, tuple[tuple, dict]] = weakref.WeakKeyDictionary()
_GEOMETRY: weakref.WeakKeyDictionary[Match, tuple[tuple, dict]] = weakref.WeakKeyDictionary()


def forget(match: Match) -> None:
    """Drop the AI's memo for a match (tests that edit components by hand call this)."""
    _CONTEXTS.pop(match, None)
    _SQUARES.pop(match, None)
    _GEOMETRY.pop(match, None)


def context(match: Match) -> _Context:
    """The cached per-decision context.

    Every change of state appends to the log, and undo restores fresh component objects, so the
    log length plus the identity of the turn record (held by the cache, so never reused) make a
    cheap key. Square tables survive moves of the acting unit within its turn: they depend on
    the pool, the enemies and the unit, not on where it stands.
    """
    ts = turn_state(match)
    found = _CONTEXTS.get(match)
    if found is not None:
        key, ctx = found
        if (key[0] is ts and key[1] == len(match.log) and key[2] == len(match.inputs)
                and key[3] == (ts.move_left, ts.action_used, ts.quick_used)):
            return ctx
    ent = ts.actor
    rows = state_key(match)[-1]
    me = units().index(ent)
    others = tuple(r for i, r in enumerate(rows) if i != me and r[1] != "dead")
    sq_key = (ent, pool(match, side_of(ent)), rows[me][1:], others)
    sq = _SQUARES.get(match)
    if sq is None or sq[0] != sq_key:
        sq = (sq_key, {})
        _SQUARES[match] = sq
    g = gear(ent)
    geo_key = (ent, g.weapon, g.shots > 0, tuple((r[0], r[1]) for r in others), rows[me][-1])
    geo = _GEOMETRY.get(match)
    if geo is None or geo[0] != geo_key:
        geo = (geo_key, {})
        _GEOMETRY[match] = geo
    ctx = _Context(match, ent, sq[1], geo[1])
    ctx.fresh_action = not ts.action_used
    _CONTEXTS[match] = ((ts, len(match.log), len(match.inputs), (ts.move_left, ts.action_used, ts.quick_used)),
                        ctx)
    return ctx


# -- assess ----------------------------------------------------------------------------------------
def assess(match: Match, action: Action) -> Assessment:
    """Baseline-AI terms for one legal action."""
    ctx = context(match)
    kind = action.kind
    if kind == "end":
        return Assessment()
    if kind == "move":
        return _assess_move(match, ctx, action)
    if kind == "dash":
        return _assess_dash(match, ctx)
    if kind == "attack":
        return _assess_attack(match, ctx, action)
    if kind == "voidcall":
        return _assess_voidcall(match, ctx, action)
    if kind == "reload":
        g = gear(ctx.ent)
        w = data().weapons[g.offhand if action.option == "offhand" else g.weapon]
        shots = g.offhand_shots if action.option == "offhand" else g.shots
        missing = (w.shots - shots) / w.shots
        worth = 3.0 if shots == 0 else 0.4 * missing
        return Assessment(expected_damage=worth)
    if kind == "hide":
        return Assessment(exposure=-0.5 * ctx.square(ctx.here)[2])
    return Assessment()


def _assess_move(match: Match, ctx: _Context, action: Action) -> Assessment:
    dest = action.cell
    assert dest is not None
    squares = ctx.squares
    d_ev, d_kill, d_exp, d_close = squares.get(dest) or ctx.square(dest)
    h_ev, h_kill, h_exp, h_close = squares.get(ctx.here) or ctx.square(ctx.here)
    if ctx.fresh_action:
        ev, kill = d_ev, d_kill  # it can still attack from there this turn
    else:
        ev, kill = 0.5 * (d_ev - h_ev), 0.5 * (d_kill - h_kill)  # next turn's
    steps = max(abs(dest[0] - ctx.here[0]), abs(dest[1] - ctx.here[1]))
    return Assessment(expected_damage=ev, kill_chance=kill, exposure=d_exp - h_exp,
                      progress=d_close - h_close, cost=STEP_COST * steps)


def _assess_dash(match: Match, ctx: _Context) -> Assessment:
    """A second Move gives up the attack: worth the ground it gains when the first Move cannot
    bring the unit within reach of an enemy."""
    ts = turn_state(match)
    reach = reach_for(match, ctx.ent, ts.move_left) if ts.move_left >= 1 else None
    cells = reach.stoppable if reach is not None else {ctx.here}
    best = max((ctx.square(c)[3] for c in cells), default=0.0)
    if best >= 0:
        return Assessment(cost=1.0)  # the first Move already gets there
    gain = min(float(stats(ctx.ent).speed), -best)
    return Assessment(progress=gain, cost=0.3)


def _strikes_for(match: Match, ctx: _Context, action: Action) -> list[Strike]:
    """The strikes an attack or voidcall would make, placed where the units stand now."""
    ent = ctx.ent
    assert action.target is not None or action.cell is not None
    if action.kind == "attack":
        hand = "offhand" if action.option == "offhand" else "main"
        targets = [action.target]
        if action.option == "sweep":
            targets += sweep_targets(match, ent, action.target, data().weapons[gear(ent).weapon], gear(ent).shots)
        out = []
        hidden = ctx.hidden
        for t in targets:
            b = ctx.base(ent, t, hand)  # type: ignore[arg-type]
            out.append(placed(match, b, ctx.here, ctx.cells[t], hidden=hidden))  # type: ignore[index]
            hidden = hidden and b.silenced
        return out
    v = data().voidcalls[action.option]
    if v.radius:
        assert action.cell is not None
        return [placed(match, ctx.base(ent, t, "void", v.id), ctx.here, cell_of(t), centre=action.cell,
                       hidden=ctx.hidden) for t in area_targets(match, ent, v, action.cell)]
    assert action.target is not None
    return [placed(match, ctx.base(ent, action.target, "void", v.id), ctx.here, cell_of(action.target),
                   hidden=ctx.hidden)]


def _strike_value(match: Match, ctx: _Context, s: Strike) -> tuple[float, float]:
    ex = expect(match, ctx.side, s, ctx.prof)
    ev, kill = float(ex.expected_damage), float(ex.kill)
    if s.condition:
        hit = float(ex.odds.hit)
        ev += hit * _condition_worth(s.condition, s.target)
    if conditions(s.target).has("stealthed") and s.hand != "void" or (
            s.hand == "void" and conditions(s.target).has("stealthed") and not data().voidcalls[s.source].radius):
        p = float(ctx.spot_chance(s.attacker, s.target))
        ev, kill = ev * p, kill * p
    return ev, kill


def _condition_worth(name: str, tgt: int) -> float:
    cd = data().conditions[name]
    turns = max(cd.turns, 1)
    dmg = cd.damage if cd.type not in stats(tgt).resist else (cd.damage + 1) // 2
    worth = dmg * turns + 1.0 * (abs(cd.hit) + abs(cd.defence)) * turns
    if name in stats(tgt).status_resist:
        worth *= 0.5
    return worth


def _assess_attack(match: Match, ctx: _Context, action: Action) -> Assessment:
    ev = kill = 0.0
    for s in _strikes_for(match, ctx, action):
        e, k = _strike_value(match, ctx, s)
        ev += e
        kill += k
    shots = len(_strikes_for(match, ctx, action)) if action.option == "sweep" else 0
    return Assessment(expected_damage=ev, kill_chance=kill, cost=0.1 * shots)


def _assess_voidcall(match: Match, ctx: _Context, action: Action) -> Assessment:
    v = data().voidcalls[action.option]
    if v.kind == "heal":
        assert action.target is not None and v.damage is not None
        hp = health(action.target)
        missing = hp.maximum - hp.current
        probs = band_odds(ctx.prof, 0, v.bands)
        healed = sum(float(p) * min(missing, v.damage[b - 1]) for b, p in enumerate(probs) if b)
        revive = KILL_WEIGHT * float(1 - probs[0]) if status(action.target).state == "down" else 0.0
        return Assessment(expected_damage=healed + revive, cost=VE_COST * v.cost)
    ev = kill = 0.0
    mine = side_of(ctx.ent)
    for s in _strikes_for(match, ctx, action):
        e, k = _strike_value(match, ctx, s)
        sign = -1.0 if side_of(s.target) == mine else 1.0
        ev += sign * e
        kill += sign * k
    backlash = 0.0
    if v.instability_below:
        p_bad = 1 - check_odds(ctx.prof, 0, 0, v.instability_below)
        backlash = float(p_bad) * v.instability_damage
    return Assessment(expected_damage=ev, kill_chance=kill, cost=VE_COST * v.cost + backlash)


# -- advise ----------------------------------------------------------------------------------------
def advise(match: Match, decision: Decision) -> dict[str, float]:
    """Worth of each answer to the deciding side: the outcome's exact value minus the card spent."""
    values: dict[str, float] = dict(decision.context.get("values", {}))
    cards: dict[str, str] = decision.context.get("cards", {})
    for key, card in cards.items():
        if key in values:
            values[key] -= card_cost(card)
    return values


# -- preview ---------------------------------------------------------------------------------------
def preview(match: Match, action: Action) -> Preview | None:
    """Exact odds and breakdown of an attack or voidcall for the acting side."""
    if action.kind not in ("attack", "voidcall"):
        return None
    ent = current_actor(match)
    assert ent is not None
    side = side_of(ent)
    ctx = context(match)
    if action.kind == "voidcall" and data().voidcalls[action.option].kind == "heal":
        v: Voidcall = data().voidcalls[action.option]
        assert v.damage is not None
        probs = band_odds(ctx.prof, 0, v.bands)
        outs = [(f"heal {BAND_NAMES[b]} ({0 if b == 0 else v.damage[b - 1]})", float(p))
                for b, p in enumerate(probs) if p]
        healed = sum(float(p) * (0 if b == 0 else v.damage[b - 1]) for b, p in enumerate(probs))
        return Preview(f"{v.name} → {name_of(action.target)}", outs, expected_damage=-healed,  # type: ignore[arg-type]
                       lines=[f"odds from the {sum(ctx.prof)} cards {side} cannot see"])
    strikes = _strikes_for(match, ctx, action)
    if not strikes:
        return Preview(action.label or action.kind, lines=["no one in the area"])
    first = strikes[0]
    ex = expect(match, side, first, ctx.prof)
    lines = [f"attack: card {' '.join(f'+ {n} {v}' for n, v in first.att_parts)}",
             f"defence: card {' '.join(f'+ {n} {v}' for n, v in first.def_parts)}",
             *first.reasons,
             f"odds from the {sum(ctx.prof)} cards {side} cannot see (deck and the other hand)"]
    total_ev = float(ex.expected_damage)
    total_kill = float(ex.kill)
    for s in strikes[1:]:
        e2 = expect(match, side, s, ctx.prof)
        total_ev += float(e2.expected_damage)
        total_kill += float(e2.kill)
        lines.append(f"also {name_of(s.target)}: hit {float(e2.odds.hit):.0%}, "
                     f"expected {float(e2.expected_damage):.1f}")
    if conditions(first.target).has("stealthed"):
        lines.append(f"{name_of(first.target)} is hidden: must be spotted first "
                     f"({float(ctx.spot_chance(ent, first.target)):.0%})")
    return Preview(f"{first.name} → {name_of(first.target)}",
                   [(label, float(p)) for p, _, label in ex.outcomes],
                   hit=float(ex.odds.hit), crit=float(ex.odds.crit), expected_damage=total_ev,
                   kill=total_kill, lines=lines)


def strike_now(match: Match, att: int, tgt: int, hand: str = "main", source: str = "") -> Strike:
    """A strike as it stands (tests and tools)."""
    return strike(match, att, tgt, hand, source)


def void_points(ent: int) -> int:
    """Current Void Energy (tests and tools)."""
    return void(ent).current
