"""core stacksplit: the capped search with new stacks gives exactly the worths (the same floats)
of the plain expectimax, written out here as the rules read it."""

from __future__ import annotations

import random

import pytest

from game.core import stackplay
from game.core.stackplay import Payoff, split_choice, stack_choice, stack_value
from game.core.stacks import StackRule, StackState


def reference(pool: list[int], state: tuple[int, int, int], rule: StackRule, pay: Payoff, cap: int) -> float:
    """Stand, or the mean over the next card of playing on well: values in ascending order, then
    the splitting values (best of a new stack and counting), the rest busts."""
    stack, banked, dealt = state
    t = stack + banked
    stand = pay.of(t)
    n = sum(pool)
    if not n or dealt >= cap:
        return stand
    room = rule.limit - stack
    acc = 0.0
    safe = 0
    order = sorted((rule.values[v], v) for v in range(len(pool)) if v not in rule.splits)
    for val, v in order:
        if val > room:
            break
        if pool[v]:
            c = pool[v]
            safe += c
            pool[v] -= 1
            acc += c * reference(pool, (stack + val, banked, dealt + 1), rule, pay, cap)
            pool[v] += 1
    for v in sorted(rule.splits):
        if pool[v]:
            c = pool[v]
            safe += c
            pool[v] -= 1
            split = reference(pool, (0, t, dealt + 1), rule, pay, cap)
            val = rule.values[v]
            if val <= room:
                split = max(split, reference(pool, (stack + val, banked, dealt + 1), rule, pay, cap))
            else:
                split = max(split, pay.bust)
            pool[v] += 1
            acc += c * split
    hit = (acc + (n - safe) * pay.bust) / n
    return hit if hit > stand else stand


def payoffs(rng: random.Random) -> list[Payoff]:
    scale = rng.randint(15, 30)
    rising = Payoff(tuple(min(1.0, t / scale) for t in range(60)))
    jagged = Payoff(tuple(rng.uniform(-1.0, 3.0) for _ in range(50)), bust=rng.uniform(-2.0, 0.5))
    steps = Payoff(tuple(float(t > 17) + 0.1 * (t > 25) for t in range(70)))
    return [rising, jagged, steps]


@pytest.mark.parametrize("seed", range(6))
def test_capped_search_with_new_stacks_gives_the_same_floats_as_the_plain_expectimax(seed):
    rng = random.Random(seed)
    for pay in payoffs(rng):
        pool = [0] + [rng.randint(0, 4) for _ in range(13)] + [rng.randint(1, 3)]  # index 14 splits
        limit = rng.randint(8, 30)
        rule = StackRule.indexed(limit, 15, splits=[14])
        for horizon in (1, 2, 3, 4):
            stack = rng.randint(0, limit)
            state = StackState(stack, rng.choice((0, 0, 9, 21)), rng.randint(0, 2))
            stackplay.clear_memo()
            ch = stack_choice(tuple(pool), state, rule, pay, horizon)
            cap = state.dealt + horizon
            want = 0.0
            n = sum(pool)
            for v, c in enumerate(pool):
                if not c:
                    continue
                pool[v] -= 1
                val = rule.values[v]
                counted = pay.bust if val > limit - stack else reference(
                    pool, (stack + val, state.banked, state.dealt + 1), rule, pay, cap)
                if v == 14:
                    counted = max(counted, reference(pool, (0, state.total, state.dealt + 1), rule, pay, cap))
                pool[v] += 1
                want += c * counted
            assert ch.hit == want / n
            assert ch.stand == pay.of(state.total)
            got = stack_value(tuple(pool), state, rule, pay, horizon)
            assert got == reference(pool, (state.stack, state.banked, state.dealt), rule, pay, cap)
            # an Ace just dealt: count it, or start a new stack with it
            before = StackState(max(0, stack - 14), state.banked, state.dealt)
            counted, split = split_choice(tuple(pool), before, 14, rule, pay, horizon)
            after = (before.stack + 14, before.banked, before.dealt + 1)
            cap = before.dealt + 1 + horizon
            assert split == reference(pool, (0, before.total, before.dealt + 1), rule, pay, cap)
            assert counted == (pay.bust if after[0] > limit else reference(pool, after, rule, pay, cap))
    stackplay.clear_memo()
