"""Tiled maps (.tmx) to Boards, and the map checker. The conventions are in docs/maps.md.

One pass over the XML reads everything (no second reader), so the work is linear in the map:
each layer's data is decoded once under a size cap, each distinct tile's properties are checked
once, and each object is measured against the cells under its own bounding box only.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.board import Board, Terrain
from game.core.geometry import Cell, Grid, HexGrid, SquareGrid
from game.core.tmx.files import check_regular, parse_xml
from game.core.tmx.layerdata import check_gids, decode_layer
from game.core.tmx.objects import read_objects
from game.core.tmx.props import TERRAIN_KEYS, read_properties, terrain_props
from game.core.tmx.shapes import Layout
from game.core.tmx.spawns import check_spawns, place_spawns
from game.core.tmx.tilesets import Tileset, int_attr, read_tileset
from game.core.wording import plural
from game.errors import UserError

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

MAX_MAP_SIDE = 256
MAX_TILE_LAYERS = 64  # keeps the work at most 64 x 256 x 256 cells; real maps use a handful
ORIENTATIONS = ("orthogonal", "hexagonal")


def _map_header(root: Element, shown: str) -> tuple[Grid, Layout]:
    if root.tag != "map":
        raise UserError(f"not a Tiled map (root element <{root.tag}>, expected <map>)", shown)
    orientation = root.get("orientation", "orthogonal")
    if orientation not in ORIENTATIONS:
        raise UserError(f"orientation {orientation!r} is not supported (use orthogonal or hexagonal)", shown)
    if root.get("infinite", "0") not in ("0", ""):
        raise UserError("infinite maps are not supported (untick Infinite in Map Properties)", shown)
    cols = int_attr(root, "width", shown, "map")
    rows = int_attr(root, "height", shown, "map")
    if max(cols, rows) > MAX_MAP_SIDE:  # Tiled's long side-scrollers: say so plainly, not as a range
        raise UserError(f"the map is {cols}x{rows} tiles; the game plays maps of at most "
                        f"{MAX_MAP_SIDE}x{MAX_MAP_SIDE}", shown)
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


def _tile_terrain(tilesets: list[Tileset], shown: str, gid: int, where: str) -> dict[str, Any]:
    ts, local = _tileset_of(gid, tilesets)
    try:
        return terrain_props(ts.props.get(local, {}))
    except ValueError as exc:
        raise UserError(str(exc), shown, f"{where}, {ts.describe(local)}") from None


def _read_layer(layer: Element, layout: Layout, ranges: list[tuple[int, int]], shown: str
                ) -> tuple[str, dict[str, Any], Sequence[int]]:
    cols, rows = layout.cols, layout.rows
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
    return place, layer_props, gids


def _paint_layers(root: Element, tilesets: list[Tileset], layout: Layout, shown: str
                  ) -> tuple[dict[tuple[int, int], Terrain], bool]:
    """Each painted cell's terrain; and whether any tile or layer set a game property.

    Linear in layers x cells, with one dictionary step per painted cell.
    """
    cols = layout.cols
    ranges = [(ts.firstgid, ts.firstgid + ts.tilecount) for ts in tilesets]
    layers = list(root.iter("layer"))
    if not layers:
        raise UserError("the map has no tile layer", shown)
    if len(layers) > MAX_TILE_LAYERS:
        raise UserError(f"the map has {len(layers)} tile layers, at most {MAX_TILE_LAYERS} are allowed",
                        shown)
    read = [_read_layer(layer, layout, ranges, shown) for layer in layers]
    tile_props: dict[int, dict[str, Any]] = {}
    for place, _props, gids in read:  # first use of each tile, in layer then cell order
        for gid in dict.fromkeys(gids):
            if gid and gid not in tile_props:
                i = gids.index(gid)
                where = f"{place} cell ({i % cols}, {i // cols})"
                tile_props[gid] = _tile_terrain(tilesets, shown, gid, where)
    meaningful = any(props for _place, props, _gids in read) or any(tile_props.values())
    # Each cell's terrain so far is a small id; a layer maps (id, tile) to a new id. Distinct
    # (id, tile) pairs are few, so the values are merged once per pair, not once per cell.
    n = layout.cols * layout.rows
    state = [0] * n  # 0: no layer paints the cell yet
    values: list[dict[str, Any]] = [{}]
    ids: dict[tuple[tuple[str, Any], ...], int] = {}
    for _place, layer_props, gids in read:
        step: dict[tuple[int, int], int] = {}
        for i, gid in enumerate(gids):
            if gid:
                key = (state[i], gid)
                nxt = step.get(key)
                if nxt is None:
                    merged = {**values[key[0]], **layer_props, **tile_props[gid]}
                    frozen = tuple(sorted(merged.items()))
                    nxt = ids.get(frozen)
                    if nxt is None:
                        nxt = ids[frozen] = len(values)
                        values.append(merged)
                    step[key] = nxt
                state[i] = nxt
    terrains = [Terrain(**v) for v in values]
    terrain = {(i % cols, i // cols): terrains[s] for i, s in enumerate(state) if s}
    return terrain, meaningful


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
    painted, painted_meaning = _paint_layers(root, tilesets, layout, shown)
    tiles_meaning = _check_unused_tiles(tilesets, shown)
    if not painted:
        raise UserError("the map has no tiles: every cell is off the board", shown)
    terrain: dict[Cell, Terrain] = {grid.from_offset(col, row): t for (col, row), t in painted.items()}
    if not (painted_meaning or tiles_meaning):
        warnings.append("no tile or layer carries game properties (docs/maps.md): every cell is open ground")
    board = Board(grid, (layout.cols, layout.rows), terrain, source=shown,
                  tile_size=(layout.tile_w, layout.tile_h))
    board.properties = dict(map_props)
    if layout.orientation == "hexagonal":
        board.properties.setdefault("hexsidelength", layout.side)
    if read_objects(root, board, layout, shown, path.parent):
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
            f"{plural(n_obj, 'objective')}")


def check_map(path: Path) -> str:
    """Validate a map: the summary line, then one `warning:` line per assumption made."""
    board = load_board(path)
    lines = [summary(board, str(path))]
    lines += [f"{path}: warning: {w}" for w in board.warnings]
    return "\n".join(lines)


__all__ = ["MAX_MAP_SIDE", "TERRAIN_KEYS", "check_map", "load_board", "summary"]
