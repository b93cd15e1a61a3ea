"""Tiled map loading and checking: shipped maps, properties, objects, and every refusal."""

from __future__ import annotations

import base64
import gzip
import re
import subprocess
import sys
import zlib
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.core.board import Terrain
from game.core.geometry import HexGrid, SquareGrid
from game.core.sight import has_los
from game.core.tmx import MIN_SPAWN_CELLS, check_map, load_board
from game.errors import UserError
from game.paths import ASSETS_DIR, MAPS_DIR, ROOT

#: the skirmish maps; the guided battles' own small maps (maps/learn) are checked on their own below
SHIPPED = sorted(p for p in MAPS_DIR.glob("*/*.tmx") if p.parent.name != "learn")
LESSON_MAPS = sorted((MAPS_DIR / "learn").glob("*.tmx"))
SQUARE_TSX = ASSETS_DIR / "tilesets" / "square_terrain.tsx"
HEX_TSX = ASSETS_DIR / "tilesets" / "hex_terrain.tsx"
WAREHOUSE = MAPS_DIR / "square" / "voidmarked_warehouse.tmx"


def tile_gids(tsx: Path) -> dict[str, int]:
    """Map gid (firstgid 1) of each tile by its name property."""
    root = ElementTree.parse(tsx).getroot()
    out = {}
    for tile in root.findall("tile"):
        for prop in tile.findall("properties/property"):
            if prop.get("name") == "name":
                out[prop.get("value")] = int(tile.get("id")) + 1
    return out


SQ = tile_gids(SQUARE_TSX)


def prop_xml(props: dict, indent: str = "  ") -> str:
    if not props:
        return ""
    lines = [f"{indent}<properties>"]
    for key, value in props.items():
        if isinstance(value, tuple):  # (type, raw value) to write anything, even nonsense
            kind, raw = value
            lines.append(f'{indent} <property name="{key}" type="{kind}" value="{raw}"/>')
        elif isinstance(value, bool):
            lines.append(f'{indent} <property name="{key}" type="bool" value="{str(value).lower()}"/>')
        elif isinstance(value, int):
            lines.append(f'{indent} <property name="{key}" type="int" value="{value}"/>')
        elif isinstance(value, float):
            lines.append(f'{indent} <property name="{key}" type="float" value="{value}"/>')
        else:
            lines.append(f'{indent} <property name="{key}" value="{value}"/>')
    lines.append(f"{indent}</properties>")
    return "\n".join(lines)


def spawn_objects(cols: int, rows: int, tile: int = 32) -> list[str]:
    """Two 2x3 spawn rectangles at the left and right edges of a square map."""
    return [
        obj(1, "spawn", {"side": "p1"}, x=0, y=0, width=2 * tile, height=3 * tile),
        obj(2, "spawn", {"side": "p2"}, x=(cols - 2) * tile, y=(rows - 3) * tile, width=2 * tile,
            height=3 * tile),
    ]


def obj(oid: int, kind: str, props: dict, extra: str = "", **geo: float) -> str:
    attrs = " ".join(f'{k}="{v}"' for k, v in geo.items())
    return (f'  <object id="{oid}" name="o{oid}" type="{kind}" {attrs}>\n{prop_xml(props, "   ")}\n'
            f"{extra}  </object>")


def csv(grid: list[list[int]]) -> str:
    return ",\n".join(",".join(str(g) for g in row) for row in grid)


def make_map(tmp_path: Path, layers: list[tuple[str, list[list[int]], dict]] | None = None,
             objects: list[str] | None = None, size: tuple[int, int] = (8, 6), name: str = "m.tmx",
             orientation: str = "orthogonal", map_attrs: str = 'tilewidth="32" tileheight="32"',
             tileset: str | None = None, encoding: str = 'encoding="csv"', data: str | None = None,
             extra: str = "") -> Path:
    """Write a small map using the shipped square tileset (absolute path)."""
    cols, rows = size
    if layers is None:
        layers = [("ground", [[SQ["floor"]] * cols for _ in range(rows)], {})]
    if objects is None:
        objects = spawn_objects(cols, rows)
    ts = tileset if tileset is not None else f'<tileset firstgid="1" source="{SQUARE_TSX}"/>'
    parts = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<map version="1.10" orientation="{orientation}" renderorder="right-down" width="{cols}" '
             f'height="{rows}" {map_attrs} infinite="0" nextlayerid="9" nextobjectid="9">', ts, extra]
    for i, (lname, grid, props) in enumerate(layers, 1):
        body = data if data is not None else csv(grid)
        parts.append(f' <layer id="{i}" name="{lname}" width="{cols}" height="{rows}">\n'
                     f'{prop_xml(props)}\n  <data {encoding}>\n{body}\n</data>\n </layer>')
    parts.append(' <objectgroup id="8" name="zones">\n' + "\n".join(objects) + "\n </objectgroup>")
    parts.append("</map>")
    path = tmp_path / name
    path.write_text("\n".join(parts) + "\n")
    return path


def refused(path: Path) -> str:
    with pytest.raises(UserError) as err:
        load_board(path)
    line = err.value.line()
    assert "\n" not in line
    return line


# -- shipped maps -----------------------------------------------------------------------------

def test_the_maps_the_game_needs_are_shipped():
    names = {p.relative_to(MAPS_DIR).as_posix() for p in SHIPPED}
    assert {"square/voidmarked_warehouse.tmx", "square/voidmarked_nightmarket.tmx",
            "square/bench_40x40.tmx", "hex/casket_foundry.tmx", "hex/casket_ridge.tmx"} <= names


@pytest.mark.parametrize("path", LESSON_MAPS, ids=lambda p: p.stem)
def test_a_lesson_map_loads_and_passes_check(path):
    """A guided battle's map: check-map's conventions, both spawn zones on open ground (its
    lesson decides the fight, so no objective or opposite halves are asked of it)."""
    board = load_board(path)
    assert check_map(path).startswith(f"{path}: {board.kind} ")
    assert board.warnings == []
    assert all(board.passable(c) for side in ("p1", "p2") for c in board.spawns[side])


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_map_loads_and_passes_check(path):
    board = load_board(path)
    summary = check_map(path)
    cols, rows = board.size
    assert summary.startswith(f"{path}: {board.kind} {cols}x{rows}, {len(board.terrain)} cells, ")
    assert re.search(r"spawns p1 \d+ / p2 \d+, \d+ objectives?$", summary)
    assert board.warnings == [], "a shipped map must not leave anything to assume"
    for side in ("p1", "p2"):
        cells = board.spawns[side]
        assert len(cells) >= MIN_SPAWN_CELLS
        assert all(board.passable(c) for c in cells)
    assert not set(board.spawns["p1"]) & set(board.spawns["p2"])
    assert board.objectives and all(o.kind for o in board.objectives)
    # Zones on opposite halves of the board.
    p1_cols = {board.grid.to_offset(c)[0] for c in board.spawns["p1"]}
    p2_cols = {board.grid.to_offset(c)[0] for c in board.spawns["p2"]}
    assert max(p1_cols) < cols / 2 <= min(p2_cols)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_map_is_playable(path):
    board = load_board(path)
    # Spawn zones connected by passable ground.
    seen = {board.spawns["p1"][0]}
    todo = [board.spawns["p1"][0]]
    while todo:
        cell = todo.pop()
        for n in board.neighbors(cell):
            if n not in seen and board.passable(n):
                seen.add(n)
                todo.append(n)
    assert set(board.spawns["p2"]) <= seen
    # Walls break some lines of sight between the zones, but not all of them.
    walls = [c for c in board.cells() if board.at(c).blocks_los]
    assert walls
    passable = [c for c in board.cells() if board.passable(c)]
    sample = [(passable[i], passable[(i * 7919 + 13) % len(passable)]) for i in range(0, len(passable), 3)]
    seen_pairs = sum(has_los(board, a, b) for a, b in sample)
    assert 0.15 * len(sample) < seen_pairs < 0.95 * len(sample)


def test_warehouse_is_square_with_cover_of_several_heights():
    board = load_board(WAREHOUSE)
    assert isinstance(board.grid, SquareGrid) and board.size == (24, 18)
    assert board.tile_size == (32, 32)
    heights = {t.cover_height_ft for t in board.terrain.values() if t.cover}
    assert len(heights) >= 3
    assert {t.cover for t in board.terrain.values()} >= {0, 1, 2, 3}
    wall = next(t for t in board.terrain.values() if t.name == "wall")
    assert wall.blocks_move and wall.blocks_los
    crates = next(t for t in board.terrain.values() if t.name == "crates")
    assert (crates.cover, crates.cover_height_ft, crates.blocks_los) == (1, 3.0, False)
    assert any(t.move_cost == 2.0 for t in board.terrain.values())
    assert board.properties["ruleset"] == "voidmarked"
    assert board.spawns["p1"][0] == (1, 7)


def test_nightmarket_has_dark_and_dim_cells_under_cover():
    board = load_board(MAPS_DIR / "square" / "voidmarked_nightmarket.tmx")
    lights = {t.light for t in board.terrain.values()}
    assert lights == {"dark", "dim", "normal"}
    # The light overlay keeps the cover below it: a stall in the dark is still a stall.
    assert any(t.cover and t.light == "dark" for t in board.terrain.values())


@pytest.mark.parametrize("name", ["casket_foundry", "casket_ridge"])
def test_hex_maps_carry_cover_smoke_and_elevation(name):
    board = load_board(MAPS_DIR / "hex" / f"{name}.tmx")
    assert isinstance(board.grid, HexGrid)
    assert (board.grid.stagger_axis, board.grid.stagger_index) == ("y", "odd")
    assert board.size == (16, 12) and len(board.terrain) == 192
    assert board.properties["hexsidelength"] == 32 and board.tile_size == (56, 64)
    terrain = board.terrain.values()
    assert {1, 2} <= {t.cover for t in terrain}
    assert any(t.obscured for t in terrain)
    assert {0, 1, 2} <= {t.elevation for t in terrain}
    assert any(t.blocks_los for t in terrain)
    # Axial cells: offset (1, 1) on odd-r is axial (1, 1); (0, 2) is axial (-1, 2).
    assert board.grid.from_offset(0, 2) == (-1, 2) and (-1, 2) in board


def test_bench_map_is_40_by_40():
    board = load_board(MAPS_DIR / "square" / "bench_40x40.tmx")
    assert board.size == (40, 40) and len(board.terrain) == 1600


# -- properties and layers --------------------------------------------------------------------

def test_layer_properties_apply_to_the_layers_painted_cells_only(tmp_path):
    ground = [[SQ["floor"]] * 8 for _ in range(6)]
    overlay = [[0] * 8 for _ in range(6)]
    overlay[4][4] = SQ["floor"]
    overlay[4][5] = SQ["dark floor"]  # tile's own light wins over the layer's
    path = make_map(tmp_path, [("ground", ground, {}),
                               ("smoke", overlay, {"obscured": True, "light": "dim", "elevation": 2})])
    board = load_board(path)
    assert board.at((4, 4)).obscured and board.at((4, 4)).light == "dim" and board.at((4, 4)).elevation == 2
    assert board.at((5, 4)).light == "dark" and board.at((5, 4)).obscured
    assert board.at((3, 4)) == Terrain(name="floor")


def test_later_layers_override_only_the_keys_they_set(tmp_path):
    ground = [[SQ["dark floor"]] * 8 for _ in range(6)]
    cover = [[0] * 8 for _ in range(6)]
    cover[2][4] = SQ["barricade"]
    path = make_map(tmp_path, [("ground", ground, {}), ("cover", cover, {})])
    t = load_board(path).at((4, 2))
    assert (t.name, t.cover, t.cover_height_ft, t.blocks_move, t.light) == ("barricade", 2, 6.0, True, "dark")


def test_cells_without_any_tile_are_off_the_board(tmp_path):
    ground = [[SQ["floor"]] * 8 for _ in range(6)]
    ground[0][7] = 0
    board = load_board(make_map(tmp_path, [("ground", ground, {})]))
    assert (7, 0) not in board and (6, 0) in board and len(board.terrain) == 47


@pytest.mark.parametrize("compression", [None, "zlib", "gzip"])
def test_base64_layers_read_like_csv(tmp_path, compression):
    grid = [[SQ["floor"]] * 8 for _ in range(6)]
    grid[3][3] = SQ["wall"]
    raw = b"".join(g.to_bytes(4, "little") for row in grid for g in row)
    packed = {None: raw, "zlib": zlib.compress(raw), "gzip": gzip.compress(raw, mtime=0)}[compression]
    enc = 'encoding="base64"' + (f' compression="{compression}"' if compression else "")
    path = make_map(tmp_path, [("ground", grid, {})], encoding=enc, data=base64.b64encode(packed).decode())
    board = load_board(path)
    assert board.at((3, 3)).blocks_los and not board.at((2, 3)).blocks_los


def test_point_polygon_and_class_attribute_objects(tmp_path):
    objects = [
        obj(1, "spawn", {"side": "p1"}, extra='   <polygon points="0,0 64,0 64,96 0,96"/>\n', x=0, y=0),
        obj(2, "spawn", {"side": "p2"}, x=192, y=96, width=64, height=96),
        obj(3, "objective", {"kind": "hold", "points": ("int", 3)}, extra="   <point/>\n", x=130, y=70),
        obj(4, "note", {}, x=5, y=5, width=10, height=10).replace('type="note"', 'class="note"'),
        obj(5, "x", {"kind": "exit"}, x=224, y=0, width=32, height=32).replace('type="x"',
                                                                                 'class="objective"'),
    ]
    board = load_board(make_map(tmp_path, objects=objects))
    assert board.spawns["p1"] == [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)]
    assert board.spawns["p2"] == [(6, 3), (7, 3), (6, 4), (7, 4), (6, 5), (7, 5)]
    hold, exit_ = board.objectives
    assert hold.cells == ((4, 2),) and hold.kind == "hold" and dict(hold.properties) == {"points": 3}
    assert exit_.cells == ((7, 0),) and exit_.kind == "exit"


def hex_map(tmp_path: Path, axis: str, index: str, objects: list[str]) -> Path:
    gids = tile_gids(HEX_TSX)
    grid = [[gids["plain"]] * 6 for _ in range(6)]
    return make_map(tmp_path, [("ground", grid, {})], objects=objects, size=(6, 6), orientation="hexagonal",
                    map_attrs=f'tilewidth="56" tileheight="64" hexsidelength="32" staggeraxis="{axis}" '
                              f'staggerindex="{index}"',
                    tileset=f'<tileset firstgid="1" source="{HEX_TSX}"/>')


@pytest.mark.parametrize("index,edge_rows", [("odd", [0, 2, 4]), ("even", [1, 3, 5])])
def test_hex_objects_map_to_the_cells_tiled_draws_under_them(tmp_path, index, edge_rows):
    # Pointy tops 56x64, side 32: rows 48 px apart, centres at x = 28 (unshifted) or 56 (shifted
    # rows) in column 0. Shifted rows are the odd ones for index odd, the even ones for even.
    objects = [
        obj(1, "spawn", {"side": "p1"}, x=0, y=0, width=120, height=300),
        obj(2, "spawn", {"side": "p2"}, x=200, y=0, width=200, height=300),
        obj(3, "objective", {"kind": "edge"}, x=0, y=0, width=40, height=300),
        # 10 px right and up of the centre of (2, 3): x = 2*56 + 28 + shift, y = 3*48 + 32.
        obj(4, "objective", {"kind": "hold"}, extra="   <point/>\n",
            x=2 * 56 + 28 + (28 if index == "odd" else 0) + 10, y=3 * 48 + 32 - 10),
    ]
    board = load_board(hex_map(tmp_path, "y", index, objects))
    grid = board.grid
    assert sorted(grid.to_offset(c) for c in board.spawns["p1"]) == [(c, r) for c in (0, 1) for r in range(6)]
    edge, hold = board.objectives
    assert sorted(grid.to_offset(c) for c in edge.cells) == [(0, r) for r in edge_rows]
    assert [grid.to_offset(c) for c in hold.cells] == [(2, 3)]


def test_flat_top_hex_maps_load(tmp_path):
    objects = [obj(1, "spawn", {"side": "p1"}, x=0, y=0, width=40, height=400),
               obj(2, "spawn", {"side": "p2"}, x=190, y=0, width=80, height=420),
               obj(3, "objective", {"kind": "hold"}, extra="   <point/>\n", x=150, y=150)]
    board = load_board(hex_map(tmp_path, "x", "odd", objects))
    # Flat tops: columns (56 + 32) / 2 = 44 px apart, odd columns 32 px lower.
    assert board.grid.stagger_axis == "x"
    assert sorted(board.grid.to_offset(c) for c in board.spawns["p1"]) == [(0, r) for r in range(6)]
    assert sorted(board.grid.to_offset(c) for c in board.spawns["p2"]) == [(c, r) for c in (4, 5)
                                                                           for r in range(6)]
    assert [board.grid.to_offset(c) for c in board.objectives[0].cells] == [(3, 1)]


# -- refusals ---------------------------------------------------------------------------------

def bad_tile_map(tmp_path: Path, tile_name: str, prop: str, new: str) -> Path:
    """A copy of the square tileset with one property line of one tile replaced."""
    text = SQUARE_TSX.read_text()
    start = text.index(f'<property name="name" value="{tile_name}"/>')
    block_start = text.rindex("<tile ", 0, start)
    block_end = text.index("</tile>", start)
    block = text[block_start:block_end]
    new_block = re.sub(rf'<property name="{prop}"[^>]*/>', new, block)
    if new_block == block:  # the tile had no such property: add it
        new_block = block.replace("</properties>", f"{new}\n  </properties>")
    tsx = tmp_path / "bad.tsx"
    tsx.write_text(text[:block_start] + new_block + text[block_end:])
    (tmp_path / "square_terrain.png").write_bytes((SQUARE_TSX.parent / "square_terrain.png").read_bytes())
    ground = [[SQ["floor"]] * 8 for _ in range(6)]
    ground[2][4] = SQ[tile_name]
    return make_map(tmp_path, [("ground", ground, {})], tileset='<tileset firstgid="1" source="bad.tsx"/>')


@pytest.mark.parametrize("tile,prop,line,expect", [
    ("barricade", "cover", '<property name="cover" type="int" value="5"/>', "cover = 5: must be 0"),
    ("dark floor", "light", '<property name="light" value="bright"/>', "light = 'bright': must be one of"),
    ("barricade", "cover", '<property name="cover" value="2"/>', "cover = '2': must be an int property"),
    ("wall", "blocks_los", '<property name="blocks_los" type="int" value="1"/>', "must be a bool"),
    ("mud", "move_cost", '<property name="move_cost" type="float" value="0"/>', "move_cost = 0"),
    ("rough floor", "Cover", '<property name="Cover" type="int" value="1"/>', "did you mean 'cover'"),
    ("barricade", "cover", '<property name="cover" type="int" value="heavy"/>', "'heavy' is not a valid int"),
])
def test_bad_tile_properties_are_refused_naming_layer_cell_tile_and_property(tmp_path, tile, prop, line,
                                                                             expect):
    msg = refused(bad_tile_map(tmp_path, tile, prop, line))
    assert expect in msg and str(tmp_path / "m.tmx") in msg
    if "valid int" not in msg:  # value checks name where the tile is used
        assert f"layer 'ground' cell (4, 2), tileset bad.tsx tile {SQ[tile] - 1} '{tile}'" in msg


def test_bad_property_on_an_unused_tile_is_still_refused(tmp_path):
    path = bad_tile_map(tmp_path, "gloom", "light", '<property name="light" value="pitch"/>')
    text = path.read_text().replace(f",{SQ['gloom']},", f",{SQ['floor']},")
    path.write_text(text)
    assert "tileset bad.tsx tile 15 'gloom': light = 'pitch'" in refused(path)


def test_bad_layer_property_is_refused_naming_the_layer(tmp_path):
    path = make_map(tmp_path, [("ground", [[SQ["floor"]] * 8 for _ in range(6)], {"cover": 4})])
    assert "layer 'ground': cover = 4" in refused(path)


@pytest.mark.parametrize("objects,expect", [
    (lambda: [spawn_objects(8, 6)[0]], "no spawn zone for p2"),
    (lambda: [obj(1, "spawn", {"side": "p1"}, x=0, y=0, width=64, height=64), spawn_objects(8, 6)[1]],
     "spawn zone of p1 has 4 cells, at least 6 needed"),
    (lambda: [obj(1, "spawn", {"side": "p3"}, x=0, y=0, width=64, height=96), spawn_objects(8, 6)[1]],
     "object 1 'o1': property side = 'p3': must be p1 or p2"),
    (lambda: [obj(1, "spawn", {"Side": "p1"}, x=0, y=0, width=64, height=96), spawn_objects(8, 6)[1]],
     "did you mean 'side'"),
    (lambda: [*spawn_objects(8, 6), obj(3, "objective", {}, x=100, y=100, width=32, height=32)],
     "object 3 'o3': property kind = None"),
    (lambda: [*spawn_objects(8, 6), obj(3, "Objective", {"kind": "hold"}, x=100, y=100, width=32,
                                        height=32)], "should be written 'objective'"),
    (lambda: [*spawn_objects(8, 6), obj(3, "objective", {"kind": "hold"}, x=1000, y=1000, width=5,
                                        height=5)], "covers no board cell"),
    (lambda: [*spawn_objects(8, 6), obj(3, "objective", {"kind": "hold"},
                                        extra='   <polyline points="0,0 30,30"/>\n', x=5, y=5)],
     "a polyline cannot cover cells"),
    (lambda: [obj(1, "spawn", {"side": "p1"}, x=0, y=0, width=64, height=96),
              obj(2, "spawn", {"side": "p2"}, x=32, y=0, width=64, height=96)], "belongs to both p1 and p2"),
])
def test_bad_objects_are_refused(tmp_path, objects, expect):
    assert expect in refused(make_map(tmp_path, objects=objects()))


def test_spawn_on_a_blocking_cell_is_refused(tmp_path):
    ground = [[SQ["floor"]] * 8 for _ in range(6)]
    ground[1][1] = SQ["wall"]
    msg = refused(make_map(tmp_path, [("ground", ground, {})]))
    assert "object 1 'o1': spawn cell (1, 1) is blocked (wall, blocks_move)" in msg


def test_walled_in_spawn_is_refused(tmp_path):
    ground = [[SQ["floor"]] * 8 for _ in range(6)]
    for row in ground:
        row[3] = SQ["wall"]
    msg = refused(make_map(tmp_path, [("ground", ground, {})]))
    assert "has no passable path to the other side's zone" in msg


def test_objective_on_walls_only_is_refused(tmp_path):
    ground = [[SQ["floor"]] * 8 for _ in range(6)]
    ground[2][4] = SQ["wall"]
    objects = [*spawn_objects(8, 6), obj(3, "objective", {"kind": "hold"}, x=130, y=70, width=20, height=20)]
    assert "objective covers only blocked cells" in refused(make_map(tmp_path, [("ground", ground, {})],
                                                                     objects=objects))


@pytest.mark.parametrize("change,expect", [
    (lambda t: t.replace('orientation="orthogonal"', 'orientation="isometric"'),
     "orientation 'isometric' is not supported"),
    (lambda t: t.replace('orientation="orthogonal"', 'orientation="staggered"'),
     "orientation 'staggered' is not supported"),
    (lambda t: t.replace('infinite="0"', 'infinite="1"'), "infinite maps are not supported"),
    (lambda t: t.replace(str(SQUARE_TSX), "nowhere/missing.tsx"),
     "tileset file 'nowhere/missing.tsx' not found"),
    (lambda t: t.replace(str(SQUARE_TSX), str(SQUARE_TSX.with_suffix(".tsj"))), "is not a .tsx file"),
    (lambda t: t[: len(t) * 2 // 3], "malformed XML in the map"),
    (lambda t: t.replace('<data encoding="csv">', "<data>"), "layer data has text but no encoding"),
    (lambda t: t.replace('<data encoding="csv">', '<data encoding="base64" compression="zstd">'),
     "compression 'zstd' is not supported"),
    (lambda t: t.replace('<data encoding="csv">', '<data encoding="base64" compression="zlib">'),
     "layer Base64 data is corrupt"),
    (lambda t: re.sub(r"\n\d+(,\d+)*\n</data>", "\n</data>", t), "(truncated?)"),
    (lambda t: t.replace(",1,", ",999,", 1), "tile number 999 belongs to no tileset"),
    (lambda t: t.replace('width="8" height="6"', 'width="300" height="6"', 1),
     "the map is 300x6 tiles; the game plays maps of at most 256x256"),
    (lambda t: t.replace('<object id="1"', '<object id="1" template="t.tx"'),
     "object 1 'o1': template 't.tx' not found"),
    (lambda t: t.replace('name="side" value="p1"', 'name="side" type="class" value="p1"'),
     "class-typed properties are not supported"),
    (lambda t: t.replace("<map ", "<mop ").replace("</map>", "</mop>"), "not a Tiled map"),
    (lambda t: t.replace('height="6">\n\n', 'height="6">\n<properties><property name="name" value="x"/>'
                         '</properties>\n', 1), "layer 'ground': property 'name' clashes"),
])
def test_unsupported_or_broken_files_are_refused(tmp_path, change, expect):
    path = make_map(tmp_path)
    path.write_text(change(path.read_text()))
    assert expect in refused(path)


def test_malformed_tileset_and_missing_tileset_image_are_refused(tmp_path):
    (tmp_path / "broken.tsx").write_text(SQUARE_TSX.read_text()[:200])
    path = make_map(tmp_path, tileset='<tileset firstgid="1" source="broken.tsx"/>')
    assert "malformed XML in the tileset broken.tsx" in refused(path)
    (tmp_path / "noimage.tsx").write_text(SQUARE_TSX.read_text())
    path = make_map(tmp_path, tileset='<tileset firstgid="1" source="noimage.tsx"/>')
    assert "tileset image 'square_terrain.png' not found" in refused(path)


def test_missing_map_file_is_refused(tmp_path):
    assert "no such map file" in refused(tmp_path / "nope.tmx")


# -- command line -----------------------------------------------------------------------------

def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", "check-map", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_cli_check_map_passes_every_shipped_map():
    for path in SHIPPED:
        res = run_cli(str(path))
        assert res.returncode == 0, res.stderr
        assert res.stdout.strip() == check_map(path)
        assert res.stderr == ""


@pytest.mark.parametrize("change", [
    pytest.param(lambda t: t[: len(t) // 2], id="truncated"),
    pytest.param(lambda t: t.replace('orientation="orthogonal"', 'orientation="isometric"'), id="isometric"),
    pytest.param(lambda t: t.replace('infinite="0"', 'infinite="1"'), id="infinite"),
    pytest.param(lambda t: t.replace("../../assets/tilesets/square_terrain.tsx", "gone.tsx"),
                 id="no-tileset"),
    pytest.param(lambda t: t.replace('name="side" value="p2"', 'name="side" value="north"'),
                 id="bad-property"),
])
def test_cli_check_map_refuses_broken_maps_with_one_line(tmp_path, change):
    text = WAREHOUSE.read_text()
    if "gone.tsx" not in change(text):  # keep the tileset reachable from tmp_path
        text = text.replace("../../assets/tilesets/square_terrain.tsx", str(SQUARE_TSX))
    bad = tmp_path / "bad.tmx"
    bad.write_text(change(text))
    res = run_cli(str(bad))
    assert res.returncode == 2
    lines = res.stderr.splitlines()
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith(f"skirmish: {bad}: ") and "Traceback" not in res.stderr
    assert res.stdout == ""


def test_loading_a_map_does_not_import_pygame():
    code = ("import sys; from pathlib import Path; from game.core.tmx import load_board; "
            f"load_board(Path({str(WAREHOUSE)!r})); print('pygame' in sys.modules)")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert res.returncode == 0 and res.stdout.strip() == "False", res.stderr
