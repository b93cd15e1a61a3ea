"""Stand now, or take one more card? Exact worths of a stack from the cards the holder cannot see.

An expectimax over every pool the stack can reach, memoised so that one decision's look-ahead
fills exactly what the stack's next decisions ask for. A horizon bounds the look-ahead (exact for
the policy that takes at most that many more cards), which keeps stacks whose values may start a
new stack affordable. The searches' hot loops: `stacksearch` (no value starts a new stack) and
`stacksplit` (a horizon, and values that may).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from game.core.draws import Profile
from game.core.stacks import StackRule, StackState, can_take
from game.core.stacksearch import plain_solver
from game.core.stacksplit import Search, split_solver, weak


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
# The cap is about what one varium game fills (16,000-40,000 entries, ~3 MiB): kept across games
# the memos grew to 400,000 entries (36 MiB) before a drop, and a game that starts with them
# empty plays no slower (benchmarks/memory.py, games_per_second.py).
_MEMO: dict[tuple[StackRule, Payoff, int], dict[int, float]] = {}
_MEMO_CAP = 50_000
# Summing every memo's size costs as much as a small search once thousands of payoffs have their
# own memo (varium prices each attack on its own payoff): the cap is checked every few calls.
_CHECK_EVERY = 32
_calls_since_check = 0
_SOLVERS: dict[tuple[StackRule, Payoff, int], Callable[[int, int, int, int, int], float]] = {}
# Each solver's searches call themselves through their closures: a reference cycle, dozens of
# objects per solver (and its memo), that only the cycle collector frees. Dropping a solver (the
# memo cap, `clear_memo`) makes those references weak (`stacksplit.weak`), so the solver goes as
# soon as nothing holds it, while a search another thread is running goes on. Before, the cap left
# them to the cycle collector: Python's full collections came seldom, and a Hard varium side,
# dropping solvers every few decisions, held 385-550 MiB after two games.
_FORGET: list[Callable[[], None]] = []


def clear_memo() -> None:
    """Forget every memoised stack worth and every solver (benchmarks measure the first decision
    with it), undoing the solvers' self-references so that nothing waits for the cycle collector."""
    _drop()


def _drop() -> None:
    for forget in _FORGET:
        forget()
    _FORGET.clear()
    _MEMO.clear()
    _SOLVERS.clear()


def _width(profile: Profile) -> int:
    return max(3, max(profile, default=0).bit_length())


def _pack(profile: Profile, width: int) -> int:
    return sum(c << (width * v) for v, c in enumerate(profile))


def _solver(rule: StackRule, payoff: Payoff, width: int) -> Callable[[int, int, int, int, int], float]:
    """`best(pool, cards in it, stack, banked, dealt)`: the exact worth of playing on well."""
    global _calls_since_check
    _calls_since_check += 1
    if _calls_since_check >= _CHECK_EVERY:
        _calls_since_check = 0
        if sum(map(len, _MEMO.values())) > _MEMO_CAP:
            _drop()
    key = (rule, payoff, width)
    found = _SOLVERS.get(key)
    if found is not None:
        return found
    memo = _MEMO[key] = {}
    size = len(rule.values)
    mask = (1 << width) - 1
    limit, cap = rule.limit, rule.max_cards
    by_total, last, bust = payoff.by_total, len(payoff.by_total) - 1, payoff.bust
    def key_of(pool: int, stack: int, banked: int, dealt: int) -> int:
        # one integer: pool << 40 | banked << 24 | stack << 8 | dealt (totals below 2**16, at
        # most 255 cards dealt; dealt is 0 without a cap)
        return (((pool << 16 | banked) << 16 | stack) << 8) | (dealt if cap else 0)

    if cap and any(v < size for v in rule.splits):
        search, forget = split_solver(memo, rule.values, rule.splits, limit, cap, width, by_total, bust)
        reach = search.reach  # type: ignore[attr-defined]
        shifts = [width * v for v in range(size)]

        def capped(pool: int, n: int, stack: int, banked: int, dealt: int) -> float:
            reach(stack + banked, cap - dealt)
            counts = [float((pool >> s) & mask) for s in shifts]
            return search(counts, key_of(pool, stack, banked, dealt), n, stack, banked, dealt)

        capped.search = search  # type: ignore[attr-defined]
        _FORGET.append(forget)
        _SOLVERS[key] = capped
        return capped
    # Counting values in ascending order: the loop stops at the first that busts, and every card
    # from there on is weighed as a bust at once (deep stacks near the limit cost a few steps).
    plain = sorted((rule.values[v], width * v, 1 << (width * v)) for v in range(size) if v not in rule.splits)
    splitting = [(rule.values[v], width * v, 1 << (width * v)) for v in sorted(rule.splits) if v < size]
    get = memo.get

    if not splitting:
        best, forget = plain_solver(memo, plain, mask, limit, cap, by_total, bust, key_of)
        _FORGET.append(forget)
        _SOLVERS[(rule, payoff, width)] = best
        return best

    def best(pool: int, n: int, stack: int, banked: int, dealt: int) -> float:
        key = (((pool << 16 | banked) << 16 | stack) << 8) | (dealt if cap else 0)  # key_of
        got = get(key)
        if got is not None:
            return got
        t = stack + banked
        stand = by_total[t] if t <= last else by_total[last]
        if n and not (cap and dealt >= cap):
            room = limit - stack
            acc = 0.0
            safe = 0
            # the next card is the last (a horizon's last card, or the pool's): each child
            # stands, worth what `best` would say without calling it
            final = n == 1 or (cap and dealt + 1 >= cap)
            for val, shift, unit in plain:
                if val > room:
                    break
                c = (pool >> shift) & mask
                if c:
                    safe += c
                    if final:
                        tv = t + val
                        acc += c * (by_total[tv] if tv <= last else by_total[last])
                    else:
                        acc += c * best(pool - unit, n - 1, stack + val, banked, dealt + 1)
            for val, shift, unit in splitting:
                c = (pool >> shift) & mask
                if c:
                    safe += c
                    child = pool - unit
                    if final:
                        split = stand
                        if val <= room:
                            tv = t + val
                            split = max(split, by_total[tv] if tv <= last else by_total[last])
                        else:
                            split = max(split, bust)
                    else:
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

    def forget() -> None:
        nonlocal best
        best = weak(best)  # a weak self-reference: see stacksplit.split_solver's forget

    _FORGET.append(forget)
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
    search = getattr(best, "search", None)
    if search is not None:
        return _capped_choice(search, profile, state, rule, payoff, width, stand, n)
    pool = _pack(profile, width)
    room = rule.limit - state.stack
    stack, banked, dealt, total = state.stack, state.banked, state.dealt, state.total
    values, splits, bust, of = rule.values, rule.splits, payoff.bust, payoff.of
    once = hit = 0.0
    for v, c in enumerate(profile):
        if not c:
            continue
        child = pool - (1 << (width * v))
        val = values[v]
        if val > room:
            counted_once = counted = bust
        else:
            counted_once = of(total + val)
            counted = best(child, n - 1, stack + val, banked, dealt + 1)
        if v in splits:
            counted_once = max(counted_once, of(total))
            counted = max(counted, best(child, n - 1, 0, total, dealt + 1))
        once += c * counted_once
        hit += c * counted
    return StackChoice(stand, once / n, hit / n)


def _capped_choice(search: Search, profile: Profile, state: StackState, rule: StackRule, payoff: Payoff,
                   width: int, stand: float, n: int) -> StackChoice:
    """`stack_choice` by the capped search with new stacks (`stacksplit`): the pool taken apart
    once, each child searched with one card off it (the same sums in the same order)."""
    stack, banked, dealt, total = state.stack, state.banked, state.dealt, state.total
    values, splits, bust, of = rule.values, rule.splits, payoff.bust, payoff.of
    room = rule.limit - stack
    search.reach(total, rule.max_cards - dealt)  # type: ignore[attr-defined]
    counts = [float(c) for c in profile]
    # the memo key of the state after one more card of value index v, before counting it
    after = ((_pack(profile, width) << 16 | banked) << 16 | stack) << 8 | (dealt + 1)
    once = hit = 0.0
    for v, c in enumerate(profile):
        if not c:
            continue
        counts[v] = c - 1.0
        child = after - (1 << (40 + width * v))
        val = values[v]
        if val > room:
            counted_once = counted = bust
        else:
            counted_once = of(total + val)
            counted = search(counts, child + (val << 8), n - 1, stack + val, banked, dealt + 1)
        if v in splits:
            counted_once = max(counted_once, of(total))
            counted = max(counted, search(counts, child + (stack << 24) - (stack << 8), n - 1, 0, total,
                                          dealt + 1))
        counts[v] = float(c)
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
