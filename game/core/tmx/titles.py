"""What a map is called for reading: its `title` property, else its file name made readable.

Plain XML reading, no pygame: the launcher, the results screen and the balance report all name
maps this way.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

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
    from xml.etree import ElementTree  # here: a battle's first frame names no map

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
