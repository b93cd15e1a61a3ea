"""varium odds: the face-down sum weights of a pool worked out from a pool one card larger are
the weights counted from scratch, and those of every set of k cards."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from game.rulesets.varium import odds


@pytest.mark.rule("VC-EVASION")
@pytest.mark.parametrize("seed", range(4))
def test_weights_after_a_card_is_dealt_equal_the_weights_counted_afresh(seed):
    rng = random.Random(seed)
    pool = (0, 2, *(rng.randint(0, 4) for _ in range(13)))
    odds._ROWS.clear()
    odds._sum_weights(pool, 5)
    for _ in range(12):  # deal cards one at a time: each pool's rows follow from the last one's
        v = rng.choice([v for v, c in enumerate(pool) if c])
        pool = pool[:v] + (pool[v] - 1,) + pool[v + 1:]
        for k in (1, 2, 3, 5):
            got = odds._sum_weights(pool, k)
            kept = dict(odds._ROWS)
            odds._ROWS.clear()
            assert got == odds._sum_weights(pool, k)
            odds._ROWS.update(kept)
        cards = [v for v, c in enumerate(pool) for _ in range(c)]
        weights, total = odds._sum_weights(pool, 2)
        assert weights == dict(Counter(a + b for a, b in itertools.combinations(cards, 2)))
        assert total == len(cards) * (len(cards) - 1) // 2
    odds._ROWS.clear()
