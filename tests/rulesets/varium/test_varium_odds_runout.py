"""A check that runs the deck out: with three cards left and two dealt face down, the check's
first card is the third, and it tells the face-down pair exactly; every later card comes from
the reshuffled discard. The chooser read "Hit 100 %" for a 9, 10 and Jack left, where a third of
the checks miss; with a 2, 3 and 4 left 100 % is right."""

from __future__ import annotations

import pytest
from varium_helpers import ents, find, make

from game.core.stackplay import stack_value
from game.core.stacks import StackState
from game.rulesets.varium import odds
from game.rulesets.varium.ai import _attack_terms
from game.rulesets.varium.components import deck


def _three_left(keep: tuple[str, str, str]):
    m = make()
    guard, shooter = ents(m)
    with m.world:
        cards = deck(m)
        cards.move_all("deck", "discard")
        for c in keep:
            cards.move(c, "discard", "deck")
    return m, find(m, "attack", actor=guard, target=shooter, option="baton")


def _by_hand(m, action, keep: tuple[str, str, str]) -> float:
    """The best hit chance counted another way: each card of the three is the check's first card
    (the other two are the face-down pair, so their sum is known), then the discard deals the rest,
    three cards in all as the preview looks ahead."""
    with m.world:
        a, _ = _attack_terms(m, action)
        discard = odds.profile(deck(m).zones["discard"])
    assert a.k == 2
    values = [odds.card_index(c) for c in keep]
    r = odds.rule(a.limit, discard)
    chance = 0.0
    for c in values:
        evasion = sum(values) - c
        pay = odds.table(1.0 if t > 0 and t + a.prof > evasion else 0.0 for t in odds.totals(a.limit))
        starts = [StackState(c, 0, 1)] + ([StackState(0, 0, 1)] if c == odds.ACE else [])
        chance += max(stack_value(discard, s, r, pay, odds.HORIZON - 1) for s in starts) / 3
    return chance


@pytest.mark.rule("VC-DECK", "VC-HITCHECK")
@pytest.mark.parametrize("keep", [("9H", "10C", "JS"), ("10H", "JC", "AS"), ("KH", "QD", "JC"),
                                  ("2H", "KC", "7S")])
def test_the_preview_counts_the_reshuffle_a_check_runs_into(keep) -> None:
    m, action = _three_left(keep)
    p = m.ruleset.preview(m, action)
    assert p is not None and p.hit == pytest.approx(_by_hand(m, action, keep))
    assert p.hit < 0.99  # not "Hit 100 %"


@pytest.mark.rule("VC-DECK")
def test_with_three_low_cards_left_a_hit_is_certain() -> None:
    keep = ("2H", "3C", "4S")  # the pair sums 7 at most: cards from the discard beat it, never bust
    m, action = _three_left(keep)
    p = m.ruleset.preview(m, action)
    assert p is not None and p.hit == pytest.approx(1.0) and _by_hand(m, action, keep) == pytest.approx(1.0)
