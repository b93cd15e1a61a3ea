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
from game.rulesets.voidmarked.sightlines import in_cover, los

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

    def __init__(self, match: Match, ent: int, squares: dict[Cell, tuple[float, float, float, float]]) -> None:
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
        g = gear(ent)
        self.weapon = w = data().weapons[g.weapon]
        self.band = weapon_band(w, g.shots if w.ranged else 1)
        self.targets = [(e, self.cells[e], self.base(ent, e, "main")) for e in self.foes]
        self.threats = []
        for e in self.standing:
            we = data().weapons[gear(e).weapon]
            self.threats.append((e, self.cells[e], weapon_band(we, 1)[1] + stats(e).speed, we,
                                 conditions(e).has("stealthed"), self.base(e, ent, "main")))

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
            ex = expect(self.match, self.side, s, self.prof)
            ev, kill = float(ex.expected_damage), float(ex.kill)
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
        board = self.board
        x, y = cell
        w = self.weapon
        lo, hi = self.band
        ranged = w.ranged
        engaged = False
        for _, there, *_rest in self.threats:
            if max(abs(there[0] - x), abs(there[1] - y)) == 1:
                engaged = True
                break
        best_ev = best_kill = best = 0.0
        flagged = self.flagged
        for _, there, b in self.targets:
            d = max(abs(there[0] - x), abs(there[1] - y))
            if d < lo or d > hi or not los(board, cell, there):
                continue
            if ranged:
                ev, kill = flagged(b, d * 5 > w.range_ft, engaged, in_cover(board, cell, there), self.hidden)
            else:
                ev, kill = flagged(b, False, False, False, self.hidden)
            score = ev + KILL_WEIGHT * kill
            if score > best:
                best_ev, best_kill, best = ev, kill, score
        exposure = 0.0
        nearest = 10**6
        for _, there, reach, we, hidden, b in self.threats:
            d = max(abs(there[0] - x), abs(there[1] - y))
            if d < nearest:
                nearest = d
            if d > reach:
                continue
            if we.ranged:
                ev, kill = flagged(b, d * 5 > we.range_ft, False, in_cover(board, there, cell), hidden)
                if not los(board, there, cell):
                    ev, kill = ev * NO_SIGHT_FACTOR, kill * NO_SIGHT_FACTOR
            else:
                ev, kill = flagged(b, False, False, False, hidden)
            exposure += ev + KILL_WEIGHT * kill
        closeness = -max(0, nearest - w.range_sq) if self.threats else 0
        return best_ev, best_kill, exposure * EXPOSURE_SHARE, float(closeness)

    def spot_chance(self, seeker: int, hider: int) -> Fraction:
        """P(seeker finds hider): Perception against Stealth, exact."""
        ties = data().rules.perception_ties == "seeker"
        rule = DuelRule(stats(seeker).perception, stats(hider).stealth, "none", 0, ties)
        return duel_odds(self.prof, 0, 0, rule).hit


_CONTEXTS: weakref.WeakKeyDictionary[Match, tuple[tuple, _Context]] = weakref.WeakKeyDictionary()
_SQUARES: weakref.WeakKeyDictionary[Match, tuple[tuple, dict]] = weakref.WeakKeyDictionary()


def forget(match: Match) -> None:
    """Drop the AI's memo for a match (tests that edit components by hand call this)."""
    _CONTEXTS.pop(match, None)
    _SQUARES.pop(match, None)


def context(match: Match) -> _Context:
    """The cached per-decision context.

    Anything that changes the state either appends to the log or (undoable moves) changes the
    actor's square or turn record, so those make a cheap key. Square tables survive moves of the
    acting unit within its turn: they depend on the pool, the enemies and the unit, not on
    where it stands.
    """
    ent = current_actor(match)
    assert ent is not None
    ts = turn_state(match)
    key = (len(match.log), len(match.inputs), match.chance.draws, ent, cell_of(ent), ts.move_left,
           ts.action_used, ts.quick_used)
    found = _CONTEXTS.get(match)
    if found is not None and found[0] == key:
        return found[1]
    rows = state_key(match)[-1]
    me = units().index(ent)
    others = tuple(r for i, r in enumerate(rows) if i != me and r[1] != "dead")
    sq_key = (ent, pool(match, side_of(ent)), rows[me][1:], others)
    sq = _SQUARES.get(match)
    if sq is None or sq[0] != sq_key:
        sq = (sq_key, {})
        _SQUARES[match] = sq
    ctx = _Context(match, ent, sq[1])
    _CONTEXTS[match] = (key, ctx)
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
    assert action.cell is not None
    ts = turn_state(match)
    dest = action.cell
    run = action.option == "run"
    d_ev, d_kill, d_exp, d_close = ctx.square(dest)
    h_ev, h_kill, h_exp, h_close = ctx.square(ctx.here)
    if not ts.action_used and not run:
        ev, kill = d_ev, d_kill
    else:
        ev, kill = 0.5 * (d_ev - h_ev), 0.5 * (d_kill - h_kill)
    steps = max(abs(dest[0] - ctx.here[0]), abs(dest[1] - ctx.here[1]))
    return Assessment(expected_damage=ev, kill_chance=kill, exposure=d_exp - h_exp,
                      progress=d_close - h_close, cost=STEP_COST * steps + (0.3 if run else 0.0))


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
