"""Stacks dealt one card at a time until the holder stands (varium's hit checks): the rule, the
state, stand policies, and the exact bust chance and final-total distribution under a policy.

The holder stands when a policy says so; a stack whose total exceeds the limit busts; some
values may start a new stack instead of counting (varium's Ace). Pools are `game.core.draws`
count profiles of the cards the holder cannot see. Stand-or-hit decisions: `game.core.stackplay`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import perm
from typing import Protocol

from game.core.chance import Distribution
from game.core.draws import Profile


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
    """The one-card look-ahead: what the next card can be and how many of them bust (a value that
    may start a new stack never has to: varium's Ace)."""
    room = rule.limit - state.stack
    bust_w = sum(c for v, c in enumerate(profile) if c and rule.values[v] > room and v not in rule.splits)
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
