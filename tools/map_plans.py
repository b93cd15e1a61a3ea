"""Building blocks of the map plans (tools/make_maps.py, tools/ruleset_maps.py): zones, plans,
the 180° completion and the character legends of the shipped tilesets."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree

Cell = tuple[int, int]  # Tiled (col, row)


# -- tileset lookup ----------------------------------------------------------------------------

def tile_ids(tsx: Path) -> dict[str, int]:
    """Tile id by its `name` property."""
    root = ElementTree.parse(tsx).getroot()
    out: dict[str, int] = {}
    for tile in root.findall("tile"):
        for prop in tile.findall("properties/property"):
            if prop.get("name") == "name":
                out[prop.get("value", "")] = int(tile.get("id", "0"))
    return out


# -- plans -------------------------------------------------------------------------------------

@dataclass
class Zone:
    """A spawn zone or objective in Tiled cells (the generator turns it into a shape)."""

    kind: str  # spawn | objective
    name: str
    cells: list[Cell]
    props: dict[str, str] = field(default_factory=dict)
    point: bool = False


@dataclass
class Plan:
    """Everything one map file needs."""

    path: str
    orientation: str
    size: tuple[int, int]
    tileset: str
    layers: list[tuple[str, list[list[str | None]]]]  # (layer name, rows of tile names)
    zones: list[Zone]
    props: dict[str, str]


def rot180(top: list[str], rows: int) -> list[str]:
    """Full plan from its top half: row rows-1-k is row k reversed."""
    assert len(top) == rows // 2, (len(top), rows)
    widths = {len(r) for r in top}
    assert len(widths) == 1, f"ragged plan rows: {widths}"
    return top + [row[::-1] for row in reversed(top)]


def mirror_cells(cells: list[Cell], size: tuple[int, int]) -> list[Cell]:
    """The cells rotated 180° about the map centre."""
    w, h = size
    return [(w - 1 - c, h - 1 - r) for c, r in cells]


def block(c0: int, r0: int, c1: int, r1: int) -> list[Cell]:
    """Cells of an inclusive rectangle."""
    return [(c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]


def grid_from(plan: list[str], legend: dict[str, str | None]) -> list[list[str | None]]:
    """Rows of tile names from a character plan."""
    try:
        return [[legend[ch] for ch in row] for row in plan]
    except KeyError as exc:
        raise SystemExit(f"plan character {exc} has no legend entry") from None


# Square legend: ground tile per character, and the overlay (cover) tile if any.
SQ_GROUND = {".": "floor", ",": "rough floor", "d": "dark floor", "m": "dim floor", "~": "mud",
             "#": "wall", "_": "paving", "w": "deep water"}
SQ_COVER = {"c": "crates", "s": "sandbags", "B": "barricade", "M": "machinery", "S": "market stall",
            "f": "fence"}
SQ_LIGHT = {" ": None, "D": "shadow", "g": "gloom"}


def square_layers(plan: list[str], ground_default: str,
                  light: list[str] | None = None) -> list[tuple[str, list[list[str | None]]]]:
    """ground / cover (/ light) layers from one character plan (+ an optional light plan)."""
    ground = [[SQ_GROUND.get(ch, ground_default) for ch in row] for row in plan]
    cover = [[SQ_COVER.get(ch) for ch in row] for row in plan]
    for row in plan:
        for ch in row:
            if ch not in SQ_GROUND and ch not in SQ_COVER:
                raise SystemExit(f"square plan character {ch!r} has no legend entry")
    layers: list[tuple[str, list[list[str | None]]]] = [("ground", ground), ("cover", cover)]
    if light is not None:
        layers.append(("light", grid_from(light, SQ_LIGHT)))
    return layers


# Hex legends: ground grid and overlay grid, same shape.
HX_GROUND = {".": "plain", ",": "dirt", "=": "foundry floor", "h": "hill", "H": "high ground",
             "#": "rock", "~": "slag pool"}
HX_OVER = {" ": None, "r": "rubble", "F": "forest", "W": "fortress", "s": "smoke"}
