"""What the player reads for things the game keys by id: maps, sides, squads' units.

Internal ids (`square/voidmarked_warehouse.tmx`, `p1`, `cult_gunner`) never reach the screen;
these turn them into the names the content gives them.
"""

from __future__ import annotations

import re
from collections import Counter

from game.core.sides import side_names as side_names  # the names rulesets write with too
from game.core.tmx.titles import BENCHMARK_PREFIX as BENCHMARK_PREFIX
from game.core.tmx.titles import is_benchmark_map as is_benchmark_map
from game.core.tmx.titles import map_title as map_title


def name_sides(text: str, names: dict[str, str]) -> str:
    """Replace side ids in a ruleset's sentence ("every p2 unit is down") by the sides' names."""
    for side, name in names.items():
        text = re.sub(rf"\b{re.escape(side)}\b", name, text)
    return text


def units_line(units: tuple[str, ...] | list[str]) -> str:
    """A squad's units for reading: repeated ones counted ("2 × Syndicate Thug")."""
    counts = Counter(units)
    out = []
    for unit in dict.fromkeys(units):
        out.append(f"{counts[unit]} × {unit}" if counts[unit] > 1 else unit)
    return ", ".join(out)
