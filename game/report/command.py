"""The `report` subcommand: arguments, checks, the run, and writing the page.

    python -m game report --ruleset voidmarked [--squads vanguard,void_cult]
        [--maps voidmarked_warehouse,saves_ford | all] [--levels normal] --games 20 [--jobs 2]
        --out reports/ [--seed 1]

Every argument problem is one line and exit code 2 before any game is played; so is a missing
matplotlib (the optional `report` extra).
"""

from __future__ import annotations

import os
import sys
from itertools import combinations
from pathlib import Path
from typing import Any

from game.errors import UserError

INSTALL_HINT = 'the report needs matplotlib: pip install "skirmish-table[report]" (or pip install matplotlib)'
PAGE = "report.html"
DATA = "games.json"
DEFAULT_LEVEL = "normal"


MAX_GAMES = 1_000_000  # games per matchup, map and level: far past any report, far below a hang


def _count(what: str, high: int) -> Any:
    from game.cliargs import whole

    return whole(what, 1, high)


def _seed(value: str) -> int:
    from game.cliargs import whole

    return int(whole("seed", 0, 2**63 - 1)(value))


def _out(value: str) -> Path:
    from game.cliargs import folder

    return Path(folder("--out")(value))


def add_parser(sub: Any) -> None:
    """Register `report` on the CLI's subparsers."""
    rep = sub.add_parser("report", help="play squad matchups headless and write an HTML balance report")
    rep.add_argument("--ruleset", required=True)
    rep.add_argument("--squads", default="", help="comma-separated squad ids (default: all); "
                     "every pair of them is a matchup, one squad plays the mirror")
    rep.add_argument("--maps", default="", help="comma-separated maps, by name or path, or 'all' "
                     "for every shipped map of the ruleset's board kind (default: the shipped maps "
                     "made for the ruleset)")
    rep.add_argument("--levels", default=DEFAULT_LEVEL, help=f"AI level(s) playing both sides "
                     f"(default {DEFAULT_LEVEL})")
    rep.add_argument("--games", type=_count("--games", MAX_GAMES), required=True,
                     help="games per matchup, map and level")
    rep.add_argument("--jobs", type=_count("--jobs", 1024), default=None,
                     help="worker processes (default: one per CPU)")
    rep.add_argument("--out", type=_out, required=True, help="folder the page is written to")
    rep.add_argument("--seed", type=_seed, default=1)
    rep.add_argument("--exact", action="store_true",
                     help="AI time budgets that never bind and Hard at a fixed sample count: slower, "
                     "but the same seed gives the same report")


def _names(text: str) -> list[str]:
    out: list[str] = []
    for t in text.split(","):
        if t.strip() and t.strip() not in out:
            out.append(t.strip())
    return out


def resolve_maps(rs: Any, text: str) -> list[str]:
    """Map names for scenarios; a shipped map may be named by its stem. Checked for board kind."""
    from game.core.match import check_board_kind, map_name
    from game.core.tmx import load_board
    from game.paths import resolve_map

    shipped = rs.maps()
    playable = [p for p in shipped if not p.stem.startswith("bench_")] or shipped
    if text.strip().lower() == "all":
        return [map_name(p) for p in playable]
    if not text.strip():
        # another ruleset's maps are one `--maps all` away; by default the report stays on the
        # maps drawn for this one (the default map first), as the ladder figures were measured
        from game.ai.ladder import own_maps

        return [map_name(p) for p in own_maps(rs)]
    out = []
    for name in _names(text):
        by_stem = [p for p in shipped if p.stem == name or p.stem == name.removesuffix(".tmx")]
        path = by_stem[0] if by_stem else resolve_map(name)
        if not path.is_file():
            raise UserError(f"no such map (shipped {rs.board_kind} maps: "
                            f"{', '.join(p.stem for p in shipped)})", "--maps", name)
        check_board_kind(rs, load_board(path))
        if map_name(path) not in out:
            out.append(map_name(path))
    return out


def check_args(args: Any) -> dict[str, Any]:
    """Everything the run needs, or a UserError naming the bad argument."""
    from game.ai.levels import LEVELS
    from game.core import ruleset as registry

    if args.ruleset not in registry.available():
        raise UserError(f"unknown ruleset {args.ruleset!r} (available: {', '.join(registry.available())})",
                        "--ruleset")
    rs = registry.get(args.ruleset)
    known = list(rs.squads())
    squads = _names(args.squads) or known
    bad = [s for s in squads if s not in known]
    if bad:
        raise UserError(f"unknown squad {bad[0]!r} for {args.ruleset} (squads: {', '.join(known)})",
                        "--squads")
    levels = [lv.lower() for lv in _names(args.levels)] or [DEFAULT_LEVEL]
    bad = [lv for lv in levels if lv not in LEVELS]
    if bad:
        raise UserError(f"unknown level {bad[0]!r} (levels: {', '.join(LEVELS)})", "--levels")
    maps = resolve_maps(rs, args.maps)
    out: Path = args.out
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".report-write-check"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise UserError(f"cannot write there: {exc.strerror or exc}", str(out), "--out") from None
    matchups = list(combinations(squads, 2)) if len(squads) > 1 else [(squads[0], squads[0])]
    return {"rs": rs, "squads": squads, "levels": levels, "maps": maps, "matchups": matchups, "out": out}


def _write(path: Path, text: str) -> None:
    """Temp file + rename: an interrupted run never leaves half a page."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        raise UserError(f"cannot write: {exc.strerror or exc}", str(path)) from None


def run_report(args: Any) -> int:
    """The `report` subcommand: check, play, plot, write; prints the page's path."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UserError(INSTALL_HINT) from None
    import json  # here, not above: `play` builds the parser that adds this command before its first frame

    from game.core.tmx.titles import map_title
    from game.report.collect import run_games, specs_for
    from game.report.page import render
    from game.sim import progress_bar

    plan = check_args(args)
    jobs = args.jobs or os.cpu_count() or 1
    specs = specs_for(args.ruleset, plan["matchups"], plan["maps"], plan["levels"], args.games, args.seed,
                      exact=bool(getattr(args, "exact", False)))
    print(f"report {args.ruleset}: {len(plan['matchups'])} matchup(s) x {len(plan['maps'])} map(s) x "
          f"{len(plan['levels'])} level(s) x {args.games} games = {len(specs)} games on {jobs} process(es)",
          file=sys.stderr)
    games, seconds = run_games(specs, jobs, progress=progress_bar)
    rs = plan["rs"]
    meta = {"ruleset": rs.id, "ruleset_name": rs.name, "squads": plan["squads"], "maps": plan["maps"],
            "levels": plan["levels"], "matchups": plan["matchups"], "games": args.games, "seed": args.seed,
            "jobs": jobs, "seconds": seconds, "round_cap": rs.round_cap,
            "exact": bool(getattr(args, "exact", False)),
            "names": {"squads": {s: rs.squads()[s].name for s in plan["squads"]},
                      "maps": {m: map_title(m) for m in plan["maps"]}}}
    out: Path = plan["out"]
    _write(out / DATA, json.dumps({"meta": meta, "games": games}))
    _write(out / PAGE, render(meta, games))
    print(out / PAGE)
    return 0
