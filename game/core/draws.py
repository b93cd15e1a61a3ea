"""Exact odds of cards drawn without replacement, counted by value, for any deck and value function.

A ruleset names each card by a small integer value index (voidmarked: Black Joker 0 .. Red Joker
14; varium: Joker 1 .. Ace 14); a pool of cards a side cannot see is then a count profile, one
entry per value index. Everything here counts configurations by value (binomial coefficients,
falling factorials) instead of enumerating card tuples, and returns integer weights over a total
so that callers combine them exactly and turn them into Fractions or floats only at the end.

Two families:
- **Draws of k cards at once**: every multiset of values with its number of card sets, the
  distribution of the kept (highest or lowest) value, of the sum.
- **Stacks dealt one card at a time** (varium's hit checks): the holder stands when a policy says
  so; a stack whose total exceeds the limit busts; some values may start a new stack instead of
  counting (varium's Ace). `stack_odds` gives the exact bust chance and final-total distribution
  under a policy, `stack_choice` the value of standing now against taking one more card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, perm
from typing import Protocol

from game.core.chance import Distribution

Profile = tuple[int, ...]


def profile_of(cards: Iterable[str], value: Callable[[str], int], size: int) -> Profile:
    """Count cards by value index (`value(card)` in 0..size-1)."""
    counts = [0] * size
    for c in cards:
        counts[value(c)] += 1
    return tuple(counts)


def without(profile: Profile, index: int, n: int = 1) -> Profile:
    """The profile after `n` cards of value `index` left it."""
    return profile[:index] + (profile[index] - n,) + profile[index + 1:]


# -- k cards at once ----------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def kept_weights(profile: Profile, k: int, high: bool = True) -> tuple[tuple[int, ...], int]:
    """Weights of the kept value when `k` cards are drawn and the highest (or lowest) is kept,
    with their total comb(n, k); ties keep any of the equals (the value is the same).

    With fewer than k cards in the pool, all of them (at least one) are drawn.
    """
    n = sum(profile)
    if n < k:
        k = max(1, n)
    weights = [0] * len(profile)
    run = 0
    prev = 0
    order = range(len(profile)) if high else range(len(profile) - 1, -1, -1)
    for v in order:
        run += profile[v]
        cur = comb(run, k)
        weights[v] = cur - prev
        prev = cur
    return tuple(weights), comb(n, k)


def multisets(profile: Profile, k: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every multiset of k values (ascending) the pool can supply, with its number of card sets.

    The weights total comb(n, k): the exact distribution of an unordered draw by value counts.
    Up to three cards (every flip of voidmarked's duels) are spelled out: they run in its AI.
    """
    vals = [v for v in range(len(profile)) if profile[v]]
    if k == 1:
        for v in vals:
            yield (v,), profile[v]
    elif k == 2:
        for i, v in enumerate(vals):
            if profile[v] >= 2:
                yield (v, v), comb(profile[v], 2)
            for u in vals[i + 1:]:
                yield (v, u), profile[v] * profile[u]
    elif k == 3:
        for i, v in enumerate(vals):
            cv = profile[v]
            if cv >= 3:
                yield (v, v, v), comb(cv, 3)
            for u in vals[i + 1:]:
                cu = profile[u]
                if cv >= 2:
                    yield (v, v, u), comb(cv, 2) * cu
                if cu >= 2:
                    yield (v, u, u), cv * comb(cu, 2)
            for j, u in enumerate(vals[i + 1:], start=i + 1):
                for w in vals[j + 1:]:
                    yield (v, u, w), cv * profile[u] * profile[w]
    else:
        for combo in combinations_with_replacement(vals, k):
            ways = 1
            for v in set(combo):
                ways *= comb(profile[v], combo.count(v))
            if ways:
                yield combo, ways


def sum_weights(profile: Profile, k: int,
                values: tuple[int, ...] | None = None) -> tuple[dict[int, int], int]:
    """Weights of the sum of k cards drawn together ({sum: weight}, total comb(n, k)); a value
    index counts `values[index]` (its own index when None)."""
    out: dict[int, int] = {}
    for combo, ways in multisets(profile, k):
        s = sum(combo) if values is None else sum(values[v] for v in combo)
        out[s] = out.get(s, 0) + ways
    return out, comb(sum(profile), k)


# -- stacks dealt one card at a time ------------------------------------------------------------
@dataclass(frozen=True)
class StackRule:
    """How a stack is dealt: the bust limit, what each value index counts, and which values may
    start a new stack instead (each stack then has the limit; the total sums every stack).

    `max_cards` caps the cards dealt (0: no cap). The card that starts a new stack counts nothing
    in it (varium: "an Ace may start a new stack instead of counting 14").
    """

    limit: int
    values: tuple[int, ...]
    splits: frozenset[int] = frozenset()
    max_cards: int = 0

    def __post_init__(self) -> None:
        # totals only grow: the search's pruning and its memo keys rely on it
        if min(self.values, default=0) < 0 or not 0 <= self.limit < 1 << 16:
            raise ValueError("a stack rule needs card values >= 0 and a limit in [0, 65535]")

    @staticmethod
    def indexed(limit: int, size: int, splits: Iterable[int] = (), max_cards: int = 0) -> StackRule:
        """A rule whose value indices count their own number (the usual case)."""
        return StackRule(limit, tuple(range(size)), frozenset(splits), max_cards)


@dataclass(frozen=True)
class StackState:
    """Where a stack stands: its total, what earlier (closed) stacks hold, cards dealt so far."""

    stack: int = 0
    banked: int = 0
    dealt: int = 0

    @property
    def total(self) -> int:
        """The sum of every stack: the check's value if the holder stands now."""
        return self.stack + self.banked


class Policy(Protocol):
    """When the holder stands, and whether a splitting card starts a new stack. Hashable: the
    odds are memoised by policy."""

    def stands(self, profile: Profile, state: StackState, rule: StackRule) -> bool:
        """Stand now (rather than take one more card)?"""
        ...

    def splits(self, profile: Profile, state: StackState, index: int, rule: StackRule) -> bool:
        """Card `index` (one of `rule.splits`) was just dealt: start a new stack with it?
        `profile` is the pool without it; `state` as before it was dealt (dealt counts it)."""
        ...


@dataclass(frozen=True)
class StandAt:
    """Stand once the current stack reaches `threshold`; a splitting card starts a new stack
    exactly when counting it would bust."""

    threshold: int

    def stands(self, profile: Profile, state: StackState, rule: StackRule) -> bool:
        """Stand at or above the threshold."""
        return state.stack >= self.threshold

    def splits(self, profile: Profile, state: StackState, index: int, rule: StackRule) -> bool:
        """Split only to avoid a bust."""
        return state.stack + rule.values[index] > rule.limit


def can_take(profile: Profile, state: StackState, rule: StackRule) -> bool:
    """Whether one more card can be dealt (cards left, cap not reached)."""
    return sum(profile) > 0 and not (rule.max_cards and state.dealt >= rule.max_cards)


@dataclass(frozen=True)
class NextCard:
    """The next card by value index: `weights[v]` cards of value v among `total`; `bust_w` of them
    bust the stack if counted (a splitting card among them may still start a new stack)."""

    weights: tuple[int, ...]
    bust_w: int
    total: int

    @property
    def bust(self) -> Fraction:
        """P(the next card busts the stack when counted)."""
        return Fraction(self.bust_w, self.total) if self.total else Fraction(0)


def next_card(profile: Profile, state: StackState, rule: StackRule) -> NextCard:
    """The one-card look-ahead: what the next card can be and how many of them bust."""
    room = rule.limit - state.stack
    bust_w = sum(c for v, c in enumerate(profile) if c and rule.values[v] > room)
    return NextCard(profile, bust_w, sum(profile))


@dataclass(frozen=True)
class StackOdds:
    """Exact outcome of a stack dealt under a policy: integer weights over `total`.

    `totals` holds (final total of every stack, weight) ascending; `bust_w` counts the deals in
    which some stack busted (the whole check fails).
    """

    totals: tuple[tuple[int, int], ...]
    bust_w: int
    total: int

    @property
    def bust(self) -> Fraction:
        """P(bust)."""
        return Fraction(self.bust_w, self.total)

    def distribution(self, bust: object = "bust") -> Distribution:
        """Final totals (and the `bust` outcome) with their exact probabilities."""
        probs: dict[object, Fraction] = {t: Fraction(w, self.total) for t, w in self.totals}
        probs[bust] = self.bust
        return Distribution(probs)

    def expect(self, payoff: Callable[[int], float], bust: float = 0.0) -> float:
        """E[payoff(final total)], a bust worth `bust`."""
        return (sum(w * payoff(t) for t, w in self.totals) + self.bust_w * bust) / self.total


@lru_cache(maxsize=1024)
def stack_odds(profile: Profile, rule: StackRule, policy: Policy,
               state: StackState = StackState()) -> StackOdds:
    """Exact bust chance and final-total distribution of a stack dealt from `profile` (the cards
    the holder cannot see) from `state` until `policy` stands, the pool runs out or the cap.

    Deals are counted level by level: a state reached after k more cards carries the number of
    ordered ways to reach it, so its probability is weight / n(n-1)...(n-k+1); merging equal
    states (same remaining pool, stack and banked total) keeps the levels small.
    """
    n0 = sum(profile)
    values = rule.values
    limit = rule.limit
    plain = sorted((values[v], v) for v in range(len(values)) if v not in rule.splits)
    splitting = sorted(v for v in rule.splits if v < len(values))
    ended: list[tuple[int, int | None, int]] = []  # (depth, final total or None for bust, weight)
    level: dict[tuple[Profile, int, int], int] = {(profile, state.stack, state.banked): 1}
    depth = 0
    while level:
        nxt: dict[tuple[Profile, int, int], int] = {}
        for (prof, stack, banked), w in level.items():
            st = StackState(stack, banked, state.dealt + depth)
            if not can_take(prof, st, rule) or policy.stands(prof, st, rule):
                ended.append((depth, stack + banked, w))
                continue
            room = limit - stack
            busts = sum(prof)
            for val, v in plain:  # ascending: from the first that busts, all bust
                if val > room:
                    break
                c = prof[v]
                if c:
                    busts -= c
                    key = (prof[:v] + (c - 1,) + prof[v + 1:], stack + val, banked)
                    nxt[key] = nxt.get(key, 0) + w * c
            for v in splitting:
                c = prof[v]
                if not c:
                    continue
                busts -= c
                child = prof[:v] + (c - 1,) + prof[v + 1:]
                if policy.splits(child, st, v, rule):
                    key = (child, 0, banked + stack)
                elif stack + values[v] > limit:
                    busts += c
                    continue
                else:
                    key = (child, stack + values[v], banked)
                nxt[key] = nxt.get(key, 0) + w * c
            if busts:
                ended.append((depth + 1, None, w * busts))
        level = nxt
        depth += 1
    deepest = max(d for d, _, _ in ended)
    total = perm(n0, deepest)
    totals: dict[int, int] = {}
    bust_w = 0
    for d, t, w in ended:
        w *= perm(n0 - d, deepest - d)  # onto the common denominator n0 (n0-1) ... (n0-deepest+1)
        if t is None:
            bust_w += w
        else:
            totals[t] = totals.get(t, 0) + w
    return StackOdds(tuple(sorted(totals.items())), bust_w, total)


@dataclass(frozen=True)
class Payoff:
    """What a final total is worth to the holder: `by_total[t]` (the last entry for larger
    totals), `bust` when a stack busts. Plain data, so decisions are memoised by it."""

    by_total: tuple[float, ...]
    bust: float = 0.0

    def of(self, total: int) -> float:
        """Worth of standing on `total`."""
        table = self.by_total
        return table[total] if total < len(table) else table[-1]


@dataclass(frozen=True)
class StackChoice:
    """The value of standing now, of taking exactly one more card and standing, and of taking
    one more card and then playing on as well as possible (exact expectimax)."""

    stand: float
    one_more: float
    hit: float

    @property
    def take(self) -> bool:
        """Whether taking another card is worth more than standing."""
        return self.hit > self.stand


# One memo per (rule, payoff, field width): a decision's look-ahead fills exactly the entries the
# next card's decision asks for, so the later decisions of one stack are look-ups. Pools are
# packed into one integer (a bit field per value index): a child pool is one subtraction.
_MEMO: dict[tuple[StackRule, Payoff, int], dict[tuple[int, int, int, int], float]] = {}
_MEMO_CAP = 400_000
_SOLVERS: dict[tuple[StackRule, Payoff, int], Callable[[int, int, int, int, int], float]] = {}


def clear_memo() -> None:
    """Forget every memoised stack worth (benchmarks measure the first decision with it)."""
    _MEMO.clear()
    _SOLVERS.clear()


def _width(profile: Profile) -> int:
    return max(3, max(profile, default=0).bit_length())


def _pack(profile: Profile, width: int) -> int:
    return sum(c << (width * v) for v, c in enumerate(profile))


def _solver(rule: StackRule, payoff: Payoff, width: int) -> Callable[[int, int, int, int, int], float]:
    """`best(pool, cards in it, stack, banked, dealt)`: the exact worth of playing on well."""
    if sum(map(len, _MEMO.values())) > _MEMO_CAP:
        clear_memo()
    key = (rule, payoff, width)
    found = _SOLVERS.get(key)
    if found is not None:
        return found
    memo = _MEMO[key] = {}
    size = len(rule.values)
    mask = (1 << width) - 1
    # Counting values in ascending order: the loop stops at the first that busts, and every card
    # from there on is weighed as a bust at once (deep stacks near the limit cost a few steps).
    plain = sorted((rule.values[v], width * v, 1 << (width * v)) for v in range(size) if v not in rule.splits)
    splitting = [(rule.values[v], width * v, 1 << (width * v)) for v in sorted(rule.splits) if v < size]
    limit, cap = rule.limit, rule.max_cards
    by_total, last, bust = payoff.by_total, len(payoff.by_total) - 1, payoff.bust
    get = memo.get

    leaves = not splitting  # without new stacks, a child that can only bust is worth max(stand, bust)
    # Without new stacks a stack ends on a total in [t, banked + limit]: while standing is worth
    # at least what another card could bring at best, it stands and nothing below needs searching.
    tops: dict[tuple[int, int], float] = {}

    def top(lo: int, hi: int) -> float:
        got = tops.get((lo, hi))
        if got is None:
            got = tops[(lo, hi)] = max([bust] + [by_total[min(i, last)] for i in range(lo, hi + 1)])
        return got

    def best(pool: int, n: int, stack: int, banked: int, dealt: int) -> float:
        # one integer key: totals below 2**16, at most 255 cards dealt
        key = (((pool << 16 | banked) << 16 | stack) << 8) | (dealt if cap else 0)
        got = get(key)
        if got is not None:
            return got
        t = stack + banked
        stand = by_total[t] if t <= last else by_total[last]
        if n and not (cap and dealt >= cap):
            room = limit - stack
            acc = 0.0
            safe = 0
            low = -1
            more = n > 1 and not (cap and dealt + 1 >= cap)  # may a child take a card?
            if not splitting:
                for val, shift, _unit in plain:
                    if val > room:
                        break
                    safe += (pool >> shift) & mask
                if (safe * top(t, banked + limit) + (n - safe) * bust) <= stand * n:
                    memo[key] = stand
                    return stand
                safe = 0
            for val, shift, unit in plain:
                if val > room:
                    break
                c = (pool >> shift) & mask
                if c:
                    safe += c
                    if low < 0:
                        low = val
                    if leaves and val + low > room:
                        tc = t + val
                        worth = by_total[tc] if tc <= last else by_total[last]
                        if more and bust > worth:
                            worth = bust
                        acc += c * worth
                    else:
                        acc += c * best(pool - unit, n - 1, stack + val, banked, dealt + 1)
            for val, shift, unit in splitting:
                c = (pool >> shift) & mask
                if c:
                    safe += c
                    child = pool - unit
                    split = best(child, n - 1, 0, t, dealt + 1)
                    if val <= room:
                        split = max(split, best(child, n - 1, stack + val, banked, dealt + 1))
                    else:
                        split = max(split, bust)
                    acc += c * split
            hit = (acc + (n - safe) * bust) / n
            if hit > stand:
                stand = hit
        memo[key] = stand
        return stand

    _SOLVERS[(rule, payoff, width)] = best
    return best


def _within(rule: StackRule, state: StackState, horizon: int | None) -> StackRule:
    """The rule with at most `horizon` more cards dealt (None: as the rule says)."""
    if horizon is None:
        return rule
    cap = state.dealt + max(1, horizon)
    return replace(rule, max_cards=min(cap, rule.max_cards) if rule.max_cards else cap)


def stack_value(profile: Profile, state: StackState, rule: StackRule, payoff: Payoff,
                horizon: int | None = None) -> float:
    """The worth of a stack at `state` played as well as possible from here (stand when that is
    worth more than the expected worth of another card), taking at most `horizon` more cards."""
    rule = _within(rule, state, horizon)
    width = _width(profile)
    solve = _solver(rule, payoff, width)
    return solve(_pack(profile, width), sum(profile), state.stack, state.banked, state.dealt)


def stack_choice(profile: Profile, state: StackState, rule: StackRule, payoff: Payoff,
                 horizon: int | None = None) -> StackChoice:
    """Stand now, or take one more card? Exact, from the pool the holder cannot see.

    `hit` is the worth of taking the next card and then playing on as well as possible with at
    most `horizon` cards in all (None: no limit but the rule's; 1: the next card, then stand).
    Without a horizon it is an expectimax over every pool the stack can reach: milliseconds the
    first time for a full deck, memoised for the stack's later cards, and far more when a value
    may start a new stack (every later stack is searched too); a small horizon bounds it.
    """
    rule = _within(rule, state, horizon)
    stand = payoff.of(state.total)
    n = sum(profile)
    if not can_take(profile, state, rule):
        return StackChoice(stand, stand, stand)
    if horizon == 1:
        room = rule.limit - state.stack
        once = 0.0
        for v, c in enumerate(profile):
            if c:
                val = rule.values[v]
                worth = payoff.bust if val > room else payoff.of(state.total + val)
                if v in rule.splits and stand > worth:
                    worth = stand
                once += c * worth
        return StackChoice(stand, once / n, once / n)
    width = _width(profile)
    best = _solver(rule, payoff, width)
    pool = _pack(profile, width)
    room = rule.limit - state.stack
    once = hit = 0.0
    for v, c in enumerate(profile):
        if not c:
            continue
        child = pool - (1 << (width * v))
        val = rule.values[v]
        nxt = StackState(state.stack + val, state.banked, state.dealt + 1)
        counted_once = payoff.bust if val > room else payoff.of(nxt.total)
        counted = payoff.bust if val > room else best(child, n - 1, nxt.stack, nxt.banked, nxt.dealt)
        if v in rule.splits:
            counted_once = max(counted_once, payoff.of(state.total))
            counted = max(counted, best(child, n - 1, 0, state.total, state.dealt + 1))
        once += c * counted_once
        hit += c * counted
    return StackChoice(stand, once / n, hit / n)


def split_choice(profile: Profile, state: StackState, index: int, rule: StackRule,
                 payoff: Payoff, horizon: int | None = None) -> tuple[float, float]:
    """A splitting card `index` was just dealt (`profile` no longer holds it, `state` is from
    before it): (worth of counting it, worth of starting a new stack with it), playing on with
    at most `horizon` more cards after it."""
    after = StackState(state.stack, state.banked, state.dealt + 1)
    rule = _within(rule, after, horizon)
    width = _width(profile)
    best = _solver(rule, payoff, width)
    pool = _pack(profile, width)
    val = rule.values[index]
    n = sum(profile)
    counted = payoff.bust if state.stack + val > rule.limit else \
        best(pool, n, state.stack + val, state.banked, state.dealt + 1)
    return counted, best(pool, n, 0, state.total, state.dealt + 1)


@dataclass(frozen=True)
class PlayBest:
    """The policy `stack_choice` advises for a payoff: stand when another card is worth less,
    split when a new stack is worth more than counting (looking `horizon` cards ahead)."""

    payoff: Payoff
    horizon: int | None = None

    def stands(self, profile: Profile, state: StackState, rule: StackRule) -> bool:
        """Stand unless another card is worth more."""
        return not stack_choice(profile, state, rule, self.payoff, self.horizon).take

    def splits(self, profile: Profile, state: StackState, index: int, rule: StackRule) -> bool:
        """Split when a new stack is worth more than counting the card."""
        counted, split = split_choice(profile, state, index, rule, self.payoff, self.horizon)
        return split > counted
