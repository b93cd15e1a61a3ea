"""Exact distributions: every table against brute-force enumeration of card sequences."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from vm_helpers import make_turn, new_match, park_others, place, set_hand, unit, zone

from game.core.cards import card_value, standard_deck
from game.core.chance import Chance
from game.rulesets.voidmarked.odds import (
    CRIT,
    HIT,
    DuelRule,
    band_odds,
    band_of,
    check,
    check_odds,
    duel_odds,
    judge,
    kept_index,
    profile_of,
    shape,
)


def brute_duel(pool, net_a, net_d, rule, bands):
    """Every ordered sequence of attacker cards, defender cards, damage card: exact by counting."""
    ka, ha = shape(net_a)
    kd, hd = shape(net_d)
    vals = [card_value(c) for c in pool]
    total = hit = crit = 0
    band_w = [0, 0, 0, 0]
    for seq in itertools.permutations(range(len(vals)), ka + kd + 1):
        av = [vals[i] for i in seq[:ka]]
        dv = [vals[i] for i in seq[ka:ka + kd]]
        a, d = av[kept_index(av, ha)], dv[kept_index(dv, hd)]
        r = judge(a, d, rule)
        total += 1
        hit += r != 0
        crit += r == CRIT
        if r == HIT:
            band_w[band_of(vals[seq[-1]], bands)] += 1
    return Fraction(hit, total), Fraction(crit, total), tuple(Fraction(b, total) for b in band_w)


def small_pools(n_pools, size, seed):
    deck = standard_deck()
    chance = Chance(seed)
    out = []
    for _ in range(n_pools):
        cards = list(deck)
        chance.shuffle(cards)
        out.append(cards[:size])
    return out


@pytest.mark.rule("VM-ADV", "VM-DISADV", "VM-HIT", "VM-CRIT")
@pytest.mark.parametrize("net_a, net_d", [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (2, 0),
                                          (0, -2), (-2, 1)])
def test_duel_odds_equal_brute_force_enumeration(net_a, net_d):
    pools = small_pools(2, 8, 7 + net_a * 5 + net_d)
    pools.append(["RJ", "BJ", "3S", "5H", "5D", "9C", "KH", "2S"])  # both jokers in play
    for pool in pools:
        for rule, bands in ((DuelRule(2, 3), (4, 8)), (DuelRule(0, 1, "stat", 2), (3, 7)),
                            (DuelRule(1, 1, "none", 0, False), (4, 8))):
            got = duel_odds(profile_of(pool), net_a, net_d, rule, bands)
            assert (got.hit, got.crit, got.bands) == brute_duel(pool, net_a, net_d, rule, bands)


@pytest.mark.rule("VM-FLIP", "VM-ADV")
def test_single_flip_odds_equal_brute_force():
    pool = ["RJ", "BJ", "3S", "5H", "9D", "9C", "KH", "2S", "AD"]
    vals = [card_value(c) for c in pool]
    for net in (-2, -1, 0, 1, 2):
        k, high = shape(net)
        seqs = list(itertools.permutations(vals, k))
        kept = [s[kept_index(list(s), high)] for s in seqs]
        want = Fraction(sum(check(v, 2, 10) for v in kept), len(seqs))
        assert check_odds(profile_of(pool), net, 2, 10) == want
        got = band_odds(profile_of(pool), net, (4, 8))
        assert got == tuple(Fraction(sum(band_of(v, (4, 8)) == b for v in kept), len(seqs)) for b in range(4))


def test_probabilities_sum_to_one_on_a_full_deck():
    prof = profile_of(standard_deck())
    for na, nd in ((0, 0), (-1, 1), (2, -2)):
        o = duel_odds(prof, na, nd, DuelRule(3, 3))
        assert (1 - o.hit) + o.crit + sum(o.bands) == 1


@pytest.mark.rule("VM-CHEAT", "VM-HAND")
def test_the_odds_a_side_sees_come_from_the_cards_it_cannot_see():
    from game.rulesets.voidmarked.expectation import pool

    m = new_match()
    with m.world:
        p1 = pool(m, "p1")
        p2 = pool(m, "p2")
    deck_cards = zone(m, "deck")
    assert p1 == profile_of(deck_cards + zone(m, "hand:p2"))  # own hand and the discard are known
    assert p2 == profile_of(deck_cards + zone(m, "hand:p1"))


def test_the_preview_shows_the_same_exact_numbers_the_ai_uses():
    from game.core.action import Action
    from game.rulesets.voidmarked import RULESET
    from game.rulesets.voidmarked.ai import exact_odds

    m = new_match()
    hale, flayed = unit(m, "hale"), unit(m, "flayed")
    park_others(m, [hale, flayed])
    place(m, hale, (5, 5))
    place(m, flayed, (6, 5))
    make_turn(m, hale)
    set_hand(m, "p1", [])
    with m.world:
        pv = RULESET.preview(m, Action("attack", hale, flayed, option="main"))
        hit, crit = exact_odds(m, hale, flayed)
        a = RULESET.assess(m, Action("attack", hale, flayed, option="main"))
    assert pv is not None
    assert pv.hit == float(hit) and pv.crit == float(crit)
    assert abs(sum(p for _, p in pv.outcomes) - 1) < 1e-12
    assert a.expected_damage == pv.expected_damage and a.kill_chance == pv.kill
