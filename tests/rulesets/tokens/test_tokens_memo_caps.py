"""tokens' per-board memos stay within their caps all game long (a Hard game filled them to
~110 MiB uncapped; the sprint memo's free-tile lists went in past its cap check)."""

from __future__ import annotations

from game.ai.controller import make_controller
from game.core.board import board_tables
from game.core.match import Match, Scenario, load_board_for
from game.rulesets.tokens import RULESET, actions, ai, aiplan, paths

CAP = 6
TABLES = ("tokens_moves", "tokens_sprint_moves", "tokens_own_actions", "tokens_sprints", "tokens_spent",
          "tokens_in_fire")


def test_per_board_memos_never_hold_more_than_their_caps(monkeypatch):
    for mod, name in ((actions, "MOVES_KEPT"), (actions, "SPRINT_MOVES_KEPT"), (actions, "OWN_ACTIONS_KEPT"),
                      (paths, "RUNS_KEPT"), (ai, "SPENT_KEPT"), (aiplan, "FIRE_KEPT")):
        monkeypatch.setattr(mod, name, CAP, raising=False)
    scenario = Scenario("tokens", str(RULESET.maps()[0]), {"p1": "wardens", "p2": "brood"}, 5, {})
    board = load_board_for(scenario)
    largest = dict.fromkeys(TABLES, 0)

    class Watching:
        """The baseline AI, noting the memos' sizes at every input it gives."""

        is_human = False

        def __init__(self, seed: int) -> None:
            self.inner = make_controller("baseline", seed)

        def choose(self, match: Match, legal: list) -> object:
            tables = board_tables(board)
            for name in TABLES:
                largest[name] = max(largest[name], len(tables.get(name, ())))
            return self.inner.choose(match, legal)

        def decide(self, match: Match, decision: object) -> str:
            return self.inner.decide(match, decision)

    match = Match(RULESET, scenario, board, {"p1": Watching(1), "p2": Watching(2)})
    match.play()
    match.close()
    assert largest["tokens_moves"] > 0 and largest["tokens_sprint_moves"] > 0  # the game did keep some
    assert all(n <= CAP for n in largest.values()), largest
