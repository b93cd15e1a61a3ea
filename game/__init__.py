"""Skirmish Table: turn-based tactical skirmishes under five tabletop rulesets."""

import os

# pytmx imports pygame when it can, and pygame prints a banner on stdout: that would corrupt
# `simulate --json`. The banner is the only output to silence.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
