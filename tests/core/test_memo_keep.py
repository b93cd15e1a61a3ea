"""Bounded memos: `memo.keep` holds the newest entries within its cap, and the hiding-places memo
goes with its match's board (it kept a finished match's board, and its tables, alive)."""

from __future__ import annotations

import gc
import weakref

from game.core.knowledge import default_hiding_places
from game.core.memo import keep


def test_keep_never_holds_more_than_its_cap_and_drops_the_oldest_first():
    memo: dict[int, int] = {}
    for i in range(100):
        assert keep(memo, i, i * i, 8) == i * i
        assert len(memo) <= 8
    assert list(memo) == list(range(92, 100))


def test_hiding_places_asked_of_a_match_do_not_keep_its_board_alive():
    from game.core.match import new_match
    from game.sim import default_scenario as scenario_for

    match = new_match(scenario_for("tokens", None, 1))
    first = default_hiding_places(match, "p1", 0, None, 3)
    assert default_hiding_places(match, "p1", 0, None, 3) == first  # kept, the same answer
    board = weakref.ref(match.board)
    match.close()
    del match
    gc.collect()
    assert board() is None
