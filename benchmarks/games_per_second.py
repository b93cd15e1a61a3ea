"""Headless games per second: BaselineAI on both sides, one core, default maps and squads.

    python benchmarks/games_per_second.py [--games 20] [--seed 1] [--ruleset voidmarked ...]

Targets (issue #18): at least 5 voidmarked 4v4 and 3 casket 3v3 games per second on one core.
Prints wall-clock and CPU-time rates (CPU time is the fair figure on a busy machine) and a digest
of every game's final state hash: equal digests before and after a change mean the change left
every game's result alone. Prints figures; asserts nothing.

Absolute rates move with the machine and its load (the same games, same digests, have run 3x
slower on the same VM another day), so each ruleset's games are bracketed by a calibration: a
fixed pure-Python workload (`calibrate`: dicts, tuples, floats and calls, like the game loop)
timed in CPU time just before and just after them. The rate is also printed per calibration
unit: "games per calibration second" and "calibration units per game" (a game's CPU time over
the calibration's) stay comparable across days and machines where games/s do not.
"""

from __future__ import annotations

import argparse
import hashlib
import time

import _common  # noqa: F401 - sets the import path first

TARGETS = {"voidmarked": 5.0, "casket": 3.0}
#: rounds of the calibration workload (about 0.2 s of CPU on the development VM, quiet)
CALIBRATION_ROUNDS = 250


def calibrate(rounds: int = CALIBRATION_ROUNDS) -> float:
    """CPU seconds of a fixed pure-Python workload (the best of three runs: the load only slows it)."""
    best = float("inf")
    for _ in range(3):
        began = time.process_time()
        acc = 0.0
        for r in range(rounds):
            table: dict[tuple[int, int], float] = {}
            for i in range(2000):
                key = (i % 97, (i * r) % 89)
                table[key] = table.get(key, 0.0) + i * 0.5
            cells = sorted(table.items(), key=lambda kv: (-kv[1], kv[0]))
            acc += sum(v for _, v in cells[:50]) / (1.0 + len(cells))
        best = min(best, time.process_time() - began)
    assert acc > 0
    return best


def main() -> None:
    """Play the games and print the rate per ruleset."""
    from game.ai.controller import BaselineAI
    from game.core import ruleset as registry
    from game.core.match import Match, load_board_for
    from game.sim import default_scenario

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ruleset", action="append")
    args = ap.parse_args()
    print(_common.one_core())
    for rid in _common.rulesets(args.ruleset, ("voidmarked", "casket")):
        rs = registry.get(rid)
        boards = {}
        rounds, inputs, sizes = [], [], set()
        wins = {"p1": 0, "p2": 0, None: 0}
        digest = hashlib.sha256()
        calibration = [calibrate()]
        start, cpu = time.perf_counter(), time.process_time()
        for i in range(args.games):
            scenario = default_scenario(rid, None, args.seed + i)
            board = boards.get(scenario.map) or boards.setdefault(scenario.map, load_board_for(scenario))
            match = Match(rs, scenario, board, {"p1": BaselineAI(2 * i + 1), "p2": BaselineAI(2 * i + 2)})
            sizes.add(_common.squad_sizes(match))
            result = match.play()
            wins[result.winner] += 1
            rounds.append(match.round)
            inputs.append(len(match.inputs))
            digest.update(match.state_hash().encode())
            match.close()
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        calibration.append(calibrate())
        unit = sum(calibration) / len(calibration)
        print(f"{rid} ({'/'.join(sorted(sizes))}, {scenario.map}): {args.games} games in {seconds:.2f} s "
              f"= {args.games / seconds:.2f} games/s wall, {args.games / cpu:.2f} games/s CPU "
              f"({1000 * cpu / args.games:.0f} CPU-ms/game); "
              f"mean rounds {sum(rounds) / len(rounds):.1f}, mean inputs {sum(inputs) / len(inputs):.0f}; "
              f"wins p1 {wins['p1']} p2 {wins['p2']} draws {wins[None]}")
        print(f"  calibration {1000 * unit:.0f} CPU-ms (before {1000 * calibration[0]:.0f}, after "
              f"{1000 * calibration[1]:.0f}): {args.games * unit / cpu:.2f} games per calibration second, "
              f"{cpu / args.games / unit:.3f} calibration units per game (compare these across days)")
        target = TARGETS.get(rid)
        if target is not None:
            print(f"  target {target:g} games/s CPU: {'met' if args.games / cpu >= target else 'NOT met'}")
        seeds = f"{args.seed}..{args.seed + args.games - 1}"
        print(f"  results digest (seeds {seeds}): {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
