"""BaselineAI games that save and load through the real file path at random points.

At random inputs (about one in `--every`, and always at the end) the match is written as the Save
button writes it and loaded back as the Load screen loads it (tests/saveload.py: every check the
loader runs); the loaded state must equal the saved one. Prints, per ruleset, the games played,
the round trips made and the ones that failed, with the first few reasons.

    python benchmarks/save_roundtrip.py --games 1000 --ruleset tokens
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import ROOT, rulesets

sys.path.insert(0, str(ROOT / "tests"))

from saveload import round_trip  # noqa: E402

from game.ai.controller import BaselineAI  # noqa: E402
from game.core import ruleset as registry  # noqa: E402
from game.core.action import Action, Decision  # noqa: E402
from game.core.chance import Chance  # noqa: E402
from game.core.match import Match, Scenario, load_board_for, map_name  # noqa: E402


class Saving:
    """Wraps an AI: before some of its inputs, saves and loads the match through a file."""

    is_human = False

    def __init__(self, ai: Any, pick: Chance, every: int, folder: Path, found: list[str]) -> None:
        self.ai, self.pick, self.every, self.folder, self.found = ai, pick, every, folder, found
        self.trips = 0

    def _maybe(self, match: Match) -> None:
        if self.pick.below(self.every) == 0:
            self.trips += 1
            why = round_trip(match, self.folder)
            if why:
                self.found.append(f"before input {len(match.inputs) + 1}: {why}")

    def choose(self, match: Match, legal: list[Action]) -> Action:
        self._maybe(match)
        return self.ai.choose(match, legal)

    def decide(self, match: Match, decision: Decision) -> str:
        self._maybe(match)
        return self.ai.decide(match, decision)


def scenario_for(rs: Any, seed: int, maps: list[str]) -> Scenario:
    """Seeds cycle through the shipped maps and every ordered pair of squads."""
    squads = sorted(rs.squads())
    pairs = [(a, b) for a in squads for b in squads] or [rs.default_squads()]
    pair = pairs[(seed // max(1, len(maps))) % len(pairs)]
    return Scenario(rs.id, maps[seed % len(maps)], {"p1": pair[0], "p2": pair[1]}, seed)


def run(rid: str, games: int, first_seed: int, every: int) -> tuple[int, int, list[str]]:
    """(games, round trips, failures) for one ruleset."""
    rs = registry.get(rid)
    maps = [map_name(p) for p in rs.maps()]
    boards: dict[str, Any] = {}
    trips = 0
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="save_roundtrip_") as tmp:
        folder = Path(tmp)
        for seed in range(first_seed, first_seed + games):
            scen = scenario_for(rs, seed, maps)
            board = boards.get(scen.map) or boards.setdefault(scen.map, load_board_for(scen))
            found: list[str] = []
            pick = Chance(seed * 7919 + 17)
            sides = {side: Saving(BaselineAI(seed * 2 + n), pick, every, folder, found)
                     for n, side in enumerate(("p1", "p2"), 1)}
            match = Match(rs, scen, board, sides)
            match.play()
            why = round_trip(match, folder)
            trips += 1 + sum(s.trips for s in sides.values())
            found += [f"at the end: {why}"] if why else []
            failures += [f"seed {seed} ({scen.map}, {scen.squads}) {f}" for f in found]
            match.close()
    return games, trips, failures


def main() -> None:
    """Parse the arguments and print the figures per ruleset."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", action="append", help="repeatable; default: every ruleset")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1, help="first seed")
    ap.add_argument("--every", type=int, default=25, help="a round trip before about one input in N")
    args = ap.parse_args()
    for rid in rulesets(args.ruleset, registry.RULESET_IDS):
        started = time.perf_counter()
        games, trips, failures = run(rid, args.games, args.seed, max(1, args.every))
        print(f"{rid}: {games} games, {trips} round trips, {len(failures)} failed "
              f"({time.perf_counter() - started:.0f} s)")
        for line in failures[:5]:
            print(f"  {line}")


if __name__ == "__main__":
    main()
