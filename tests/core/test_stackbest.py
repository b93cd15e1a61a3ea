"""core stackbest: a capped stack played as `PlayBest` advises, by the quick count, gives exactly
the weights of `stack_odds` asking the policy at every state (issue #38: varium's opposed checks)."""

from __future__ import annotations

import random

import pytest

from game.core.stackbest import best_odds
from game.core.stackplay import Payoff, PlayBest
from game.core.stacks import StackRule, stack_odds


def _pools(seed: int, k: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    deck = [0, 2] + [4] * 13  # varium's: Jokers at 1, 2..13, Aces at 14
    out = []
    for _ in range(k):
        cards = [v for v, c in enumerate(deck) for _ in range(c)]
        rng.shuffle(cards)
        kept = cards[: rng.randint(1, len(cards))]
        out.append(tuple(kept.count(v) for v in range(15)))
    return out


@pytest.mark.parametrize("cap", [1, 2, 3, 4])
def test_best_odds_are_stack_odds_under_play_best(cap: int) -> None:
    for i, pool in enumerate(_pools(cap, 6 if cap < 4 else 2)):
        limit = 18 + 2 * i
        rule = StackRule(limit, tuple(range(15)), frozenset({14}), cap)
        for pay in (
            Payoff(tuple(float(t + i % 3) if t else 0.0 for t in range(3 * limit + 1))),
            Payoff(tuple(1.0 if t >= limit - 3 else 0.0 for t in range(limit + 1)), bust=-0.5),
        ):
            assert best_odds(pool, rule, pay) == stack_odds(pool, rule, PlayBest(pay))


def test_best_odds_without_a_cap_or_new_stacks_is_stack_odds() -> None:
    pool = (0, 1, 1, 0, 1, 0, 1, 1, 0, 1, 1, 0, 0, 1, 1)
    pay = Payoff(tuple(float(t) for t in range(22)))
    values = tuple(range(15))
    for rule in (StackRule(21, values, frozenset(), 3), StackRule(21, values, frozenset({14}), 0)):
        assert best_odds(pool, rule, pay) == stack_odds(pool, rule, PlayBest(pay))
