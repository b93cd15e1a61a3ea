"""Microseconds per exact attack distribution: the ruleset's preview (the odds the UI shows).

    python benchmarks/distribution.py [--games 3] [--seed 1] [--ruleset voidmarked ...]

Collects the positions of a few BaselineAI games and, at every one, times `ruleset.preview` for
each legal action that involves chance (the same exact-distribution functions the AI and the
resolution use). Two figures per action kind:

- cold: every memo (`functools` cache) in the ruleset's modules is cleared first, so the whole
  distribution is computed from scratch: the cost of one exact distribution;
- warm: the same preview asked again at once, as the UI and the AI do in play.

A preview also formats its breakdown lines, so both are upper bounds on the bare distribution.
Target: at most 1 ms (1000 µs) per exact attack distribution (cold). Asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import _common  # noqa: F401 - sets the import path first


def ruleset_memos(rid: str) -> list[Any]:
    """Every cached function defined in the ruleset's loaded modules."""
    found: dict[int, Any] = {}
    for name, module in list(sys.modules.items()):
        if module is None or not (name == f"game.rulesets.{rid}" or name.startswith(f"game.rulesets.{rid}.")):
            continue
        for obj in vars(module).values():
            if callable(getattr(obj, "cache_clear", None)):
                found[id(obj)] = obj
    return list(found.values())


def main() -> None:
    """Time the previews of every chance-bearing legal action along a few games."""
    from game.ai.controller import BaselineAI
    from game.core import ruleset as registry
    from game.core.match import Match, load_board_for
    from game.sim import default_scenario

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ruleset", action="append")
    args = ap.parse_args()
    print(_common.one_core())

    class Probe(BaselineAI):
        """Before choosing, time the preview of every legal action, cold then warm."""

        def __init__(self, seed: int, rid: str, cold: dict[str, list[float]], warm: dict[str, list[float]],
                     none_kinds: set[str]) -> None:
            super().__init__(seed)
            self.rid, self.cold, self.warm, self.none_kinds = rid, cold, warm, none_kinds

        def choose(self, match, legal):  # type: ignore[no-untyped-def]
            memos = ruleset_memos(self.rid)
            with match.world:
                for action in legal:
                    for memo in memos:
                        memo.cache_clear()
                    t = time.perf_counter()
                    preview = match.ruleset.preview(match, action)
                    cold = time.perf_counter() - t
                    if preview is None:
                        self.none_kinds.add(action.kind)
                        continue
                    t = time.perf_counter()
                    match.ruleset.preview(match, action)
                    warm = time.perf_counter() - t
                    self.cold.setdefault(action.kind, []).append(1e6 * cold)
                    self.warm.setdefault(action.kind, []).append(1e6 * warm)
            return super().choose(match, legal)

    for rid in _common.rulesets(args.ruleset, registry.RULESET_IDS):
        rs = registry.get(rid)
        cold: dict[str, list[float]] = {}
        warm: dict[str, list[float]] = {}
        none_kinds: set[str] = set()
        for i in range(args.games):
            scenario = default_scenario(rid, None, args.seed + i)
            match = Match(rs, scenario, load_board_for(scenario),
                          {s: Probe(2 * i + n, rid, cold, warm, none_kinds)
                           for n, s in enumerate(("p1", "p2"), 1)})
            match.play()
            match.close()
        if not cold:
            print(f"{rid}: no legal action had a preview (kinds seen: {sorted(none_kinds)})")
            continue
        pad = " " * len(rid)
        print(f"{rid}: {len(ruleset_memos(rid))} memoised functions cleared before each cold call")
        for kind in sorted(cold):
            print(f"{pad}  {kind} cold: {_common.summary(cold[kind], 'µs')}")
            print(f"{pad}  {kind} warm: {_common.summary(warm[kind], 'µs')}")


if __name__ == "__main__":
    main()
