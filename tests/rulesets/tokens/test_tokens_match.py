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


def test_what_a_game_keeps_goes_with_its_board():
    """The move lists, searches and path prices tokens keeps live in the board's own tables, so a
    finished game's are freed with its board: module-level caches keyed by board id held every
    past game's until their caps (RSS 35 -> 141 MiB over 64 games)."""
    import gc
    import sys

    from game.core import board as core_board

    def sizes() -> dict[str, int]:
        out = {}
        for name, mod in list(sys.modules.items()):
            if name.startswith("game.rulesets.tokens"):
                for attr, value in vars(mod).items():
                    if isinstance(value, dict) and not attr.startswith("__"):
                        out[f"{name}.{attr}"] = len(value)
        return out

    def one_game(seed: int) -> int:
        scenario = Scenario("tokens", str(RULESET.maps()[0]), {"p1": "wardens", "p2": "brood"}, seed, {})
        board = load_board_for(scenario)
        match = Match(RULESET, scenario, board,
                      {"p1": make_controller("baseline", 1), "p2": make_controller("baseline", 2)})
        match.play()
        kept = sum(len(t) for k in ("tokens_moves", "tokens_reach", "tokens_runs", "tokens_spent")
                   for t in [core_board.board_tables(board).get(k, {})])
        match.close()
        return kept

    assert one_game(11) > 0  # the game did keep some
    gc.collect()
    before = sizes()
    tables_before = len(core_board._TABLES)
    one_game(12)
    gc.collect()
    grown = {k: v - before.get(k, 0) for k, v in sizes().items() if v > before.get(k, 0)}
    assert grown == {}
    assert len(core_board._TABLES) <= tables_before
