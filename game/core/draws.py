"""Exact odds of cards drawn without replacement, counted by value, for any deck and value function.

A ruleset names each card by a small integer value index (voidmarked: Black Joker 0 .. Red Joker
14; varium: Joker 1 .. Ace 14); a pool of cards a side cannot see is then a count profile, one
entry per value index. Everything here counts configurations by value (binomial coefficients,
falling factorials) instead of enumerating card tuples, and returns integer weights over a total
so that callers combine them exactly and turn them into Fractions or floats only at the end.

This module: draws of k cards at once (every multiset of values with its number of card sets, the
kept highest or lowest value, the sum). Stacks dealt one card at a time (varium's hit checks)
are in `game.core.stacks` (their odds under a stand policy) and `game.core.stackplay` (stand now
or take one more card).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb

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
