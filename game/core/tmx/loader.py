"""Tiled maps (.tmx) to Boards, and the map checker. The conventions are in docs/maps.md.

One pass over the XML reads everything (no second reader), so the work is linear in the map:
each layer's data is decoded once under a size cap, each distinct tile's properties are checked
once, and each object is measured against the cells under its own bounding box only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

from game.core.board import Board, Terrain
from game.core.geometry import Cell, Grid, HexGrid, SquareGrid
from game.core.tmx.files import check_regular, parse_xml
from game.core.tmx.layerdata import check_gids, decode_layer
from game.core.tmx.objects import read_objects
from game.core.tmx.props import TERRAIN_KEYS, read_properties, terrain_props
from game.core.tmx.shapes import Layout
from game.core.tmx.spawns import check_spawns, place_spawns
from game.core.tmx.tilesets import Tileset, int_attr, read_tileset
from game.errors import UserError

MAX_MAP_SIDE = 256
ORIENTATIONS = ("orthogonal", "hexagonal")


def _map_header(root: Element, shown: str) -> tuple[Grid, Layout]:
    if root.tag != "map":
        raise UserError(f"not a Tiled map (root element <{root.tag}>, expected <map>)", shown)
    orientation = root.get("orientation", "orthogonal")
    if orientation not in ORIENTATIONS:
        raise UserError(f"orientation {orientation!r} is not supported (use orthogonal or hexagonal)", shown)
    if root.get("infinite", "0") not in ("0", ""):
        raise UserError("infinite maps are not supported (untick Infinite in Map Properties)", shown)
    cols = int_attr(root, "width", shown, "map", high=MAX_MAP_SIDE)
    rows = int_attr(root, "height", shown, "map", high=MAX_MAP_SIDE)
    tw = int_attr(root, "tilewidth", shown, "map", high=4096)
    th = int_attr(root, "tileheight", shown, "map", high=4096)
    if orientation == "orthogonal":
        return SquareGrid(), Layout("orthogonal", tw, th, cols, rows)
    axis, index = root.get("staggeraxis"), root.get("staggerindex")
    if axis not in ("x", "y"):
        raise UserError(f"hex staggeraxis {axis!r} must be x or y", shown, "map")
    if index not in ("odd", "even"):
        raise UserError(f"hex staggerindex {index!r} must be odd or even", shown, "map")
    side = int_attr(root, "hexsidelength", shown, "map", low=0, high=4096)
    return HexGrid(axis, index), Layout("hexagonal", tw, th, cols, rows, side, axis, index)


def _tileset_of(gid: int, tilesets: list[Tileset]) -> tuple[Tileset, int]:
    for ts in reversed(tilesets):
        if gid >= ts.firstgid:
            return ts, gid - ts.firstgid
    raise AssertionError("gids were checked against the tilesets")


def _tile_terrain(tilesets: list[Tileset], shown: str, checked: dict[int, dict[str, Any]], gid: int,
                  where: str) -> dict[str, Any]:
    props = checked.get(gid)
    if props is None:
        ts, local = _tileset_of(gid, tilesets)
        try:
            props = terrain_props(ts.props.get(local, {}))
        except ValueError as exc:
            raise UserError(str(exc), shown, f"{where}, {ts.describe(local)}") from None
        checked[gid] = props
    return props


def _paint_layers(root: Element, tilesets: list[Tileset], layout: Layout, shown: str
                  ) -> tuple[dict[tuple[int, int], dict[str, Any]], bool]:
    """Each painted cell's merged terrain values; and whether any tile or layer set one."""
    cols, rows = layout.cols, layout.rows
    ranges = [(ts.firstgid, ts.firstgid + ts.tilecount) for ts in tilesets]
    cells: dict[tuple[int, int], dict[str, Any]] = {}
    checked: dict[int, dict[str, Any]] = {}
    meaningful = False
    layers = list(root.iter("layer"))
    if not layers:
        raise UserError("the map has no tile layer", shown)
    for layer in layers:
        place = f"layer {layer.get('name', '')!r}"
        lw = int_attr(layer, "width", shown, place, default=cols, high=MAX_MAP_SIDE)
        lh = int_attr(layer, "height", shown, place, default=rows, high=MAX_MAP_SIDE)
        if (lw, lh) != (cols, rows):
            raise UserError(f"layer is {lw}x{lh}, the map is {cols}x{rows}", shown, place)
        try:
            layer_props = terrain_props(read_properties(layer, shown, place))
        except ValueError as exc:
            raise UserError(str(exc), shown, place) from None
        data = layer.find("data")
        if data is None:
            raise UserError("layer has no <data>", shown, place)
        gids = decode_layer(data, cols, rows, shown, place)
        check_gids(gids, ranges, cols, shown, place)
        meaningful = meaningful or bool(layer_props)
        for i, gid in enumerate(gids):
            if not gid:
                continue
            props = _tile_terrain(tilesets, shown, checked, gid, f"{place} cell ({i % cols}, {i // cols})")
            meaningful = meaningful or bool(props)
            values = cells.setdefault((i % cols, i // cols), {})
            if layer_props:
                values.update(layer_props)
            if props:
                values.update(props)
    return cells, meaningful


def _check_unused_tiles(tilesets: list[Tileset], shown: str) -> bool:
    """Tiles no layer uses still must carry valid properties; True if any carries terrain."""
    meaningful = False
    for ts in tilesets:
        for local, props in ts.props.items():
            try:
                meaningful = bool(terrain_props(props)) or meaningful
            except ValueError as exc:
                raise UserError(str(exc), shown, ts.describe(local)) from None
    return meaningful


def load_board(path: Path) -> Board:
    """Read a Tiled map into a Board, checking it against docs/maps.md (UserError if it breaks them).

    What the loader assumed (spawn zones placed, tile counts derived) is in `board.warnings`.
    """
    path = Path(path)
    shown = str(path)
    check_regular(path, "map file", shown)
    root = parse_xml(path, "map", shown)
    grid, layout = _map_header(root, shown)
    warnings: list[str] = []
    map_props = read_properties(root, shown, "map")
    tilesets = sorted((read_tileset(n, path, shown, warnings) for n in root.findall("tileset")),
                      key=lambda t: t.firstgid)
    values, painted_meaning = _paint_layers(root, tilesets, layout, shown)
    tiles_meaning = _check_unused_tiles(tilesets, shown)
    if not values:
        raise UserError("the map has no tiles: every cell is off the board", shown)
    interned: dict[tuple[tuple[str, Any], ...], Terrain] = {}
    terrain: dict[Cell, Terrain] = {}
    for (col, row), cell_values in values.items():
        key = tuple(sorted(cell_values.items()))
        t = interned.get(key)
        if t is None:
            t = interned[key] = Terrain(**cell_values)
        terrain[grid.from_offset(col, row)] = t
    if not (painted_meaning or tiles_meaning):
        warnings.append("no tile or layer carries game properties (docs/maps.md): every cell is open ground")
    board = Board(grid, (layout.cols, layout.rows), terrain, source=shown,
                  tile_size=(layout.tile_w, layout.tile_h))
    board.properties = dict(map_props)
    if layout.orientation == "hexagonal":
        board.properties.setdefault("hexsidelength", layout.side)
    if read_objects(root, board, layout, shown):
        check_spawns(board, shown)
    else:
        warnings.append(place_spawns(board, shown))
    board.warnings = warnings
    return board


def summary(board: Board, shown: str) -> str:
    """The one-line description check-map prints."""
    cols, rows = board.size
    n_obj = len(board.objectives)
    return (f"{shown}: {board.kind} {cols}x{rows}, {len(board.terrain)} cells, "
            f"spawns p1 {len(board.spawns['p1'])} / p2 {len(board.spawns['p2'])}, "
            f"{n_obj} objective{'' if n_obj == 1 else 's'}")


def check_map(path: Path) -> str:
    """Validate a map: the summary line, then one `warning:` line per assumption made."""
    board = load_board(path)
    lines = [summary(board, str(path))]
    lines += [f"{path}: warning: {w}" for w in board.warnings]
    return "\n".join(lines)


__all__ = ["MAX_MAP_SIDE", "TERRAIN_KEYS", "check_map", "load_board", "summary"]
