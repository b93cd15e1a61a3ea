"""CPU per whole AI side turn: our Normal AI in each ruleset beside Battle for Wesnoth's AI.

    python benchmarks/wesnoth_side_turn.py [--rounds 3] [--seed 1] [--ruleset voidmarked ...]
                                           [--wesnoth-turns 30] [--wesnoth PATH]

Wesnoth (1.16, where installed: `wesnoth` on PATH or /usr/games/wesnoth; Debian's
wesnoth-1.16-core and wesnoth-1.16-data) plays AI against AI on The Freelands, headless:
`wesnoth --nogui --multiplayer --scenario=multiplayer_The_Freelands --controller 1:ai
--controller 2:ai --turns N --exit-at-end --nosound --nodelay --rng-seed S`, with a scratch user
folder. Where no Wesnoth is installed the script says so in one line and exits 0.

How Wesnoth's CPU per AI side turn is measured: Wesnoth logs the start of every turn
(`--log-info=ai/testing`: "Turn K:") and the end of every AI side turn (`--log-debug=ai/manager`:
"side S: total turn time: T ms"); the script reads its log as it runs and, at the first turn's
start line and at every side turn's end line, reads the process's CPU time (utime + stime of all
its threads, /proc/<pid>/stat). Wesnoth's CPU per side turn is the CPU between the start of the
first turn and the end of the last AI side turn, divided by the number of AI side turns. Start-up
(loading the game data, building the scenario) and shut-down are outside that span; what is inside
beside the AI itself (turn changes, healing, events, the ai/testing village counts) is counted
as the AI's, so the figure is an upper bound on Wesnoth's AI alone: the ratio favours Wesnoth by
no more than that engine work. The log's own "total turn time" (wall clock, SDL ticks) is printed
beside it as a cross-check: on a loaded machine it includes waiting for a core.

Ours: Normal against Normal on the ruleset's default skirmish (default map and squads), both sides
timed: the CPU time (time.process_time) of every choose() and answer of a side, summed per whole
side turn (all the side's unit activations in a round: `knowledge.side_turn_key`).

The two programs alternate in one series: each round plays one Wesnoth game, then one game of each
ruleset, so a change in the machine's speed falls on both. Printed per ruleset: our mean, Wesnoth's
mean over the whole series (pooled side turns) and the ratio (ours / Wesnoth's; <= 1 is the
target). Only same-run ratios mean anything: the host's speed varies.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import _common
from ai_decisions import Timed, _factory

#: where Debian installs it (not always on a user's PATH)
DEBIAN_WESNOTH = "/usr/games/wesnoth"
TURN_START = re.compile(r"ai/testing: Turn \d+:")
SIDE_TURN_END = re.compile(r"ai/manager: side (\d+): total turn time: (\d+) ms")


def find_wesnoth(given: str | None) -> str | None:
    """The Wesnoth executable: the one given, on PATH, or Debian's; None when there is none."""
    if given:
        return given if Path(given).exists() else shutil.which(given)
    found = shutil.which("wesnoth")
    if found:
        return found
    return DEBIAN_WESNOTH if os.access(DEBIAN_WESNOTH, os.X_OK) else None


def process_cpu(pid: int) -> float | None:
    """utime + stime of a live process in seconds (Linux /proc), None when it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    # after the command's closing parenthesis: state is field 3, utime 14 and stime 15
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wesnoth_game(exe: str, seed: int, turns: int, userdir: Path) -> dict[str, Any]:
    """One headless AI-vs-AI game on The Freelands: side turns, CPU span, the log's wall ms."""
    cmd = [exe, "--nogui", "--multiplayer", "--scenario=multiplayer_The_Freelands",
           "--controller", "1:ai", "--controller", "2:ai", "--turns", str(turns), "--exit-at-end",
           "--nosound", "--nodelay", "--rng-seed", str(seed),
           "--userdata-dir", str(userdir / "data"), "--userconfig-dir", str(userdir / "config"),
           "--log-info=ai/testing", "--log-debug=ai/manager"]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            errors="replace", env=env)
    first = last = None
    side_turns = 0
    log_ms: list[int] = []
    assert proc.stdout is not None
    for line in proc.stdout:
        if first is None and TURN_START.search(line):
            first = process_cpu(proc.pid)
        elif (m := SIDE_TURN_END.search(line)) is not None:
            side_turns += 1
            log_ms.append(int(m.group(2)))
            last = process_cpu(proc.pid)
    proc.wait()
    if proc.returncode != 0 or first is None or last is None or not side_turns:
        raise RuntimeError(f"Wesnoth game (seed {seed}) ended with code {proc.returncode} "
                           f"after {side_turns} AI side turns")
    return {"side_turns": side_turns, "cpu": last - first, "log_ms": log_ms}


def our_game(rid: str, seed: int) -> list[float]:
    """CPU seconds per whole side turn of both sides in one Normal-vs-Normal game."""
    from game.ai.levels import make_level

    p1 = Timed(make_level("normal", 100 + seed), clock=time.process_time)
    p2 = Timed(make_level("normal", 200 + seed), clock=time.process_time)
    match = _factory(rid)(seed, {"p1": p1, "p2": p2})
    match.play()
    match.close()
    return list(p1.turns.values()) + list(p2.turns.values())


def main() -> int:
    """Alternate Wesnoth games and ours; print the per-ruleset means and ratios."""
    from game.core import ruleset as registry

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3, help="Wesnoth games, and games per ruleset")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ruleset", action="append")
    ap.add_argument("--wesnoth-turns", type=int, default=30, help="turn limit of a Wesnoth game")
    ap.add_argument("--wesnoth", help="the Wesnoth executable (default: wesnoth on PATH, or "
                                      f"{DEBIAN_WESNOTH})")
    args = ap.parse_args()
    exe = find_wesnoth(args.wesnoth)
    if exe is None:
        print("wesnoth_side_turn: Battle for Wesnoth is not installed here; skipped")
        return 0
    if not Path("/proc/self/stat").exists():
        print("wesnoth_side_turn: needs Linux /proc to read Wesnoth's CPU time; skipped")
        return 0
    rids = _common.rulesets(args.ruleset, registry.RULESET_IDS)
    print(f"Wesnoth: {exe}; rulesets: {', '.join(rids)}; {args.rounds} rounds; "
          f"load average {os.getloadavg()[0]:.1f}")
    wes_cpu = 0.0
    wes_turns = 0
    wes_ms: list[int] = []
    ours: dict[str, list[float]] = {rid: [] for rid in rids}
    with tempfile.TemporaryDirectory(prefix="wesnoth-bench-") as tmp:
        for k in range(args.rounds):
            seed = args.seed + k
            game = wesnoth_game(exe, seed, args.wesnoth_turns, Path(tmp))
            wes_cpu += game["cpu"]
            wes_turns += game["side_turns"]
            wes_ms += game["log_ms"]
            print(f"round {k + 1}: Wesnoth {game['side_turns']} side turns, "
                  f"{1000 * game['cpu'] / game['side_turns']:.0f} CPU-ms each", end="")
            for rid in rids:
                turns = our_game(rid, seed)
                ours[rid] += turns
                print(f"; {rid} {1000 * statistics.mean(turns):.0f}", end="")
            print(flush=True)
    wes = wes_cpu / wes_turns
    print(f"Wesnoth 1.16 AI, The Freelands: {1000 * wes:.1f} CPU-ms per side turn "
          f"({wes_turns} side turns; its own log, wall clock: mean {statistics.mean(wes_ms):.1f} ms, "
          f"median {statistics.median(wes_ms):.0f} ms)")
    for rid in rids:
        mean = statistics.mean(ours[rid])
        print(f"{rid:>10} Normal: {1000 * mean:7.1f} CPU-ms per whole side turn "
              f"(median {1000 * statistics.median(ours[rid]):.1f}, n={len(ours[rid])}); "
              f"ratio to Wesnoth {mean / wes:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
