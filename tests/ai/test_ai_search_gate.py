"""When Hard's search may overrule Normal's favourite: only beyond the noise of a best-of-several."""

from __future__ import annotations

import pytest

from game.ai.gate import MIN_GAIN, Arm, t_quantile
from game.ai.search import HardAI
from game.ai.utility import Ranked
from game.core.action import Action


@pytest.mark.parametrize(("p", "df", "table"), [(0.975, 4, 2.776), (0.9875, 4, 3.495), (0.9875, 10, 2.634),
                                                  (0.975, 30, 2.042), (0.99, 60, 2.390)])
def test_t_quantile_matches_the_table(p, df, table):
    assert t_quantile(p, df) == pytest.approx(table, rel=0.01)


def _arm(i: int, values: list[float]) -> Arm:
    return Arm(Ranked(i, Action(kind=f"a{i}"), {}), dict(enumerate(values)))


BASE = [1.0, 2.0, 0.5, 1.5, 1.2, 0.8]


def test_a_challenger_within_the_noise_of_several_does_not_overrule():
    # paired gains: mean 0.233, standard error 0.103 (t = 2.27), past the one-sided 5 % bar on
    # 5 df (2.02) for one challenger, short of it shared among four (3.16)
    gains = [0.5, -0.1, 0.45, 0.0, 0.4, 0.15]
    arms = [_arm(0, BASE)] + [_arm(i, [b - 0.5 for b in BASE]) for i in (1, 2, 3)]
    arms.append(_arm(4, [b + g for b, g in zip(BASE, gains, strict=True)]))
    assert HardAI()._pick(arms) is arms[0]
    # the same evidence against a single challenger is enough
    assert HardAI()._pick([arms[0], arms[4]]) is arms[4]


def test_a_clear_gain_overrules_and_a_tiny_one_does_not():
    clear = [b + 0.5 + 0.01 * (i % 2) for i, b in enumerate(BASE)]
    tiny = [b + MIN_GAIN / 2 + 0.001 * (i % 2) for i, b in enumerate(BASE)]
    arms = [_arm(0, BASE), _arm(1, tiny), _arm(2, clear)]
    assert HardAI()._pick(arms) is arms[2]
    assert HardAI()._pick(arms[:2]) is arms[0]


def test_too_few_samples_never_overrule():
    arms = [_arm(0, BASE[:4]), _arm(1, [b + 5.0 for b in BASE[:4]])]
    assert HardAI()._pick(arms) is arms[0]
