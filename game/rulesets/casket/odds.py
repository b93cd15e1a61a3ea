"""Exact odds: the two-attack-dice result against a target number, and damage after defense dice.

Resolution calls `attack_result` on the rolled faces and `defense_outcome` on the rolled defense
faces; the distributions below enumerate the same two functions over every outcome, so preview,
AI and resolution can never disagree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from math import comb, factorial

from game.core.chance import Distribution
from game.rulesets.casket.dice import ATTACK_DIE, BLOCK_FACES, DEFENSE_DIE

CATASTROPHE = "Catastrophic Failure"
MISS = "Miss"
HIT = "Hit"
STRONG = "Strong Hit"
CRITICAL = "Critical Hit"
EXECUTION = "Execution"
RESULTS = (CATASTROPHE, MISS, HIT, STRONG, CRITICAL, EXECUTION)
HITS = (HIT, STRONG, CRITICAL, EXECUTION)
#: extra damage and blocks bypassed by each hit result
RESULT_BONUS = {HIT: 0, STRONG: 1, CRITICAL: 2, EXECUTION: 2}
RESULT_BYPASS = {CRITICAL: 1}


def attack_result(first: str, second: str, target: int) -> str:
    """The result of two attack-die faces against the target number.

    Double Jam is a Catastrophic Failure and double Death Blow an Execution whatever the target
    (our reading: the natural extremes always fail / always hit). Otherwise a sum below the target
    misses; a hit is graded by the sum: up to 6 Hit, 7-8 Strong Hit, 9-10 Critical Hit.
    """
    if first == second == "Jam":
        return CATASTROPHE
    if first == second == "Death Blow":
        return EXECUTION
    total = ATTACK_DIE.value_of(first) + ATTACK_DIE.value_of(second)
    if total < target:
        return MISS
    if total <= 6:
        return HIT
    return STRONG if total <= 8 else CRITICAL


@lru_cache(maxsize=64)
def attack_distribution(target: int) -> Distribution:
    """Exact distribution of the result names for a target number."""
    faces = ATTACK_DIE.distribution()
    return faces.combine(faces, lambda a, b: attack_result(a, b, target))


def raw_damage(base: int, result: str, bonus: int) -> int:
    """Damage before defense dice: card base + result bonus + other bonuses (never below 0)."""
    return max(0, base + RESULT_BONUS.get(result, 0) + bonus) if result in HITS else 0


@dataclass(frozen=True)
class Defense:
    """What the defense dice did: damage left, blocks that counted, and the special faces."""

    final: int
    blocks: int
    crits: int
    heat: int
    pierce: bool


def face_counts(faces: Iterable[str]) -> tuple[int, int, int, int]:
    """(blocks, criticals, heats, pierces) among rolled defense faces."""
    c = Counter(faces)
    return (sum(c[f] for f in BLOCK_FACES), c["Critical"], c["Heat"], c["Pierce"])


def defense_outcome(counts: tuple[int, int, int, int], damage: int, bypass: int) -> Defense:
    """Final damage = damage - (blocks - bypassed blocks); specials counted as rolled."""
    blocks, crits, heat, pierce = counts
    counted = max(0, blocks - bypass)
    return Defense(damage - counted, counted, crits, heat, pierce > 0)


@lru_cache(maxsize=64)
def _counts_distribution(dice: int) -> Distribution:
    """(blocks, criticals, heats, pierces) over `dice` defense dice, by multinomial counting."""
    per_face = Counter(_category(f) for f in DEFENSE_DIE.faces)
    kinds = sorted(per_face)
    total = len(DEFENSE_DIE.faces) ** dice
    out: dict[tuple[int, int, int, int], Fraction] = {}
    for split in _splits(dice, len(kinds)):
        ways = factorial(dice)
        for kind, n in zip(kinds, split, strict=True):
            ways = ways // factorial(n) * per_face[kind] ** n
        key = tuple(sum(k[i] * n for k, n in zip(kinds, split, strict=True)) for i in range(4))
        out[key] = out.get(key, Fraction(0)) + Fraction(ways, total)  # type: ignore[index]
    return Distribution(out)  # type: ignore[arg-type]


def _category(face: str) -> tuple[int, int, int, int]:
    return face_counts([face])


def _splits(n: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(n,)]
    return [(k, *rest) for k in range(n + 1) for rest in _splits(n - k, parts - 1)]


@lru_cache(maxsize=512)
def defense_distribution(damage: int, bypass: int) -> Distribution:
    """Exact distribution of `Defense` for one die per damage point."""
    return _counts_distribution(damage).map(lambda c: defense_outcome(c, damage, bypass))


@dataclass(frozen=True)
class AttackOdds:
    """Everything a preview or the AI needs about one attack, all exact."""

    target: int
    results: dict[str, Fraction]
    final: dict[int, Fraction]
    expected_final: Fraction
    expected_crits: Fraction
    pierce: Fraction

    @property
    def hit(self) -> Fraction:
        """Chance of any hit."""
        return sum((self.results.get(r, Fraction(0)) for r in HITS), Fraction(0))

    def at_least(self, damage: int) -> Fraction:
        """Chance the final damage is at least `damage`."""
        return sum((p for d, p in self.final.items() if d >= damage), Fraction(0))

    @cached_property
    def final_floats(self) -> tuple[tuple[int, float], ...]:
        """(final damage, chance) pairs as floats, in `final`'s order, for the AI."""
        return tuple((d, float(p)) for d, p in self.final.items())

    @cached_property
    def _tails(self) -> dict[int, float]:
        return {}

    def at_least_float(self, damage: int) -> float:
        """`at_least` as a float (the exact sum converted once; kept per damage: the AI asks the
        same odds about the same structure again and again)."""
        tails = self._tails
        found = tails.get(damage)
        if found is None:
            found = tails[damage] = float(self.at_least(damage))
        return found

    @cached_property
    def max_final(self) -> int:
        """The most final damage the attack can do."""
        return max(self.final)

    @cached_property
    def floats(self) -> tuple[float, float, float]:
        """(expected final damage, expected criticals, execution chance) as floats, for the AI."""
        return (float(self.expected_final), float(self.expected_crits),
                float(self.results.get(EXECUTION, Fraction(0))))


#: chance of one defense die showing each special face
P_CRITICAL = Fraction(DEFENSE_DIE.faces.count("Critical"), len(DEFENSE_DIE.faces))
P_PIERCE = Fraction(DEFENSE_DIE.faces.count("Pierce"), len(DEFENSE_DIE.faces))


@lru_cache(maxsize=64)
def block_distribution(dice: int) -> tuple[Fraction, ...]:
    """P(k block faces among `dice` defense dice), k = 0..dice (binomial: 2 faces of 6 block)."""
    p = Fraction(len(BLOCK_FACES), len(DEFENSE_DIE.faces))
    return tuple(comb(dice, k) * p ** k * (1 - p) ** (dice - k) for k in range(dice + 1))


def damage_range(base: int, result: str, bonus: int, bypass: int) -> tuple[int, int]:
    """(least, most) final damage a result can do: every die a block, or none (as `attack_odds`
    resolves them: Execution ignores blocks, a Critical Hit ignores one more)."""
    dmg = raw_damage(base, result, bonus)
    if result == EXECUTION or dmg == 0:
        return dmg, dmg
    skip = bypass + RESULT_BYPASS.get(result, 0)
    return defense_outcome((dmg, 0, 0, 0), dmg, skip).final, dmg


@lru_cache(maxsize=4096)
def attack_odds(target: int, base: int, bonus: int, bypass: int) -> AttackOdds:
    """Result and final-damage distributions of an attack (reactions not counted: they are hidden).

    `bonus` is every damage modifier but the result's; `bypass` the blocks ignored on any hit
    (Critical Hit adds one more, Execution ignores all). Final damage depends on the block faces
    only, so it runs over their binomial count through the same `defense_outcome` resolution uses.
    """
    results = attack_distribution(target)
    final: dict[int, Fraction] = {}
    crits = Fraction(0)
    pierce = Fraction(0)
    for result, p in results.probs.items():
        dmg = raw_damage(base, result, bonus)
        if result == EXECUTION or dmg == 0:
            final[dmg] = final.get(dmg, Fraction(0)) + p
            continue
        skip = bypass + RESULT_BYPASS.get(result, 0)
        for blocks, q in enumerate(block_distribution(dmg)):
            d = defense_outcome((blocks, 0, 0, 0), dmg, skip).final
            final[d] = final.get(d, Fraction(0)) + p * q
        crits += p * dmg * P_CRITICAL
        pierce += p * (1 - (1 - P_PIERCE) ** dmg)
    expected = sum((d * p for d, p in final.items()), Fraction(0))
    return AttackOdds(target, dict(results.probs), final, expected, crits, pierce)
