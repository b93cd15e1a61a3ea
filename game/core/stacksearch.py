"""The expectimax of `game.core.stackplay` when no value starts a new stack (its hot loop).

Every stack then ends on a total in [t, banked + limit]. While standing is worth at least what
another card could bring at best (every card that fits bringing the best payoff of those totals),
the stack stands and nothing below needs searching: most states of a full deck end there. A
parent tests that bound for each child before calling it, and hands the child the values that
still fit with their counts (its own, one card fewer), so a state reads its pool once, at the top.

The sums run over the same terms in the same order as the general solver's, and every shortcut
here only skips comparisons whose outcome is known, so the worths are the same floats.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.stacksplit import weak

#: a value that still fits: (value, cards of it in the pool, memo key step of dealing one). Card
#: counts are whole floats in the search: a float times a float takes the interpreter's fast path,
#: an int times a float does not, and the products are the same.
Kid = tuple[int, float, int]
#: `solve(key, cards, total, dealt, kids, cards that fit, worth of standing)`
Solve = Callable[[int, float, int, int, list[Kid], float, float], float]
Best = Callable[[int, int, int, int, int], float]
Forget = Callable[[], None]


def plain_solver(memo: dict[int, float], plain: list[tuple[int, int, int]], mask: int, limit: int,
                 cap: int, by_total: tuple[float, ...], bust: float,
                 key_of: Callable[[int, int, int, int], int]) -> tuple[Best, Forget]:
    """`best(pool, cards in it, stack, banked, dealt)` for values (value, shift, unit) `plain`,
    sorted by value; `key_of` packs a state into its memo key (the pool from bit 40 on, the stack
    from bit 8, dealt below). `forget()` undoes the searches' references to themselves, so that
    a dropped solver is freed at once rather than by the cycle collector."""
    get = memo.get
    last = len(by_total) - 1
    # per banked + limit: (best payoff from each total on, the search of states whose totals
    # stay within it)
    tables: dict[int, tuple[list[float], Solve, Forget]] = {}
    step = 1 if cap else 0
    # (value, shift, the memo key step of dealing it)
    fields = [(val, shift, (unit << 40) - (val << 8) - step) for val, shift, unit in plain]

    def table(hi: int) -> tuple[list[float], Solve, Forget]:
        found = tables.get(hi)
        if found is None:
            stands = [by_total[min(t, last)] for t in range(hi + 1)]
            tops = [bust] * (hi + 2)
            for lo in range(hi, -1, -1):
                tops[lo] = stands[lo] if stands[lo] > tops[lo + 1] else tops[lo + 1]
            # Nothing for a bust and standing worth no less (and not below nothing) on a larger
            # total: the usual payoff ("beat a total") gets the leaner search.
            rising = bust == 0.0 and stands[0] >= 0.0 and all(stands[i] <= stands[i + 1] for i in range(hi))
            search = _rising if rising else _general
            found = tables[hi] = (tops, *search(memo, hi, stands, tops, cap, bust))
        return found

    def best(pool: int, n: int, stack: int, banked: int, dealt: int) -> float:
        key = key_of(pool, stack, banked, dealt)
        got = get(key)
        if got is not None:
            return got
        t = stack + banked
        stand = by_total[t] if t <= last else by_total[last]
        if not n or (cap and dealt >= cap):
            memo[key] = stand
            return stand
        room = limit - stack
        kids: list[Kid] = []
        safe = 0.0
        for val, shift, down in fields:
            if val > room:
                break
            c = (pool >> shift) & mask
            if c:
                safe += c
                kids.append((val, float(c), down))
        hi = banked + limit
        tops, solve, _forget = table(hi)
        if (safe * (tops[t] if t <= hi else bust) + (n - safe) * bust) <= stand * n:
            memo[key] = stand
            return stand
        return solve(key, float(n), t, dealt, kids, safe, stand)

    def forget() -> None:
        for _tops, _solve, forget_search in tables.values():
            forget_search()
        tables.clear()

    return best, forget


def _general(memo: dict[int, float], hi: int, stands: list[float], tops: list[float], cap: int,
             bust: float) -> tuple[Solve, Forget]:
    """The search for any payoff, totals up to `hi`: `stands[t]` is the worth of standing on t,
    `tops[t]` the best of standing on t or more (or a bust)."""
    get = memo.get

    def solve(key: int, n: float, t: int, dealt: int, kids: list[Kid], safe: float, stand: float) -> float:
        """A state that can take a card and that its bound does not settle: `kids` are the
        values that fit, `safe` their cards, `stand` the worth of standing."""
        acc = 0.0
        m = n - 1.0
        if kids and not (m and not (cap and dealt + 1 >= cap)):
            for val, c, _down in kids:  # no child can take a card: each stands
                acc += c * stands[t + val]
        elif kids:
            room = hi - t
            edge = room - kids[0][0]  # a child past it can only bust with any card
            below = len(kids) - 1
            upto = safe
            for i, (val, c, down) in enumerate(kids):
                tv = t + val
                worth = stands[tv]
                if val > edge:
                    acc += c * (bust if bust > worth else worth)
                    continue
                # the child's own bound, tested here: the cards that still fit once it holds
                # `val`, found by one pointer walking down as the room left falls
                left = room - val
                while kids[below][0] > left:
                    upto -= kids[below][1]
                    below -= 1
                mine = upto - 1.0 if val <= left else upto
                if (mine * tops[tv] + (m - mine) * bust) <= worth * m:
                    acc += c * worth
                    continue
                child = key - down
                got = get(child)
                if got is None:
                    sub = kids[:below + 1]
                    if val <= left:
                        if c == 1.0:
                            del sub[i]
                        else:
                            sub[i] = (val, c - 1.0, down)
                    got = solve(child, m, tv, dealt + 1, sub, mine, worth)
                acc += c * got
        hit = (acc + (n - safe) * bust) / n
        if hit > stand:
            stand = hit
        memo[key] = stand
        return stand

    def forget() -> None:
        nonlocal solve
        solve = weak(solve)  # a weak self-reference: see stacksplit.split_solver's forget

    return solve, forget


def _rising(memo: dict[int, float], hi: int, stands: list[float], tops: list[float], cap: int,
            bust: float) -> tuple[Solve, Forget]:
    """`_general` for a bust worth nothing and `stands` never falling nor below nothing.

    Then `tops` is one number and a child's bound can only hold more easily than its elder
    sibling's (ascending values: fewer cards fit after it, it stands on a better total), in the
    same float comparisons: once one holds, every later child stands. No child is worth less
    than a bust, so a child with no card that fits settles by its bound too.
    """
    get = memo.get
    top = tops[0]

    def solve(key: int, n: float, t: int, dealt: int, kids: list[Kid], safe: float, stand: float) -> float:
        """`_general`'s `solve`."""
        acc = 0.0
        m = n - 1.0
        if kids and m and not (cap and dealt + 1 >= cap):
            room = hi - t
            edge = room - kids[0][0]
            below = len(kids) - 1
            high = kids[below][0]  # the largest value still counted in `upto`
            upto = safe
            rest = iter(kids)
            for val, c, down in rest:
                child = key - down
                got = get(child)  # a child met before was searched (or settled at the top)
                if got is not None:
                    acc += c * got
                    continue
                worth = stands[t + val]
                if val <= edge:
                    left = room - val
                    while high > left:
                        upto -= kids[below][1]
                        below -= 1
                        high = kids[below][0]
                    mine = upto - 1.0 if val <= left else upto
                    if mine * top > worth * m:  # (the general bound adds (m - mine) * 0.0)
                        sub = kids[:below + 1]
                        if val <= left:
                            i = sub.index((val, c, down))
                            if c == 1.0:
                                del sub[i]
                            else:
                                sub[i] = (val, c - 1.0, down)
                        acc += c * solve(child, m, t + val, dealt + 1, sub, mine, worth)
                        continue
                acc += c * worth  # this child stands, and so does every later one
                for val, c, _down in rest:
                    acc += c * stands[t + val]
        else:
            for val, c, _down in kids:  # no child can take a card: each stands
                acc += c * stands[t + val]
        hit = acc / n  # (acc is never -0.0, so adding (n - safe) * 0.0 changes nothing)
        if hit > stand:
            stand = hit
        memo[key] = stand
        return stand

    def forget() -> None:
        nonlocal solve
        solve = weak(solve)  # a weak self-reference: see stacksplit.split_solver's forget

    return solve, forget
