"""How good a square is for the acting unit: the AI's positional terms, from exact distributions.

For each square: the best attack the unit could make from there (expected damage and take-out
chance, cover, long range and melee included), the fire the standing enemies could pour into
it next turn (each enemy's exact expected damage against it there, cover included; discounted
when the enemy has no sight of it now or cannot get within its listed range with one Move), and
how far it still is from the nearest enemy.

Scoring every reachable square costs a few look-ups each: the geometry of a square against
every enemy is reduced to bit flags once per unit-turn, and each (enemy, flags) pair is
valued once with `combat.expect`. Squares are judged with the pool of unseen cards as it was
at the unit's first decision of its turn: exact for choosing where to move before attacking
(moves flip nothing); after its attack squares only matter for next turn, and the few cards
flipped since do not change them enough to pay for re-scoring. Attack and voidcall
assessments always use the current pool.
"""

from __future__ import annotations

import weakref
from fractions import Fraction
from typing import TYPE_CHECKING

from game.core.board import Board
from game.core.geometry import Cell
from game.core.sight import BoardSight, board_sight
from game.rulesets.voidmarked.checks import spot_rule
from game.rulesets.voidmarked.expectation import KILL_WEIGHT, expect
from game.rulesets.voidmarked.odds import Profile, duel_odds
from game.rulesets.voidmarked.query import (
    VM_COVER,
    active,
    cell_of,
    conditions,
    data,
    enemies,
    gear,
    side_of,
    stats,
    void,
)
from game.rulesets.voidmarked.schemas import Weapon
from game.rulesets.voidmarked.strikes import Strike, base_strike, nets

if TYPE_CHECKING:
    from game.core.match import Match

Geometry = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...], float]
EXPOSURE_SHARE = 0.4  # enemies split their fire: count half of what they could do to this unit
NO_SIGHT_FACTOR = 0.35  # an enemy without sight now may still walk into it
OUT_OF_RANGE_FACTOR = 0.5  # an enemy still beyond its range after a Move: long shot or another Move


def weapon_band(w: Weapon, shots: int) -> tuple[int, int]:
    """(nearest, farthest) squares the weapon can attack at; (1, 0) when it cannot fire."""
    if w.ranged:
        return (2, 2 * w.range_ft // 5) if shots > 0 else (1, 0)
    return 1, w.range_sq


def spot_chance(match: Match, prof: Profile, seeker: int, hider: int) -> Fraction:
    """P(seeker finds hider): Perception against Stealth, exact (VM-STEALTH)."""
    return duel_odds(prof, 0, 0, spot_rule(match, seeker, hider)).hit


class Pairs:
    """The sight facts of pairs of squares of one board's content (VM-LOS, VM-COVER both ways),
    by near end and by far end: the AI scores every square against a few enemy squares."""

    def __init__(self, sight: BoardSight) -> None:
        self.sight = sight
        self.pairs: dict[tuple[Cell, Cell], tuple[int, bool, bool, bool]] = {}
        #: the same facts by far end then near end: `toward[there][here] == pairs[(here, there)]`
        #: (one row per enemy, no key tuples)
        self.toward: dict[Cell, dict[Cell, tuple[int, bool, bool, bool]]] = {}

    def pair(self, here: Cell, there: Cell) -> tuple[int, bool, bool, bool]:
        """(squares apart, line of sight, `there` in cover from `here`, `here` in cover from `there`)."""
        key = (here, there)
        found = self.pairs.get(key)
        if found is None:
            d = max(abs(here[0] - there[0]), abs(here[1] - there[1]))
            sight = self.sight
            sees = sight.see(here, there)
            there_covered = sees and sight.covered(here, there, VM_COVER)
            here_covered = sees and sight.covered(there, here, VM_COVER)
            found = self.pairs[key] = (d, sees, there_covered, here_covered)
            # the same facts seen from the other end (sight is symmetric): the enemies' turns ask
            back = self.pairs[(there, here)] = (d, sees, here_covered, there_covered)
            toward = self.toward
            row = toward.get(there)
            if row is None:
                row = toward[there] = {}
            row[here] = found
            row = toward.get(here)
            if row is None:
                row = toward[here] = {}
            row[there] = back
        return found


def pairs(board: Board) -> Pairs:
    """The board's pair tables, kept with its memoised sight (shared by boards of equal content)."""
    sight = board_sight(board)
    found = sight.tables.get("vm-pairs")
    if found is None:
        found = sight.tables["vm-pairs"] = Pairs(sight)
    return found


class Squares:
    """Positional scores of squares for one unit against the enemies as they stand."""

    def __init__(self, match: Match, ent: int, prof: Profile, geometry: dict[Cell, Geometry]) -> None:
        # weakly: ai.py memoises Squares in a dict keyed weakly on the match (see ai._Context)
        self._match = weakref.ref(match)
        self.ent = ent
        self.side = side_of(ent)
        self.prof = prof
        self.board = match.board
        self.sight = pairs(match.board)
        self.hidden = conditions(ent).has("stealthed")
        g = gear(ent)
        self.weapon = w = data().weapons[g.weapon]
        self.band = weapon_band(w, g.shots if w.ranged else 1)
        foes = enemies(ent)
        self.targets = [(cell_of(e), base_strike(match, ent, e, "main"), [None] * 8) for e in foes]
        # single-target attack voidcalls it can pay for now, judged like another weapon
        vv = void(ent)
        calls = [data().voidcalls[v] for v in vv.voidcalls] if vv.voidcaller else []
        calls = [v for v in calls if v.kind == "attack" and not v.radius and v.cost <= vv.current]
        self.casts = [(v.range_sq, [(cell_of(e), base_strike(match, ent, e, "void", v.id), [None] * 4)
                                    for e in foes]) for v in calls]
        self.ideal = max([w.range_sq] + [r for r, _ in self.casts])
        # a unit that can only strike in melee has to commit: ground gained counts double
        self.urge = 2.0 if self.ideal <= 2 and not (g.offhand and data().weapons[g.offhand].ranged) else 1.0
        self.foe_cells = [cell_of(e) for e in foes]
        toward = self.sight.toward
        self.foe_rows = [(c, toward.get(c) or toward.setdefault(c, {})) for c in self.foe_cells]
        self.standing_index = [i for i, e in enumerate(foes) if active(e)]
        self.threats = []
        self.threat_ents: list[int] = []
        for e in foes:
            if not active(e):
                continue
            self.threat_ents.append(e)
            we = data().weapons[gear(e).weapon]
            speed = stats(e).speed
            self.threats.append((cell_of(e), weapon_band(we, 1)[1] + speed, speed, we,
                                 conditions(e).has("stealthed"), base_strike(match, e, ent, "main"),
                                 [None] * 4))
        self.geometry = geometry
        self.by_flags: dict[tuple, tuple[float, float, float]] = {}
        self.threat_geo = [(i, reach, speed, we.ranged, we.range_ft)
                           for i, (_, reach, speed, we, _, _, _) in zip(self.standing_index, self.threats,
                                                                         strict=True)]
        self.cast_reach = [reach for reach, _ in self.casts]
        self.scores: dict[Cell, tuple[float, float, float, float]] = {}

    @property
    def match(self) -> Match:
        """The match the scores are for."""
        found = self._match()
        assert found is not None
        return found

    def value(self, b: Strike, long: bool, engaged: bool, covered: bool, hidden: bool) -> tuple[float, float]:
        """(expected damage, take-out chance) of a strike given its position flags (combat.nets)."""
        flags = nets(b, long, engaged, covered, hidden)
        ev, kill = expect(self.match, self.side, b, self.prof, flags).floats()
        if b.target != self.ent and conditions(b.target).has("stealthed"):
            p = float(spot_chance(self.match, self.prof, b.attacker, b.target))
            ev, kill = ev * p, kill * p
        return ev, kill

    def score(self, cell: Cell) -> tuple[float, float, float, float]:
        """(attack damage, take-out chance, enemy fire drawn, closeness) of a square."""
        found = self.scores.get(cell)
        if found is None:
            found = self.scores[cell] = self._score(cell)
        return found

    def _score(self, cell: Cell) -> tuple[float, float, float, float]:
        geo = self.geometry.get(cell)
        if geo is None:
            geo = self.geometry[cell] = self._geometry(cell)
        flags = geo[:3]
        found = self.by_flags.get(flags)
        if found is None:
            found = self.by_flags[flags] = self._value_flags(*flags)
        return found[0], found[1], found[2], geo[3]

    def _value_flags(self, codes: tuple[int, ...], cast_codes: tuple[tuple[int, ...], ...],
                     threat_codes: tuple[int, ...]) -> tuple[float, float, float]:
        """(best attack damage, its take-out chance, enemy fire drawn) for one pattern of flags."""
        best_ev = best_kill = best = 0.0
        slot = self._slot
        covered_later = []
        for (_, b, slots), code in zip(self.targets, codes, strict=True):
            if code < 0:
                continue
            if code & 1:
                covered_later.append((b, slots, code))
                continue
            ev, kill = slot(b, slots, code)
            score = ev + KILL_WEIGHT * kill
            if score > best:
                best_ev, best_kill, best = ev, kill, score
        # Cover only lowers an attack's worth (the defender keeps the higher of two cards), so
        # the same shot without cover bounds it: the exact value is needed only if it could win.
        for b, slots, code in covered_later:
            ev, kill = slot(b, slots, code - 1)
            if ev + KILL_WEIGHT * kill <= best:
                continue
            ev, kill = slot(b, slots, code)
            score = ev + KILL_WEIGHT * kill
            if score > best:
                best_ev, best_kill, best = ev, kill, score
        for (_, targets), row in zip(self.casts, cast_codes, strict=True):
            for (_, b, slots), code in zip(targets, row, strict=True):
                if code < 0:
                    continue
                found = slots[code]
                if found is None:
                    found = slots[code] = self.value(b, False, False, bool(code & 1), self.hidden)
                ev, kill = found
                score = ev + KILL_WEIGHT * kill
                if score > best:
                    best_ev, best_kill, best = ev, kill, score
        exposure = 0.0
        for (_, _, _, _, hidden, b, slots), code in zip(self.threats, threat_codes, strict=True):
            if code >= 0:
                ev, kill = self._threat(b, slots, code, hidden)
                exposure += ev + KILL_WEIGHT * kill
        return best_ev, best_kill, exposure * EXPOSURE_SHARE

    def _threat(self, b: Strike, slots: list, code: int, hidden: bool) -> tuple[float, float]:
        """An enemy's (expected damage, take-out chance) against the unit, given its threat flags:
        discounted when it has no sight now (4) or is still beyond its range after its Move (2)."""
        found = slots[code & 1]
        if found is None:
            found = slots[code & 1] = self.value(b, False, False, bool(code & 1), hidden)
        ev, kill = found
        if code & 4:
            ev, kill = ev * NO_SIGHT_FACTOR, kill * NO_SIGHT_FACTOR
        if code & 2:
            ev, kill = ev * OUT_OF_RANGE_FACTOR, kill * OUT_OF_RANGE_FACTOR
        return ev, kill

    def fire_on(self, cell: Cell) -> list[tuple[int, float, float]]:
        """(enemy, expected damage, take-out chance) of each standing enemy's attack on the unit at
        `cell` next turn, discounted like the exposure term (sight now, range after its Move) but
        not shared out: what each enemy could do if it chose this unit."""
        geo = self.geometry.get(cell)
        if geo is None:
            geo = self.geometry[cell] = self._geometry(cell)
        return [(ent, *self._threat(b, slots, code, hidden))
                for ent, (_, _, _, _, hidden, b, slots), code in zip(self.threat_ents, self.threats, geo[2],
                                                                    strict=True)
                if code >= 0]

    def _slot(self, b: Strike, slots: list, code: int) -> tuple[float, float]:
        found = slots[code]
        if found is None:
            found = slots[code] = self.value(b, bool(code & 4), bool(code & 2), bool(code & 1), self.hidden)
        return found

    def _geometry(self, cell: Cell) -> Geometry:
        """Position flags of a square against each enemy as bits: for the unit's own attack
        long range (4), shooting while engaged (2), target in cover (1); for each voidcall it
        can afford, target in cover (1); for each enemy's attack on the square no sight now (4),
        still beyond its listed range after its Move (2), cover (1).
        -1 where no attack is possible."""
        # the AI's hottest loop (every reachable square of every unit turn): plain loops and
        # list comprehensions, no generator expressions
        pair = self.sight.pair
        facts = []
        for there, row in self.foe_rows:
            f = row.get(cell)
            facts.append(f if f is not None else pair(cell, there))
        engaged = 0
        for i in self.standing_index:
            if facts[i][0] == 1:
                engaged = 2
                break
        lo, hi = self.band
        if self.weapon.ranged:
            range_ft = self.weapon.range_ft
            codes = tuple([-1 if d < lo or d > hi or not sees
                           else (4 if d * 5 > range_ft else 0) + engaged + cov for d, sees, cov, _ in facts])
        else:
            codes = tuple([-1 if d < lo or d > hi or not sees else 0 for d, sees, _, _ in facts])
        if self.cast_reach:
            cast_codes = tuple([tuple([-1 if d > reach or not sees else int(d >= 2 and cov)
                                       for d, sees, cov, _ in facts]) for reach in self.cast_reach])
        else:
            cast_codes = ()
        threat_codes = []
        nearest = 10**6
        for i, reach, speed, ranged, range_ft in self.threat_geo:
            d, sees, _, cov_me = facts[i]
            if d < nearest:
                nearest = d
            if d > reach:
                threat_codes.append(-1)
            elif ranged:
                threat_codes.append((0 if sees else 4) + (2 if (d - speed) * 5 > range_ft else 0) + cov_me)
            else:
                threat_codes.append(0)
        closeness = float(-max(0, nearest - self.ideal)) * self.urge if self.threats else 0.0
        return codes, cast_codes, tuple(threat_codes), closeness
