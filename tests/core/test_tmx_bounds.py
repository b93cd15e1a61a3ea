"""Hostile and unusual maps: bounded decoding, special files, odd tile numbers, large maps,
placed spawn zones, and the board kind checked where a match meets a map."""

from __future__ import annotations

import base64
import os
import subprocess
import sys
import tracemalloc
import zlib
from pathlib import Path

import pytest

from core.test_tmx import SQ, SQUARE_TSX, make_map, obj, refused, spawn_objects
from game.core.match import Scenario, load_board_for
from game.core.tmx import load_board
from game.errors import UserError
from game.paths import MAPS_DIR, ROOT

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # for tools/: large and hostile map writers
from tools.map_fixtures import FLOOR, WALL, big_map, bomb_map  # noqa: E402

WAREHOUSE = MAPS_DIR / "square" / "voidmarked_warehouse.tmx"
RIDGE = MAPS_DIR / "hex" / "casket_ridge.tmx"


def run_cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=timeout)


def one_line_refusal(res: subprocess.CompletedProcess, shown: str) -> str:
    assert res.returncode == 2, (res.stdout, res.stderr)
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in res.stderr, res.stderr
    assert lines[0].startswith(f"skirmish: {shown}: ")
    return lines[0]


def test_fixture_gids_are_the_shipped_floor_and_wall():
    assert (FLOOR, WALL) == (SQ["floor"], SQ["wall"])


# -- bounded decoding -----------------------------------------------------------------------------

@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_decompression_bomb_is_refused_without_inflating_it(tmp_path, compression):
    path = bomb_map(tmp_path / "bomb.tmx", inflated=64 << 20, compression=compression)
    assert path.stat().st_size < 200_000
    tracemalloc.start()
    try:
        msg = refused(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "layer 'ground': layer data inflates past the 262144 bytes the map size allows" in msg
    assert peak < 16 << 20, f"{peak / 2**20:.1f} MiB held while refusing a 64 MiB bomb"


def test_cut_short_compressed_layer_is_corrupt(tmp_path):
    raw = b"".join(FLOOR.to_bytes(4, "little") for _ in range(48))
    packed = zlib.compress(raw)[:-6]
    path = make_map(tmp_path, encoding='encoding="base64" compression="zlib"',
                    data=base64.b64encode(packed).decode())
    assert "cut short" in refused(path)


def test_zstd_layers_are_refused_naming_the_alternatives(tmp_path):
    path = make_map(tmp_path, encoding='encoding="base64" compression="zstd"', data="KLUv/QBYAQAA")
    assert "compression 'zstd' is not supported (save the layer as CSV, or Base64 with zlib or gzip)" \
        in refused(path)


@pytest.mark.parametrize("value,expect", [
    ("-1", "layer 'ground' cell (2, 0): tile number -1 is negative"),
    ("4294967296", "layer 'ground' cell (2, 0): tile number 4294967296 does not fit in 32 bits"),
    ("x7", "layer 'ground' cell (2, 0): 'x7' is not a tile number"),
])
def test_odd_tile_numbers_are_reported_as_written(tmp_path, value, expect):
    path = make_map(tmp_path)
    text = path.read_text()
    path.write_text(text.replace("1,1,1,", f"1,1,{value},", 1))
    msg = refused(path)
    assert expect in msg and "268435455" not in msg


def test_xml_tile_data_reads_like_csv(tmp_path):
    grid = [[SQ["floor"]] * 8 for _ in range(6)]
    grid[2][5] = SQ["wall"]
    tiles = "\n".join(f'<tile gid="{g}"/>' if g else "<tile/>" for row in grid for g in row)
    board = load_board(make_map(tmp_path, [("ground", grid, {})], encoding="", data=tiles))
    assert board.at((5, 2)).blocks_move and not board.at((4, 2)).blocks_move


# -- special files ----------------------------------------------------------------------------------

def test_a_directory_is_not_reported_as_a_missing_file(tmp_path):
    assert "the map file is a directory, not a file" in refused(tmp_path)


def test_a_fifo_map_is_refused_before_reading(tmp_path):
    fifo = tmp_path / "map.tmx"
    os.mkfifo(fifo)
    # A reader that opened it would block forever: the timeout catches that.
    line = one_line_refusal(run_cli("check-map", str(fifo), timeout=60), str(fifo))
    assert "the map file is a FIFO, not a regular file" in line


def test_a_device_map_is_refused():
    assert "the map file is a device or socket, not a regular file" in refused(Path("/dev/zero"))


def test_special_files_named_by_a_map_are_refused(tmp_path):
    os.mkfifo(tmp_path / "t.tsx")
    path = make_map(tmp_path, tileset='<tileset firstgid="1" source="t.tsx"/>')
    assert "tileset 't.tsx': the tileset file is a FIFO" in refused(path)
    (tmp_path / "d.tsx").mkdir()
    path = make_map(tmp_path, tileset='<tileset firstgid="1" source="d.tsx"/>')
    assert "tileset 'd.tsx': the tileset file is a directory" in refused(path)
    os.mkfifo(tmp_path / "img.png")
    tileset = ('<tileset firstgid="1" name="t" tilewidth="32" tileheight="32">'
               '<image source="img.png"/></tileset>')
    msg = refused(make_map(tmp_path, tileset=tileset))
    assert "tileset 't' (embedded): the tileset image is a FIFO" in msg


# -- large maps -------------------------------------------------------------------------------------

def test_256_square_map_with_1000_zones_loads(tmp_path):
    path = big_map(tmp_path / "big.tmx", side=256, zones=1000)
    # In a child with a generous timeout: a per-object pass over every cell would not finish.
    res = run_cli("check-map", str(path), timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith(f"{path}: square 256x256, 65536 cells, spawns p1 ")


def test_zones_spanning_far_more_than_the_map_are_refused(tmp_path):
    # 20 whole-map zones on a 256x256 map: more than 16 map's worth of cells to test.
    zones = [obj(i, "spawn", {"side": "p1"}, x=0, y=0, width=256 * 32, height=256 * 32) for i in range(1, 21)]
    path = make_map(tmp_path, [("ground", [[SQ["floor"]] * 256 for _ in range(256)], {})], objects=zones,
                    size=(256, 256))
    msg = refused(path)
    assert "object 17 'o17': spawn and objective objects span too many cells in total" in msg


# -- maps without spawn zones or game properties -----------------------------------------------------

def plain_tileset(tmp_path: Path) -> str:
    (tmp_path / "plain.png").write_bytes((SQUARE_TSX.parent / "square_terrain.png").read_bytes())
    return ('<tileset firstgid="1" name="plain" tilewidth="32" tileheight="32" tilecount="4" columns="4">'
            '<image source="plain.png" width="128" height="32"/></tileset>')


def test_map_without_spawns_gets_zones_on_opposite_edges_of_its_long_axis(tmp_path):
    plain = plain_tileset(tmp_path)
    wide = load_board(make_map(tmp_path, [("g", [[1] * 10 for _ in range(6)], {})], objects=[], size=(10, 6),
                               name="wide.tmx", tileset=plain))
    assert {c[0] for c in wide.spawns["p1"]} == {0, 1} and {c[0] for c in wide.spawns["p2"]} == {8, 9}
    assert "placed p1 on the west edge (columns 0-1, 12 cells) and p2 on the east edge (columns 8-9" \
        in " ".join(wide.warnings)
    assert any("every cell is open ground" in w for w in wide.warnings)
    tall = load_board(make_map(tmp_path, [("g", [[1] * 5 for _ in range(9)], {})], objects=[], size=(5, 9),
                               name="tall.tmx", tileset=plain))
    assert {c[1] for c in tall.spawns["p1"]} == {0, 1, 2} and {c[1] for c in tall.spawns["p2"]} == {6, 7, 8}
    assert "on the north edge" in " ".join(tall.warnings)


def test_placed_zones_use_the_largest_open_area_and_skip_walls(tmp_path):
    grid = [[SQ["floor"]] * 12 for _ in range(6)]
    for row in grid:
        row[2] = SQ["wall"]  # columns 0-1 are sealed off from the rest
    board = load_board(make_map(tmp_path, [("ground", grid, {})], objects=[], size=(12, 6)))
    p1_cols = {c[0] for c in board.spawns["p1"]}
    assert p1_cols == {3, 4} and all(board.passable(c) for c in board.spawns["p1"] + board.spawns["p2"])
    # Properties are present, so no "open ground" warning: only the placement is assumed.
    assert len(board.warnings) == 1


def test_decoration_objects_do_not_count_as_zones(tmp_path):
    note = obj(1, "note", {}, extra='   <polyline points="0,0 30,30"/>\n', x=5, y=5)
    board = load_board(make_map(tmp_path, objects=[note]))
    assert len(board.spawns["p1"]) >= 6 and board.warnings


def test_map_too_cramped_for_two_zones_is_refused(tmp_path):
    grid = [[0] * 8 for _ in range(6)]
    for c in range(5):
        grid[0][c] = SQ["floor"]
    assert "largest connected open area has 5 cells, 12 needed" in refused(
        make_map(tmp_path, [("ground", grid, {})], objects=[]))


def test_one_sided_spawns_are_still_an_error(tmp_path):
    assert "no spawn zone for p2" in refused(make_map(tmp_path, objects=[spawn_objects(8, 6)[0]]))


def test_tilecount_follows_from_margin_and_spacing_like_tiled(tmp_path):
    # Tiled's desert tileset: 265x199 px, 32 px tiles, margin 1, spacing 1 -> 8 x 6 = 48 tiles.
    (tmp_path / "d.png").write_bytes((SQUARE_TSX.parent / "square_terrain.png").read_bytes())
    tileset = ('<tileset firstgid="1" name="desert" tilewidth="32" tileheight="32" spacing="1" margin="1">'
               '<image source="d.png" width="265" height="199"/></tileset>')
    grid = [[48] * 8 for _ in range(6)]
    board = load_board(make_map(tmp_path, [("ground", grid, {})], tileset=tileset))
    assert "'desert' (embedded) has no tilecount: counted 48 tiles" in " ".join(board.warnings)
    grid[0][0] = 49
    assert "tile number 49 belongs to no tileset" in refused(make_map(tmp_path, [("ground", grid, {})],
                                                                      tileset=tileset))


# -- the board kind where a match meets a map ----------------------------------------------------------

@pytest.mark.parametrize("ruleset,path,expect", [
    ("casket", WAREHOUSE, "Casket is played on hex boards, this map is a square board"),
    ("voidmarked", RIDGE, "Voidmarked is played on square boards, this map is a hex board"),
])
def test_board_of_the_wrong_kind_is_refused_where_a_match_meets_a_map(ruleset, path, expect):
    with pytest.raises(UserError) as err:
        load_board_for(Scenario(ruleset, str(path), {"p1": "x", "p2": "y"}))
    assert err.value.line() == f"{path}: {expect}"


@pytest.mark.parametrize("command", [
    ["simulate", "--ruleset", "casket", "--map", str(WAREHOUSE), "--games", "1"],
    ["screenshot", "--ruleset", "casket", "--map", str(WAREHOUSE), "--out", "/tmp/never-written.png"],
    ["simulate", "--ruleset", "voidmarked", "--map", str(RIDGE), "--games", "1"],
])
def test_cli_refuses_a_board_of_the_wrong_kind_with_one_line(command):
    path = command[command.index("--map") + 1]
    line = one_line_refusal(run_cli(*command), path)
    assert "is played on" in line


@pytest.mark.parametrize("axis,index", [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")])
def test_fast_flood_fill_agrees_with_the_grids_own_neighbours(axis, index):
    from game.core.board import Board
    from game.core.tmx.spawns import _largest_open_area

    board = Board.blank("hex", 9, 7, stagger_axis=axis, stagger_index=index)
    for n, cell in enumerate(board.cells()):
        if n % 5 == 0 or n % 7 == 3:
            board.set(cell, blocks_move=True)
    best: set = set()
    for start in board.cells():
        if board.passable(start) and start not in best:
            seen, todo = {start}, [start]
            while todo:
                for nxt in board.neighbors(todo.pop()):
                    if nxt not in seen and board.passable(nxt):
                        seen.add(nxt)
                        todo.append(nxt)
            best = max(best, seen, key=len)
    assert len(best) > 5 and _largest_open_area(board) == best


def test_xml_element_flood_is_refused_while_parsing(tmp_path):
    path = tmp_path / "many.tmx"
    path.write_bytes(b'<map orientation="orthogonal" width="8" height="6" tilewidth="32" tileheight="32">'
                     b'<layer name="g"><data>' + b"<tile/>" * 500_000 + b"</data></layer></map>")
    assert "the map holds more than 400000 XML elements (save tile layers as CSV or Base64)" in refused(path)


def test_more_than_64_tile_layers_are_refused(tmp_path):
    grid = [[SQ["floor"]] * 8 for _ in range(6)]
    path = make_map(tmp_path, [(f"l{i}", grid, {}) for i in range(65)])
    assert "the map has 65 tile layers, at most 64 are allowed" in refused(path)


def test_replay_of_a_ruleset_on_the_wrong_board_kind_is_refused(tmp_path):
    import json

    replay = tmp_path / "r.json"
    scenario = {"ruleset": "casket", "map": str(WAREHOUSE),
                "squads": {"p1": "confessor_choir", "p2": "ironclad_hold"}, "seed": 1}
    # a replay valid in all but the map (format and squads are checked before the map)
    replay.write_text(json.dumps({"format": 1, "scenario": scenario, "inputs": []}))
    res = run_cli("replay", str(replay))
    assert res.returncode == 2 and len(res.stderr.splitlines()) == 1, res.stderr
    assert "Casket is played on hex boards, this map is a square board" in res.stderr


def test_spawn_zones_from_object_templates(tmp_path):
    (tmp_path / "zone.tx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<template>\n'
        ' <object name="start" type="spawn" width="64" height="96">\n'
        '  <properties><property name="side" value="p1"/></properties>\n </object>\n</template>\n')
    objects = ['  <object id="1" template="zone.tx" x="0" y="0"/>',
               '  <object id="2" template="zone.tx" x="192" y="96">\n'
               '   <properties><property name="side" value="p2"/></properties>\n  </object>']
    board = load_board(make_map(tmp_path, objects=objects))
    assert board.spawns["p1"] == [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)]
    assert board.spawns["p2"] == [(6, 3), (7, 3), (6, 4), (7, 4), (6, 5), (7, 5)]
    assert board.warnings == []
    (tmp_path / "bad.tx").write_text("<map/>")
    msg = refused(make_map(tmp_path, objects=['  <object id="3" template="bad.tx" x="0" y="0"/>']))
    assert "object 3: 'bad.tx' is not a Tiled object template" in msg


def test_unknown_xml_encoding_is_malformed_xml(tmp_path):
    path = make_map(tmp_path)
    path.write_text(path.read_text().replace('encoding="UTF-8"', 'encoding="zstd"', 1))
    assert "malformed XML in the map (unknown encoding: zstd)" in refused(path)
