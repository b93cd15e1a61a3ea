"""The search's gate: when paired playout samples may overrule Normal's favourite."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from statistics import NormalDist

from game.ai.utility import Ranked


@dataclass
class Arm:
    """One candidate under search: its values per sample index."""

    ranked: Ranked
    values: dict[int, float] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        """Mean leaf value over its samples."""
        return sum(self.values.values()) / len(self.values) if self.values else float("-inf")


def paired(a: Arm, b: Arm) -> tuple[float, float, int]:
    """Mean and standard error of a − b over the samples both have."""
    common = sorted(set(a.values) & set(b.values))
    n = len(common)
    if n == 0:
        return 0.0, float("inf"), 0
    diffs = [a.values[i] - b.values[i] for i in common]
    mean = sum(diffs) / n
    if n == 1:
        return mean, float("inf"), 1
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n), n


#: the least gain (in `evaluate` units: about a tenth of a unit) for which the search overrules
#: Normal's favourite: paired samples make tiny but systematic playout biases look significant
MIN_GAIN = 0.1
#: chance, shared among the challengers, that the search overrules Normal's favourite on noise alone
ALPHA = 0.05
#: the fewest paired samples on which the search may overrule Normal's favourite
MIN_SAMPLES = 5


def t_quantile(p: float, df: int) -> float:
    """Student's t quantile (Cornish-Fisher expansion about the normal one): within 1 % from 4
    degrees of freedom, the fewest the search decides on."""
    z = NormalDist().inv_cdf(p)
    d = max(1, df)
    return (z + (z ** 3 + z) / (4 * d) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * d * d)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * d ** 3))
