"""Preview, assess and advise: the UI's odds and the baseline AI's terms, from exact distributions.

Everything is judged from the acting side's knowledge: its pool is the cards it cannot see
(deck and the other side's hand). Attack values come from `combat.expect`, the same odds the
preview shows. A move is scored from `squares.Squares`: the attack it allows from the
destination (this turn if the Action is still unspent, else half of it for next turn), the
enemy fire it draws there and the ground it gains, all relative to staying put; ending the
turn scores zero.
"""

from __future__ import annotations

import weakref
from fractions import Fraction
from typing import TYPE_CHECKING

from game.core.action import Action, Decision
from game.core.cards import card_value
from game.core.ruleset import Assessment, Preview
from game.core.sides import side_name
from game.rulesets.voidmarked.areas import area_targets, sweep_targets
from game.rulesets.voidmarked.expectation import KILL_WEIGHT, expect, pool
from game.rulesets.voidmarked.kinds import Kind
from game.rulesets.voidmarked.odds import BAND_NAMES, band_odds, check_odds
from game.rulesets.voidmarked.query import (
    cell_of,
    conditions,
    data,
    gear,
    health,
    name_of,
    order,
    reach_for,
    side_of,
    state_key,
    stats,
    status,
    table,
    turn_state,
    units,
    void,
)
from game.rulesets.voidmarked.schemas import Voidcall
from game.rulesets.voidmarked.squares import Squares, spot_chance
from game.rulesets.voidmarked.strikes import Strike, base_strike, placed, strike

if TYPE_CHECKING:
    from game.core.match import Match

VE_COST = 0.12  # worth of one Void Energy point
STEP_COST = 0.03  # a small price per square so units do not wander for nothing
RELOAD_EMPTY = 3.0  # worth of reloading an empty weapon


def card_cost(card: str) -> float:
    """What spending a hand card costs the side: high cards win more duels later."""
    return 0.6 + 0.12 * card_value(card)


class _Context:
    """The acting side's view for one decision."""

    def __init__(self, match: Match, ent: int, squares: Squares) -> None:
        # weakly: the memo below is keyed weakly on the match, and a strong reference from its
        # value would keep every finished match (and its world) alive
        self._match = weakref.ref(match)
        self.ent = ent
        self.side = side_of(ent)
        self.prof = pool(match, self.side)
        self.here = cell_of(ent)
        self.hidden = conditions(ent).has("stealthed")
        self.fresh_action = not turn_state(match).action_used
        self.squares = squares
        self.bases: dict[tuple[int, int, str, str], Strike] = {}

    @property
    def match(self) -> Match:
        """The match this context was built for (alive while anyone asks about it)."""
        found = self._match()
        assert found is not None
        return found

    def base(self, att: int, tgt: int, hand: str, source: str = "") -> Strike:
        """The unit-dependent terms of a strike (cached for the decision)."""
        key = (att, tgt, hand, source)
        found = self.bases.get(key)
        if found is None:
            found = self.bases[key] = base_strike(self.match, att, tgt, hand, source)
        return found


_CONTEXTS: weakref.WeakKeyDictionary[Match, tuple[tuple, _Context]] = weakref.WeakKeyDictionary()
_SQUARES: weakref.WeakKeyDictionary[Match, tuple[tuple, Squares]] = weakref.WeakKeyDictionary()
_GEOMETRY: weakref.WeakKeyDictionary[Match, tuple[tuple, dict]] = weakref.WeakKeyDictionary()
_TURN_POOL: weakref.WeakKeyDictionary[Match, tuple[tuple, tuple[int, ...]]] = weakref.WeakKeyDictionary()


# the last context handed out, checked before the weak dictionary: assess asks for it once per
# legal action, and building a weak reference for each look-up costs more than the check
_LAST: list = [None]


def forget(match: Match) -> None:
    """Drop the AI's memo for a match (tests that edit components by hand call this)."""
    match.touch()
    _LAST[0] = None
    for memo in (_CONTEXTS, _SQUARES, _GEOMETRY, _TURN_POOL):
        memo.pop(match, None)


def context(match: Match) -> _Context:
    """The cached per-decision context.

    Every change of state appends to the log, and undo restores fresh component objects, so the
    log length plus the identity of the turn record (held by the cache, so never reused) make a
    cheap key.
    """
    ts = turn_state(match)
    flags = (ts.moves_left, ts.action_used, ts.quick_used)
    last = _LAST[0]
    if last is not None and last[0]() is match:
        key, ctx = last[1]
        if key[0] is ts and key[1] == len(match.log) and key[2] == len(match.inputs) and key[3] == flags:
            return ctx
    found = _CONTEXTS.get(match)
    if found is not None:
        key, ctx = found
        if key[0] is ts and key[1] == len(match.log) and key[2] == len(match.inputs) and key[3] == flags:
            _LAST[0] = (weakref.ref(match), found)
            return ctx
    ent = ts.actor
    rows = state_key(match)[-1]
    me = units().index(ent)
    mine = rows[me]
    others = tuple(r for i, r in enumerate(rows) if i != me and r[1] != "dead")
    turn = (table(match).round, order(match).index, ent)
    # squares are judged with the pool as it was at the unit's first decision this turn
    start = _TURN_POOL.get(match)
    if start is None or start[0] != turn:
        start = (turn, pool(match, side_of(ent)))
        _TURN_POOL[match] = start
    g = gear(ent)
    vv = void(ent)
    geo_key = (turn, g.weapon, g.shots > 0, vv.current, tuple((r[0], r[1]) for r in others))
    geo = _GEOMETRY.get(match)
    if geo is None or geo[0] != geo_key:
        geo = (geo_key, {})
        _GEOMETRY[match] = geo
    # rebuilt when the unit itself or who stands where changes, not for every point of damage
    # it deals (positional scores are next-turn estimates once it has attacked)
    sq_key = (geo_key, mine[1], mine[2], mine[4] > 0, mine[6], tuple((r[0], r[1], r[6]) for r in others))
    sq = _SQUARES.get(match)
    if sq is None or sq[0] != sq_key:
        sq = (sq_key, Squares(match, ent, start[1], geo[1]))
        _SQUARES[match] = sq
    ctx = _Context(match, ent, sq[1])
    entry = _CONTEXTS[match] = ((ts, len(match.log), len(match.inputs), flags), ctx)
    _LAST[0] = (weakref.ref(match), entry)
    return ctx


# -- assess ----------------------------------------------------------------------------------------
def assess(match: Match, action: Action) -> Assessment:
    """Baseline-AI terms for one legal action, relative to ending the turn where it stands."""
    ctx = context(match)
    kind = action.kind
    if kind == Kind.MOVE:
        return _assess_move(ctx, action)
    if kind == Kind.END:
        return Assessment()
    if kind == Kind.DASH:
        return _assess_dash(match, ctx)
    if kind == Kind.ATTACK:
        return _assess_attack(match, ctx, action)
    if kind == Kind.VOIDCALL:
        return _assess_voidcall(match, ctx, action)
    if kind == Kind.RELOAD:
        g = gear(ctx.ent)
        w = data().weapons[g.offhand if action.option == "offhand" else g.weapon]
        shots = g.offhand_shots if action.option == "offhand" else g.shots
        worth = RELOAD_EMPTY if shots == 0 else 0.4 * (w.shots - shots) / w.shots
        return Assessment(expected_damage=worth)
    if kind == Kind.HIDE:
        # worth it as the last thing in a turn: moving afterwards would likely end it again
        if turn_state(match).moves_left >= 1:
            return Assessment(cost=0.5)
        return Assessment(exposure=-0.5 * ctx.squares.score(ctx.here)[2])
    return Assessment()


def _assess_move(ctx: _Context, action: Action) -> Assessment:
    dest = action.cell
    assert dest is not None
    sq = ctx.squares
    d_ev, d_kill, d_exp, d_close = sq.scores.get(dest) or sq.score(dest)
    h_ev, h_kill, h_exp, h_close = sq.scores.get(ctx.here) or sq.score(ctx.here)
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
    speed = stats(ctx.ent).speed
    cells = reach_for(match, ctx.ent, speed).stoppable if ts.moves_left >= 1 else {ctx.here}
    best = max((ctx.squares.score(c)[3] for c in cells), default=0.0)
    if best >= 0:
        return Assessment(cost=1.0)  # the Move it has already gets there
    return Assessment(progress=min(float(speed), -best), cost=0.3)


def _strikes_for(match: Match, ctx: _Context, action: Action) -> list[Strike]:
    """The strikes an attack or voidcall would make, placed where the units stand now."""
    ent = ctx.ent
    if action.kind == Kind.ATTACK:
        assert action.target is not None
        hand = "offhand" if action.option == "offhand" else "main"
        targets = [action.target]
        if action.option == "sweep":
            g = gear(ent)
            targets += sweep_targets(match, ent, action.target, data().weapons[g.weapon], g.shots)
        out = []
        hidden = ctx.hidden
        for t in targets:
            b = ctx.base(ent, t, hand)
            out.append(placed(match, b, ctx.here, cell_of(t), hidden=hidden))
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


def _strike_value(match: Match, ctx: _Context, s: Strike, area: bool = False) -> tuple[float, float]:
    ex = expect(match, ctx.side, s, ctx.prof)
    ev, kill = ex.floats()
    if s.condition:
        ev += float(ex.odds.hit) * _condition_worth(s.condition, s.target)
    if not area and conditions(s.target).has("stealthed"):
        p = float(spot_chance(match, ctx.prof, s.attacker, s.target))
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
    strikes = _strikes_for(match, ctx, action)
    for s in strikes:
        e, k = _strike_value(match, ctx, s)
        ev += e
        kill += k
    shots = len(strikes) if action.option == "sweep" else 0
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
    mine = ctx.side
    for s in _strikes_for(match, ctx, action):
        e, k = _strike_value(match, ctx, s, area=bool(v.radius))
        sign = -1.0 if side_of(s.target) == mine else 1.0
        ev += sign * e
        kill += sign * k
    backlash = 0.0
    if v.instability_below:
        p_bad = 1 - check_odds(ctx.prof, 0, 0, v.instability_below)
        backlash = float(p_bad) * v.instability_damage
    return Assessment(expected_damage=ev, kill_chance=kill, cost=VE_COST * v.cost + backlash)


# -- pressure --------------------------------------------------------------------------------------
#: what a take-out costs in `evaluate`'s units beyond the health lost: a standing unit counts
#: 1 plus its health fraction, a grasping one 0.25
TAKEOUT_WORTH = 0.75


def pressure(match: Match, side: str) -> float:
    """Each standing enemy's best next attack on a standing unit of `side`, summed (exact odds,
    discounted as the exposure term is when the enemy lacks sight or range), in `evaluate`'s
    units: health lost over the unit's maximum plus the take-out."""
    prof = pool(match, side)
    best: dict[int, float] = {}
    for ent in units():
        if side_of(ent) != side or status(ent).state != "active":
            continue
        top = max(1, health(ent).maximum)
        for enemy, ev, kill in Squares(match, ent, prof, {}).fire_on(cell_of(ent)):
            value = ev / top + TAKEOUT_WORTH * kill
            if value > best.get(enemy, 0.0):
                best[enemy] = value
    return sum(best.values())


# -- advise ----------------------------------------------------------------------------------------
def advise(match: Match, decision: Decision) -> dict[str, float]:
    """Worth of each answer to the deciding side: the outcome's exact value minus the card spent.

    The values come with the decision (`context["values"]`): the resolution computed them from
    the deciding side's pool when it offered the choice, the same numbers its options show.
    """
    values: dict[str, float] = dict(decision.context.get("values", {}))
    for key, cost in spent(decision).items():
        if key in values:
            values[key] -= cost
    return values


def spent(decision: Decision) -> dict[str, float]:
    """The price of the hand card each cheat answer plays (VM-CHEAT: it is not replaced)."""
    cards: dict[str, str] = decision.context.get("cards", {})
    return {key: card_cost(card) for key, card in cards.items()}


# -- preview ---------------------------------------------------------------------------------------
def preview(match: Match, action: Action) -> Preview | None:
    """Exact odds and breakdown of an attack or voidcall for the acting side."""
    if action.kind not in (Kind.ATTACK, Kind.VOIDCALL):
        return None
    ctx = context(match)
    side = ctx.side
    if action.kind == Kind.VOIDCALL and data().voidcalls[action.option].kind == "heal":
        v: Voidcall = data().voidcalls[action.option]
        assert v.damage is not None and action.target is not None
        probs = band_odds(ctx.prof, 0, v.bands)
        amounts = [0, *v.damage]
        outs = [(f"heal {BAND_NAMES[b]} ({amounts[b]})", float(p)) for b, p in enumerate(probs) if p]
        healed = sum(float(p) * amounts[b] for b, p in enumerate(probs))
        return Preview(f"{v.name} → {name_of(action.target)}", outs, hit=1.0, expected_damage=-healed,
                       lines=[f"heals {healed:.1f} on average",
                              f"odds from the {sum(ctx.prof)} cards {side_name(match, side)} cannot see"])
    strikes = _strikes_for(match, ctx, action)
    if not strikes:
        return Preview(action.label or action.kind, lines=["no one in the area"])
    first = strikes[0]
    ex = expect(match, side, first, ctx.prof)
    lines = [f"attack: card {' '.join(f'+ {n} {v}' for n, v in first.att_parts)}",
             f"defence: card {' '.join(f'+ {n} {v}' for n, v in first.def_parts)}",
             *first.reasons,
             f"odds from the {sum(ctx.prof)} cards {side_name(match, side)} cannot see "
             "(deck and the other hand)"]
    total_ev, total_kill = ex.floats()
    for s in strikes[1:]:
        e2 = expect(match, side, s, ctx.prof)
        ev2, kill2 = e2.floats()
        total_ev += ev2
        total_kill += kill2
        lines.append(f"also {name_of(s.target)}: hit {float(e2.odds.hit):.0%}, expected {ev2:.1f}")
    if conditions(first.target).has("stealthed") and not (action.kind == Kind.VOIDCALL
                                                           and data().voidcalls[action.option].radius):
        lines.append(f"{name_of(first.target)} is hidden: must be spotted first "
                     f"({float(spot_chance(match, ctx.prof, ctx.ent, first.target)):.0%})")
    return Preview(f"{first.name} → {name_of(first.target)}",
                   [(f"{label} {d}" if d else label, float(p)) for p, d, label in ex.outcomes],
                   hit=float(ex.odds.hit), crit=float(ex.odds.crit), expected_damage=total_ev,
                   kill=total_kill, lines=lines)


def strike_now(match: Match, att: int, tgt: int, hand: str = "main", source: str = "") -> Strike:
    """A strike as it stands (tests and tools)."""
    return strike(match, att, tgt, hand, source)


def exact_odds(match: Match, att: int, tgt: int, hand: str = "main",
               source: str = "") -> tuple[Fraction, Fraction]:
    """(P(hit), P(crit)) of a strike as it stands, from the attacker's side's knowledge."""
    ex = expect(match, side_of(att), strike(match, att, tgt, hand, source))
    return ex.odds.hit, ex.odds.crit

