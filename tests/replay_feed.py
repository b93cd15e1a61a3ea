"""A controller that plays back a recorded input list for both sides, the way a replay does.

Shared by the tests that re-run games from their inputs; game.sim's own feed also checks the
inputs against the replay schema, which these tests do not need.
"""

from __future__ import annotations

from typing import Any

from game.core.action import Action, Decision
from game.core.match import Match


class Feed:
    """Plays back recorded inputs for whichever side is asked."""

    is_human = False

    def __init__(self, inputs: list[dict[str, Any]]) -> None:
        self.inputs = list(inputs)

    def choose(self, match: Match, legal: list[Action]) -> Action:
        item = self.inputs.pop(0)
        assert item["t"] == "action", item
        return Action.from_json(item["action"])

    def decide(self, match: Match, decision: Decision) -> str:
        item = self.inputs.pop(0)
        assert item["t"] == "answer", item
        return str(item["key"])
