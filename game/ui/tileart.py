"""A Tiled map's tile pictures for drawing, read without pytmx where the map is plain.

pytmx (with the logging and gzip modules it imports) took about a twentieth of a battle's CPU
before its first frame, and parsed the map a second time. A plain map (every tileset one image
cut into a grid, no colour key, no tile with its own image, no flipped tile, tile layers in CSV or
Base64) is read here to the same pictures pytmx gives: the same tile rectangles (pytmx's walk of
the image, margin and spacing included), the same conversion (`_converted`, pytmx's
`smart_convert` without a colour key), the same layers (every <layer>, in file order, with
pytmx's reading of `visible`). Anything else returns None and the caller uses pytmx as before;
tests/ui/test_ui_tile_art.py compares the two pictures of every shipped map.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame

from game.core.tmx.layerdata import GID_MASK, layer_gids


class _Tileset:
    """What the drawing reads of a tileset (pytmx's attribute names)."""

    def __init__(self, firstgid: int, tilewidth: int, tileheight: int) -> None:
        self.firstgid = firstgid
        self.tilewidth = tilewidth
        self.tileheight = tileheight


class _Layer:
    """A tile layer: rows of pictures (None: no tile) and whether it is shown."""

    def __init__(self, data: list[list[Any]], visible: bool) -> None:
        self.data = data
        self.visible = visible


class TileArt:
    """The tile pictures of a plain map, with the face of pytmx's TiledMap the drawing uses."""

    def __init__(self, root: Any, tilesets: list[_Tileset], layers: list[_Layer]) -> None:
        self.tilewidth = int(root.get("tilewidth"))
        self.tileheight = int(root.get("tileheight"))
        self.hexsidelength = int(root.get("hexsidelength", 0))
        self.tilesets = tilesets
        self.layers = layers  # every <layer>, in file order

    def drawn_layers(self) -> list[int]:
        """Indexes of the layers drawn (the visible ones), bottom first."""
        return [i for i, layer in enumerate(self.layers) if layer.visible]

    def get_tile_image(self, x: int, y: int, layer: int) -> Any:
        """The picture at a tile (None for none); IndexError/ValueError outside the map, as pytmx."""
        if x < 0 or y < 0:
            raise ValueError(f"tile ({x}, {y}) is outside the map")
        return self.layers[layer].data[y][x]


def _visible(raw: str | None) -> bool | None:
    """pytmx's reading of a layer's `visible` (None where pytmx would refuse it)."""
    if raw is None:
        return True
    text = raw.strip().lower()
    if not text:
        return False
    return True if text[0] in "1yt" else False if text[0] in "-0nf" else None


def _converted(tile: pygame.Surface) -> pygame.Surface:
    """pytmx's `smart_convert` without a colour key: opaque tiles converted plain, others with alpha."""
    w, h = tile.get_size()
    if pygame.mask.from_surface(tile, 254).count() == w * h:
        return tile.convert()
    return tile.convert_alpha()


def read_tile_art(path: Path) -> TileArt | None:
    """The map's tile pictures, or None when the map is not plain (pytmx reads it then)."""
    from game.core.tmx.files import parse_xml

    try:
        root = parse_xml(path, "map", str(path))
        rects: dict[int, tuple[Path, tuple[int, int, int, int]]] = {}
        tilesets = []
        for node in root.findall(".//tileset"):
            firstgid = int(node.get("firstgid", "0"))
            source = node.get("source")
            base = path.parent
            if source:
                tsx = path.parent / source
                node = parse_xml(tsx, "tileset", str(tsx))
                base = tsx.parent
            image = node.find("image")
            if image is None or image.get("trans") is not None or any(
                    t.find("image") is not None for t in node.iter("tile")):
                return None
            tw, th = int(node.get("tilewidth", "0")), int(node.get("tileheight", "0"))
            margin, spacing = int(node.get("margin", "0")), int(node.get("spacing", "0"))
            width, height = int(image.get("width", "")), int(image.get("height", ""))
            file = base / image.get("source", "")
            places = [(x, y) for y in range(margin, height + margin - th + 1, th + spacing)
                      for x in range(margin, width + margin - tw + 1, tw + spacing)]
            for gid, (x, y) in enumerate(places, firstgid):
                rects[gid] = (file, (x, y, tw, th))  # a later tileset's tile wins, as in pytmx
            tilesets.append(_Tileset(firstgid, tw, th))
        sheets: dict[Path, pygame.Surface] = {}
        pictures: dict[int, pygame.Surface | None] = {0: None}
        layers = []
        for node in root.findall(".//layer"):
            shown = _visible(node.get("visible"))
            data = node.find("data")
            if shown is None or data is None or data.get("encoding") not in ("csv", "base64"):
                return None
            cols, rows = int(node.get("width", "")), int(node.get("height", ""))
            gids = layer_gids(data, cols, rows, str(path), "layer")
            if max(gids, default=0) > GID_MASK:
                return None  # flipped or rotated tiles: pytmx transforms them
            for gid in set(gids) - pictures.keys():
                found = rects.get(gid)
                if found is None:
                    pictures[gid] = None
                    continue
                file, rect = found
                if file not in sheets:
                    sheets[file] = pygame.image.load(os.fspath(file))
                pictures[gid] = _converted(sheets[file].subsurface(rect))
            layers.append(_Layer([[pictures[g] for g in gids[r * cols:(r + 1) * cols]] for r in range(rows)],
                                 shown))
    except Exception:  # noqa: BLE001 - whatever is not plain here, pytmx reads (or refuses) as before
        return None
    return TileArt(root, tilesets, layers)
