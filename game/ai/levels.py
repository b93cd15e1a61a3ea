"""The AI levels a side can be given: Random, Easy, Normal, Hard (and the baseline they build on).

Easy is the baseline (greedy on the ruleset's `assess`) with noise from its own seeded chance
and no lookahead; Normal is `utility.NormalAI`; Hard is `search.HardAI`. `make_level` is what
`controller.make_controller` calls for 'ai:LEVEL' specs.
"""

from __future__ import annotations

from typing import Any

from game.ai.answers import decide_by_advice
from game.ai.controller import BaselineAI, RandomAI
from game.ai.explain import Explanation, candidate, top
from game.ai.knowledge import Deadline
from game.ai.level_names import LEVELS  # noqa: F401 - re-exported: callers import it from here
from game.ai.moves import is_move, label_of
from game.ai.search import HardAI
from game.ai.utility import NormalAI
from game.core.action import Action, Decision
from game.core.chance import Chance
from game.core.match import Match

#: Easy's noise: the jitter's width as a share of the spread of its scores (a ruleset whose
#: shared `assess` alone plays close to Normal sets a wider `easy_noise`)
NOISE = 0.4
#: default per-decision budgets in seconds
BUDGETS: dict[str, float] = {"easy": 0.1, "normal": 0.25, "hard": 1.0}


class EasyAI:
    """Greedy on the baseline score plus seeded noise; one action at a time, no lookahead."""

    is_human = False
    level = "easy"

    def __init__(self, seed: int = 0, budget: float = BUDGETS["easy"], noise: float | None = None,
                 blunder: float = 0.1) -> None:
        self.seed = seed
        self.budget = budget
        #: None: the ruleset's `easy_noise` where it sets one, else NOISE
        self.noise = noise
        self.blunder = blunder
        # the controller's own source: never the match's chance, so the noise reveals nothing
        self.chance = Chance(seed ^ 0xEA5E)
        self.last_explanation: Explanation = []
        self.times: list[float] = []

    def _uniform(self) -> float:
        return self.chance.below(1 << 30) / float(1 << 30)

    def choose(self, match: Match, legal: list[Action]) -> Action:
        """The best baseline score after noise; now and then a random one of the top few."""
        deadline = Deadline(self.budget)
        scored: list[tuple[float, int, Action, dict[str, float]]] = []
        # non-moves (attacks...) first: if the deadline cuts the list, moves are what is lost
        order = sorted(range(len(legal)), key=lambda i: (is_move(match.ruleset, legal[i]), i))
        with match.world:
            for i in order:
                if scored and deadline.over(margin=0.2 * deadline.seconds):
                    break
                base = match.ruleset.assess(match, legal[i]).score()
                scored.append((base, i, legal[i], {"baseline": base}))
        spread = max(s for s, *_ in scored) - min(s for s, *_ in scored)
        noise = self.noise if self.noise is not None else getattr(match.ruleset, "easy_noise", NOISE)
        width = noise * max(1.0, spread)
        noisy = []
        for base, i, action, terms in scored:
            jitter = (2.0 * self._uniform() - 1.0) * width
            noisy.append((base + jitter, i, action, dict(terms, noise=jitter)))
        noisy.sort(key=lambda t: (-t[0], t[1]))
        pick = 0
        if len(noisy) > 1 and self._uniform() < self.blunder:
            pick = self.chance.below(min(3, len(noisy)))
        self.last_explanation = top([candidate(label_of(a), s, t) for s, _, a, t in noisy])
        if pick:
            chosen = noisy[pick]
            self.last_explanation = [candidate(label_of(chosen[2]), chosen[0], chosen[3], note="blunder")] \
                + [c for c in self.last_explanation if c["label"] != label_of(chosen[2])][:4]
        self.times.append(deadline.elapsed())
        return noisy[pick][2]

    def decide(self, match: Match, decision: Decision) -> str:
        """The ruleset's advice (easy players still use their cards sensibly)."""
        return decide_by_advice(self, match, decision)


def make_level(level: str, seed: int = 0, budget: float | None = None, **options: Any) -> Any:
    """A controller for a level name (None when the name is not a level this module knows)."""
    name = level.lower()
    if name == "random":
        return RandomAI(seed)
    if name == "baseline":
        return BaselineAI(seed)
    if name == "easy":
        return EasyAI(seed, budget if budget is not None else BUDGETS["easy"], **options)
    if name == "normal":
        return NormalAI(seed, budget if budget is not None else BUDGETS["normal"], **options)
    if name == "hard":
        return HardAI(seed, budget if budget is not None else BUDGETS["hard"], **options)
    return None
