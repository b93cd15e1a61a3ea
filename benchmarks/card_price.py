"""Win rate of Normal paying `thrift` times the advice's price for lasting resources, against Normal.

    python benchmarks/card_price.py [--ruleset voidmarked] [--games 400] [--seed 1]
                                    [--thrift 2,3,4,5,8] [--jobs 2]

The measurement behind a ruleset's `far_thrift` (what the Hard AI pays for what `Ruleset.spent`
names: a cheated voidmarked card is gone for the skirmish). Mirror pairs as in the ladder (same
seed and map, sides swapped); draws count half; Wilson 95 % intervals. Prints figures; asserts
nothing.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from typing import Any

import _common  # noqa: F401  (import path, headless SDL)

from game.ai.ladder import GameSpec, ladder_match, wilson
from game.ai.utility import NormalAI, decide_by_advice
from game.core.action import Decision
from game.core.match import Match


class ThriftyNormal(NormalAI):
    """Normal, paying `thrift` times the advice's price for lasting resources."""

    def __init__(self, seed: int, thrift: float) -> None:
        super().__init__(seed)
        self.thrift = thrift

    def decide(self, match: Match, decision: Decision) -> str:
        """The advice, with lasting resources priced `thrift` times."""
        return decide_by_advice(self, match, decision, self.thrift)


def play(job: tuple[str, float, int, bool, int]) -> tuple[float, float]:
    """One game; (thrift, score of the thrifty side)."""
    ruleset, thrift, pair, swapped, seed = job
    spec = GameSpec(ruleset, "thrifty", "normal", pair, swapped, seed, ())
    base = (seed * 1_000_003 + pair * 7919) & 0xFFFF_FFFF
    a, b = ThriftyNormal(base + 1, thrift), NormalAI(base + 2)
    ctrl: dict[str, Any] = {"p1": b, "p2": a} if swapped else {"p1": a, "p2": b}
    match = ladder_match(spec, ctrl)
    try:
        match.advance(max_steps=20_000)
    except RuntimeError:
        pass  # input cap: a draw
    winner = match.result.winner if match.result is not None else None
    match.close()
    mine = "p2" if swapped else "p1"
    return thrift, 1.0 if winner == mine else 0.5 if winner is None else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="voidmarked")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--thrift", default="2,3,4,5,8")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    thrifts = [float(t) for t in args.thrift.split(",")]
    pairs = max(1, args.games // 2)
    jobs = [(args.ruleset, t, k, s, args.seed) for t in thrifts for k in range(pairs) for s in (False, True)]
    score = dict.fromkeys(thrifts, 0.0)
    start = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.jobs, maxtasksperchild=20) as pool:
        for thrift, result in pool.imap_unordered(play, jobs):
            score[thrift] += result
    n = 2 * pairs
    print(f"{args.ruleset}: Normal pricing lasting resources x thrift against Normal, {n} games each,"
          f" seed {args.seed}")
    for t in thrifts:
        low, high = wilson(score[t], n)
        print(f"  thrift {t:g}: {score[t]:g}/{n} = {score[t] / n:.1%} ({low:.1%}-{high:.1%})")
    print(f"  {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
