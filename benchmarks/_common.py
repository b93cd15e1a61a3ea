"""Shared set-up for the benchmark scripts: import path, rulesets, one core, timing summaries."""

from __future__ import annotations

import os
import resource
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def one_core() -> str:
    """Pin this process to one CPU where the OS allows it; says what happened."""
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity here); the game loop is single-threaded anyway"


def peak_rss_mib() -> float:
    """Peak resident set of this process so far, in MiB (ru_maxrss: KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def _children(pid: int) -> list[int]:
    """The direct children of a process (Linux /proc; none elsewhere)."""
    out: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return out
    for task in tasks:
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, ValueError):
            continue
    return out


def process_tree(pid: int | None = None) -> list[int]:
    """A process and all its descendants (children, their children...)."""
    todo = [os.getpid() if pid is None else pid]
    seen: list[int] = []
    while todo:
        p = todo.pop()
        if p not in seen:
            seen.append(p)
            todo += _children(p)
    return seen


def tree_memory(pid: int | None = None) -> tuple[float, float, int] | None:
    """(RSS, PSS) in MiB summed over a process and all its descendants, and how many processes,
    from /proc/<pid>/smaps_rollup (Linux only; None elsewhere). RSS counts shared pages once per
    process that maps them; PSS splits each shared page among them, so the tree's PSS is what it
    costs the machine."""
    rss = pss = 0
    procs = process_tree(pid)
    counted = 0
    for p in procs:
        try:
            text = Path(f"/proc/{p}/smaps_rollup").read_text()
        except OSError:
            continue
        counted += 1
        for line in text.splitlines():
            name, _, rest = line.partition(":")
            if name in ("Rss", "Pss"):
                kib = int(rest.split()[0])
                if name == "Rss":
                    rss += kib
                else:
                    pss += kib
    if not counted:
        return None
    return rss / 1024, pss / 1024, counted


def rulesets(wanted: list[str] | None, default: tuple[str, ...]) -> list[str]:
    """The requested rulesets that are registered, reporting the ones that are not."""
    from game.core import ruleset as registry

    names = wanted or list(default)
    found = []
    for rid in names:
        try:
            registry.get(rid)
        except Exception as exc:  # a missing or half-written package: say so and go on
            print(f"{rid}: not available ({type(exc).__name__}: {exc})")
            continue
        found.append(rid)
    return found


def percentile(values: list[float], pct: float) -> float:
    """The pct-th percentile by nearest rank (values need not be sorted)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(0, min(len(ordered) - 1, round(pct / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def summary(values: list[float], unit: str) -> str:
    """'median X, p95 Y, max Z unit (n=N)'."""
    if not values:
        return "no samples"
    return (f"median {statistics.median(values):.3f}, p95 {percentile(values, 95):.3f}, "
            f"max {max(values):.3f} {unit} (n={len(values)})")


def squad_sizes(match: object) -> str:
    """'4v4' from the units on the board at set-up."""
    from game.core.components import Side

    with match.world:  # type: ignore[attr-defined]
        counts: dict[str, int] = {}
        for _ent, (side,) in match.units(Side):  # type: ignore[attr-defined]
            counts[side.side] = counts.get(side.side, 0) + 1
    return "v".join(str(counts.get(s, 0)) for s in ("p1", "p2"))
