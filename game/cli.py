"""Command line: launcher (default), play, screenshot, simulate, check-map, replay, ladder, report.

Every problem with arguments or files is one line on stderr and exit code 2, never a traceback.
Headless commands never import pygame; the launcher (no arguments) imports no parser.
"""

from __future__ import annotations

import re
import sys
from typing import Any

from game.errors import UserError

PROG = "skirmish"


def build_parser(only: str | None = None) -> Any:
    """The argument parser with every subcommand, or with `only` that one (game.cliparser)."""
    from game.cliparser import build_parser as build

    return build(only)


#: the first argument that makes the game's program a battle's AI worker on an inherited socket
#: (game/ui/battle/ai_process.py starts it so; a frozen app has no `python -c` to run one with)
AI_WORKER_FLAG = "--ai-worker"


def ai_worker(fd: str) -> int:
    """Answer a battle's AI requests on the inherited socket numbered `fd` until it closes."""
    from multiprocessing.connection import Connection

    from game.ai.remote import serve

    serve(Connection(int(fd)))
    return 0


def run(argv: list[str]) -> int:
    """Parse and dispatch; raises UserError for bad input."""
    if argv[:1] == [AI_WORKER_FLAG] and len(argv) == 2 and argv[1].isdigit():
        return ai_worker(argv[1])
    if not argv:  # the launcher: its window opens without the parser or the commands' modules
        from game.ui.app import launch_command

        return launch_command(None)
    args = None
    if argv[0] == "play":  # plain arguments without argparse (game/playargs.py)
        from game.playargs import quick_play_args

        args = quick_play_args(argv[1:])
    if args is None:
        from game.cliparser import COMMANDS

        # the named subcommand's arguments alone: a battle's window opens sooner
        args = build_parser(argv[0] if argv[0] in COMMANDS else None).parse_args(argv)
    from game.playargs import map_arg

    cmd = args.command
    if cmd in ("simulate", "play", "screenshot"):
        args.map = map_arg(args.ruleset, args.map)
    if cmd == "simulate":
        from game.sim import progress_bar, simulate, usable_folder

        if args.replay_dir is not None:
            usable_folder(args.replay_dir)
        from game.core.options import options_from_args

        options = options_from_args(args)
        summary = simulate(args.ruleset, args.map, args.games, args.seed, args.replay_dir,
                           args.p1, args.p2, progress=progress_bar, options=options)
        if args.json:
            import json

            print(json.dumps(summary, sort_keys=True))
        else:
            rate = summary["games"] / summary["seconds"] if summary["seconds"] else float("inf")
            print(f"{summary['ruleset']}: {summary['games']} games, wins {summary['wins']}, "
                  f"draws {summary['draws']}, mean rounds {summary['mean_rounds']}, "
                  f"{summary['seconds']:.2f} s ({rate:.1f} games/s)")
        return 0
    if cmd == "check-map":
        from game.core.tmx import check_map

        print(check_map(args.path))
        return 0
    if cmd == "replay" and args.view:
        from game.ui.replay import view_command

        return view_command(args.file)
    if cmd == "replay":
        from game.sim import run_replay

        match, data = run_replay(args.file)
        final = match.state_hash()
        print(final)
        expected = data.get("final_hash")
        if expected and expected != final:
            raise UserError(f"final hash {final[:12]} differs from the recorded {str(expected)[:12]}",
                            str(args.file))
        return 0
    if cmd == "ladder":
        from game.ai.ladder import run_ladder_command

        return run_ladder_command(args)
    if cmd == "report":
        from game.report.command import run_report

        return run_report(args)
    if cmd == "screenshot":
        from game.ui.app import screenshot_command

        return screenshot_command(args)
    from game.ui.app import launch_command

    return launch_command(args)


#: control characters and line separators (compiled on first use: a millisecond at every start)
_CONTROL = "[\x00-\x1f\x7f-\x9f\u2028\u2029]"


def _cut(exc: UserError) -> UserError:
    """The error with a file name, place or problem of thousands of characters (a path given
    on the command line) cut short: the line stays one readable line."""
    def cut(text: str, most: int) -> str:
        text = re.sub(_CONTROL, lambda m: repr(m.group())[1:-1], text)  # a line break stays one line
        return text if len(text) <= most else f"{text[:most - 30]}… ({len(text)} characters)"

    return UserError(cut(exc.problem, 400), cut(exc.file, 160), cut(exc.place, 160))


def main(argv: list[str] | None = None) -> int:
    """Entry point for `skirmish` and `python -m game`."""
    try:
        return run(sys.argv[1:] if argv is None else argv)
    except UserError as exc:
        print(f"{PROG}: {_cut(exc).line()}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
