"""Answering a decision raised mid-resolution: the ruleset's advice, the one way every AI does it.

The baseline, Easy, Normal and Hard answer with the best-valued key of `Ruleset.advise` (Hard asks
`advise_exact` first and prices lasting resources `far_thrift` times over); the search's own
simulated steps answer the same way, without an explanation. Ties go to the earlier option; no
advice means the decision's default.
"""

from __future__ import annotations

from typing import Any

from game.ai.explain import Explanation, candidate
from game.core.action import Decision
from game.core.match import Match


def advice(match: Match, decision: Decision, thrift: float = 1.0, exact: bool = False) -> dict[str, float]:
    """The ruleset's value of each answer for the deciding side.

    `thrift` is how many times the advice's own price the answer's lasting resources cost
    (`Ruleset.spent`): 1 takes the advice as it is. `exact` asks for the ruleset's costlier
    `advise_exact` first."""
    with match.world:
        values = match.ruleset.advise_exact(match, decision) if exact else None
        if values is None:
            values = match.ruleset.advise(match, decision)
        if values and thrift != 1.0:
            for key, cost in match.ruleset.spent(match, decision).items():
                if key in values:
                    values[key] -= (thrift - 1.0) * cost
    return values


def ranked_answers(decision: Decision, values: dict[str, float]) -> list[str]:
    """The decision's keys, best-valued first (earlier options win ties); unvalued keys last."""
    keys = decision.keys()
    order = sorted(range(len(keys)), key=lambda i: (-values.get(keys[i], float("-inf")), i))
    return [keys[i] for i in order]


def fallback(decision: Decision) -> str:
    """The answer when there is no advice: the default, else the first option."""
    keys = decision.keys()
    return decision.default if decision.default in keys else keys[0]


def default_answer(match: Match, decision: Decision) -> str:
    """The ruleset's advice for the deciding side, else the default answer."""
    values = advice(match, decision)
    return ranked_answers(decision, values)[0] if values else fallback(decision)


def explained_answer(match: Match, decision: Decision, thrift: float = 1.0,
                     exact: bool = False) -> tuple[str, Explanation]:
    """The advised answer and its explanation (the best five answers with their values)."""
    values = advice(match, decision, thrift, exact)
    labels = {o.key: o.label or o.key for o in decision.options}
    if not values:
        key = fallback(decision)
        return key, [candidate(labels[key], 0.0, {}, note="no advice; default answer")]
    order = ranked_answers(decision, values)
    return order[0], [candidate(labels[k], values.get(k, 0.0), {"advice": values.get(k, 0.0)})
                      for k in order[:5]]


def decide_by_advice(ai: Any, match: Match, decision: Decision, thrift: float = 1.0,
                     exact: bool = False) -> str:
    """`explained_answer`, recorded as the AI's `last_explanation`."""
    key, ai.last_explanation = explained_answer(match, decision, thrift, exact)
    return key
