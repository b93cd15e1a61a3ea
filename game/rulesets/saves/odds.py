"""The exact odds every part of the ruleset shares: saves, keep-highest damage, ganging up, harm.

Resolution applies these rules to the real dice; the preview, the decision details and the AI
read the same functions for their distributions. One formula, never two copies.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

from game.core.chance import Distribution

GANG_CAP = 5  # SV-GANG: +1 per extra attacker, at most +5
IMPAIRED_DIE = 4  # SV-IMPAIR: an Impaired attack rolls d4 whatever the weapon
ENHANCED_DIE = 12  # SV-IMPAIR: an Enhanced attack adds a d12


def save_passes(roll: int, score: int) -> bool:
    """SV-SAVE: d20 equal or under the score; a natural 1 always succeeds, a natural 20 always fails."""
    if roll == 1:
        return True
    if roll == 20:
        return False
    return roll <= score


def net_mode(advantage: bool, disadvantage: bool) -> int:
    """SV-ADV: +1 advantage, -1 disadvantage; one of each cancels."""
    return int(advantage) - int(disadvantage)


@lru_cache(maxsize=256)
def save_chance(score: int, mode: int = 0) -> Fraction:
    """Exact chance to pass a save against `score` (mode +1 advantage, -1 disadvantage)."""
    p = Fraction(sum(1 for r in range(1, 21) if save_passes(r, score)), 20)
    if mode > 0:
        return 1 - (1 - p) ** 2
    if mode < 0:
        return p * p
    return p


def pick_save_roll(rolls: list[int], mode: int, score: int) -> int:
    """Which of the rolled d20s counts: the better one with advantage, the worse with disadvantage."""
    if mode == 0 or len(rolls) == 1:
        return rolls[0]
    ranked = sorted(rolls, key=lambda r: (save_passes(r, score), -r))
    return ranked[-1] if mode > 0 else ranked[0]


def attack_dice(weapon_dice: list[int], bonus_dice: list[int], impaired: bool, enhanced: bool) -> list[int]:
    """SV-ATTACK / SV-IMPAIR: the dice one attacker rolls. Impaired and Enhanced cancel."""
    if impaired and enhanced:
        impaired = enhanced = False
    if impaired:
        return [IMPAIRED_DIE]
    dice = list(weapon_dice) + list(bonus_dice)
    if enhanced:
        dice.append(ENHANCED_DIE)
    return dice


def gang_bonus(attackers: int) -> int:
    """SV-GANG: +1 per attacker past the first, at most +5."""
    return min(GANG_CAP, max(0, attackers - 1))


def damage_of(rolls: list[int], bonus: int, armour: int) -> int:
    """The damage dealt: the highest single die, plus the gang bonus, minus Armour (never below 0)."""
    return max(0, max(rolls) + bonus - armour)


@lru_cache(maxsize=4096)
def _damage_dist(dice: tuple[int, ...], bonus: int, armour: int) -> Distribution:
    # P(max <= k) = prod(min(k, d) / d): exact keep-highest without enumerating every face
    probs: dict[int, Fraction] = {}
    prev = Fraction(0)
    for k in range(1, max(dice) + 1):
        cdf = Fraction(1)
        for d in dice:
            cdf *= Fraction(min(k, d), d)
        value = max(0, k + bonus - armour)
        probs[value] = probs.get(value, Fraction(0)) + cdf - prev
        prev = cdf
    return Distribution(probs)


def damage_distribution(dice: list[int], bonus: int = 0, armour: int = 0) -> Distribution:
    """Exact distribution of `damage_of` for the pool of dice."""
    return _damage_dist(tuple(sorted(dice)), bonus, armour)


#: one attacker's part in a pool: its dice, or (dice if its risky stunt fails, dice if it passes,
#: the chance it passes) while the stunt is not rolled yet
Part = tuple[int, ...] | tuple[tuple[int, ...], tuple[int, ...], Fraction]


@lru_cache(maxsize=4096)
def mixed_distribution(parts: tuple[Part, ...], bonus: int, armour: int) -> Distribution:
    """Exact damage of a pool with risky stunts still to roll: every mix of their passes and
    failures, each weighed by its chance (`Group.distribution`)."""
    pending = [i for i, part in enumerate(parts) if part and isinstance(part[0], tuple)]
    out: dict[int, Fraction] = {}
    for passed in product((True, False), repeat=len(pending)):
        p = Fraction(1)
        chosen: dict[int, bool] = {}
        for i, ok in zip(pending, passed, strict=True):
            chance = parts[i][2]  # type: ignore[misc]
            p *= chance if ok else 1 - chance
            chosen[i] = ok
        pool: list[int] = []
        for i, part in enumerate(parts):
            pool += list(part[1] if chosen[i] else part[0]) if i in chosen else list(part)  # type: ignore[arg-type]
        for d, q in damage_distribution(pool, bonus, armour).probs.items():
            out[d] = out.get(d, Fraction(0)) + p * q
    return Distribution(out)


@lru_cache(maxsize=256)
def expected_damage(dice: tuple[int, ...]) -> float:
    """E[damage] of the pool of dice, exactly as `damage_distribution` gives it (the AI asks it
    for every enemy weapon at every square it weighs: kept, not recomputed)."""
    return float(damage_distribution(list(dice)).expect())


@dataclass(frozen=True)
class Harm:
    """What a damage distribution does to a target, exactly."""

    expected: float  # expected HP + score lost
    out: float  # chance the target is taken out (dead, critical, paralysed, catatonic)
    dead: float  # chance of death


def harm(
    dist: Distribution,
    hp: int,
    strength: int,
    score: str | None = None,
    score_value: int = 0,
    save_mode: int = 0,
) -> Harm:
    """SV-DAMAGE / SV-SCORELOSS over a damage distribution: HP first, the rest off STR, then a STR
    save against Critical Damage; an attack on a score takes it straight off that score."""
    return _harm(dist, hp, strength, score, score_value, save_mode)


# keyed on the distribution object itself (the damage distributions are kept by `_damage_dist`
# and `mixed_distribution`, so the same pool is the same object; the cache holds it, so its
# identity is never reused while cached); Distribution is never changed after it is made
@lru_cache(maxsize=8192)
def _harm(dist: Distribution, hp: int, strength: int, score: str | None, score_value: int,
          save_mode: int) -> Harm:
    exp = Fraction(0)
    out = Fraction(0)
    dead = Fraction(0)
    for dmg, p in dist.probs.items():
        if score is not None:
            lost = min(dmg, score_value)
            exp += p * lost
            if dmg >= score_value:
                out += p
                if score == "STR":
                    dead += p
            continue
        exp += p * min(dmg, hp + strength)
        over = dmg - hp
        if over <= 0:
            continue
        left = strength - over
        if left <= 0:
            out += p
            dead += p
        else:
            out += p * (1 - save_chance(left, save_mode))
    return Harm(float(exp), float(out), float(dead))
