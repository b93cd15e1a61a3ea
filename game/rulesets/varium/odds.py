"""Exact odds of varium's checks: the one formula the resolution, the preview and the AI share.

Card values: Joker 1, number cards their face, J 11, Q 12, K 13, Ace 14 (or a new stack). Value
index = value, so a pool is a 15-entry count profile (index 0 unused). The attacker's next cards
and the target's face-down evasion cards are all drawn from what the attacker cannot see (deck
and every face-down zone), which by exchangeability makes them uniform over that pool.

Looking ahead (take another card), the evasion sum is weighed on the pool as it is now; the few
cards the attacker would still see before standing shift it slightly (said in the docs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from operator import mul

from game.core.cards import RANK_VALUE, standard_deck
from game.core.draws import Profile, profile_of
from game.core.stackplay import Payoff, StackChoice, split_choice, stack_choice, stack_value
from game.core.stacks import NextCard, StackRule, StackState, next_card

SIZE = 15
ACE = 14
VALUES = tuple(range(SIZE))
#: cards looked ahead when an Ace may split (exact within it; unbounded is too slow with splits)
HORIZON = 3
KILL_BONUS = 10.0


def card_index(card: str) -> int:
    """A card's varium value: Joker 1, 2-10, J 11, Q 12, K 13, Ace 14."""
    if card in ("RJ", "BJ"):
        return 1
    rank = card[:-1]
    return ACE if rank == "A" else RANK_VALUE[rank]


class _Indices(dict[str, int]):
    """card -> `card_index`, each card's worked out once (pools are counted at every decision)."""

    def __missing__(self, card: str) -> int:
        found = self[card] = card_index(card)
        return found


_INDEX = _Indices()


def profile(cards: list[str]) -> Profile:
    """Count profile of cards by value."""
    return profile_of(cards, _INDEX.__getitem__, SIZE)


#: the Aces in the deck: each may start one more stack in a check
ACES = profile(standard_deck(True))[ACE]


def top_total(limit: int) -> int:
    """The highest total a check with this stack limit can stand on: every stack full, the first
    and one more for each Ace (the Ace that opens a stack counts nothing in it; an Ace aimed away
    is not in a stack, so no check holds more than the deck's Aces)."""
    return (1 + ACES) * max(0, limit)


def totals(limit: int) -> range:
    """The totals every payoff table of a check with this limit runs over: 0 to `top_total`. A
    table read past its end weighs a total as its last entry (`Payoff.of`, the searches), so
    running on to the highest total the rules allow keeps totals above three full stacks (four or
    five stacks, through split Aces) at their own worth: a DC or initiative's critical at 100 is
    made by the totals that reach it, and a higher total scores more. The one length every
    payoff uses: the AI's, the check table's and the preview's."""
    return range(top_total(limit) + 1)


def table(worths: Iterable[float]) -> Payoff:
    """The payoff whose worth of standing on each total of `totals` is `worths` (a bust: 0). The
    table ends after its last change of worth: every total beyond reads as its last entry, the
    same worth (a DC made, a hit sure to land and take the target out), so the searches weigh
    the same floats with a shorter key to hash and compare."""
    out = tuple(worths)
    end = len(out)
    while end > 1 and out[end - 2] == out[end - 1]:
        end -= 1
    return Payoff(out[:end], 0.0)


def rule(limit: int, pool: Profile | None = None) -> StackRule:
    """A stack rule with this limit; an Ace may start a new stack. Given the pool the next cards
    come from: once no Ace is left in it, no card can start one, and the rule says so (the same
    worths, from the search without new stacks, which is about twice as quick)."""
    return _rule(max(0, limit), pool is None or pool[ACE] > 0)


@lru_cache(maxsize=256)
def _rule(limit: int, aces: bool) -> StackRule:
    return StackRule(limit, VALUES, frozenset({ACE}) if aces else frozenset())


def _sum_weights(pool: Profile, k: int) -> tuple[dict[int, int], int]:
    """Weights of the sum of k cards drawn together from `pool` (as `draws.sum_weights`), counted
    value by value (how many of each value, times comb(count, j)).

    For each number of cards n <= k, the ways by total are one integer with a bit field per total
    (wide enough for the largest count, so fields never carry): adding j cards of value v to n - j
    cards is a shift by j * v fields and a product by comb(count, j), big-integer work in C. Every
    weight is the exact integer the field holds: the same weights as listing every multiset."""
    n_all = sum(pool)
    width, rows = _rows(pool, k)
    mask = (1 << width) - 1
    fields = rows[k]
    out: dict[int, int] = {}
    t = 0
    while fields:
        w = fields & mask
        if w:
            out[t] = w
        fields >>= width
        t += 1
    return out, comb(n_all, k)


#: pool -> (field width, rows): rows[n] the ways n cards of the pool make each total, packed
#: as in `_sum_weights`. A pool is mostly the last one less the card just dealt: its rows follow
#: from the last one's.
_ROWS: dict[Profile, tuple[int, list[int]]] = {}


def _rows(pool: Profile, k: int) -> tuple[int, list[int]]:
    """The packed ways n = 0..k cards of `pool` make each total, and the field width."""
    found = _ROWS.get(pool)
    if found is not None and len(found[1]) > k:
        return found
    for v in range(1, len(pool)):
        held = _ROWS.get(pool[:v] + (pool[v] + 1,) + pool[v + 1:])
        if held is not None and len(held[1]) > k:
            # n cards of the larger pool leave out its extra card of value v or hold it:
            # ways(n) = ways'(n) + ways'(n - 1) shifted by v, so ways'(n) is a subtraction
            # (no field goes below zero, so none borrows); its fields are wide enough for these
            width, more = held
            shift = width * v
            rows = [1]
            for n in range(1, k + 1):
                rows.append(more[n] - (rows[n - 1] << shift))
            break
    else:
        n_all = sum(pool)
        width = comb(n_all, min(k, n_all // 2)).bit_length() + 1
        rows = [1] + [0] * k  # rows[n]: the ways n cards make each total, total t in field t
        for v, c in enumerate(pool):
            if not c:
                continue
            step = width * v
            ways = [comb(c, j) for j in range(min(c, k) + 1)]
            for n in range(k, 0, -1):  # larger n first: rows[n - j] still lack value v
                acc = rows[n]
                for j in range(1, min(c, n) + 1):
                    src = rows[n - j]
                    if src:
                        acc += (ways[j] * src) << (step * j)
                rows[n] = acc
    if len(_ROWS) > 256:
        _ROWS.clear()
    _ROWS[pool] = (width, rows)
    return width, rows


@lru_cache(maxsize=4096)
def evasion_cdf(pool: Profile, k: int) -> tuple[tuple[int, ...], int]:
    """Cumulative weights `below[s]` = ways k face-down cards sum to less than s, over comb(n, k)."""
    if k <= 0 or sum(pool) < k:
        return (0,), 1
    weights, total = _sum_weights(pool, k)
    top = max(weights) + 2
    below = [0] * (top + 1)
    run = 0
    for s in range(top + 1):
        below[s] = run
        run += weights.get(s, 0)
    return tuple(below), total


#: face-down cards dealt in parts from disjoint piles: (pool, cards) each
Parts = tuple[tuple[Profile, int], ...]


@lru_cache(maxsize=1024)
def parts_cdf(parts: Parts) -> tuple[tuple[int, ...], int]:
    """`evasion_cdf` of face-down cards dealt in parts: the deck's last cards, then the rest from
    the reshuffled discard (the piles are disjoint, so the parts' sums are independent)."""
    weights, total = {0: 1}, 1
    for pool, k in parts:
        if k <= 0:
            continue
        ways, n = _sum_weights(pool, k)
        mixed: dict[int, int] = {}
        for a, wa in weights.items():
            for b, wb in ways.items():
                mixed[a + b] = mixed.get(a + b, 0) + wa * wb
        weights, total = mixed, total * n
    top = max(weights) + 2
    below = [0] * (top + 1)
    run = 0
    for s in range(top + 1):
        below[s] = run
        run += weights.get(s, 0)
    return tuple(below), total


def beat_chance(pool: Profile, k: int, score: int) -> float:
    """P(k face-down cards from `pool` sum strictly below `score`): a hit check `score` hits."""
    return _beats(pool, k)(score)


def _beats(pool: Profile, k: int) -> Callable[[int], float]:
    """`beat_chance` for one pool and k, as a function of the score: the payoffs ask it for every
    stack total, and looking the cumulative weights up once saves hashing the pool each time."""
    below, total = evasion_cdf(pool, k)
    if k <= 0:
        return lambda score: 1.0 if score > 0 else 0.0
    top = len(below)
    return lambda score: below[min(max(score, 0), top - 1)] / total if score < top else 1.0


@dataclass(frozen=True)
class Strike:
    """What a hit does, given the check's final score: the damage terms of the target and weapon."""

    weapon_damage: int
    armour: int
    crit: int
    crit_bonus: str
    resist: float = 1.0
    bet: int = 0


def damage_of(score: int, s: Strike) -> tuple[int, bool]:
    """Damage = score + weapon damage (+ bet) - armour (ignored on a crit), never below 0, then
    resistances; the critical threshold's bonus. Returns (damage, critical)."""
    crit = score >= s.crit
    armour = 0 if crit and s.crit_bonus == "ignore_armour" else s.armour
    raw = max(0, score + s.weapon_damage + s.bet - armour)
    if crit and s.crit_bonus == "double_damage":
        raw *= 2
    return int(raw * s.resist), crit


@dataclass(frozen=True)
class Attack:
    """One hit check as the attacker knows it: its pool, limit, proficiency, evasion cards, strike."""

    pool: Profile
    limit: int
    prof: int
    k: int
    strike: Strike
    health: int
    #: the pool the face-down cards are weighed on when not `pool`: dealt before the deck ran
    #: out, they are not among the reshuffled discard the next cards come from
    hidden: Profile | None = None

    #: face-down cards still to deal when the deck cannot supply them all: its last cards, then
    #: the reshuffled discard (`Parts`); overrides `hidden`
    parts: Parts = ()
    #: cards of the check the deck deals (from `pool`) before `refill`, the discard, is shuffled
    #: back in and deals the rest: 0 when that is beyond the look-ahead (`runout`)
    runout: int = 0
    refill: Profile = ()

    @property
    def evasion_pool(self) -> Profile:
        """The cards the target's face-down cards can be."""
        return self.pool if self.hidden is None else self.hidden


def _evasion(a: Attack) -> tuple[tuple[int, ...], int]:
    """Cumulative weights of the target's face-down sum (`evasion_cdf`), over their total."""
    return parts_cdf(a.parts) if a.parts else evasion_cdf(a.evasion_pool, a.k)


def _beats_of(a: Attack) -> Callable[[int], float]:
    """`_beats` for the attack's face-down cards, however they are dealt."""
    if not a.parts:
        return _beats(a.evasion_pool, a.k)
    below, total = parts_cdf(a.parts)
    top = len(below)
    return lambda score: below[min(max(score, 0), top - 1)] / total if score < top else 1.0


@lru_cache(maxsize=2048)
def payoff(a: Attack) -> Payoff:
    """Worth of standing on each stack total: P(hit) x (damage up to the target's health, plus a
    bonus for taking it out)."""
    lo, hi = 1 + a.prof, top_total(a.limit) + 1 + a.prof  # the scores of the totals 1..top
    if a.k <= 0:
        chances = [1.0 if score > 0 else 0.0 for score in range(lo, hi)]
    else:
        below, total = _evasion(a)
        cap = len(below)
        chances = [below[score if score > 0 else 0] / total if score < cap else 1.0
                   for score in range(lo, hi)]
    return table((0.0, *map(mul, chances, _hit_worths(lo, hi, a.strike, a.health))))


@lru_cache(maxsize=1024)
def _hit_worths(lo: int, hi: int, s: Strike, health: int) -> tuple[float, ...]:
    """What a hit with each score from `lo` to `hi` - 1 is worth to `payoff`: the damage up to
    the target's health, plus a bonus for taking it out. `damage_of`, written out: the AI prices
    every pool it meets, and the worths stay the same while only the pool changes."""
    out = []
    for score in range(lo, hi):
        crit = score >= s.crit
        raw = score + s.weapon_damage + s.bet - (0 if crit and s.crit_bonus == "ignore_armour" else s.armour)
        if raw < 0:
            raw = 0
        if crit and s.crit_bonus == "double_damage":
            raw *= 2
        dmg = int(raw * s.resist)
        out.append(min(dmg, health) + (KILL_BONUS if dmg >= health else 0.0))
    return tuple(out)


@lru_cache(maxsize=1024)
def damage_payoff(a: Attack) -> Payoff:
    """Worth of standing on each total = P(hit) x the damage it deals (no bonus for a kill): the
    expected damage the hit-check table shows."""
    beats = _beats_of(a)
    out = []
    for t in totals(a.limit):
        score = t + a.prof
        out.append(beats(score) * damage_of(score, a.strike)[0] if t > 0 else 0.0)
    return table(out)


@lru_cache(maxsize=1024)
def hit_payoff(a: Attack) -> Payoff:
    """Worth of standing on each total = P(hit) only."""
    beats = _beats_of(a)
    return table(beats(t + a.prof) if t > 0 else 0.0 for t in totals(a.limit))


def choice(a: Attack, state: StackState) -> StackChoice:
    """Stand now or take another card: exact worths (expected damage)."""
    return stack_choice(a.pool, state, rule(a.limit, a.pool), payoff(a), HORIZON)


def split_worths(a: Attack, state: StackState, pay: Payoff | None = None) -> tuple[float, float]:
    """An Ace was just dealt (`a.pool` without it, `state` before it): worth of counting it 14
    and of starting a new stack with it (by `pay`, default the AI's `payoff`)."""
    return split_choice(a.pool, state, ACE, rule(a.limit, a.pool), pay or payoff(a), HORIZON)


def next_card_odds(a: Attack, state: StackState) -> NextCard:
    """The next card's bust chance."""
    return next_card(a.pool, state, rule(a.limit, a.pool))


@lru_cache(maxsize=1024)
def kill_payoff(a: Attack) -> Payoff:
    """Worth of standing on each total = P(the hit takes the target out)."""
    beats = _beats_of(a)
    out = []
    for t in totals(a.limit):
        score = t + a.prof
        out_of = t > 0 and damage_of(score, a.strike)[0] >= a.health
        out.append(beats(score) if out_of else 0.0)
    return table(out)


def attack_odds(a: Attack) -> tuple[float, float, float]:
    """(best hit chance, best expected worth in damage, best take-out chance) of the whole check
    played well from no cards (each the best play for that aim)."""
    if a.runout:
        from game.rulesets.varium import runout

        return runout.attack_odds(a)
    r = rule(a.limit, a.pool)
    return (
        stack_value(a.pool, StackState(), r, hit_payoff(a), HORIZON),
        attack_worth(a),
        stack_value(a.pool, StackState(), r, kill_payoff(a), HORIZON),
    )


@lru_cache(maxsize=4096)
def attack_worth(a: Attack) -> float:
    """The worth (`payoff`) of the whole check played well from no cards. The baseline prices
    every attack option by it at every step, and a unit's options often meet the same pool and
    target again (nothing dealt in between): those are one look-up here."""
    if a.runout:
        from game.rulesets.varium import runout

        return runout.run_value(a, payoff)
    return stack_value(a.pool, StackState(), rule(a.limit, a.pool), payoff(a), HORIZON)


@lru_cache(maxsize=1024)
def check_payoff(limit: int, prof: int, dc: int) -> Payoff:
    """A check against a DC: worth 1 when the total (stacks + proficiency) reaches it. The table
    runs over `totals`, so a DC above three full stacks (initiative's critical at 100, a bright
    hide, a 2 m climb) is made by the totals that reach it through split Aces."""
    return table(1.0 if t > 0 and t + prof >= dc else 0.0 for t in totals(limit))


@lru_cache(maxsize=1024)
def linear_payoff(limit: int, prof: int, bonus_at: int = 0, bonus: float = 0.0) -> Payoff:
    """A check where more is better (initiative, an opposed check): worth the total, plus a
    bonus from `bonus_at` (initiative's critical)."""
    return table(
        float(t + prof) + (bonus if bonus_at and t + prof >= bonus_at else 0.0) if t > 0 else 0.0
        for t in totals(limit)
    )


def check_choice(pool: Profile, limit: int, state: StackState, pay: Payoff) -> StackChoice:
    """Stand or take another card on any check."""
    return stack_choice(pool, state, rule(limit, pool), pay, HORIZON)


__all__ = ["Payoff", "split_choice", "stack_choice"]
