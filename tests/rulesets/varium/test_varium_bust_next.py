"""The table's "Bust next card" leaves out the Ace: it can always start a new stack instead."""

from __future__ import annotations

import pytest

from game.core.stacks import StackState, next_card
from game.rulesets.varium import odds


@pytest.mark.rule("VC-STACKS")
def test_an_ace_is_not_counted_as_a_bust_of_the_next_card() -> None:
    # 20 of 22 with a King, a Queen and an Ace unseen (a deck run down): the King and the Queen
    # bust; the Ace opens a new stack. A newcomer read "Bust next card 100 % · Hits 20 %" (#33).
    pool = [0] * (odds.ACE + 1)
    for v in (13, 12, odds.ACE):
        pool[v] += 1
    nc = next_card(tuple(pool), StackState(20, 0, 2), odds.rule(22, tuple(pool)))
    assert nc.bust == pytest.approx(2 / 3)
