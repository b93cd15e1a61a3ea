"""Exact distributions of voidmarked flips from the cards a side cannot see.

A card's value names it for the rules: 0 is the Black Joker, 1..13 Ace to King, 14 the Red
Joker, so a pool of unseen cards is a 15-entry count profile (`game.core.draws` counts draws by
value for any deck; this module holds voidmarked's shapes and formulas). Flips draw without replacement:
the attacker's cards, then the defender's, then the damage card. Instead of enumerating card
tuples, the tables below count configurations by value (binomial coefficients), enumerating
only the multiset of the side flipping fewer cards and taking the other side in closed form.

`judge`, `band_of` and `check` are the rules' only formulas for a duel, a damage band and a
flip against a target number: the resolution calls them on the real cards, and the odds
tables classify every (attacker value, defender value) cell with the very same functions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from game.core.cards import card_value
from game.core.draws import kept_weights, multisets
from game.core.draws import profile_of as _profile_of

NV = 15
BJ = 0
RJ = 14
MISS, HIT, CRIT = 0, 1, 2
ZERO, LOW, MOD, HIGH = 0, 1, 2, 3
BAND_NAMES = ("none", "Low", "Moderate", "High")
Profile = tuple[int, ...]


def profile_of(cards: Iterable[str]) -> Profile:
    """Count cards by value."""
    return _profile_of(cards, card_value, NV)


def shape(net: int) -> tuple[int, bool]:
    """(cards flipped, keep the highest) for a net Advantage count (VM-ADV, VM-DISADV).

    Advantage and Disadvantage cancel one for one; never more than 3 cards.
    """
    n = max(-2, min(2, net))
    return 1 + abs(n), n >= 0


# -- the rules' formulas ------------------------------------------------------------------------
@dataclass(frozen=True)
class DuelRule:
    """How two flipped values become a result: each side's modifiers, the crit rule, ties."""

    att_mod: int
    def_mod: int
    crit: str = "total"  # "total": attack total >= 2 x defence total; "stat": >= 2 x def_stat; "none"
    def_stat: int = 0
    ties_to_attacker: bool = True


def judge(a: int, d: int, rule: DuelRule, a_natural: bool = True, d_natural: bool = True) -> int:
    """MISS, HIT or CRIT for attacker value a against defender value d (VM-HIT, VM-CRIT).

    Natural jokers decide by themselves (VM-REDJOKER, VM-BLACKJOKER): the attacker's Red Joker
    is a critical hit, its Black Joker a miss; the defender's Red Joker is a critical success
    (the attack misses) and its Black Joker a critical failure (the attack hits).
    """
    if a_natural and a == RJ:
        return CRIT if rule.crit != "none" else HIT
    if a_natural and a == BJ:
        return MISS
    if d_natural and d == RJ:
        return MISS
    at = a + rule.att_mod
    dt = d + rule.def_mod
    if not (d_natural and d == BJ):
        if at < dt or (at == dt and not rule.ties_to_attacker):
            return MISS
    if rule.crit == "total" and at >= 2 * dt:
        return CRIT
    if rule.crit == "stat" and at >= 2 * rule.def_stat:
        return CRIT
    return HIT


def band_of(value: int, bands: tuple[int, int], natural: bool = True) -> int:
    """Damage band of a damage flip: natural Black Joker ZERO, Red Joker HIGH, else by value."""
    if natural and value == BJ:
        return ZERO
    if natural and value == RJ:
        return HIGH
    lo, mo = bands
    if value <= lo:
        return LOW
    if value <= mo:
        return MOD
    return HIGH


def check(value: int, mod: int, tn: int, natural: bool = True) -> bool:
    """A flip against a target number: natural Red Joker succeeds, Black Joker fails."""
    if natural and value == RJ:
        return True
    if natural and value == BJ:
        return False
    return value + mod >= tn


def kept_index(values: list[int], high: bool) -> int:
    """Which of several flipped cards is kept (first of equals)."""
    best = 0
    for i, v in enumerate(values):
        if (v > values[best]) if high else (v < values[best]):
            best = i
    return best


# -- single flips -------------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def flip_weights(profile: Profile, net: int) -> tuple[tuple[int, ...], int]:
    """Kept-value weights of one flip with net Advantage `net`, and their total."""
    return kept_weights(profile, *shape(net))


def check_odds(profile: Profile, net: int, mod: int, tn: int) -> Fraction:
    """P(a flip with modifier `mod` reaches `tn`), natural jokers included."""
    weights, total = flip_weights(profile, net)
    if not total:
        return Fraction(0)
    return Fraction(sum(w for v, w in enumerate(weights) if check(v, mod, tn)), total)


def band_odds(profile: Profile, net: int, bands: tuple[int, int]) -> tuple[Fraction, ...]:
    """P(each damage band) for a lone damage (or heal) flip."""
    weights, total = flip_weights(profile, net)
    out = [0, 0, 0, 0]
    for v, w in enumerate(weights):
        out[band_of(v, bands)] += w
    return tuple(Fraction(w, total) if total else Fraction(0) for w in out)


# -- duel tables --------------------------------------------------------------------------------
@dataclass(frozen=True)
class DuelTable:
    """Weights of every (attacker kept value, defender kept value) cell, index a * 15 + d.

    `joint` counts configurations of both flips; `banded[b]` counts configurations of both flips
    and one more card (the damage flip) that falls in band b. Probabilities are joint / total
    and banded / banded_total.
    """

    joint: tuple[int, ...]
    banded: tuple[tuple[int, ...], ...]
    total: int
    banded_total: int


_PAIRS = tuple((i // NV, i % NV) for i in range(NV * NV))


@lru_cache(maxsize=2048)
def duel_table(profile: Profile, net_a: int, net_d: int, bands: tuple[int, int] = (4, 8)) -> DuelTable:
    """The exact joint table of a duel and its damage flip (cached by count profile)."""
    ka, high_a = shape(net_a)
    kd, high_d = shape(net_d)
    n = sum(profile)
    band = [band_of(v, bands) for v in range(NV)]
    nb = [0, 0, 0, 0]
    for v in range(NV):
        nb[band[v]] += profile[v]
    joint = [0] * (NV * NV)
    banded = [[0] * (NV * NV) for _ in range(4)]
    if ka == 1 and kd == 1:
        # The common case in closed form: c_a * (c_d - [a == d]). Its banded weights are
        # linear in it (see duel_odds), so no banded table is built.
        flat: list[int] = []
        for a in range(NV):
            ca = profile[a]
            row = [ca * cd for cd in profile]
            row[a] -= ca
            flat += row
        joint_t = tuple(flat)
        total = n * (n - 1)
        return DuelTable(joint_t, (), total, total * max(0, n - 2))
    # Enumerate the side flipping fewer cards; the other side's kept value in closed form:
    # P(its kept value <= t) counts its card sets inside the cards <= t (>= t when keeping the
    # lowest), and the expected count of its cards in band b comes the same way.
    enum_attacker = ka <= kd
    ke, he, ko, ho = (ka, high_a, kd, high_d) if enum_attacker else (kd, high_d, ka, high_a)
    order = list(range(NV)) if ho else list(range(NV - 1, -1, -1))
    ck = [comb(m, ko) for m in range(n + 1)]
    ck1 = [comb(m - 1, ko - 1) if m else 0 for m in range(n + 1)]
    b0, b1, b2, b3 = banded
    for values, w in multisets(profile, ke):
        kept = max(values) if he else min(values)
        rest = list(profile)
        nb2 = list(nb)
        for v in values:
            rest[v] -= 1
            nb2[band[v]] -= 1
        n0, n1, n2, n3 = nb2
        cum = 0
        c0 = c1 = c2 = c3 = 0
        prev_p = 0
        p0 = p1 = p2 = p3 = 0
        for d in order:
            r = rest[d]
            if r:
                cum += r
                bd = band[d]
                if bd == 0:
                    c0 += r
                elif bd == 1:
                    c1 += r
                elif bd == 2:
                    c2 += r
                else:
                    c3 += r
            cur_p = ck[cum]
            pmf = cur_p - prev_p
            prev_p = cur_p
            inner = ck1[cum]
            q0, q1, q2, q3 = c0 * inner, c1 * inner, c2 * inner, c3 * inner
            if pmf:
                i = kept * NV + d if enum_attacker else d * NV + kept
                joint[i] += w * pmf
                b0[i] += w * (n0 * pmf - q0 + p0)
                b1[i] += w * (n1 * pmf - q1 + p1)
                b2[i] += w * (n2 * pmf - q2 + p2)
                b3[i] += w * (n3 * pmf - q3 + p3)
            p0, p1, p2, p3 = q0, q1, q2, q3
    total = comb(n, ke) * comb(n - ke, ko)
    return DuelTable(tuple(joint), tuple(tuple(x) for x in banded), total, total * max(0, n - ka - kd))


@lru_cache(maxsize=4096)
def outcome_cells(rule: DuelRule) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Cells (a * 15 + d) that hit without a crit, and cells that crit, for natural flips."""
    hits, crits = [], []
    for a in range(NV):
        for d in range(NV):
            r = judge(a, d, rule)
            if r == HIT:
                hits.append(a * NV + d)
            elif r == CRIT:
                crits.append(a * NV + d)
    return tuple(hits), tuple(crits)


@dataclass(frozen=True)
class DuelOdds:
    """Natural outcome of a duel as integer weights over `total` (exact, cheap to combine).

    `hit_w` and `crit_w` count hits (crits included) and crits; `band_w[b]` counts non-critical
    hits whose damage flip lands in band b. All weights share the denominator `total`.
    """

    hit_w: int
    crit_w: int
    band_w: tuple[int, ...]
    total: int

    @property
    def hit(self) -> Fraction:
        """P(hit), criticals included."""
        return Fraction(self.hit_w, self.total) if self.total else Fraction(0)

    @property
    def crit(self) -> Fraction:
        """P(critical hit)."""
        return Fraction(self.crit_w, self.total) if self.total else Fraction(0)

    @property
    def miss(self) -> Fraction:
        """P(miss)."""
        return 1 - self.hit

    @property
    def bands(self) -> tuple[Fraction, ...]:
        """P(non-critical hit and damage band b) for b in ZERO, LOW, MOD, HIGH."""
        return tuple(Fraction(w, self.total) if self.total else Fraction(0) for w in self.band_w)


@lru_cache(maxsize=8192)
def duel_odds(profile: Profile, net_a: int, net_d: int, rule: DuelRule,
              bands: tuple[int, int] = (4, 8)) -> DuelOdds:
    """Exact natural duel odds from a pool profile, with Advantage/Disadvantage on each side."""
    table = duel_table(profile, net_a, net_d, bands)
    if not table.total:
        return DuelOdds(0, 0, (0, 0, 0, 0), 0)
    hits, crits = outcome_cells(rule)
    joint = table.joint
    hit_w = sum(map(joint.__getitem__, hits))
    crit_w = sum(map(joint.__getitem__, crits))
    if not table.banded_total:
        # no card left for a damage flip: count such hits Low
        return DuelOdds(hit_w + crit_w, crit_w, (0, hit_w, 0, 0), table.total)
    left = table.banded_total // table.total
    if table.banded:
        band_w = tuple(sum(map(table.banded[b].__getitem__, hits)) for b in range(4))
    else:
        # One card each: the damage card comes from the n - 2 others, so the weight of band b is
        # joint x (cards of band b in the pool - those of band b among the two flipped).
        nb = [0, 0, 0, 0]
        for v in range(NV):
            nb[band_of(v, bands)] += profile[v]
        once, twice = _band_cells(rule, bands)
        get = joint.__getitem__
        band_w = tuple(nb[b] * hit_w - sum(map(get, once[b])) - sum(map(get, twice[b])) for b in range(4))
    return DuelOdds((hit_w + crit_w) * left, crit_w * left, band_w, table.banded_total)


@lru_cache(maxsize=1024)
def _band_cells(rule: DuelRule, bands: tuple[int, int]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Non-critical hit cells where at least one (once) / both (twice) flipped values are in band b."""
    hits, _ = outcome_cells(rule)
    once: list[list[int]] = [[], [], [], []]
    twice: list[list[int]] = [[], [], [], []]
    for i in hits:
        ba, bd = band_of(i // NV, bands), band_of(i % NV, bands)
        once[ba].append(i)
        if bd != ba:
            once[bd].append(i)
        else:
            twice[ba].append(i)
    return tuple(map(tuple, once)), tuple(map(tuple, twice))
