"""Seconds per AI decision, per unit activation and per whole side turn, for each level and ruleset.

    python benchmarks/ai_decisions.py [--games 4] [--seed 1] [--ruleset voidmarked ...]
                                      [--levels easy,normal,hard] [--hard-budget 1.0] [--toy]

Each level plays whole games against Normal (Normal against Easy) and every choose()/decide() of
the measured side is timed and summed per unit activation (where units take turns one at a time)
and per whole side turn (all the side's activations in a round, or its turn where it acts as one:
`knowledge.side_turn_key`). Every figure is CPU time of this process (time.process_time), the
clock the AI's budgets count (`game.ai.knowledge.cpu`), so it reads the same on a busy machine.
Targets: Normal median <= 100 ms and p95 <= 300 ms per decision;
Hard <= 1 s per decision and <= 3 s per whole side turn. Prints figures; asserts nothing.
--toy adds the small
test ruleset from tests/ai (useful while no real ruleset is registered).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import _common

from game.ai.knowledge import side_turn_key


class Timed:
    """Wraps a controller and records the time of every call (CPU time unless `clock` says
    otherwise, e.g. time.perf_counter for wall time), and per side turn."""

    is_human = False

    def __init__(self, inner: Any, clock: Any = time.process_time) -> None:
        self.inner = inner
        self.clock = clock
        self.calls: list[float] = []
        #: the answers among them (mid-resolution decisions)
        self.answers: list[float] = []
        #: per whole side turn, and per unit activation (None where the side acts as one)
        self.turns: dict[tuple[Any, ...], float] = {}
        self.units: dict[tuple[Any, ...], float] = {}

    def _keys(self, match: Any) -> tuple[tuple[Any, ...], tuple[Any, ...] | None]:
        turn = match.current()
        key = side_turn_key(match)
        return key, (None if turn.unit is None else (*key, turn.unit))

    def _note(self, keys: tuple[tuple[Any, ...], tuple[Any, ...] | None], seconds: float) -> None:
        self.calls.append(seconds)
        turn, unit = keys
        self.turns[turn] = self.turns.get(turn, 0.0) + seconds
        if unit is not None:
            self.units[unit] = self.units.get(unit, 0.0) + seconds

    def choose(self, match: Any, legal: list[Any]) -> Any:
        keys = self._keys(match)
        t = self.clock()
        action = self.inner.choose(match, legal)
        self._note(keys, self.clock() - t)
        return action

    def decide(self, match: Any, decision: Any) -> str:
        keys = self._keys(match)
        t = self.clock()
        answer = self.inner.decide(match, decision)
        self._note(keys, self.clock() - t)
        self.answers.append(self.calls[-1])
        return answer


def _toy_factory() -> Any:
    sys.path.insert(0, str(_common.ROOT / "tests" / "ai"))
    from toyrules import toy_match  # type: ignore[import-not-found]

    return lambda seed, ctrl: toy_match(seed, ctrl)


def _factory(rid: str) -> Any:
    from game.core import ruleset as registry
    from game.core.match import Match, load_board_for
    from game.sim import default_scenario

    rs = registry.get(rid)

    def make(seed: int, ctrl: dict[str, Any]) -> Any:
        scenario = default_scenario(rid, None, seed)
        return Match(rs, scenario, load_board_for(scenario), ctrl)

    return make


def main() -> None:
    """Time each level's decisions over a few games per ruleset."""
    from game.ai.levels import make_level
    from game.core import ruleset as registry

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ruleset", action="append")
    ap.add_argument("--levels", default="easy,normal,hard")
    ap.add_argument("--hard-budget", type=float, default=1.0)
    ap.add_argument("--toy", action="store_true")
    args = ap.parse_args()
    print(_common.one_core())
    targets: list[tuple[str, Any]] = [(rid, _factory(rid))
                                      for rid in _common.rulesets(args.ruleset, registry.RULESET_IDS)]
    if args.toy:
        targets.append(("toy (tests/ai)", _toy_factory()))
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    for name, factory in targets:
        for level in levels:
            opponent = "easy" if level == "normal" else "normal"
            opts: dict[str, float] = {}
            if level == "hard":
                opts = {"budget": args.hard_budget, "turn_budget": 3 * args.hard_budget}
            timed_calls: list[float] = []
            turns: list[float] = []
            activations: list[float] = []
            answers: list[float] = []
            samples: list[int] = []
            start = time.perf_counter()
            for i in range(args.games):
                measured = Timed(make_level(level, 100 + i, **opts))
                other = make_level(opponent, 200 + i)
                ctrl = {"p1": measured, "p2": other} if i % 2 == 0 else {"p1": other, "p2": measured}
                match = factory(args.seed + i, ctrl)
                match.play()
                match.close()
                timed_calls += measured.calls
                turns += list(measured.turns.values())
                activations += list(measured.units.values())
                answers += measured.answers
                samples += getattr(measured.inner, "samples_done", [])
            ms = [1000 * t for t in timed_calls]
            print(f"{name} {level:>6} (vs {opponent}, {args.games} games, "
                  f"{time.perf_counter() - start:.1f} s)")
            print(f"    per decision (one choose or answer, CPU): {_common.summary(ms, 'ms')}")
            if answers:
                print(f"      of which answers: {_common.summary([1000 * t for t in answers], 'ms')}")
            if activations:
                print(f"    per unit activation: {_common.summary([1000 * t for t in activations], 'ms')}")
            print(f"    per whole side turn (all its activations in a round): "
                  f"{_common.summary([1000 * t for t in turns], 'ms')}")
            over = sum(1 for t in turns if t > 3 * args.hard_budget) if level == "hard" else 0
            if level == "hard":
                print(f"    side turns over {3 * args.hard_budget:g} s: {over} of {len(turns)}; "
                      f"decisions over {args.hard_budget:g} s: "
                      f"{sum(1 for t in timed_calls if t > args.hard_budget)} of {len(timed_calls)}")
            if samples:
                searched = [s for s in samples if s]
                if searched:
                    mid = sorted(searched)[len(searched) // 2]
                    print(f"    samples per searched decision: median {mid}, "
                          f"min {min(searched)}, max {max(searched)}")
            print(f"    peak RSS of this process so far: {_common.peak_rss_mib():.0f} MiB")
            if level == "hard":
                print(f"    budget {args.hard_budget:g} s per decision, "
                      f"{3 * args.hard_budget:g} s per whole side turn")


if __name__ == "__main__":
    main()
