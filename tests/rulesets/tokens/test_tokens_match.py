"""Whole games: the AI plays tokens to the end, and the inputs replay to the same state."""

from __future__ import annotations

from game.ai.controller import make_controller
from game.core.match import Match, Scenario, load_board_for
from game.rulesets.tokens import RULESET


def test_baseline_ais_play_a_game_to_the_end_and_it_replays():
    scenario = Scenario("tokens", str(RULESET.maps()[0]), {"p1": "wardens", "p2": "brood"}, 11, {})
    board = load_board_for(scenario)
    match = Match(
        RULESET, scenario, board, {"p1": make_controller("baseline", 1), "p2": make_controller("baseline", 2)}
    )
    outcome = match.play()
    assert outcome is not None and match.over
    assert RULESET.invariants(match) == []
    again = Match.from_snapshot(RULESET, board, match.snapshot())
    assert again.state_hash() == match.state_hash()
