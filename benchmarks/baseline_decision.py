"""Milliseconds per BaselineAI decision (choosing an action or answering a decision).

    python benchmarks/baseline_decision.py [--games 10] [--seed 1] [--ruleset voidmarked ...]

Prints the median and p95 per ruleset; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time

import _common  # noqa: F401 - sets the import path first


def main() -> None:
    """Time every choose()/decide() of the baseline AI over a batch of games."""
    from game.ai.controller import BaselineAI
    from game.core import ruleset as registry
    from game.core.match import Match, load_board_for
    from game.sim import default_scenario

    choices: list[float] = []
    answers: list[float] = []
    options: list[int] = []

    class Timed(BaselineAI):
        """BaselineAI that records how long each call takes."""

        def choose(self, match, legal):  # type: ignore[no-untyped-def]
            t = time.perf_counter()
            action = super().choose(match, legal)
            choices.append(1000 * (time.perf_counter() - t))
            options.append(len(legal))
            return action

        def decide(self, match, decision):  # type: ignore[no-untyped-def]
            t = time.perf_counter()
            key = super().decide(match, decision)
            answers.append(1000 * (time.perf_counter() - t))
            return key

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ruleset", action="append")
    args = ap.parse_args()
    print(_common.one_core())
    for rid in _common.rulesets(args.ruleset, registry.RULESET_IDS):
        rs = registry.get(rid)
        choices.clear()
        answers.clear()
        options.clear()
        for i in range(args.games):
            scenario = default_scenario(rid, None, args.seed + i)
            match = Match(rs, scenario, load_board_for(scenario),
                          {"p1": Timed(2 * i + 1), "p2": Timed(2 * i + 2)})
            match.play()
            match.close()
        pad = " " * len(rid)
        print(f"{rid}: choosing an action: {_common.summary(choices, 'ms')}; "
              f"median {statistics.median(options) if options else 0:.0f} legal actions")
        print(f"{pad}  answering a decision: {_common.summary(answers, 'ms')}")
        print(f"{pad}  every decision: {_common.summary(choices + answers, 'ms')}")


if __name__ == "__main__":
    main()
