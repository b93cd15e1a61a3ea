"""The command line's parser: every subcommand and its arguments, each checked as it is read
(imported only for a command: `python -m game` alone opens the launcher without it)."""

from __future__ import annotations

import argparse
from pathlib import Path

from game import __version__
from game.cli import PROG
from game.cliargs import file, folder, shown, whole
from game.errors import UserError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        # main() prints "skirmish: " before every line: name only the subcommand here
        sub = self.prog.removeprefix(PROG).strip()
        raise UserError(message, sub)


def _ruleset_arg(value: str) -> str:
    from game.core.names import NAMES

    if value in NAMES:  # a shipped ruleset: known without importing every ruleset's rules
        return value
    from game.core import ruleset as registry

    if value not in registry.available():
        raise argparse.ArgumentTypeError(
            f"unknown ruleset {shown(value)} (available: {', '.join(registry.available())})")
    return value


MAX_GAMES = 10_000_000
_seed = whole("seed", 0, 2**63 - 1)
_jobs = whole("jobs", 0, 1024)
_turns = whole("turns", 0, 10_000)


def _seconds(value: str) -> float:
    try:
        n = float(value) if len(value) <= 40 else float("nan")
    except ValueError:
        n = float("nan")
    if n != n:  # not a number (NaN compares unequal to itself)
        raise argparse.ArgumentTypeError(f"{shown(value)} is not a number of seconds")
    if not 0.01 <= n <= 60:
        raise argparse.ArgumentTypeError(f"{shown(value)} must be between 0.01 and 60 seconds")
    return n


def _size(value: str) -> tuple[int, int]:
    parts = value.lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() and len(p.strip()) <= 6 for p in parts):
        raise argparse.ArgumentTypeError(f"size {shown(value)} is not WIDTHxHEIGHT (e.g. 1280x720)")
    w, h = (int(p) for p in parts)
    if w < 320 or h < 240 or w > 7680 or h > 4320:
        raise argparse.ArgumentTypeError(f"size {shown(value)} is outside 320x240..7680x4320")
    return w, h


def _side(value: str) -> str:
    from game.ai.level_names import LEVELS, is_side_spec

    if is_side_spec(value):
        return value
    raise argparse.ArgumentTypeError(
        f"{shown(value)} is not human or ai:LEVEL (levels: {', '.join((*LEVELS, 'baseline'))})")


def _add_scenario_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a rules option the ruleset declares (repeatable)")
    p.add_argument("--pc", action="append", default=[], metavar="SIDE",
                   help="a side fielding player characters: p1, p2 or none (repeatable; "
                        "default: the ruleset's)")


def _add_squad_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--squad", action="append", default=[], metavar="SIDE=FILE",
                   help="a side plays a squad saved by the squad builder, e.g. p1=mine.toml "
                        "(repeatable; rulesets with a squad builder)")


#: every subcommand, in the order `--help` lists them
COMMANDS = ("simulate", "check-map", "replay", "play", "screenshot", "ladder", "report")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand (`only`: with that subcommand alone, the one
    the command line names: `play` builds it before its window's first frame)."""
    ap = _Parser(prog=PROG, description="Skirmish Table: turn-based tactical skirmishes.")
    ap.add_argument("--version", action="version", version=f"skirmish-table {__version__}")
    sub = ap.add_subparsers(dest="command", parser_class=_Parser)

    if only in (None, "simulate"):
        sim = sub.add_parser("simulate", help="play AI-vs-AI skirmishes headless and summarise")
        sim.add_argument("--ruleset", type=_ruleset_arg, required=True)
        sim.add_argument("--map")
        sim.add_argument("--games", type=whole("--games", 1, MAX_GAMES), default=10)
        sim.add_argument("--seed", type=_seed, default=1)
        sim.add_argument("--json", action="store_true", help="print one JSON object on stdout")
        sim.add_argument("--replay-dir", type=folder("--replay-dir"))
        sim.add_argument("--p1", type=_side, default="baseline")
        sim.add_argument("--p2", type=_side, default="baseline")
        _add_scenario_args(sim)
        _add_squad_arg(sim)

    if only in (None, "check-map"):
        chk = sub.add_parser("check-map", help="validate a Tiled map against docs/maps.md")
        chk.add_argument("path", type=Path)

    if only in (None, "replay"):
        rep = sub.add_parser("replay", help="re-run a replay headless and print the final state hash")
        rep.add_argument("file", type=Path)
        rep.add_argument("--view", action="store_true",
                         help="open it in the replay viewer (step back and forth, play from any point)")

    if only in (None, "play"):
        play = sub.add_parser("play", help="start a skirmish directly in a window")
        play.add_argument("--ruleset", type=_ruleset_arg, required=True)
        play.add_argument("--map")
        play.add_argument("--p1", type=_side, default="human")
        play.add_argument("--p2", type=_side, default="ai:normal")
        play.add_argument("--seed", type=_seed)
        _add_scenario_args(play)
        _add_squad_arg(play)

    if only in (None, "screenshot"):
        shot = sub.add_parser("screenshot", help="render the battle screen to a PNG without a window")
        shot.add_argument("--ruleset", type=_ruleset_arg, required=True)
        shot.add_argument("--map")
        shot.add_argument("--out", type=file("--out"), required=True)
        shot.add_argument("--turns", type=_turns, default=0)
        shot.add_argument("--seed", type=_seed, default=1)
        shot.add_argument("--size", type=_size, default=(1280, 720))
        _add_scenario_args(shot)

    if only in (None, "ladder"):
        lad = sub.add_parser("ladder", help="mirror matches between AI levels with win rates")
        lad.add_argument("--ruleset", type=_ruleset_arg, required=True)
        lad.add_argument("--games", type=whole("--games", 1, MAX_GAMES), default=40)
        lad.add_argument("--seed", type=_seed, default=1)
        lad.add_argument("--json", action="store_true")
        lad.add_argument("--levels", default="", help="comma-separated levels (default: all)")
        lad.add_argument("--hard-budget", type=_seconds, default=None,
                         help="Hard's seconds per decision in ladder games (default 0.25; x3 per side turn)")
        lad.add_argument("--hard-samples", type=whole("--hard-samples", 1, MAX_GAMES), default=None,
                         help="cap Hard's samples per decision (reproducible when the cap binds first)")
        lad.add_argument("--jobs", type=_jobs, default=1, help="worker processes (0 = one per CPU)")
        _add_scenario_args(lad)

    if only in (None, "report"):
        from game.report.command import add_parser as add_report_parser

        add_report_parser(sub)
    return ap
