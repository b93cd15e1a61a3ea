"""core.chance: SplitMix64, unbiased ranges, forcing, custom dice and exact distributions."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.chance import COIN, D6, D20, Chance, Die, Distribution, sum_of

#: The reference SplitMix64 outputs for state 0 (Vigna's splitmix64.c; Java SplittableRandom).
SPLITMIX_FROM_ZERO = (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC)

#: casket's attack die (CK-ATTACKDICE): named faces with their values.
ATTACK = Die("attack", ("Strike", "Double Strike", "Death Blow", "Glance", "Jam", "Blood"),
             (3, 4, 5, 1, 0, 2))


def _scripted(outputs: list[int]) -> Chance:
    """A Chance whose raw generator returns the given 64-bit words in order."""
    chance = Chance(1)
    queue = list(outputs)

    def next_u64() -> int:
        chance.draws += 1
        return queue.pop(0)

    chance.next_u64 = next_u64  # type: ignore[method-assign]
    return chance


# -- generator -------------------------------------------------------------------------------------

def test_splitmix64_matches_the_reference_vectors():
    chance = Chance(0, state=0)
    assert tuple(chance.next_u64() for _ in range(4)) == SPLITMIX_FROM_ZERO
    assert chance.draws == 4


def test_same_seed_same_stream_and_different_seeds_differ():
    a, b, c = Chance(42), Chance(42), Chance(43)
    seq_a = [a.next_u64() for _ in range(100)]
    assert seq_a == [b.next_u64() for _ in range(100)]
    assert seq_a != [c.next_u64() for _ in range(100)]
    assert all(0 <= x < 2**64 for x in seq_a)


def test_every_kind_of_event_is_deterministic_per_seed():
    def run(seed: int) -> list[object]:
        ch = Chance(seed)
        items = list(range(10))
        ch.shuffle(items)
        return [ch.d20(), ch.coin(), ch.roll(ATTACK), ch.below(1000), ch.pick("abcdef"), items]

    assert run(7) == run(7)
    assert len({json.dumps(run(s)) for s in range(20)}) > 15


# -- below() ---------------------------------------------------------------------------------------

@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=10**12))
@settings(max_examples=200, deadline=None)
def test_below_stays_in_range(seed, n):
    chance = Chance(seed)
    for _ in range(5):
        assert 0 <= chance.below(n) < n


def test_below_rejects_the_biased_tail():
    # 2**64 % 3 == 1, so the single word 2**64 - 1 would favour residue 0; it must be redrawn.
    chance = _scripted([2**64 - 1, 5])
    assert chance.below(3) == 2
    assert chance.draws == 2


def test_below_accepts_the_last_unbiased_word():
    chance = _scripted([2**64 - 2])
    assert chance.below(3) == (2**64 - 2) % 3
    assert chance.draws == 1


def test_below_needs_a_positive_bound():
    with pytest.raises(ValueError):
        Chance(1).below(0)


def test_below_is_uniform_enough():
    chance = Chance(2024)
    n, draws = 6, 60_000
    counts = Counter(chance.below(n) for _ in range(draws))
    assert set(counts) == set(range(n))
    expected = draws / n
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 25  # 5 degrees of freedom; p < 0.001 above ~20.5: a broken generator lands far off


def test_shuffle_is_a_permutation_and_reaches_every_order():
    chance = Chance(5)
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        items = [1, 2, 3]
        chance.shuffle(items)
        seen[tuple(items)] += 1
    assert set(seen) == set(itertools.permutations([1, 2, 3]))
    assert min(seen.values()) > 800  # each of 6 orders expects 1000


# -- forcing ---------------------------------------------------------------------------------------

def test_force_by_value_or_face_in_order_per_channel():
    chance = Chance(1)
    chance.force("d6", 6, "2")
    chance.force("d20", 20)
    chance.force("attack", "Death Blow", 0)
    before = chance.draws
    assert chance.roll(D6) == "6"
    assert chance.roll_value(D6) == 2
    assert chance.d20() == 20
    assert chance.roll(ATTACK) == "Death Blow"
    assert chance.roll(ATTACK) == "Jam"  # forced by value 0
    assert chance.draws == before  # forced outcomes consume no randomness
    # queues are spent: the next roll is random again and uses the generator
    chance.roll(D6)
    assert chance.draws == before + 1


def test_forced_coin_and_other_channels_are_independent():
    chance = Chance(1)
    chance.force("coin", "tails", "heads")
    chance.force("d6", 1)
    assert chance.coin() is False
    assert chance.coin() is True
    assert chance.roll_value(D6) == 1
    assert chance.forced("coin") == (False, None)


def test_forced_outcomes_leave_the_stream_unchanged():
    forced, free = Chance(9), Chance(9)
    forced.force("d20", 1, 1, 1)
    assert [forced.d20() for _ in range(3)] == [1, 1, 1]
    assert [forced.d20() for _ in range(5)] == [free.d20() for _ in range(5)]


# -- dice and distributions -----------------------------------------------------------------------

def test_numeric_and_custom_dice():
    assert D20.faces == tuple(str(i) for i in range(1, 21))
    assert D20.value_of("17") == 17
    assert ATTACK.value_of("Double Strike") == 4
    assert COIN.value_of("heads") == 1 and COIN.value_of("tails") == 0
    dist = ATTACK.distribution()
    assert dist.probs == {face: Fraction(1, 6) for face in ATTACK.faces}
    assert dist.total() == 1


def test_custom_die_rolls_every_face_roughly_uniformly():
    chance = Chance(77)
    counts = Counter(chance.roll(ATTACK) for _ in range(12_000))
    assert set(counts) == set(ATTACK.faces)
    assert all(1700 < c < 2300 for c in counts.values())


def test_repeated_faces_weigh_more():
    die = Die("shield", ("block", "block", "hit"), (1, 1, 0))
    assert die.distribution().probs == {"block": Fraction(2, 3), "hit": Fraction(1, 3)}


def test_distribution_helpers_are_exact():
    d6 = D6.distribution().map(D6.value_of)
    assert d6.expect() == Fraction(7, 2)
    assert d6.prob(lambda v: v >= 5) == Fraction(1, 3)
    two = d6.combine(d6, lambda a, b: max(a, b))  # keep-highest, e.g. saves' advantage
    assert two.probs[6] == Fraction(11, 36)
    assert two.probs[1] == Fraction(1, 36)
    assert two.total() == 1
    assert Distribution.certain("x").probs == {"x": Fraction(1)}
    zeroes = Distribution({"a": Fraction(0), "b": Fraction(1)})
    assert zeroes.probs == {"b": Fraction(1)}


def test_double_faces_of_two_attack_dice():
    # Execution (double Death Blow) and Catastrophic Failure (double Jam) need faces, not sums.
    pair = ATTACK.distribution().combine(ATTACK.distribution(), lambda a, b: (a, b))
    assert pair.prob(lambda fb: fb == ("Death Blow", "Death Blow")) == Fraction(1, 36)
    sums = sum_of([ATTACK, ATTACK])
    assert sums.prob(lambda s: s >= 5) == Fraction(sum(1 for a, b in itertools.product(
        ATTACK.values, repeat=2) if a + b >= 5), 36)


def _brute_sum(dice: list[Die]) -> dict[int, Fraction]:
    counts: Counter[int] = Counter()
    for faces in itertools.product(*(d.faces for d in dice)):
        counts[sum(d.value_of(f) for d, f in zip(dice, faces, strict=True))] += 1
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


@st.composite
def small_dice(draw):
    values = draw(st.lists(st.integers(min_value=-3, max_value=9), min_size=1, max_size=6))
    return Die(f"x{len(values)}", tuple(f"f{i}" for i in range(len(values))), tuple(values))


@given(st.lists(small_dice(), min_size=0, max_size=4))
@settings(max_examples=150, deadline=None)
def test_sum_of_equals_brute_force(dice):
    dist = sum_of(dice)
    assert dist.probs == _brute_sum(dice)
    assert dist.total() == 1


def test_sum_of_coins_is_binomial():
    heads = sum_of([COIN] * 4)
    assert heads.probs == {k: Fraction(c, 16) for k, c in enumerate((1, 4, 6, 4, 1))}


# -- persistence -----------------------------------------------------------------------------------

def test_snapshot_round_trip_continues_the_same_stream():
    chance = Chance(123)
    for _ in range(17):
        chance.d20()
    data = json.loads(json.dumps(chance.to_json()))
    back = Chance.from_json(data)
    assert (back.seed, back.state, back.draws) == (chance.seed, chance.state, chance.draws)
    assert [back.roll(ATTACK) for _ in range(50)] == [chance.roll(ATTACK) for _ in range(50)]


def test_copy_is_independent():
    chance = Chance(3)
    twin = chance.copy()
    assert twin.next_u64() == chance.next_u64()
    twin.next_u64()
    assert twin.state != chance.state
    assert twin.draws == chance.draws + 1


def test_forced_queues_are_not_saved():
    chance = Chance(3)
    chance.force("d20", 20)
    back = Chance.from_json(chance.to_json())
    assert back.forced("d20") == (False, None)
    assert chance.forced("d20") == (True, 20)
