"""`python -m game` entry point."""

from game.cli import main

raise SystemExit(main())
