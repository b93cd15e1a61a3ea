"""What the battle screen draws: tiles where the map says, tokens on their cells, the reachable overlay."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from miniset import mini_match

from game.core.board import Board
from game.paths import MAPS_DIR
from game.ui.layout import Layout
from game.ui.mapdraw import MapArt, load_tmx_art
from game.ui.scenes.battle import BattleScene
from game.ui.session import Session

TILE_COLOURS = [(200, 60, 60), (60, 60, 200), (40, 170, 90)]


def write_map(folder: Path, kind: str, cols: int, rows: int, pattern) -> Path:
    """A small Tiled map with an embedded tileset of flat-coloured tiles."""
    tw, th = (32, 32) if kind == "square" else (56, 64)
    sheet = pygame.Surface((tw * len(TILE_COLOURS), th))
    for i, colour in enumerate(TILE_COLOURS):
        sheet.fill(colour, (i * tw, 0, tw, th))
    pygame.image.save(sheet, str(folder / "tiles.png"))
    data = ",\n".join(",".join(str(pattern(c, r) + 1) for c in range(cols)) for r in range(rows))
    hexattrs = ' hexsidelength="32" staggeraxis="y" staggerindex="odd"' if kind == "hex" else ""
    orient = "orthogonal" if kind == "square" else "hexagonal"
    path = folder / f"{kind}.tmx"
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" orientation="{orient}" renderorder="right-down" width="{cols}" height="{rows}" '
        f'tilewidth="{tw}" tileheight="{th}" infinite="0"{hexattrs} nextlayerid="2" nextobjectid="1">\n'
        f' <tileset firstgid="1" name="t" tilewidth="{tw}" tileheight="{th}" tilecount="3" columns="3">\n'
        f'  <image source="tiles.png" width="{tw * 3}" height="{th}"/>\n </tileset>\n'
        f' <layer id="1" name="ground" width="{cols}" height="{rows}">\n  <data encoding="csv">\n{data}\n'
        f"</data>\n </layer>\n</map>\n"
    )
    return path


@pytest.mark.parametrize("kind", ["square", "hex"])
def test_tiles_are_drawn_where_the_map_says(app, tmp_path, kind):
    cols, rows = 7, 5

    def pattern(c, r):
        return (c * 2 + r) % 3

    path = write_map(tmp_path, kind, cols, rows, pattern)
    board = Board.blank(kind, cols, rows)
    art = MapArt(board, load_tmx_art(path))
    picture = art.picture()
    for r in range(rows):
        for c in range(cols):
            cell = board.grid.from_offset(c, r)
            x, y = art.layout.centre(cell)
            assert tuple(picture.get_at((int(x), int(y))))[:3] == TILE_COLOURS[pattern(c, r)], (c, r)


def _shipped_maps() -> list[Path]:
    return sorted(MAPS_DIR.glob("*/*.tmx"))[:4]


@pytest.mark.parametrize("path", _shipped_maps(), ids=lambda p: p.name)
def test_shipped_maps_show_their_tileset_pixels_at_cell_centres(app, path):
    from game.core.tmx import load_board

    board = load_board(path)
    tmx = load_tmx_art(path)
    art = MapArt(board, tmx)
    picture = art.picture()
    checked = 0
    for col in range(board.size[0]):
        for row in range(board.size[1]):
            top = None
            for i, layer in enumerate(tmx.layers):
                if hasattr(layer, "data") and layer.visible and tmx.get_tile_image(col, row, i) is not None:
                    top = tmx.get_tile_image(col, row, i)
            if top is None:
                continue
            pixel = top.get_at((top.get_width() // 2, top.get_height() - art.layout.th // 2))
            if pixel.a < 255:
                continue  # see-through decoration: the colour below shows
            x, y = art.layout.centre(board.grid.from_offset(col, row))
            assert tuple(picture.get_at((int(x), int(y))))[:3] == tuple(pixel)[:3], (col, row)
            checked += 1
    assert checked > board.size[0] * board.size[1] // 3


@pytest.mark.parametrize("kind", ["square", "hex"])
def test_tokens_sit_on_their_cells_in_side_colours(app, kind):
    match = mini_match(kind=kind)
    scene = BattleScene(app, Session(match, {"p1": "human", "p2": "human"}))
    scene.draw(app.screen)
    z = scene.camera.zoom
    r = min(scene.layout.tw, scene.layout.th) * 0.74 * z / 2
    for u in scene.units:
        sx, sy = scene.camera.to_screen(scene.layout.centre(u.cell))
        got = tuple(app.screen.get_at((round(sx), round(sy + 0.7 * r))))[:3]
        assert got == scene.pal.side(u.side_index), (u.name, got)
    if kind == "hex":
        assert all(u.facing is not None for u in scene.units)


def test_reachable_overlay_tints_exactly_the_reachable_cells(app):
    match = mini_match(size=(10, 8))
    scene = BattleScene(app, Session(match, {"p1": "human", "p2": "human"}))
    scene.draw(app.screen)
    tinted = app.screen.copy()
    moves = dict(scene.moves)
    assert moves
    scene.moves = {}
    scene.target_actions = {}
    scene._reach_surface = None
    scene.draw(app.screen)
    plain = app.screen
    alpha = 80 / 255
    reach = scene.pal.reach
    strip = scene.board_rect.bottom - 140  # the hand strip covers the bottom-left corner
    seen = 0
    for cell in match.board.cells():
        sx, sy = (round(v) for v in scene.camera.to_screen(scene.layout.centre(cell)))
        if sy > strip or scene.unit_at(cell) is not None:
            continue
        before, after = plain.get_at((sx, sy)), tinted.get_at((sx, sy))
        if cell in moves:
            want = [round(b * (1 - alpha) + c * alpha) for b, c in zip(before[:3], reach, strict=True)]
            assert all(abs(a - w) <= 2 for a, w in zip(after[:3], want, strict=True)), cell
            seen += 1
        else:
            assert after == before, cell
    assert seen >= 5


def test_layout_picks_the_cell_under_every_centre_on_hex_and_square():
    for kind in ("square", "hex"):
        board = Board.blank(kind, 9, 7)
        layout = Layout(board)
        for cell in board.cells():
            assert layout.cell_at(*layout.centre(cell)) == cell
        assert layout.cell_at(-50, -50) is None


@pytest.mark.parametrize("scale", [0.75, 1.5, 2.0])
@pytest.mark.parametrize("size", [(640, 400), (1280, 720), (1920, 1080)])
def test_every_scale_and_window_size_draws(app, scale, size):
    app.settings.ui_scale = scale
    app.fonts.set_scale(scale)
    app.screen = pygame.display.set_mode(size)
    match = mini_match(kind="hex")
    scene = BattleScene(app, Session(match, {"p1": "human", "p2": "human"}))
    scene.showcase_hover()
    scene.draw(app.screen)
    scene.overlay = "help"
    scene.draw(app.screen)
    scene.overlay = "info"
    scene.draw(app.screen)
    assert scene.board_rect.w > 0 and scene.board_rect.h > 0
    # The active unit's token is where its cell is, whatever the scale.
    unit = scene.unit_by_ent[scene.turn.unit]
    x, y = scene.camera.to_screen(scene.layout.centre(unit.cell))
    if scene.board_rect.collidepoint(x, y):
        assert scene.layout.cell_at(*scene.camera.to_map((x, y))) == unit.cell


def test_palette_change_restyles_the_battle(app):
    from game.ui.theme import palette

    scene = BattleScene(app, Session(mini_match(), {"p1": "human", "p2": "human"}))
    app.switch(scene)
    app.palette = palette("muted")
    scene.restyle()
    scene.draw(app.screen)
    u = scene.units[0]
    z = scene.camera.zoom
    r = min(scene.layout.tw, scene.layout.th) * 0.74 * z / 2
    sx, sy = scene.camera.to_screen(scene.layout.centre(u.cell))
    got = tuple(app.screen.get_at((round(sx), round(sy + 0.7 * r))))[:3]
    assert got == palette("muted").side(u.side_index)


def test_a_big_map_is_drawn_in_pieces_that_meet_and_only_where_the_view_is(app):
    """A 256x256 map is 8192 pixels square: drawn whole it took 256 MiB (and a second transparent
    surface for the grid); the view draws and keeps only the pieces it shows."""
    from game.ui import mapdraw

    board = Board.blank("square", 256, 256)
    board.set((20, 20), cover=2)
    art = MapArt(board)
    view = pygame.Surface((1280, 720))
    art.draw(view, 1.0, pygame.Rect(300, 200, 1280, 720), (0, 0))
    kept = sum(s.get_width() * s.get_height() * 4 for s in art._base.values())
    assert len(art._base) == 8 and kept <= 8 * mapdraw.CHUNK ** 2 * 4  # 4 x 2 pieces, not 16 x 16
    # drawn in two halves with an odd split, the view is the same picture
    halves = pygame.Surface((1280, 720))
    art.draw(halves, 1.0, pygame.Rect(300, 200, 517, 720), (0, 0))
    art.draw(halves, 1.0, pygame.Rect(817, 200, 763, 720), (517, 0))
    assert pygame.image.tobytes(view, "RGB") == pygame.image.tobytes(halves, "RGB")
    # zoomed out over the whole map: the pieces kept stay within their budget
    art.draw(pygame.Surface((1280, 720)), 0.15, pygame.Rect(0, 0, 1229, 720), (0, 0))
    assert len(art._base) <= mapdraw.BASE_KEPT and art._scaled_bytes <= mapdraw.SCALED_BYTES
