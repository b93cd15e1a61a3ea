"""The AI ladder: mirror matches between levels, with win rates and Wilson 95 % intervals.

For every pairing (A, B) and every pair index k the ladder plays two games on the same scenario
(seed, map, squads): A as p1 against B as p2, then B as p1 against A as p2. The two games of a
pair are scored together, so a seed or side that favours one side counts for both levels once.
A draw counts half a win for each. Games end by the ruleset's result, its round cap (a draw), or
an input cap (a draw, reported) so an AI-vs-AI game always ends.

    python -m game ladder --ruleset voidmarked --games 40 --seed 1 [--json] [--levels easy,normal]
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.levels import LEVELS, make_level
from game.errors import UserError

#: inputs after which a game is stopped and counted a draw (far above any round cap)
MAX_INPUTS = 20_000
DEFAULT_HARD_BUDGET = 0.25


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for a proportion (successes may be fractional: draws count half)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def pairings(levels: list[str]) -> list[tuple[str, str]]:
    """(stronger, weaker): each level against the next weaker one, and each against random."""
    order = [lv for lv in LEVELS if lv in levels]
    out: list[tuple[str, str]] = []
    for lower, upper in zip(order, order[1:], strict=False):
        out.append((upper, lower))
    if "random" in order:
        for lv in order[2:]:
            out.append((lv, "random"))
    return out


@dataclass(frozen=True)
class GameSpec:
    """One ladder game: who plays p1 and p2, on which pair's scenario."""

    ruleset: str
    a: str
    b: str
    pair: int
    swapped: bool
    seed: int
    budgets: tuple[tuple[str, float], ...]
    samples: int | None = None
    options: str = "{}"  # the scenario's options as JSON text (game.core.options)


def _controller(level: str, seed: int, budgets: dict[str, float], samples: int | None) -> Any:
    opts: dict[str, Any] = {}
    if level in budgets:
        opts["budget"] = budgets[level]
    if level == "hard":
        opts["turn_budget"] = 3.0 * budgets.get("hard", 1.0)
        if samples is not None:
            opts["samples"] = samples
    return make_level(level, seed, **opts)


def own_maps(rs: Any) -> list[Path]:
    """The shipped maps drawn for this ruleset (its default first), benchmark maps left out.

    Every ruleset plays on any map of its board kind, but ladder figures and the report's default
    run stay on the ruleset's own maps: another ruleset's new map must not move them."""
    from game.core.tmx import load_board

    playable = [p for p in rs.maps() if not p.stem.startswith("bench_")] or rs.maps()
    own = [p for p in playable if p.stem == rs.default_map
           or load_board(p).properties.get("ruleset") == rs.id]
    return own or playable


def ladder_match(spec: GameSpec, controllers: dict[str, Any]) -> Any:
    """The match of a ladder game: the pair's seed, the ruleset's own maps in turn, default squads."""
    from game.core import ruleset as registry
    from game.core.match import Match, Scenario, load_board_for, map_name

    rs = registry.get(spec.ruleset)
    maps = own_maps(rs)
    if not maps:
        raise UserError(f"no shipped map for board kind {rs.board_kind}", "maps/")
    s1, s2 = rs.default_squads()
    scenario = Scenario(spec.ruleset, map_name(maps[spec.pair % len(maps)]), {"p1": s1, "p2": s2},
                        spec.seed + spec.pair, json.loads(spec.options))
    return Match(rs, scenario, load_board_for(scenario), controllers)


MatchFactory = Callable[[GameSpec, dict[str, Any]], Any]


def play_game(spec: GameSpec, factory: MatchFactory | None = None) -> dict[str, Any]:
    """Play one ladder game headless; returns who won ('a', 'b' or None) and the decision times."""
    p1, p2 = (spec.b, spec.a) if spec.swapped else (spec.a, spec.b)
    budgets = dict(spec.budgets)
    base = (spec.seed * 1_000_003 + spec.pair * 7919) & 0xFFFF_FFFF
    ctrl = {"p1": _controller(p1, base + 1 + 2 * spec.swapped, budgets, spec.samples),
            "p2": _controller(p2, base + 2 + 2 * spec.swapped, budgets, spec.samples)}
    start = time.perf_counter()
    match = (factory or ladder_match)(spec, ctrl)
    capped = False
    try:
        try:
            # the match's own AI loop: every input checked against the legal ones
            match.advance(max_steps=MAX_INPUTS)
        except RuntimeError as exc:
            if "no progress" not in str(exc):
                raise
            capped = True
        winner_side = match.result.winner if match.result is not None else None
        rounds = match.round
    finally:
        match.close()
    role = {"p1": "b" if spec.swapped else "a", "p2": "a" if spec.swapped else "b"}
    return {
        "pair": spec.pair, "swapped": spec.swapped, "a": spec.a, "b": spec.b,
        "winner": None if winner_side is None else role[winner_side],
        "capped": capped, "rounds": rounds, "seconds": time.perf_counter() - start,
        "decision_times": {(spec.a if role[s] == "a" else spec.b): list(getattr(c, "times", []))
                           for s, c in ctrl.items()},
        # per side turn, for the levels that keep a turn's budget (Hard)
        "turn_times": {(spec.a if role[s] == "a" else spec.b): list(c.turn_times.values())
                       for s, c in ctrl.items() if hasattr(c, "turn_times")},
    }


def _play_packed(job: tuple[GameSpec, MatchFactory | None]) -> dict[str, Any]:
    return play_game(*job)


def run_ladder(ruleset: str, games: int, seed: int = 1, levels: list[str] | None = None,
               hard_budget: float = DEFAULT_HARD_BUDGET, jobs: int = 1, samples: int | None = None,
               progress: Callable[[int, int], None] | None = None,
               factory: MatchFactory | None = None,
               options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play `games` games (rounded up to whole mirror pairs) for every pairing; the summary."""
    chosen = levels or list(LEVELS)
    pairs_n = max(1, (games + 1) // 2)
    budgets = {"easy": 0.1, "normal": 0.25, "hard": hard_budget}
    packed = json.dumps(options or {}, sort_keys=True)
    specs = [GameSpec(ruleset, a, b, k, swapped, seed, tuple(sorted(budgets.items())), samples, packed)
             for a, b in pairings(chosen) for k in range(pairs_n) for swapped in (False, True)]
    start = time.perf_counter()
    results: list[dict[str, Any]] = []
    if jobs > 1 and len(specs) > 1:
        # workers are replaced every few games, so a ruleset's per-match caches cannot pile up
        # over hundreds of games; results come back as games finish
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(processes=jobs, maxtasksperchild=8) as pool:
            for res in pool.imap_unordered(_play_packed, [(spec, factory) for spec in specs]):
                results.append(res)
                if progress:
                    progress(len(results), len(specs))
    else:
        for spec in specs:
            results.append(play_game(spec, factory))
            if progress:
                progress(len(results), len(specs))
    out_pairs = [_summarise(a, b, [r for r in results if r["a"] == a and r["b"] == b])
                 for a, b in pairings(chosen)]
    times: dict[str, list[float]] = {}
    turns: dict[str, list[float]] = {}
    for r in results:
        for lv, ts in r["decision_times"].items():
            times.setdefault(lv, []).extend(ts)
        for lv, ts in r.get("turn_times", {}).items():
            turns.setdefault(lv, []).extend(ts)
    return {
        "ruleset": ruleset,
        "seed": seed,
        "games_per_pairing": 2 * pairs_n,
        "budgets_s": budgets,
        "hard_turn_budget_s": 3.0 * hard_budget,
        "hard_samples_cap": samples,
        "pairs": out_pairs,
        "decision_ms": {lv: _times(ts) for lv, ts in sorted(times.items())},
        "side_turn_ms": {lv: _times(ts) for lv, ts in sorted(turns.items())},
        "capped_games": sum(1 for r in results if r["capped"]),
        "seconds": round(time.perf_counter() - start, 2),
    }


def _times(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {"n": len(values), "median": round(1000 * pick(0.5), 2), "p95": round(1000 * pick(0.95), 2),
            "p99": round(1000 * pick(0.99), 2), "max": round(1000 * ordered[-1], 2),
            # how rare the outliers are: a maximum alone can be one stall of a shared machine
            "over_1s": sum(1 for v in values if v > 1.0), "over_3s": sum(1 for v in values if v > 3.0)}


def _summarise(a: str, b: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    a_wins = sum(1 for g in games if g["winner"] == "a")
    b_wins = sum(1 for g in games if g["winner"] == "b")
    draws = len(games) - a_wins - b_wins
    score = a_wins + 0.5 * draws
    n = len(games)
    low, high = wilson(score, n)
    # pair-level view: who took more of the two games on the same scenario
    by_pair: dict[int, float] = {}
    for g in games:
        by_pair[g["pair"]] = by_pair.get(g["pair"], 0.0) + (1.0 if g["winner"] == "a" else
                                                          0.5 if g["winner"] is None else 0.0)
    return {
        "a": a, "b": b, "games": n, "a_wins": a_wins, "b_wins": b_wins, "draws": draws,
        "a_rate": round(score / n, 4) if n else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
        "pairs_won": {"a": sum(1 for v in by_pair.values() if v > 1.0),
                      "b": sum(1 for v in by_pair.values() if v < 1.0),
                      "split": sum(1 for v in by_pair.values() if v == 1.0)},
        "mean_rounds": round(sum(g["rounds"] for g in games) / n, 2) if n else 0.0,
    }


def format_report(summary: dict[str, Any]) -> list[str]:
    """Human-readable lines."""
    lines = [f"ladder {summary['ruleset']}: {summary['games_per_pairing']} games per pairing "
             f"(mirror pairs), seed {summary['seed']}; budgets per decision "
             + ", ".join(f"{k} {v:g} s" for k, v in sorted(summary["budgets_s"].items()))
             + f"; hard per side turn {summary['hard_turn_budget_s']:g} s"
             + (f", hard samples cap {summary['hard_samples_cap']}" if summary.get("hard_samples_cap")
                else "")]
    for p in summary["pairs"]:
        lines.append(f"  {p['a']:>6} vs {p['b']:<6} {p['a_wins']:>3}-{p['b_wins']:<3} draws {p['draws']:<3} "
                     f"{p['a']} {100 * p['a_rate']:5.1f} %  95 % CI [{100 * p['ci95'][0]:.1f}, "
                     f"{100 * p['ci95'][1]:.1f}]  pairs {p['pairs_won']['a']}/{p['pairs_won']['b']}"
                     f"/{p['pairs_won']['split']} (won/lost/split)")
    for lv, t in summary["decision_ms"].items():
        if t:
            lines.append(f"  {lv:>6} decision ms: median {t['median']}, p95 {t['p95']}, p99 {t['p99']}, "
                         f"max {t['max']} (n={t['n']}, {t['over_1s']} over 1 s)")
    for lv, t in summary.get("side_turn_ms", {}).items():
        if t:
            lines.append(f"  {lv:>6} side turn ms: median {t['median']}, p95 {t['p95']}, max {t['max']} "
                         f"(n={t['n']}, {t['over_3s']} over 3 s)")
    if summary["capped_games"]:
        lines.append(f"  {summary['capped_games']} game(s) hit the input cap and count as draws")
    lines.append(f"  {summary['seconds']} s")
    return lines


def parse_levels(text: str) -> list[str]:
    """'easy,normal' -> ['easy', 'normal']; empty means every level."""
    if not text.strip():
        return list(LEVELS)
    names = [t.strip().lower() for t in text.split(",") if t.strip()]
    bad = [n for n in names if n not in LEVELS]
    if bad:
        raise UserError(f"unknown level {bad[0]!r} (levels: {', '.join(LEVELS)})", "--levels")
    if len(set(names)) < 2:
        raise UserError("the ladder needs at least two different levels", "--levels")
    return names


def run_ladder_command(args: Any) -> int:
    """The `ladder` subcommand."""
    from game.core.options import options_from_args
    from game.progress import progress_bar

    levels = parse_levels(getattr(args, "levels", "") or "")
    hard_budget = getattr(args, "hard_budget", None) or DEFAULT_HARD_BUDGET
    jobs = getattr(args, "jobs", None) or 1
    if jobs == 0:
        jobs = os.cpu_count() or 1
    summary = run_ladder(args.ruleset, args.games, args.seed, levels, hard_budget, jobs,
                         getattr(args, "hard_samples", None), progress=progress_bar,
                         options=options_from_args(args))
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        print("\n".join(format_report(summary)))
    sys.stdout.flush()
    return 0
