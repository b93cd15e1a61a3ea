"""Voidmarked speed: 4-vs-4 BaselineAI games per second, and microseconds per exact distribution.

Usage: python benchmarks/voidmarked_speed.py [--games N] [--repeats R] [--map PATH]

Without --map the games run on a blank 16 x 12 board (units deploy on the outer columns).
CPU time (process_time) is reported beside wall time: on a shared machine it is the steadier
figure. The best of R repeats is printed; each repeat plays different seeds with the odds
caches cleared, so no repeat replays another's distributions.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.controller import BaselineAI  # noqa: E402
from game.core import ruleset as registry  # noqa: E402
from game.core.board import Board  # noqa: E402
from game.core.cards import standard_deck  # noqa: E402
from game.core.match import Match, Scenario  # noqa: E402
from game.rulesets.voidmarked import odds  # noqa: E402


def board_for(map_path: str | None) -> Board:
    """The shipped map given, else a blank board."""
    if map_path:
        from game.core.tmx import load_board

        return load_board(Path(map_path))
    return Board.blank("square", 16, 12)


def games(n: int, map_path: str | None, first_seed: int) -> tuple[float, float, float]:
    """(wall seconds, cpu seconds, mean rounds) for n games with fresh seeds and cold odds caches."""
    rs = registry.get("voidmarked")
    odds.duel_table.cache_clear()
    odds.duel_odds.cache_clear()
    wall, cpu = time.perf_counter(), time.process_time()
    rounds = 0
    for seed in range(first_seed, first_seed + n):
        board = board_for(map_path)
        scenario = Scenario("voidmarked", map_path or "blank", {"p1": "vanguard", "p2": "void_cult"}, seed)
        match = Match(rs, scenario, board, {"p1": BaselineAI(seed), "p2": BaselineAI(seed + 1)})
        match.play()
        rounds += match.round
        match.close()
    return time.perf_counter() - wall, time.process_time() - cpu, rounds / n


def distributions() -> dict[str, float]:
    """Microseconds per attack distribution for each Advantage shape, uncached and cached."""
    prof = odds.profile_of(standard_deck()[:40])
    rule = odds.DuelRule(4, 3)
    out = {}
    for na, nd in ((0, 0), (-1, 0), (0, 1), (-1, 1), (-2, 1)):
        reps = 0
        start = time.process_time()
        while time.process_time() - start < 0.2:
            odds.duel_table.cache_clear()
            odds.duel_odds.cache_clear()
            odds.duel_odds(prof, na, nd, rule)
            reps += 1
        out[f"{na:+d}/{nd:+d} uncached"] = (time.process_time() - start) / reps * 1e6
    reps = 0
    start = time.process_time()
    while time.process_time() - start < 0.2:
        odds.duel_odds.cache_clear()
        odds.duel_odds(prof, 0, 0, rule)
        reps += 1
    out["table cached"] = (time.process_time() - start) / reps * 1e6
    return out


def main() -> int:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--map")
    args = ap.parse_args()
    best_wall = best_cpu = float("inf")
    rounds = 0.0
    for r in range(args.repeats):
        wall, cpu, rounds = games(args.games, args.map, 1 + r * 1000)
        best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
    print(f"voidmarked 4v4 BaselineAI: {args.games} games, mean {rounds:.1f} rounds")
    print(f"  wall {args.games / best_wall:.2f} games/s, cpu {args.games / best_cpu:.2f} games/s "
          f"(best of {args.repeats})")
    for name, us in distributions().items():
        print(f"  distribution {name}: {us:.0f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
