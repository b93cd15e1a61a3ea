"""Sides as players know them: by their squad's name, never by their id ("p1").

Rulesets write log lines and outcome reasons with these names (a side id in a sentence means
nothing to a player); the screens use the same names for the turn bar, panels and results.
"""

from __future__ import annotations

from collections import Counter
from typing import Any


def side_names(match: Any) -> dict[str, str]:
    """Each side as the player knows it: its squad's name ("Side 1"/"Side 2" when there is none).

    Two sides fielding the same squad are told apart by their number.
    """
    sides = list(match.scenario.squads) or ["p1", "p2"]
    try:
        squads = match.ruleset.squads()
    except Exception:  # noqa: BLE001 - a ruleset without squads still gets readable sides
        squads = {}
    names: dict[str, str] = {}
    for i, side in enumerate(sides):
        squad = squads.get(match.scenario.squads.get(side, ""))
        names[side] = squad.name if squad is not None else f"Side {i + 1}"
    counts = Counter(names.values())
    for i, side in enumerate(sides):
        if counts[names[side]] > 1:
            names[side] = f"{names[side]} (side {i + 1})"
    return names


def side_name(match: Any, side: str) -> str:
    """One side's name (the id itself for a side the scenario does not list)."""
    return side_names(match).get(side, side)
