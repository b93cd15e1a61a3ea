"""AI controllers: a uniform random player and the baseline expected-value player.

The baseline scores every legal action with the ruleset's `assess` (exact distributions from the
acting side's knowledge) and answers decisions with the ruleset's `advise`. It never mutates the
live match and never reads what its side cannot see: the ruleset's knowledge functions take the
side and hide the rest.
"""

from __future__ import annotations

from typing import Any

from game.ai.answers import default_answer
from game.ai.explain import candidate
from game.core.action import Action, Decision
from game.core.chance import Chance
from game.core.match import Match


class RandomAI:
    """Uniform over legal actions and answers; its own seeded source, not the match's."""

    is_human = False
    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.chance = Chance(seed ^ 0x5EED)
        self.last_explanation: list[dict[str, Any]] = []

    def choose(self, match: Match, legal: list[Action]) -> Action:
        """Any legal action."""
        action = self.chance.pick(legal)
        self.last_explanation = [candidate(action.label or action.kind, 0.0, {}, note="random")]
        return action

    def decide(self, match: Match, decision: Decision) -> str:
        """Any legal answer."""
        key = self.chance.pick(decision.keys())
        self.last_explanation = [candidate(key, 0.0, {}, note="random")]
        return key


class BaselineAI:
    """Greedy on exact expected value: the floor every other level builds on."""

    is_human = False
    level = "baseline"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.last_explanation: list[dict[str, Any]] = []

    def scores(self, match: Match, legal: list[Action]) -> list[tuple[float, int, Action]]:
        """(score, original index, action) for every legal action, best first."""
        with match.world:
            scored = [(match.ruleset.assess(match, a).score(), -i, a) for i, a in enumerate(legal)]
        # (score, -index) decides: indexes differ, so the actions themselves are never compared
        scored.sort(reverse=True)
        return [(s, -i, a) for s, i, a in scored]

    def choose(self, match: Match, legal: list[Action]) -> Action:
        """The best-scoring action; earlier listed wins ties (stable, deterministic)."""
        ranked = self.scores(match, legal)
        self.last_explanation = [candidate(a.label or a.kind, s, {"baseline": s}) for s, _, a in ranked[:5]]
        return ranked[0][2]

    def decide(self, match: Match, decision: Decision) -> str:
        """The answer the ruleset values most for this side; the default otherwise."""
        return default_answer(match, decision)


def make_controller(spec: str, seed: int = 0) -> object:
    """A controller from a CLI/launcher spec: 'random', 'baseline', 'ai:LEVEL'."""
    level = spec.split(":", 1)[1] if spec.startswith("ai:") else spec
    try:
        from game.ai.levels import make_level
    except ImportError:
        make_level = None  # type: ignore[assignment]
    if make_level is not None:
        found = make_level(level, seed)
        if found is not None:
            return found
    if level == "random":
        return RandomAI(seed)
    if level in ("baseline", "easy", "normal", "hard"):
        return BaselineAI(seed)
    raise ValueError(f"unknown AI level {level!r}")
