"""The AI levels' names, importing nothing: the command line checks a side (`--p2 ai:hard`) before
a battle's first frame without the levels' own modules (`game.ai.levels` re-exports them)."""

from __future__ import annotations

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")


def is_side_spec(spec: str) -> bool:
    """Whether a player spec names someone who can play a side: human, or an AI level."""
    level = spec.removeprefix("ai:")
    return spec == "human" or level in (*LEVELS, "baseline")
