"""Mutated maps (numbers, attribute values, truncation, spliced and dropped text) load or are
refused with one line: never another exception, never a hang."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.tmx import load_board
from game.errors import UserError
from game.paths import ASSETS_DIR, MAPS_DIR

DATA = Path(__file__).resolve().parent.parent / "data" / "tiled"
SOURCES = [MAPS_DIR / "square" / "voidmarked_warehouse.tmx", MAPS_DIR / "hex" / "casket_ridge.tmx",
           DATA / "hexagonal-mini.tmx", DATA / "perspective_walls.tmx"]
NUMBERS = ["-1", "0", "1", "999999999999", "1e9", "", "x", "4294967295", "268435456", "1.5", "nan"]
VALUES = ["", "nan", "inf", "true", "class", "hexagonal", "isometric", "zstd", "gzip", "base64", "csv", "<",
          "&amp;", "a" * 60, "spawn", "p1", "../nowhere.tsx", "/dev/zero", "UTF-1"]


@pytest.fixture(scope="module")
def sources(tmp_path_factory) -> dict[str, str]:
    """Each source map's text, with the tileset paths made absolute so copies resolve."""
    out: dict[str, str] = {}
    for path in SOURCES:
        text = path.read_text().replace("../../assets", str(ASSETS_DIR))
        if path.parent == DATA:
            text = re.sub(r'source="([^"/]+)"', lambda m: f'source="{DATA / m.group(1)}"', text)
        out[path.name] = text
    return out


def mutate(text: str, kind: int, a: int, b: int, pick: int) -> str:
    if kind == 0:
        nums = list(re.finditer(r"\d+", text))
        m = nums[a % len(nums)]
        return text[:m.start()] + NUMBERS[pick % len(NUMBERS)] + text[m.end():]
    if kind == 1:
        return text[:a % len(text)]
    if kind == 2:
        vals = list(re.finditer(r'"[^"]*"', text))
        m = vals[a % len(vals)]
        return text[:m.start()] + f'"{VALUES[pick % len(VALUES)]}"' + text[m.end():]
    if kind == 3:
        i, j = a % len(text), b % len(text)
        return text[:i] + text[j:j + 200] + text[i:]
    i = a % len(text)
    return text[:i] + text[i + 1 + b % 60:]


@settings(max_examples=150, deadline=5000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(source=st.sampled_from([p.name for p in SOURCES]), kind=st.integers(0, 4),
       a=st.integers(0, 1 << 20), b=st.integers(0, 1 << 20), pick=st.integers(0, 100))
def test_mutated_maps_load_or_are_refused_with_one_line(tmp_path, sources, source, kind, a, b, pick):
    path = tmp_path / "fuzz.tmx"
    path.write_text(mutate(sources[source], kind, a, b, pick))
    try:
        board = load_board(path)
    except UserError as exc:
        line = exc.line()
        assert "\n" not in line and line.startswith(f"{path}: ")
        return
    assert board.terrain and len(board.spawns["p1"]) >= 6 and len(board.spawns["p2"]) >= 6


def test_the_sources_load_unmutated(tmp_path, sources):
    for name, text in sources.items():
        path = tmp_path / name
        path.write_text(text)
        assert load_board(path).terrain
    shutil.rmtree(tmp_path)
