"""Small maps in the shape of the Tiled repository's examples that are not ours to ship
(`examples/forest`, `examples/other`): an image collection whose tile ids skip numbers, side-scrollers
longer than the game plays, and side-view levels whose ground is islands over pits."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.test_tmx import SQUARE_TSX, make_map, refused
from game.core.tmx import load_board

PNG = SQUARE_TSX.parent / "square_terrain.png"


def collection_tileset(tmp_path: Path, ids: tuple[int, ...], tilecount: int) -> str:
    """An image collection like Tiled's forest.tsx: `tilecount` counts the tiles, ids skip numbers,
    and each tile is a sub-rectangle of one shared image."""
    (tmp_path / "sheet.png").write_bytes(PNG.read_bytes())
    tiles = "".join(f'<tile id="{i}" x="0" y="0" width="16" height="16">'
                    f'<image width="128" height="32" source="sheet.png"/></tile>' for i in ids)
    return (f'<tileset firstgid="1" name="forest" tilewidth="160" tileheight="208" tilecount="{tilecount}" '
            f'columns="0"><grid orientation="orthogonal" width="1" height="1"/>{tiles}</tileset>')


def test_collection_tiles_past_its_tilecount_are_its_own_tiles(tmp_path):
    tileset = collection_tileset(tmp_path, (0, 6, 8, 13), tilecount=4)
    grid = [[1] * 8 for _ in range(6)]
    grid[2][3], grid[4][5] = 14, 7  # tile ids 13 and 6: gids 14 and 7, past firstgid + tilecount
    board = load_board(make_map(tmp_path, [("platforms", grid, {})], objects=[], tileset=tileset))
    assert board.size == (8, 6) and len(board.terrain) == 48
    assert not any("tilecount" in w for w in board.warnings)  # Tiled's own count: nothing assumed
    grid[0][0] = 15  # tile id 14: no such tile
    line = refused(make_map(tmp_path, [("platforms", grid, {})], objects=[], tileset=tileset))
    assert "layer 'platforms' cell (0, 0): tile number 15 belongs to no tileset" in line


@pytest.mark.parametrize("size", [(460, 75), (16, 300)])
def test_map_longer_than_the_game_plays_is_refused_for_its_size(tmp_path, size):
    cols, rows = size  # MagicLand.tmx is 460x75 tiles
    path = make_map(tmp_path, [("background", [[1] * cols for _ in range(rows)], {})], objects=[], size=size)
    assert refused(path) == f"{path}: the map is {cols}x{rows} tiles; the game plays maps of at most 256x256"


def island_map(tmp_path: Path) -> Path:
    """A side view: empty sky, a 12-cell platform (columns 4-15) and a 3-cell ledge apart from it."""
    grid = [[0] * 20 for _ in range(8)]
    for col in range(4, 16):
        grid[5][col] = 1
    for col in range(17, 20):
        grid[2][col] = 1
    (tmp_path / "plain.png").write_bytes(PNG.read_bytes())
    tileset = ('<tileset firstgid="1" name="plain" tilewidth="32" tileheight="32" tilecount="4" columns="4">'
               '<image source="plain.png" width="128" height="32"/></tileset>')
    return make_map(tmp_path, [("platforms", grid, {})], objects=[], size=(20, 8), tileset=tileset)


def test_zones_placed_on_an_island_of_ground_say_so(tmp_path):
    board = load_board(island_map(tmp_path))
    cols = {side: sorted({board.grid.to_offset(c)[0] for c in board.spawns[side]}) for side in ("p1", "p2")}
    assert cols == {"p1": list(range(4, 10)), "p2": list(range(10, 16))}
    # Not "the west edge": the platform is mid-map, and the ledge is out of reach.
    assert ("no spawn zones: placed p1 at the west end (columns 4-9, 6 cells) and p2 at the east end "
            "(columns 10-15, 6 cells) of the largest connected open area (12 of 15 open cells, "
            "columns 4-15)") in board.warnings


def test_a_game_is_played_to_the_end_on_an_island_of_ground(tmp_path):
    from game.sim import default_scenario, play_game

    match = play_game(default_scenario("voidmarked", str(island_map(tmp_path)), 3))
    assert match.over and match.board.warnings
