"""`legal_without_moves`: every ruleset's listing for Normal's follow-up lookahead holds exactly
the legal actions that are not moves, in the listing's order (a ruleset may leave the moves in:
the lookahead skips them; tokens and casket leave them out, most of a listing's cost)."""

from __future__ import annotations

import pytest

from game.ai.levels import make_level
from game.ai.moves import is_move
from game.core import ruleset as registry
from game.core.match import Match, load_board_for
from game.sim import default_scenario


def _subsequence(part: list, whole: list) -> bool:
    it = iter(whole)
    return all(any(a == b for b in it) for a in part)


@pytest.mark.parametrize("rid", registry.RULESET_IDS)
def test_legal_without_moves_is_the_listing_less_its_moves(rid: str) -> None:
    rs = registry.get(rid)
    scenario = default_scenario(rid, None, 3)
    ctrl = {"p1": make_level("easy", 1), "p2": make_level("easy", 2)}
    m = Match(rs, scenario, load_board_for(scenario), ctrl)
    moves_left_out = 0
    try:
        for _ in range(40):
            if m.result is not None:
                break
            if m.pending_decision is None:
                full = m.legal()
                rest = rs.legal_without_moves(m)
                assert [a for a in rest if not is_move(rs, a)] == [a for a in full if not is_move(rs, a)]
                assert _subsequence(rest, full)
                moves_left_out += len(full) - len(rest)
                if rid in ("tokens", "casket"):  # they list without their moves
                    assert not any(is_move(rs, a) for a in rest)
            try:
                m.advance(max_steps=1)  # one input, by the match's own AI loop
            except RuntimeError as exc:
                assert "no progress" in str(exc)  # one step taken, the match goes on
    finally:
        m.close()
    if rid in ("tokens", "casket"):
        assert moves_left_out  # some listings held moves
