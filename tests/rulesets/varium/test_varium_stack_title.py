"""The stack prompt's title sets the open stack against the limit, and the stacks' sum apart:
after an Ace's split the sum may pass the limit without a bust ("38 of 22" read as one)."""

from __future__ import annotations

import re

import pytest
from varium_helpers import act, answer, ents, force, make


@pytest.mark.rule("VC-STACKS")
def test_after_a_split_the_title_sets_the_open_stack_against_the_limit() -> None:
    m = make()
    guard, shooter = ents(m)
    force(m, "2H", "3H", "KS", "AS", "9D")  # face-down 5; stack 13, Ace splits, then 9
    act(m, "attack", actor=guard, target=shooter, option="baton")  # baton accuracy 21
    assert m.pending_decision.prompt.endswith(": 13 of 21.")
    answer(m, "stack", "hit")
    answer(m, "ace", "split")
    answer(m, "stack", "hit")
    title = m.pending_decision.prompt
    assert "22 in all" in title and "this stack 9 of 21" in title
    # no figure set against the limit is above it while the check may still stand
    for n, limit in re.findall(r"(\d+) of (\d+)", title):
        assert int(n) <= int(limit), title
