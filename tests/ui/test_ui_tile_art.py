"""The map's tile pictures read without pytmx (game/ui/tileart.py) draw exactly what pytmx's did."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from pytmx.util_pygame import load_pygame

from game.core.tmx import load_board
from game.paths import MAPS_DIR
from game.ui.mapdraw import MapArt, load_tmx_art
from game.ui.tileart import TileArt, read_tile_art

SHIPPED = sorted(MAPS_DIR.glob("*/*.tmx"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_map_draws_the_same_pixels_as_with_pytmx(app, path: Path):
    board = load_board(path)
    ours = load_tmx_art(path)
    assert isinstance(ours, TileArt)  # every shipped map is plain: no pytmx before the first frame
    mine = MapArt(board, ours).picture()
    theirs = MapArt(board, load_pygame(str(path))).picture()
    assert mine.get_size() == theirs.get_size()
    assert pygame.image.tobytes(mine, "RGB") == pygame.image.tobytes(theirs, "RGB")


def _with_tileset(tmp_path: Path, image_extra: str = "", tile_extra: str = "", gid: int = 1) -> Path:
    src = MAPS_DIR.parent / "assets" / "tilesets" / "square_terrain.png"
    (tmp_path / "t.png").write_bytes(src.read_bytes())
    (tmp_path / "m.tmx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.10" orientation="orthogonal" renderorder="right-down" width="2" height="1" '
        'tilewidth="32" tileheight="32" infinite="0">\n'
        ' <tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="16" columns="4">\n'
        f'  <image source="t.png" width="128" height="128"{image_extra}/>\n{tile_extra}'
        ' </tileset>\n'
        f' <layer id="1" name="ground" width="2" height="1"><data encoding="csv">1,{gid}</data></layer>\n'
        '</map>\n')
    return tmp_path / "m.tmx"


def test_a_plain_map_is_read_without_pytmx(app, tmp_path):
    art = read_tile_art(_with_tileset(tmp_path))
    assert isinstance(art, TileArt) and art.get_tile_image(1, 0, 0) is not None


@pytest.mark.parametrize("extra", [
    {"image_extra": ' trans="ff00ff"'},  # a colour key
    {"tile_extra": '  <tile id="3"><image source="t.png" width="128" height="128"/></tile>\n'},
    {"gid": 0x80000002},  # a flipped tile
])
def test_what_is_not_plain_is_left_to_pytmx(app, tmp_path, extra):
    path = _with_tileset(tmp_path, **extra)
    assert read_tile_art(path) is None
    assert not isinstance(load_tmx_art(path), TileArt)
