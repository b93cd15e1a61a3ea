"""Map loading at scale and under attack: wall time and peak RSS of each command, in a fresh child.

    python benchmarks/maps.py [--zones 10 200 1000] [--bomb-mib 400] [--play]

Prints, per case, the wall and CPU seconds and peak resident memory of `python -m game check-map` (or, with
--play, `screenshot`, which builds the same match `play` does): a legal 256x256 map with N spawn
rectangles, a 256x256 map of 64 full layers of mixed tiles (the most a legal map can ask),
545 KB zlib and gzip decompression bombs that would inflate to --bomb-mib MiB, and
the shipped maps. Asserts nothing; the targets (docs/maps.md) are: 256x256 with 1,000 objects
checked in under 2 s, bombs refused in well under a second without their memory.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import _common


def make(writer: str, path: Path, **kwargs: object) -> Path:
    """Write a fixture map in a child: a forked child's peak RSS counts the parent's pages, so
    the parent must stay small."""
    call = f"from tools.map_fixtures import {writer}; {writer}(Path({str(path)!r}), **{kwargs!r})"
    subprocess.run([sys.executable, "-c", f"from pathlib import Path; {call}"], cwd=_common.ROOT, check=True)
    return path


def run(args: list[str]) -> tuple[float, float, float, int, str]:
    """Wall and CPU seconds, peak RSS in MiB, exit code and first output line of one child."""
    env = {**os.environ, "PYTHONPATH": str(_common.ROOT)}
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "game", *args], cwd=_common.ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = child.stdout.read() if child.stdout else ""
    _pid, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    first = out.strip().splitlines()[0] if out.strip() else ""
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, child.returncode, first


def report(label: str, args: list[str]) -> None:
    seconds, cpu, mib, code, first = run(args)
    print(f"{label:<46} {seconds:6.2f} s wall {cpu:6.2f} s cpu {mib:7.1f} MiB  exit {code}  {first[:70]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--zones", type=int, nargs="+", default=[10, 200, 1000])
    ap.add_argument("--bomb-mib", type=int, default=400)
    ap.add_argument("--play", action="store_true", help="also time a screenshot (match + board art)")
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}; each line is one fresh process (interpreter start included)")
    report("--help (interpreter and import baseline)", ["--help"])
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for n in args.zones:
            path = make("big_map", work / f"big_{n}.tmx", side=256, zones=n)
            report(f"check-map 256x256, {n} zones", ["check-map", str(path)])
        path = make("layered_map", work / "layered.tmx", side=256, layers=64)
        report("check-map 256x256, 64 full layers", ["check-map", str(path)])
        for compression in ("zlib", "gzip"):
            path = make("bomb_map", work / f"bomb_{compression}.tmx", inflated=args.bomb_mib << 20,
                        compression=compression)
            kb = path.stat().st_size / 1000
            label = f"check-map {compression} bomb {kb:.0f} KB -> {args.bomb_mib} MiB"
            report(label, ["check-map", str(path)])
        for path in sorted((_common.ROOT / "maps").glob("*/*.tmx")):
            report(f"check-map {path.relative_to(_common.ROOT)}", ["check-map", str(path)])
        if args.play:
            path = make("big_map", work / "big_play.tmx", side=256, zones=10)
            report("screenshot voidmarked 256x256", ["screenshot", "--ruleset", "voidmarked", "--map",
                                                     str(path), "--out", str(work / "shot.png")])
            report("screenshot voidmarked warehouse 24x18", ["screenshot", "--ruleset", "voidmarked",
                                                            "--out", str(work / "shot2.png")])


if __name__ == "__main__":
    main()
