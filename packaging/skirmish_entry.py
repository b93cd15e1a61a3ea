"""Entry script of the packaged app (`build.spec`): the same `main` as `python -m game`, which
also runs a battle's AI worker (`--ai-worker FD`: game/ui/battle/ai_process.py starts the app's
own executable so on Linux and macOS, without multiprocessing's spawn and its resource tracker)."""

from __future__ import annotations

import multiprocessing
import sys

from game.cli import main


def entry(argv: list[str] | None = None) -> int:
    """Run the app (or its AI worker) with `argv` (the command line's by default)."""
    # `ladder --jobs N` starts worker processes; a frozen app spawns them by re-running itself
    # (the default on Windows and macOS), and only freeze_support() turns that into a worker
    multiprocessing.freeze_support()
    return main(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    raise SystemExit(entry())
