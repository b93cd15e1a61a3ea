"""Core card-value odds against brute-force enumeration of every deal of small decks."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from game.core.cards import BLACK_JOKER, RED_JOKER, card_value, standard_deck
from game.core.chance import Chance
from game.core.draws import kept_weights, multisets, profile_of, sum_weights, without
from game.core.stackplay import Payoff, PlayBest, split_choice, stack_choice, stack_value
from game.core.stacks import StackRule, StackState, StandAt, next_card, stack_odds

ACE = 14


def varium_value(card: str) -> int:
    """Another ruleset's values (varium): Joker 1, 2-10, J 11, Q 12, K 13, Ace 14."""
    if card in (RED_JOKER, BLACK_JOKER):
        return 1
    v = card_value(card)
    return ACE if v == 1 else v


def small_decks(count: int, size: int, seed: int) -> list[list[str]]:
    chance = Chance(seed)
    out = []
    for _ in range(count):
        cards = standard_deck()
        chance.shuffle(cards)
        out.append(cards[:size])
    return out


DECKS = small_decks(3, 6, 5) + [["AS", "AH", "9C", "5D", "RJ", "KH", "2S"],
                                ["AS", "AD", "AH", "3C", "BJ", "RJ", "7H", "8H"]]
STACK_DECKS = DECKS[:4]  # every ordering of each is dealt out


# -- k cards at once ----------------------------------------------------------------------------
@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_multisets_and_sums_count_every_card_set(k):
    for deck in DECKS:
        prof = profile_of(deck, varium_value, 15)
        sets = Counter(tuple(sorted(varium_value(c) for c in combo))
                       for combo in itertools.combinations(deck, k))
        assert dict(multisets(prof, k)) == dict(sets)
        sums, total = sum_weights(prof, k)
        assert total == sum(sets.values())
        assert sums == dict(Counter(s for combo, w in sets.items() for s in [sum(combo)] * w))


@pytest.mark.parametrize("k, high", [(1, True), (2, True), (3, True), (2, False), (3, False)])
def test_kept_value_weights_equal_enumeration(k, high):
    for deck in DECKS:
        prof = profile_of(deck, card_value, 15)
        weights, total = kept_weights(prof, k, high)
        kept = Counter((max if high else min)(card_value(c) for c in combo)
                       for combo in itertools.combinations(deck, k))
        assert total == sum(kept.values())
        assert {v: w for v, w in enumerate(weights) if w} == dict(kept)


# -- stacks: brute force ------------------------------------------------------------------------
def deal_out(order, rule, policy, values):
    """Follow one ordering of the whole deck card by card: final total, or None for a bust."""
    prof = list(Counter(values(c) for c in order).get(v, 0) for v in range(len(rule.values)))
    stack = banked = dealt = 0
    for card in order:
        st = StackState(stack, banked, dealt)
        if (rule.max_cards and dealt >= rule.max_cards) or policy.stands(tuple(prof), st, rule):
            return stack + banked
        v = values(card)
        prof[v] -= 1
        if v in rule.splits and policy.splits(tuple(prof), st, v, rule):
            stack, banked = 0, banked + stack
        elif stack + rule.values[v] > rule.limit:
            return None
        else:
            stack += rule.values[v]
        dealt += 1
    return stack + banked


def brute_stack(deck, rule, policy, values):
    outcomes = Counter(deal_out(p, rule, policy, values) for p in itertools.permutations(deck))
    n = sum(outcomes.values())
    return {t: Fraction(w, n) for t, w in outcomes.items()}


RULES = [
    StackRule.indexed(20, 15),
    StackRule.indexed(15, 15, splits=[ACE]),
    StackRule.indexed(21, 15, splits=[ACE], max_cards=3),
]


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("threshold", [9, 14])
def test_stack_odds_under_a_stand_policy_equal_every_deal(rule, threshold):
    for deck in STACK_DECKS:
        prof = profile_of(deck, varium_value, 15)
        odds = stack_odds(prof, rule, StandAt(threshold))
        want = brute_stack(deck, rule, StandAt(threshold), varium_value)
        got = {t: Fraction(w, odds.total) for t, w in odds.totals}
        if odds.bust_w:
            got[None] = odds.bust
        assert got == want
        assert sum(odds.distribution().probs.values()) == 1


def expectimax(cards, stack, banked, dealt, rule, payoff):
    """(stand, hit) worths of a stack straight from the list of cards left (no profiles, no memo)."""
    stand = payoff.of(stack + banked)
    if not cards or (rule.max_cards and dealt >= rule.max_cards):
        return stand, stand
    acc = 0.0
    for i, v in enumerate(cards):
        rest = cards[:i] + cards[i + 1:]
        counted = payoff.bust if stack + rule.values[v] > rule.limit else \
            max(expectimax(rest, stack + rule.values[v], banked, dealt + 1, rule, payoff))
        if v in rule.splits:
            counted = max(counted, *expectimax(rest, 0, banked + stack, dealt + 1, rule, payoff))
        acc += counted
    return stand, acc / len(cards)


def one_card(state, v, rule, payoff):
    """Worth of being dealt value v and then standing (a splitting card may bank instead)."""
    val = rule.values[v]
    counted = payoff.bust if state.stack + val > rule.limit else payoff.of(state.total + val)
    return max(counted, payoff.of(state.total)) if v in rule.splits else counted


PAYOFFS = [
    Payoff(tuple(float(t) for t in range(40))),
    Payoff(tuple(1.0 if t >= 12 else 0.0 for t in range(40)), bust=-0.5),
]


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("payoff", PAYOFFS)
def test_standing_against_one_more_card_equals_expectimax(rule, payoff):
    for deck in STACK_DECKS:
        values = [varium_value(c) for c in deck]
        prof = profile_of(deck, varium_value, 15)
        for first in sorted(set(values)):
            rest = list(values)
            rest.remove(first)
            if first in rule.splits:
                state = StackState(0, 0, 1)
            else:
                state = StackState(first, 0, 1)
            sub = without(prof, first)
            choice = stack_choice(sub, state, rule, payoff)
            stand, hit = expectimax(rest, state.stack, state.banked, state.dealt, rule, payoff)
            assert choice.stand == stand == payoff.of(state.total)
            assert choice.hit == pytest.approx(hit)
            assert stack_value(sub, state, rule, payoff) == pytest.approx(max(stand, hit))
            once = sum(one_card(state, v, rule, payoff) for v in rest) / len(rest)
            assert choice.one_more == pytest.approx(once)
            shallow = stack_choice(sub, state, rule, payoff, horizon=1)
            assert shallow.hit == pytest.approx(once) and shallow.stand == choice.stand
            cap = state.dealt + 2 if not rule.max_cards else min(rule.max_cards, state.dealt + 2)
            capped = replace(rule, max_cards=cap)
            _, two = expectimax(rest, state.stack, state.banked, state.dealt, capped, payoff)
            assert stack_choice(sub, state, rule, payoff, horizon=2).hit == pytest.approx(two)


@pytest.mark.parametrize("payoff", PAYOFFS)
def test_playing_the_advice_earns_what_the_advice_promises(payoff):
    rule = RULES[1]
    for deck in STACK_DECKS:
        prof = profile_of(deck, varium_value, 15)
        policy = PlayBest(payoff)
        odds = stack_odds(prof, rule, policy)
        promised = stack_value(prof, StackState(), rule, payoff)
        assert odds.expect(payoff.of, payoff.bust) == pytest.approx(promised)
        want = brute_stack(deck, rule, policy, varium_value)
        got = {t: Fraction(w, odds.total) for t, w in odds.totals}
        assert got == {t: p for t, p in want.items() if t is not None}


def test_an_ace_splits_when_a_new_stack_is_worth_more():
    rule = StackRule.indexed(20, 15, splits=[ACE])
    payoff = Payoff(tuple(float(t) for t in range(60)))
    prof = profile_of(["5S", "6H", "7C", "8D"], varium_value, 15)
    counted, split = split_choice(prof, StackState(10, 0, 2), ACE, rule, payoff)
    assert counted == 0.0  # 10 + 14 busts
    assert split > 10.0  # bank 10, then a fresh stack from 5..8


def test_next_card_counts_the_cards_that_bust():
    prof = profile_of(standard_deck(), varium_value, 15)
    nc = next_card(prof, StackState(15), StackRule.indexed(20, 15))
    # over 5: 6..10 (20 cards), J Q K (12), Aces counted 14 (4)
    assert (nc.bust_w, nc.total) == (36, 54)
    assert nc.bust == Fraction(36, 54)


def test_full_deck_stack_odds_are_a_distribution():
    prof = profile_of(standard_deck(), varium_value, 15)
    odds = stack_odds(prof, StackRule.indexed(20, 15), StandAt(16))
    assert sum(w for _, w in odds.totals) + odds.bust_w == odds.total
    assert all(16 <= t <= 20 for t, _ in odds.totals)
    assert 0 < odds.bust < 1


def test_a_stack_rule_refuses_values_that_would_lower_a_total():
    with pytest.raises(ValueError):
        StackRule(20, (0, -1, 2))


# -- stacks: the pruned search against a plain expectimax, float for float ---------------------
def plain_worth(prof, stack, banked, dealt, rule, payoff, memo):
    """Every pool the stack can reach, no bound, no shortcut: the sum over values in ascending
    value order, then the values that may start a new stack (each child's worth times its cards,
    the cards that bust last), as stackplay promises; the same floats, not merely close ones."""
    key = (prof, stack, banked, dealt)
    if key in memo:
        return memo[key]
    stand = payoff.of(stack + banked)
    n = sum(prof)
    if n and not (rule.max_cards and dealt >= rule.max_cards):
        acc = 0.0
        safe = 0
        plain = sorted((v for v in range(len(prof)) if v not in rule.splits), key=lambda v: rule.values[v])
        for v in plain + sorted(rule.splits):
            val = rule.values[v]
            if not prof[v] or (v not in rule.splits and stack + val > rule.limit):
                continue
            safe += prof[v]
            child = prof[:v] + (prof[v] - 1,) + prof[v + 1:]
            counted = payoff.bust if stack + val > rule.limit else \
                plain_worth(child, stack + val, banked, dealt + 1, rule, payoff, memo)
            if v in rule.splits:
                counted = max(plain_worth(child, 0, banked + stack, dealt + 1, rule, payoff, memo), counted)
            acc += prof[v] * counted
        hit = (acc + (n - safe) * payoff.bust) / n
        if hit > stand:
            stand = hit
    memo[key] = stand
    return stand


def deck_payoffs(chance, limit):
    top = 3 * limit
    rising = sorted(chance.below(1000) / 997 for _ in range(top))
    jagged = [(chance.below(1500) - 500) / 997 for _ in range(top)]
    return [Payoff(tuple(rising)), Payoff(tuple(jagged)), Payoff(tuple(rising), bust=-0.25),
            Payoff(tuple(1.0 if t >= limit - 3 else 0.0 for t in range(top)))]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_pruned_search_gives_the_plain_expectimax_floats(seed):
    chance = Chance(seed)
    for deck in small_decks(2, 26, seed):
        prof = profile_of(deck, varium_value, 15)
        for limit, cap, splits in ((16, 0, []), (21, 0, []), (20, 4, []), (20, 4, [ACE])):
            rule = StackRule.indexed(limit, 15, splits, max_cards=cap)
            for payoff in deck_payoffs(chance, limit):
                memo = {}
                for stack in (0, 5, 11):
                    state = StackState(stack, 0, 1)
                    want = plain_worth(prof, stack, 0, 1, rule, payoff, memo)
                    assert stack_value(prof, state, rule, payoff) == want
                    choice = stack_choice(prof, state, rule, payoff)
                    n = sum(prof)
                    hit = 0.0
                    for v, c in enumerate(prof):
                        if c:
                            child = prof[:v] + (c - 1,) + prof[v + 1:]
                            counted = payoff.bust if stack + v > limit else \
                                plain_worth(child, stack + v, 0, 2, rule, payoff, memo)
                            if v in rule.splits:
                                counted = max(counted, plain_worth(child, 0, stack, 2, rule, payoff, memo))
                            hit += c * counted
                    assert choice.hit == hit / n
