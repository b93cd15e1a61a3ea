"""The expectimax of `game.core.stackplay` when a value may start a new stack and a card cap
bounds the look-ahead (varium's Ace, a horizon of a few cards): its hot loop.

The pool is a list of counts by value index, taken apart once per decision and changed in place
as the search deals a card (one card off, searched, put back), rather than a packed integer read
bit field by bit field at every state. Memo keys are `stackplay`'s (pool from bit 40, banked
from 24, stack from 8, dealt below), each child's one subtraction from its parent's.

A state whose next card is its last (the cap, or the pool's last card) weighs each child as it
stands. Those sums are the bulk of the work: when the values that never start a new stack are
the indices 0, 1, 2... themselves, each is one left fold of count times worth in C, over the
same terms in the same order as the general solver's loop (a value with no card adds 0.0,
which changes no sum: a sum from 0.0 is never -0.0). Every worth is the same float.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from functools import lru_cache, reduce
from operator import add, mul

#: `search(counts, key, cards, stack, banked, dealt)`: the worth of a state (counts are the pool
#: by value index, restored as found; whole floats: a float times a float takes the interpreter's
#: fast path, an int times a float does not, and the products are the same)
Search = Callable[[list[float], int, int, int, int, int], float]
Forget = Callable[[], None]


def weak(search: Callable[..., float]) -> Callable[..., float]:
    """A weak proxy of a search that calls itself (itself when it is one already)."""
    return search if isinstance(search, weakref.ProxyTypes) else weakref.proxy(search)


@lru_cache(maxsize=64)
def _layout(values: tuple[int, ...], splits: frozenset[int],
            width: int) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]], bool, int]:
    """What a rule's search loops over (the same for every payoff): the values that count,
    ascending, as (value, index, key step down to the child that counts it); the values that may
    start a new stack as (value, index, key step down to the child without it); whether the
    counting values are the indices 0, 1, 2... themselves (a childless sum is then one fold);
    the largest value."""
    size = len(values)
    gone = [1 << (40 + width * v) for v in range(size)]  # a card of index v off the pool, in a key
    plain = sorted((values[v], v, gone[v] - (values[v] << 8) - 1) for v in range(size) if v not in splits)
    splitting = [(values[v], v, gone[v] - 1) for v in sorted(splits) if v < size]
    ordered = all(v == i and val == v for i, (val, v, _) in enumerate(plain))
    return plain, splitting, ordered, max(values, default=0)


def split_solver(memo: dict[int, float], values: tuple[int, ...], splits: frozenset[int], limit: int,
                 cap: int, width: int, by_total: tuple[float, ...], bust: float) -> tuple[Search, Forget]:
    """The capped search (`cap` > 0) of a rule whose `splits` may start a new stack, for pools
    packed `width` bits a value. Callers call `search.reach` for the state they start from
    before searching it."""
    plain, splitting, ordered, top = _layout(values, splits, width)
    span = len(plain)
    last = len(by_total) - 1
    # the worth of standing on each total, padded with the last entry (grown by `reach`)
    stands = list(by_total)
    get = memo.get
    # (total, the largest total within reach) -> the best a state there can be worth (`search`)
    peaks: dict[tuple[int, int], float] = {}
    one = min(limit, top)  # the most one card adds to a total

    def reach(total: int, left: int) -> None:
        """Make `stands` cover a state at `total` with `left` cards still to come."""
        need = total + (left + 1) * top + 2
        if len(stands) < need:
            stands.extend([by_total[last]] * (need - len(stands)))

    def stood(counts: list[float], key: int, n: int, stack: int, banked: int) -> float:
        """A state with cards whose next card is its last, not in the memo: each child stands."""
        t = stack + banked
        stand = stands[t]
        room = limit - stack
        if ordered:
            k = span if room >= span else room + 1 if room >= 0 else 0
            acc = reduce(add, map(mul, counts, stands[t:t + k]), 0.0)
            safe = sum(counts[:k])
        else:
            acc = 0.0
            safe = 0
            for val, v, _ in plain:
                if val > room:
                    break
                c = counts[v]
                if c:
                    safe += c
                    acc += c * stands[t + val]
        for val, v, _ in splitting:
            c = counts[v]
            if c:
                safe += c
                split = stand
                if val <= room:
                    w = stands[t + val]
                    if w > split:
                        split = w
                elif bust > split:
                    split = bust
                acc += c * split
        hit = (acc + (n - safe) * bust) / n
        if hit > stand:
            stand = hit
        memo[key] = stand
        return stand

    def search(counts: list[float], key: int, n: int, stack: int, banked: int, dealt: int) -> float:
        got = get(key)
        if got is not None:
            return got
        t = stack + banked
        stand = stands[t]
        if not n or dealt >= cap:
            memo[key] = stand
            return stand
        if n == 1 or dealt + 1 >= cap:
            return stood(counts, key, n, stack, banked)
        room = limit - stack
        # Another card cannot beat standing when even the best it could lead to cannot: every
        # child is worth no more than the best of standing on a total within reach of the cards
        # still to come, or a bust (`peak`). Settled only with a margin far above any rounding
        # of the exact sum, so the worth is the same float the sum would give.
        if ordered:
            k = span if room >= span else room + 1 if room >= 0 else 0
            safe = sum(counts[:k])
        else:
            safe = sum(counts[v] for val, v, _ in plain if val <= room)
        for _val, v, _ in splitting:
            safe += counts[v]
        left = cap - dealt
        if left == 2:
            # two cards: both count in this stack (up to banked + limit), or one of them starts a
            # new stack and the other counts in one of the two
            end = banked + limit if banked + limit > t + one else t + one
        else:
            end = t + left * top
        best = peaks.get((t, end))
        if best is None:
            if end >= len(stands):
                stands.extend([by_total[last]] * (end + 1 - len(stands)))
            best = peaks[(t, end)] = max(max(stands[t:end + 1]), bust)
        bound = safe * best + (n - safe) * bust
        if bound < stand * n - 1e-9 * n * (abs(stand) + abs(best) + abs(bust)):
            memo[key] = stand
            return stand
        m = n - 1
        # the children's next card is their last: weigh them directly
        deeper = search if m > 1 and dealt + 2 < cap else None
        acc = 0.0
        for val, v, down in plain:
            if val > room:
                break
            c = counts[v]
            if c:
                child = key - down
                if deeper is None:
                    w = get(child)  # (a child met before, by another order of the same cards)
                    if w is None:
                        counts[v] = c - 1.0
                        w = stood(counts, child, m, stack + val, banked)
                        counts[v] = c
                else:
                    counts[v] = c - 1.0
                    w = deeper(counts, child, m, stack + val, banked, dealt + 1)
                    counts[v] = c
                acc += c * w
        for val, v, down in splitting:
            c = counts[v]
            if c:
                counts[v] = c - 1.0
                without = key - down
                fresh = without + (stack << 24) - (stack << 8)
                if deeper is None:
                    split = get(fresh)
                    if split is None:
                        split = stood(counts, fresh, m, 0, t)
                    if val <= room:
                        counted = without + (val << 8)
                        w = get(counted)
                        if w is None:
                            w = stood(counts, counted, m, stack + val, banked)
                        if w > split:
                            split = w
                    elif bust > split:
                        split = bust
                else:
                    split = deeper(counts, fresh, m, 0, t, dealt + 1)
                    if val <= room:
                        w = deeper(counts, without + (val << 8), m, stack + val, banked, dealt + 1)
                        if w > split:
                            split = w
                    elif bust > split:
                        split = bust
                counts[v] = c
                acc += c * split
        hit = (acc + (n - safe) * bust) / n
        if hit > stand:
            stand = hit
        memo[key] = stand
        return stand

    def forget() -> None:
        # the self-reference becomes a weak one: a search still running (another thread's) goes
        # on through it, and once nothing else holds the search it is freed without the cycle
        # collector
        nonlocal search
        search = weak(search)

    search.reach = reach  # type: ignore[attr-defined]
    return search, forget
