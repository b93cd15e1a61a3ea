"""Microseconds per exact attack distribution: the ruleset's preview (the odds the UI shows).

    python benchmarks/distribution.py [--games 3] [--seed 1] [--ruleset voidmarked ...]

Collects the positions of a few BaselineAI games and, at every one, times `ruleset.preview` for
each legal action that involves chance (the same exact-distribution functions the AI and the
resolution use). A preview also formats its breakdown lines, so this is an upper bound on the
bare distribution. Target: at most 1 ms (1000 µs) per exact attack distribution. Asserts nothing.
"""

from __future__ import annotations

import argparse
import time

import _common  # noqa: F401 - sets the import path first


def main() -> None:
    """Time the previews of every chance-bearing legal action along a few games."""
    from game.ai.controller import BaselineAI
    from game.core import ruleset as registry
    from game.core.match import Match, load_board_for
    from game.sim import default_scenario

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="timings per preview (the best counts)")
    ap.add_argument("--ruleset", action="append")
    args = ap.parse_args()
    print(_common.one_core())

    class Probe(BaselineAI):
        """Before choosing, time the preview of every legal action."""

        def __init__(self, seed: int, per_kind: dict[str, list[float]], none_kinds: set[str]) -> None:
            super().__init__(seed)
            self.per_kind, self.none_kinds = per_kind, none_kinds

        def choose(self, match, legal):  # type: ignore[no-untyped-def]
            with match.world:
                for action in legal:
                    best = float("inf")
                    preview = None
                    for _ in range(args.repeat):
                        t = time.perf_counter()
                        preview = match.ruleset.preview(match, action)
                        best = min(best, time.perf_counter() - t)
                    if preview is None:
                        self.none_kinds.add(action.kind)
                    else:
                        self.per_kind.setdefault(action.kind, []).append(1e6 * best)
            return super().choose(match, legal)

    for rid in _common.rulesets(args.ruleset, registry.RULESET_IDS):
        rs = registry.get(rid)
        per_kind: dict[str, list[float]] = {}
        none_kinds: set[str] = set()
        for i in range(args.games):
            scenario = default_scenario(rid, None, args.seed + i)
            match = Match(rs, scenario, load_board_for(scenario),
                          {"p1": Probe(2 * i + 1, per_kind, none_kinds),
                           "p2": Probe(2 * i + 2, per_kind, none_kinds)})
            match.play()
            match.close()
        if not per_kind:
            print(f"{rid}: no legal action had a preview (kinds seen: {sorted(none_kinds)})")
            continue
        every = [v for values in per_kind.values() for v in values]
        print(f"{rid}: every preview: {_common.summary(every, 'µs')}")
        for kind, values in sorted(per_kind.items()):
            print(f"{' ' * len(rid)}  {kind}: {_common.summary(values, 'µs')}")


if __name__ == "__main__":
    main()
