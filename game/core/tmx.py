"""Tiled maps (.tmx) to Boards, and the map checker. The conventions are in docs/maps.md.

Every problem with a map is a one-line UserError naming the file, the place (layer, cell,
tileset tile, object) and the property. pytmx reads the map; a first pass over the XML catches
what pytmx would only report with a traceback (bad XML, unsupported features, bad typed values).
"""

from __future__ import annotations

import base64
import binascii
import gzip
import logging
import math
import os
import sys
import zlib
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from game.core.board import LIGHT_LEVELS, Board, Objective, Terrain
from game.core.geometry import Cell, Grid, HexGrid, SquareGrid
from game.errors import UserError

MIN_SPAWN_CELLS = 6
MAX_MAP_SIDE = 256
SIDES = ("p1", "p2")
ORIENTATIONS = ("orthogonal", "hexagonal")

# Game meaning lives in these properties (tile or tile-layer), never in tile ids.
TERRAIN_KEYS = ("name", "blocks_move", "blocks_los", "cover", "cover_height_ft", "light",
                "elevation", "obscured", "move_cost")
# Keys pytmx adds to a tile's property dict from the tile's own XML; not the author's.
_PYTMX_TILE_KEYS = {"id", "type", "class", "probability", "width", "height", "frames", "source",
                    "trans", "colliders", "path"}
_CAST = {"int": int, "float": float, "bool": None, "string": str, "color": str, "file": str,
         "object": int, "enum": str}

logging.getLogger("pytmx").addHandler(logging.NullHandler())  # no log lines on stderr


def _pytmx() -> Any:
    """Import pytmx without letting it import pygame (core stays pygame-free and quiet)."""
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    blocked = "pygame" not in sys.modules
    if blocked:
        sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail
    try:
        import pytmx
    finally:
        if blocked and sys.modules.get("pygame") is None:
            del sys.modules["pygame"]
    return pytmx


# -- property values ---------------------------------------------------------------------------

def _kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    return "string"


def terrain_value(key: str, value: Any) -> Any:
    """Check one terrain property value; returns it converted, raises ValueError with the problem."""
    shown = f"{key} = {value!r}"
    if key in ("blocks_move", "blocks_los", "obscured"):
        if not isinstance(value, bool):
            raise ValueError(f"{shown}: must be a bool property (true/false), not {_kind_of(value)}")
        return value
    if key in ("cover", "elevation"):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{shown}: must be an int property, not {_kind_of(value)}")
        if key == "cover" and not 0 <= value <= 3:
            raise ValueError(f"{shown}: must be 0 (none), 1 (light), 2 (heavy) or 3 (substantial)")
        if key == "elevation" and not -10 <= value <= 10:
            raise ValueError(f"{shown}: must be between -10 and 10")
        return value
    if key in ("cover_height_ft", "move_cost"):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{shown}: must be a float or int property, not {_kind_of(value)}")
        if not math.isfinite(value):
            raise ValueError(f"{shown}: must be a finite number")
        if key == "cover_height_ft" and not 0 <= value <= 100:
            raise ValueError(f"{shown}: must be between 0 and 100 (feet)")
        if key == "move_cost" and not 0 < value <= 20:
            raise ValueError(f"{shown}: must be more than 0 and at most 20")
        return float(value)
    if key == "light":
        if value not in LIGHT_LEVELS:
            raise ValueError(f"{shown}: must be one of {', '.join(LIGHT_LEVELS)}")
        return value
    if key == "name":
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"{shown}: must be a non-empty string")
        return value.strip()
    raise ValueError(f"unknown terrain property {key!r}")


def _norm(key: str) -> str:
    return key.strip().lower().replace("-", "_").replace(" ", "_")


_NEAR = {_norm(k): k for k in (*TERRAIN_KEYS, "side", "kind")}


def _typo(key: str, known: Iterable[str]) -> str | None:
    """The known key this one probably meant (differs only by case, spaces or dashes)."""
    target = _NEAR.get(_norm(key))
    return target if target in known and target != key else None


def terrain_props(props: dict[str, Any], builtin: set[str] | frozenset[str] = frozenset()) -> dict[str, Any]:
    """The checked terrain properties of a tile or layer (other custom keys are ignored)."""
    out: dict[str, Any] = {}
    for key, value in props.items():
        if key in TERRAIN_KEYS:
            out[key] = terrain_value(key, value)
        elif key not in builtin and (near := _typo(key, TERRAIN_KEYS)):
            raise ValueError(f"unknown property {key!r} (did you mean {near!r}?)")
    return out


# -- first pass over the XML -------------------------------------------------------------------

@dataclass
class _Tileset:
    firstgid: int
    label: str  # the .tsx path as written in the map, or "embedded 'name'"
    tilecount: int
    names: dict[int, str]


@dataclass
class _Prepass:
    tilesets: list[_Tileset]
    ellipses: set[int]
    points: set[int]


def _parse_xml(path: Path, what: str, shown: str) -> ElementTree.Element:
    try:
        return ElementTree.parse(path).getroot()
    except ElementTree.ParseError as exc:
        line, col = exc.position
        reason = str(exc).split(":")[0]
        raise UserError(f"malformed XML in the {what} ({reason}) at line {line}, column {col + 1}",
                        shown) from None
    except OSError as exc:
        raise UserError(f"cannot read the {what}: {exc.strerror or exc}", shown) from None


def _int_attr(node: ElementTree.Element, name: str, shown: str, place: str,
              default: int | None = None, low: int = 1, high: int = 1 << 20) -> int:
    raw = node.get(name)
    if raw is None:
        if default is not None:
            return default
        raise UserError(f"attribute {name} is missing", shown, place)
    try:
        value = int(raw)
    except ValueError:
        raise UserError(f"attribute {name}={raw!r} is not a whole number", shown, place) from None
    if not low <= value <= high:
        raise UserError(f"attribute {name}={value} is outside {low}..{high}", shown, place)
    return value


def _check_typed_properties(node: ElementTree.Element, shown: str, place: str) -> None:
    """Typed <property> values pytmx would choke on, checked with a readable place."""
    for prop in node.findall("properties/property"):
        name = prop.get("name", "")
        kind = prop.get("type", "string")
        value = prop.get("value")
        where = f"{place}, property {name!r}"
        if kind == "class":
            raise UserError("class-typed properties are not supported", shown, where)
        if kind not in _CAST:
            raise UserError(f"unknown property type {kind!r}", shown, where)
        if kind in ("int", "float", "bool", "object") and value is None:
            raise UserError(f"{kind} property has no value", shown, where)
        if kind == "bool" and value not in ("true", "false", "0", "1"):
            raise UserError(f"{value!r} is not a bool (true/false)", shown, where)
        if kind in ("int", "float", "object"):
            try:
                _CAST[kind](value)  # type: ignore[misc]
            except ValueError:
                raise UserError(f"{value!r} is not a valid {kind}", shown, where) from None


def _decode_layer(data: ElementTree.Element, count: int, shown: str, place: str) -> list[int]:
    encoding = data.get("encoding")
    compression = data.get("compression")
    if data.find("chunk") is not None:
        raise UserError("infinite maps (chunked layer data) are not supported", shown, place)
    if encoding is None:
        raise UserError("XML tile data is not supported: save the layer as CSV or Base64", shown, place)
    text = (data.text or "").strip()
    if encoding == "csv":
        if compression:
            raise UserError(f"CSV data cannot be compressed ({compression})", shown, place)
        try:
            gids = [int(v) for v in text.split(",") if v.strip()]
        except ValueError:
            raise UserError("layer CSV data holds something that is not a tile number", shown,
                            place) from None
    elif encoding == "base64":
        if compression not in (None, "", "zlib", "gzip"):
            raise UserError(f"layer compression {compression!r} is not supported "
                            "(use none, zlib or gzip)", shown, place)
        try:
            raw = base64.b64decode("".join(text.split()), validate=True)
            if compression == "zlib":
                raw = zlib.decompress(raw)
            elif compression == "gzip":
                raw = gzip.decompress(raw)
        except (binascii.Error, zlib.error, OSError, EOFError):
            raise UserError("layer Base64 data is corrupt", shown, place) from None
        if len(raw) % 4:
            raise UserError("layer Base64 data is not a whole number of tiles", shown, place)
        gids = [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]
    else:
        raise UserError(f"layer encoding {encoding!r} is not supported (use csv or base64)", shown, place)
    if len(gids) != count:
        raise UserError(f"layer data holds {len(gids)} tiles, the map needs {count} (truncated?)",
                        shown, place)
    return gids


def _read_tileset(node: ElementTree.Element, map_path: Path, shown: str) -> _Tileset:
    firstgid = _int_attr(node, "firstgid", shown, "tileset", low=1, high=1 << 28)
    source = node.get("source")
    base = map_path.parent
    label = f"embedded tileset {node.get('name', '')!r}"
    if source:
        label = source
        if not source.lower().endswith(".tsx"):
            raise UserError(f"tileset {source!r} is not a .tsx file (export it from Tiled as TSX)", shown)
        tsx = base / source
        if not tsx.is_file():
            raise UserError(f"tileset file {source!r} not found (looked for {os.path.normpath(tsx)})",
                            shown)
        node = _parse_xml(tsx, f"tileset {source}", shown)
        if node.tag != "tileset":
            raise UserError(f"{source!r} is not a Tiled tileset (root element <{node.tag}>)", shown)
        base = tsx.parent
    place = f"tileset {label}"
    _check_typed_properties(node, shown, place)
    image = node.find("image")
    if image is not None and image.get("source"):
        img = base / image.get("source", "")
        if not img.is_file():
            raise UserError(f"tileset image {image.get('source')!r} not found "
                            f"(looked for {os.path.normpath(img)})", shown, place)
    names: dict[int, str] = {}
    for tile in node.findall("tile"):
        tid = _int_attr(tile, "id", shown, place, low=0, high=1 << 28)
        for prop in tile.findall("properties/property"):
            if prop.get("name") == "name" and prop.get("value"):
                names[tid] = prop.get("value", "")
        _check_typed_properties(tile, shown, f"{place} tile {tid}")
        sub = tile.find("image")
        if sub is not None and sub.get("source") and not (base / sub.get("source", "")).is_file():
            raise UserError(f"tile image {sub.get('source')!r} not found", shown, f"{place} tile {tid}")
    count = node.get("tilecount")
    tilecount = int(count) if count and count.isdigit() else max(names, default=-1) + 1
    if image is None and not node.findall("tile"):
        raise UserError("tileset has neither an image nor tiles", shown, place)
    return _Tileset(firstgid, label, tilecount, names)


# Names pytmx refuses as properties because the element already has such an attribute or method.
_INSTANCE_ATTRS = {
    "layer": ({"parent", "data", "name", "width", "height", "opacity", "visible", "offsetx", "offsety",
               "properties"}, "TiledTileLayer"),
    "objectgroup": ({"parent", "name", "color", "opacity", "visible", "offsetx", "offsety", "custom_types",
                     "draworder", "properties"}, "TiledObjectGroup"),
    "object": ({"parent", "id", "name", "type", "x", "y", "width", "height", "rotation", "gid", "visible",
                "closed", "template", "custom_types", "properties"}, "TiledObject"),
}


def _reserved(tag: str) -> set[str]:
    attrs, cls = _INSTANCE_ATTRS.get(tag, (set(), ""))
    return attrs | (set(dir(getattr(_pytmx(), cls))) if cls else set())


def _prepass(path: Path, shown: str) -> tuple[_Prepass, ElementTree.Element]:
    root = _parse_xml(path, "map", shown)
    if root.tag != "map":
        raise UserError(f"not a Tiled map (root element <{root.tag}>, expected <map>)", shown)
    orientation = root.get("orientation", "orthogonal")
    if orientation not in ORIENTATIONS:
        raise UserError(f"orientation {orientation!r} is not supported (use orthogonal or hexagonal)",
                        shown)
    if root.get("infinite", "0") not in ("0", ""):
        raise UserError("infinite maps are not supported (untick Infinite in Map Properties)", shown)
    width = _int_attr(root, "width", shown, "map", high=MAX_MAP_SIDE)
    height = _int_attr(root, "height", shown, "map", high=MAX_MAP_SIDE)
    _int_attr(root, "tilewidth", shown, "map", high=4096)
    _int_attr(root, "tileheight", shown, "map", high=4096)
    if orientation == "hexagonal":
        if root.get("staggeraxis") not in ("x", "y"):
            raise UserError(f"hex staggeraxis {root.get('staggeraxis')!r} must be x or y", shown, "map")
        if root.get("staggerindex") not in ("odd", "even"):
            raise UserError(f"hex staggerindex {root.get('staggerindex')!r} must be odd or even", shown,
                            "map")
        _int_attr(root, "hexsidelength", shown, "map", low=0, high=4096)
    _check_typed_properties(root, shown, "map")
    tilesets = sorted((_read_tileset(n, path, shown) for n in root.findall("tileset")),
                      key=lambda t: t.firstgid)
    top = max((t.firstgid + t.tilecount for t in tilesets), default=1)
    layers = root.findall(".//layer")
    if not layers:
        raise UserError("the map has no tile layer", shown)
    for layer in layers:
        name = layer.get("name", "")
        place = f"layer {name!r}"
        lw = _int_attr(layer, "width", shown, place, default=width)
        lh = _int_attr(layer, "height", shown, place, default=height)
        if (lw, lh) != (width, height):
            raise UserError(f"layer is {lw}x{lh}, the map is {width}x{height}", shown, place)
        _check_typed_properties(layer, shown, place)
        _check_reserved(layer, shown, place)
        data = layer.find("data")
        if data is None:
            raise UserError("layer has no <data>", shown, place)
        gids = _decode_layer(data, width * height, shown, place)
        for i, raw in enumerate(gids):
            gid = raw & 0x0FFFFFFF  # drop flip flags
            if gid and (gid >= top or not any(t.firstgid <= gid < t.firstgid + t.tilecount
                                              for t in tilesets)):
                raise UserError(f"tile number {gid} belongs to no tileset", shown,
                                f"{place} cell ({i % width}, {i // width})")
    ellipses: set[int] = set()
    points: set[int] = set()
    for group in root.findall(".//objectgroup"):
        gplace = f"object layer {group.get('name', '')!r}"
        _check_typed_properties(group, shown, gplace)
        _check_reserved(group, shown, gplace)
        for obj in group.findall("object"):
            oplace = _object_place(obj.get("id", "?"), obj.get("name", ""))
            if obj.get("template"):
                raise UserError("object templates are not supported (Detach the template in Tiled)",
                                shown, oplace)
            _check_typed_properties(obj, shown, oplace)
            _check_reserved(obj, shown, oplace)
            for attr in ("x", "y", "width", "height", "rotation"):
                raw = obj.get(attr)
                if raw is not None:
                    try:
                        float(raw)
                    except ValueError:
                        raise UserError(f"attribute {attr}={raw!r} is not a number", shown,
                                        oplace) from None
            oid = int(obj.get("id", "0")) if (obj.get("id") or "").isdigit() else -1
            if obj.find("ellipse") is not None:
                ellipses.add(oid)
            if obj.find("point") is not None:
                points.add(oid)
    return _Prepass(tilesets, ellipses, points), root


def _check_reserved(node: ElementTree.Element, shown: str, place: str) -> None:
    taken = _reserved(node.tag) | set(node.keys())
    for prop in node.findall("properties/property"):
        if prop.get("name") in taken:
            raise UserError(f"property {prop.get('name')!r} clashes with the element's own attribute "
                            "of that name; rename it", shown, place)


def _object_place(oid: Any, name: str) -> str:
    return f"object {oid} {name!r}" if name else f"object {oid}"


# -- pixel geometry (Tiled's renderers) -----------------------------------------------------------

@dataclass(frozen=True)
class Layout:
    """Tiled's pixel placement of cells, for mapping objects to cells."""

    orientation: str
    tile_w: int
    tile_h: int
    side: int = 0
    stagger_axis: str = "y"
    stagger_index: str = "odd"

    def _staggered(self, index: int) -> bool:
        return bool(index & 1) == (self.stagger_index == "odd")

    def centre(self, col: int, row: int) -> tuple[float, float]:
        """Pixel centre of a Tiled (col, row) cell."""
        w, h = self.tile_w, self.tile_h
        if self.orientation == "orthogonal":
            return (col + 0.5) * w, (row + 0.5) * h
        w, h = w & ~1, h & ~1  # Tiled's hex renderer rounds tile sizes down to even
        if self.stagger_axis == "y":
            row_h = (h + self.side) // 2
            x = col * w + (w // 2 if self._staggered(row) else 0)
            return x + w / 2, row * row_h + h / 2
        col_w = (w + self.side) // 2
        y = row * h + (h // 2 if self._staggered(col) else 0)
        return col * col_w + w / 2, y + h / 2


# -- building the board ------------------------------------------------------------------------

def _tile_origin(tiled_gid: int, pre: _Prepass) -> tuple[_Tileset | None, int]:
    for ts in reversed(pre.tilesets):
        if tiled_gid >= ts.firstgid:
            return ts, tiled_gid - ts.firstgid
    return None, tiled_gid


def _tile_label(tiled_gid: int, pre: _Prepass) -> str:
    ts, local = _tile_origin(tiled_gid, pre)
    if ts is None:
        return f"tile {tiled_gid}"
    name = ts.names.get(local)
    return f"tileset {ts.label} tile {local}{f' {name!r}' if name else ''}"


def _open_tiled(path: Path, shown: str) -> Any:
    pytmx = _pytmx()
    try:
        return pytmx.TiledMap(str(path))
    except Exception as exc:  # pytmx raises bare Exception/ValueError/KeyError for bad maps
        raise UserError(f"Tiled map could not be read: {exc or type(exc).__name__}", shown) from None


def load_board(path: Path) -> Board:
    """Read a Tiled map into a Board, checking it against docs/maps.md (UserError if it breaks them)."""
    path = Path(path)
    shown = str(path)
    if not path.is_file():
        raise UserError("no such map file", shown)
    pre, _root = _prepass(path, shown)
    tm = _open_tiled(path, shown)
    width, height = int(tm.width), int(tm.height)
    grid: Grid
    if tm.orientation == "hexagonal":
        grid = HexGrid(tm.staggeraxis, tm.staggerindex)
        layout = Layout("hexagonal", int(tm.tilewidth), int(tm.tileheight), int(tm.hexsidelength or 0),
                        tm.staggeraxis, tm.staggerindex)
    else:
        grid = SquareGrid()
        layout = Layout("orthogonal", int(tm.tilewidth), int(tm.tileheight))

    pytmx = _pytmx()
    values: dict[tuple[int, int], dict[str, Any]] = {}
    checked: dict[int, dict[str, Any]] = {}
    seen_tiled: set[int] = set()
    for layer in tm.layers:
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        lplace = f"layer {layer.name!r}"
        try:
            layer_props = terrain_props(dict(layer.properties))
        except ValueError as exc:
            raise UserError(str(exc), shown, lplace) from None
        for col, row, gid in layer.iter_data():
            if not gid:
                continue
            props = checked.get(gid)
            if props is None:
                tiled_gid = tm.tiledgidmap.get(gid, gid)
                seen_tiled.add(tiled_gid)
                try:
                    props = terrain_props(tm.tile_properties.get(gid) or {}, _PYTMX_TILE_KEYS)
                except ValueError as exc:
                    raise UserError(str(exc), shown,
                                    f"{lplace} cell ({col}, {row}), {_tile_label(tiled_gid, pre)}") from None
                checked[gid] = props
            cell = values.setdefault((col, row), {})
            cell.update(layer_props)
            cell.update(props)
    _check_unused_tiles(tm, pre, seen_tiled, shown)

    terrain: dict[Cell, Terrain] = {}
    for (col, row), cell_values in values.items():
        terrain[grid.from_offset(col, row)] = Terrain(**cell_values)
    if not terrain:
        raise UserError("the map has no tiles: every cell is off the board", shown)

    board = Board(grid, (width, height), terrain, source=shown, tile_size=(layout.tile_w, layout.tile_h))
    board.properties = {k: v for k, v in tm.properties.items()}
    if layout.orientation == "hexagonal":
        board.properties.setdefault("hexsidelength", layout.side)
    _read_objects(tm, pre, board, layout, shown)
    _check_spawns(board, shown)
    return board


def _check_unused_tiles(tm: Any, pre: _Prepass, seen: set[int], shown: str) -> None:
    """Tiles of the tilesets no layer uses still must carry valid properties."""
    for gid, props in tm.tile_properties.items():
        tiled_gid = tm.tiledgidmap.get(gid, gid)
        if tiled_gid in seen:
            continue
        try:
            terrain_props(props or {}, _PYTMX_TILE_KEYS)
        except ValueError as exc:
            raise UserError(str(exc), shown, _tile_label(tiled_gid, pre)) from None


def _object_kind(obj: Any) -> str:
    kind = obj.type or obj.__dict__.get("class") or ""
    return str(kind)


def _object_cells(obj: Any, board: Board, layout: Layout, pre: _Prepass, shown: str,
                  place: str) -> list[Cell]:
    """On-board cells an object covers: centres inside its shape, or the cell under a point."""
    centres = {cell: layout.centre(*board.grid.to_offset(cell)) for cell in board.terrain}
    x, y = float(obj.x), float(obj.y)
    w, h = float(obj.width), float(obj.height)
    rotation = float(obj.rotation or 0)
    points = obj.__dict__.get("points")
    if points is not None and not obj.closed:
        raise UserError("a polyline cannot cover cells: use a rectangle, polygon or point", shown, place)
    is_point = obj.id in pre.points or (points is None and w == 0 and h == 0)
    if is_point:
        best = min(centres.items(), key=lambda kv: ((kv[1][0] - x) ** 2 + (kv[1][1] - y) ** 2,
                                                     board.grid.to_offset(kv[0])), default=None)
        if best is None or math.dist(best[1], (x, y)) > max(layout.tile_w, layout.tile_h):
            raise UserError(f"point ({x:g}, {y:g}) lies outside the board", shown, place)
        return [best[0]]
    if obj.id in pre.ellipses and not rotation:
        cx, cy, rx, ry = x + w / 2, y + h / 2, w / 2, h / 2
        inside = [c for c, (px, py) in centres.items()
                  if rx > 0 and ry > 0 and ((px - cx) / rx) ** 2 + ((py - cy) / ry) ** 2 <= 1 + 1e-9]
    elif points is not None or rotation:
        poly = [tuple(p) for p in obj.apply_transformations()]
        inside = [c for c, p in centres.items() if _in_polygon(p, poly)]
    else:
        inside = [c for c, (px, py) in centres.items()
                  if x - 1e-9 <= px <= x + w + 1e-9 and y - 1e-9 <= py <= y + h + 1e-9]
    return sorted(inside, key=lambda c: tuple(reversed(board.grid.to_offset(c))))


def _in_polygon(p: tuple[float, float], poly: list[tuple[float, ...]]) -> bool:
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _read_objects(tm: Any, pre: _Prepass, board: Board, layout: Layout, shown: str) -> None:
    spawns: dict[str, list[Cell]] = {side: [] for side in SIDES}
    for obj in tm.objects:
        kind = _object_kind(obj)
        place = _object_place(obj.id, obj.name or "")
        props = dict(obj.properties)
        if kind not in ("spawn", "objective"):
            if kind.strip().lower() in ("spawn", "objective"):
                raise UserError(f"object type {kind!r} should be written {kind.strip().lower()!r}",
                                shown, place)
            continue
        for key in props:
            near = _typo(key, ("side", "kind"))
            if near:
                raise UserError(f"unknown property {key!r} (did you mean {near!r}?)", shown, place)
        cells = _object_cells(obj, board, layout, pre, shown, place)
        if not cells:
            raise UserError(f"{kind} object covers no board cell (a cell counts when its centre is "
                            "inside the shape)", shown, place)
        if kind == "spawn":
            side = props.get("side")
            if side not in SIDES:
                raise UserError(f"property side = {side!r}: must be p1 or p2", shown, place)
            for cell in cells:
                terrain = board.at(cell)
                col, row = board.grid.to_offset(cell)
                if terrain.blocks_move:
                    raise UserError(f"spawn cell ({col}, {row}) is blocked ({terrain.name}, blocks_move)",
                                    shown, place)
                other = "p2" if side == "p1" else "p1"
                if cell in spawns[other]:
                    raise UserError(f"spawn cell ({col}, {row}) belongs to both p1 and p2", shown, place)
                if cell not in spawns[side]:
                    spawns[side].append(cell)
        else:
            objective_kind = props.get("kind")
            if not isinstance(objective_kind, str) or not objective_kind.strip():
                raise UserError(f"property kind = {objective_kind!r}: an objective needs a kind "
                                "(e.g. hold)", shown, place)
            if not any(board.passable(c) for c in cells):
                raise UserError("objective covers only blocked cells (no unit could reach it)", shown, place)
            rest = tuple(sorted((k, v) for k, v in props.items() if k != "kind"))
            board.objectives.append(Objective(obj.name or objective_kind, objective_kind.strip(),
                                              tuple(cells), rest))
    for side in SIDES:
        spawns[side].sort(key=lambda c: tuple(reversed(board.grid.to_offset(c))))
    board.spawns = spawns


def _check_spawns(board: Board, shown: str) -> None:
    for side in SIDES:
        n = len(board.spawns.get(side, []))
        if n == 0:
            raise UserError(f"no spawn zone for {side} (an object of type spawn with side = {side})", shown)
        if n < MIN_SPAWN_CELLS:
            raise UserError(f"spawn zone of {side} has {n} cells, at least {MIN_SPAWN_CELLS} needed", shown)
    # Every spawn cell must reach the other side: no sealed-in squads.
    start = board.spawns["p1"][0]
    seen = {start}
    todo = deque([start])
    while todo:
        cell = todo.popleft()
        for nxt in board.neighbors(cell):
            if nxt not in seen and board.passable(nxt):
                seen.add(nxt)
                todo.append(nxt)
    for side in SIDES:
        for cell in board.spawns[side]:
            if cell not in seen:
                col, row = board.grid.to_offset(cell)
                raise UserError(f"spawn cell ({col}, {row}) of {side} has no passable path to the other "
                                "side's zone", shown)


def summary(board: Board, shown: str) -> str:
    """The one-line description check-map prints."""
    cols, rows = board.size
    n_obj = len(board.objectives)
    return (f"{shown}: {board.kind} {cols}x{rows}, {len(board.terrain)} cells, "
            f"spawns p1 {len(board.spawns['p1'])} / p2 {len(board.spawns['p2'])}, "
            f"{n_obj} objective{'' if n_obj == 1 else 's'}")


def check_map(path: Path) -> str:
    """Validate a map against docs/maps.md; a one-line summary, or UserError naming the problem."""
    return summary(load_board(path), str(path))
