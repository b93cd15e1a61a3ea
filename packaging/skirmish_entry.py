"""Entry script of the packaged app (`build.spec`): the same `main` as `python -m game`."""

import multiprocessing

from game.cli import main

if __name__ == "__main__":
    # `ladder --jobs N` starts worker processes; a frozen app spawns them by re-running itself
    # (the default on Windows and macOS), and only freeze_support() turns that into a worker.
    multiprocessing.freeze_support()
    raise SystemExit(main())
