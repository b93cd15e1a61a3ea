"""What the player reads for things the game keys by id: maps, sides, squads' units.

Internal ids (`square/voidmarked_warehouse.tmx`, `p1`, `cult_gunner`) never reach the screen;
these turn them into the names the content gives them.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from pathlib import Path
from xml.etree import ElementTree

from game.core.sides import side_names as side_names  # the names rulesets write with too

BENCHMARK_PREFIX = "bench_"  # maps made for benchmarks/ (game.paths.maps_for sorts them last)


def is_benchmark_map(path: Path | str) -> bool:
    """A map made for measuring speed, not for playing."""
    return Path(path).stem.startswith(BENCHMARK_PREFIX)


def _fallback_title(stem: str) -> str:
    words = stem.replace("-", "_").split("_")
    return " ".join(w for w in words if w).capitalize() or stem


@lru_cache(maxsize=64)
def _title_of(path: str, mtime: float) -> str | None:
    """The map-level `title` property of a .tmx (cached per file version)."""
    try:
        root = ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError):
        return None
    for prop in root.findall("properties/property"):
        if prop.get("name") == "title":
            return (prop.get("value") or "").strip() or None
    return None


def map_title(name: Path | str) -> str:
    """A map's title (its `title` property), else its file name made readable."""
    from game.paths import resolve_map

    path = resolve_map(str(name))
    try:
        title = _title_of(str(path), path.stat().st_mtime)
    except OSError:
        title = None
    return title or _fallback_title(Path(name).stem)


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
