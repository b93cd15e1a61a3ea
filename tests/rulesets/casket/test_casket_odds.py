"""Attack dice, results and defense dice: the functions resolution uses, and their exact odds."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from game.rulesets.casket.dice import ATTACK_DIE, DEFENSE_DIE
from game.rulesets.casket.odds import (
    CATASTROPHE,
    CRITICAL,
    EXECUTION,
    HIT,
    MISS,
    STRONG,
    attack_distribution,
    attack_odds,
    attack_result,
    defense_distribution,
    defense_outcome,
    face_counts,
    raw_damage,
)


@pytest.mark.rule("CK-ATTACKDICE")
def test_attack_die_faces_and_values():
    assert dict(zip(ATTACK_DIE.faces, ATTACK_DIE.values, strict=True)) == {
        "Strike": 3, "Double Strike": 4, "Death Blow": 5, "Glance": 1, "Jam": 0, "Blood": 2}
    dist = attack_distribution(5)
    assert dist.total() == 1
    # the sum of two dice against 5+: 0..10, each face 1/6
    sums = ATTACK_DIE.distribution().combine(ATTACK_DIE.distribution(),
                                             lambda a, b: ATTACK_DIE.value_of(a) + ATTACK_DIE.value_of(b))
    assert sums.probs[5] == Fraction(6, 36) and sums.probs[0] == Fraction(1, 36)
    assert dist.prob(lambda r: r in (HIT, STRONG, CRITICAL, EXECUTION)) == sums.prob(lambda s: s >= 5)


@pytest.mark.rule("CK-RESULT")
@pytest.mark.parametrize("a,b,target,result", [
    ("Strike", "Double Strike", 6, STRONG),      # 7
    ("Death Blow", "Strike", 6, STRONG),         # 8
    ("Glance", "Double Strike", 5, HIT),         # 5
    ("Blood", "Double Strike", 5, HIT),          # 6
    ("Double Strike", "Death Blow", 5, CRITICAL),  # 9
    ("Death Blow", "Death Blow", 5, EXECUTION),  # 10
    ("Death Blow", "Death Blow", 12, EXECUTION),  # natural double Death Blow always hits
    ("Jam", "Jam", 5, CATASTROPHE),
    ("Jam", "Jam", -1, CATASTROPHE),             # double Jam fails whatever the target
    ("Strike", "Glance", 5, MISS),               # 4 below 5
    ("Strike", "Glance", 3, HIT),                # rear arc lowered the target: 4 hits (a plain Hit)
    ("Double Strike", "Strike", 8, MISS),        # 7 below 8
])
def test_attack_result_table(a, b, target, result):
    assert attack_result(a, b, target) == result


@pytest.mark.rule("CK-RESULT")
def test_result_damage_bonus_and_bypass():
    results = (HIT, STRONG, CRITICAL, EXECUTION, MISS, CATASTROPHE)
    assert [raw_damage(4, r, 0) for r in results] == [4, 5, 6, 6, 0, 0]
    assert raw_damage(4, HIT, -9) == 0
    # a Critical Hit ignores one block: with damage 6 and every die a Shield, 1 gets through
    odds = attack_odds(0, 4, 0, 0)
    assert odds.results[EXECUTION] == Fraction(1, 36) and odds.results[CATASTROPHE] == Fraction(1, 36)


@pytest.mark.rule("CK-DEFENSEDICE")
def test_defense_die_and_the_seed_six_damage_example():
    assert DEFENSE_DIE.faces == ("Shield", "Absorb", "Blood", "Critical", "Pierce", "Heat")
    out = defense_outcome(face_counts(["Shield", "Shield", "Blood", "Critical", "Heat", "Pierce"]), 6, 0)
    assert (out.final, out.blocks, out.crits, out.heat, out.pierce) == (4, 2, 1, 1, True)
    absorb = defense_outcome(face_counts(["Absorb", "Blood"]), 2, 0)
    assert absorb.final == 1 and not absorb.pierce
    bypassed = defense_outcome(face_counts(["Shield", "Absorb", "Blood"]), 3, 1)
    assert bypassed.final == 2 and bypassed.blocks == 1


@pytest.mark.rule("CK-DEFENSEDICE")
@pytest.mark.parametrize("damage,bypass", [(1, 0), (3, 0), (4, 1), (2, 2)])
def test_defense_distribution_is_exact(damage, bypass):
    brute: dict = {}
    for faces in itertools.product(DEFENSE_DIE.faces, repeat=damage):
        key = defense_outcome(face_counts(faces), damage, bypass)
        brute[key] = brute.get(key, Fraction(0)) + Fraction(1, 6 ** damage)
    assert defense_distribution(damage, bypass).probs == brute


def test_attack_odds_total_and_expectation_match_enumeration():
    odds = attack_odds(6, 4, 1, 0)
    assert sum(odds.final.values()) == 1
    expected = Fraction(0)
    for a, b in itertools.product(ATTACK_DIE.faces, repeat=2):
        r = attack_result(a, b, 6)
        dmg = raw_damage(4, r, 1)
        if r == EXECUTION:
            expected += Fraction(dmg, 36)
        elif dmg:
            bypass = 1 if r == CRITICAL else 0
            expected += Fraction(1, 36) * defense_distribution(dmg, bypass).expect(lambda d: d.final)
    assert odds.expected_final == expected


@pytest.mark.rule("CK-DEFENSEDICE")
@pytest.mark.parametrize("target,base,bonus,bypass",
                         [(6, 4, 0, 0), (5, 6, 1, 1), (3, 2, -1, 0), (9, 5, 2, 2)])
def test_attack_odds_agree_with_the_full_defense_distribution(target, base, bonus, bypass):
    odds = attack_odds(target, base, bonus, bypass)
    final: dict = {}
    crits = pierce = Fraction(0)
    for result, p in attack_distribution(target).probs.items():
        dmg = raw_damage(base, result, bonus)
        if result == EXECUTION or dmg == 0:
            final[dmg] = final.get(dmg, 0) + p
            continue
        for d, q in defense_distribution(dmg, bypass + (1 if result == CRITICAL else 0)).probs.items():
            final[d.final] = final.get(d.final, 0) + p * q
            crits += p * q * d.crits
            pierce += p * q * d.pierce
    assert odds.final == final and odds.expected_crits == crits and odds.pierce == pierce
