"""Microseconds per exact attack distribution: the ruleset's preview (the odds the UI shows).

    python benchmarks/distribution.py [--games 3] [--seed 1] [--ruleset voidmarked ...]

Collects the positions of a few BaselineAI games and, at every one, times `ruleset.preview` for
each legal action that involves chance (the same exact-distribution functions the AI and the
resolution use). Three figures per action kind:

- first: the first preview of that action in that position, memos as play left them (tables
  that depend only on content stay warm, anything that depends on the deck or the position is
  computed): the cost the UI and the AI pay in play;
- repeat: the same preview asked again at once;
- cold: every memo (`functools` cache) in the ruleset's modules cleared first, so everything,
  static tables included, is computed from scratch: a worst case.

A preview also formats its breakdown lines, so both are upper bounds on the bare distribution.
Target: at most 1 ms (1000 µs) per exact attack distribution (first). Asserts nothing.
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

        def __init__(self, seed: int, rid: str, times: dict[str, dict[str, list[float]]],
                     none_kinds: set[str]) -> None:
            super().__init__(seed)
            self.rid, self.times, self.none_kinds = rid, times, none_kinds

        def choose(self, match, legal):  # type: ignore[no-untyped-def]
            memos = ruleset_memos(self.rid)
            with match.world:
                for action in legal:
                    spent = []
                    for clear in (False, False, True):
                        if clear:
                            for memo in memos:
                                memo.cache_clear()
                        t = time.perf_counter()
                        preview = match.ruleset.preview(match, action)
                        spent.append(1e6 * (time.perf_counter() - t))
                        if preview is None:
                            self.none_kinds.add(action.kind)
                            break
                    else:
                        for label, value in zip(("first", "repeat", "cold"), spent, strict=True):
                            self.times.setdefault(action.kind, {}).setdefault(label, []).append(value)
            return super().choose(match, legal)

    for rid in _common.rulesets(args.ruleset, registry.RULESET_IDS):
        rs = registry.get(rid)
        times: dict[str, dict[str, list[float]]] = {}
        none_kinds: set[str] = set()
        for i in range(args.games):
            scenario = default_scenario(rid, None, args.seed + i)
            match = Match(rs, scenario, load_board_for(scenario),
                          {s: Probe(2 * i + n, rid, times, none_kinds)
                           for n, s in enumerate(("p1", "p2"), 1)})
            match.play()
            match.close()
        if not times:
            print(f"{rid}: no legal action had a preview (kinds seen: {sorted(none_kinds)})")
            continue
        pad = " " * len(rid)
        print(f"{rid}: ({len(ruleset_memos(rid))} memoised functions cleared for 'cold')")
        for kind in sorted(times):
            for label in ("first", "repeat", "cold"):
                print(f"{pad}  {kind} {label}: {_common.summary(times[kind][label], 'µs')}")


if __name__ == "__main__":
    main()
