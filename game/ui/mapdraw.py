"""The static map pre-rendered once to one surface (from the Tiled tilesets), plus its zoomed copy."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.board import Board, Terrain
from game.ui.layout import Layout

# Colours for boards without tile art (generated boards, tests): terrain read from its properties.
_OPEN = (86, 110, 72)
_WALL = (58, 56, 60)
_COVER = (120, 96, 60)
_HEAVY = (96, 74, 50)
_DARK = (40, 52, 44)
_OBSCURED = (110, 118, 120)


def terrain_colour(t: Terrain) -> tuple[int, int, int]:
    """A plain colour standing in for a tile when a board has no tileset."""
    if t.blocks_move:
        return _WALL
    if t.cover >= 2:
        return _HEAVY
    if t.cover == 1:
        return _COVER
    if t.obscured:
        return _OBSCURED
    if t.light == "dark":
        return _DARK
    return _OPEN


def load_tmx_art(path: Path) -> object | None:
    """The map's tile pictures (game/ui/tileart.py for a plain map, pytmx with pygame images
    otherwise), or None when it cannot be read for drawing."""
    from game.ui.tileart import read_tile_art

    art = read_tile_art(path)
    if art is not None:
        return art
    try:
        from pytmx.util_pygame import load_pygame

        return load_pygame(str(path))
    except Exception:  # noqa: BLE001 - a map the engine accepted still plays without its art
        return None


#: the side of one drawn piece of the map, in map pixels at zoom 1
CHUNK = 512
#: pieces kept at zoom 1 (1 MiB each) and the bytes kept of pieces at other zooms
BASE_KEPT = 24
SCALED_BYTES = 64 * 1024 * 1024


class MapArt:
    """The board's picture, drawn in pieces of CHUNK map pixels as they come into view and kept
    (a few at zoom 1, more at the current zoom): a 256x256 map is 8192 pixels square, 256 MiB as
    one surface, while a window shows a few MiB of it."""

    def __init__(
        self, board: Board, tmx: object | None = None, bg: tuple[int, int, int] = (24, 26, 31)
    ) -> None:
        hex_side = None
        tile_size = None
        if tmx is not None:
            tile_size = (int(tmx.tilewidth), int(tmx.tileheight))  # type: ignore[attr-defined]
            side = getattr(tmx, "hexsidelength", 0)
            hex_side = int(side) if side else None
        self.board = board
        self.layout = Layout(board, tile_size, hex_side)
        self.tmx = tmx
        self.bg = bg
        w, h = self.layout.size()
        self.size = (max(1, w), max(1, h))
        self._cells: dict[tuple[int, int], list[tuple[int, int]]] | None = None
        self._layers: list[int] | None = None
        self._base: dict[tuple[int, int], pygame.Surface] = {}  # insertion order = least recent first
        self._scaled: dict[tuple[float, int, int], pygame.Surface] = {}
        self._scaled_bytes = 0

    @staticmethod
    def for_board(board: Board, path: Path | None = None, bg: tuple[int, int, int] = (24, 26, 31)) -> MapArt:
        """Art for a board, drawn from its Tiled file (given, or the board's source) when it has one."""
        tmx = None
        src = path or (Path(board.source) if board.source else None)
        if src is not None and src.suffix == ".tmx" and src.is_file():
            tmx = load_tmx_art(src)
        return MapArt(board, tmx, bg)

    # -- which cells each piece holds ------------------------------------------------------------
    def _chunk_cells(self, key: tuple[int, int]) -> list[tuple[int, int]]:
        """Cells whose outline (or tile, which may stand taller than the grid) reaches a piece."""
        if self._cells is None:
            found: dict[tuple[int, int], list[tuple[int, int]]] = {}
            lay = self.layout
            # a tile may rise above its cell (Tiled anchors tall tiles at the bottom): reach up
            rise = max(lay.th, self._tallest() - lay.th)
            for cell in self.board.cells():
                x, y = lay.origin(cell)
                x0, x1 = int((x - 1) // CHUNK), int((x + lay.tw + 1) // CHUNK)
                y0, y1 = int((y - rise - 1) // CHUNK), int((y + lay.th + 1) // CHUNK)
                for cx in range(x0, x1 + 1):
                    for cy in range(y0, y1 + 1):
                        found.setdefault((cx, cy), []).append(cell)
            to_offset = self.board.grid.to_offset
            for cells in found.values():
                # Tiled's order: rows down, each left to right (tall tiles overlap the row above)
                cells.sort(key=lambda c: to_offset(c)[::-1])
            self._cells = found
        return self._cells.get(key, [])

    def _tallest(self) -> int:
        if self.tmx is None:
            return 0
        return max((int(getattr(t, "tileheight", 0) or 0) for t in getattr(self.tmx, "tilesets", [])),
                   default=0)

    def _tile_layers(self) -> list[int]:
        if self._layers is None:
            drawn = getattr(self.tmx, "drawn_layers", None)
            if drawn is not None:
                self._layers = drawn()
                return self._layers
            import pytmx

            self._layers = [i for i, layer in enumerate(self.tmx.layers)  # type: ignore[attr-defined]
                            if isinstance(layer, pytmx.TiledTileLayer) and layer.visible]
        return self._layers

    # -- drawing one piece -----------------------------------------------------------------------
    def _render(self, key: tuple[int, int]) -> pygame.Surface:
        cx, cy = key
        ox, oy = cx * CHUNK, cy * CHUNK
        w, h = min(CHUNK, self.size[0] - ox), min(CHUNK, self.size[1] - oy)
        surf = pygame.Surface((max(1, w), max(1, h)))
        surf.fill(self.bg)
        cells = self._chunk_cells(key)
        drew_tiles = self.tmx is not None and self._draw_tiles(surf, cells, ox, oy)
        if not drew_tiles:
            for cell in cells:
                pygame.draw.polygon(surf, terrain_colour(self.board.at(cell)),
                                    [(x - ox, y - oy) for x, y in self.layout.outline(cell)])
        overlay = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        for cell in cells:
            pts = [(x - ox, y - oy) for x, y in self.layout.outline(cell)]
            pygame.draw.polygon(overlay, (0, 0, 0, 46), pts, 1)
        surf.blit(overlay, (0, 0))
        inside = set(cells)
        for obj in self.board.objectives:
            for cell in obj.cells:
                if cell in inside:
                    pygame.draw.polygon(surf, (240, 228, 66),
                                        [(x - ox, y - oy) for x, y in self.layout.outline(cell, 0.12)], 2)
        return surf

    def _draw_tiles(self, surf: pygame.Surface, cells: list[tuple[int, int]], ox: int, oy: int) -> bool:
        tmx = self.tmx
        drew = False
        th = self.layout.th
        tiles = [self.board.grid.to_offset(c) for c in cells]
        for index in self._tile_layers():
            for col, row in tiles:
                try:
                    image = tmx.get_tile_image(col, row, index)  # type: ignore[attr-defined]
                except (ValueError, IndexError, KeyError, TypeError):
                    image = None
                if image is None:
                    continue
                x, y = self.layout.tile_origin(col, row)
                # Tiled anchors tiles taller than the grid at their bottom-left corner.
                surf.blit(image, (round(x) - ox, round(y + th - image.get_height()) - oy))
                drew = True
        return drew

    def _piece(self, key: tuple[int, int]) -> pygame.Surface:
        surf = self._base.pop(key, None)
        if surf is None:
            surf = self._render(key)
        self._base[key] = surf  # the most recent last
        while len(self._base) > BASE_KEPT:
            del self._base[next(iter(self._base))]
        return surf

    def _scaled_piece(self, zoom: float, key: tuple[int, int]) -> pygame.Surface:
        if zoom == 1.0:
            return self._piece(key)
        k = (zoom, *key)
        surf = self._scaled.pop(k, None)
        if surf is None:
            cx, cy = key
            base = self._piece(key)
            # sizes from the rounded edges, so neighbouring pieces meet without gaps or overlap
            x0, y0 = round(cx * CHUNK * zoom), round(cy * CHUNK * zoom)
            x1 = round((cx * CHUNK + base.get_width()) * zoom)
            y1 = round((cy * CHUNK + base.get_height()) * zoom)
            surf = pygame.transform.smoothscale(base, (max(1, x1 - x0), max(1, y1 - y0)))
            self._scaled_bytes += surf.get_width() * surf.get_height() * 4
        self._scaled[k] = surf
        while self._scaled_bytes > SCALED_BYTES and len(self._scaled) > 1:
            old = next(iter(self._scaled))
            gone = self._scaled.pop(old)
            self._scaled_bytes -= gone.get_width() * gone.get_height() * 4
        return surf

    # -- what the board view asks for --------------------------------------------------------------
    def scaled_size(self, zoom: float) -> tuple[int, int]:
        """The whole map's size in pixels at a zoom."""
        return (max(1, round(self.size[0] * zoom)), max(1, round(self.size[1] * zoom)))

    def draw(self, surface: pygame.Surface, zoom: float, area: pygame.Rect, dest: tuple[int, int]) -> None:
        """Draw `area` of the map (pixels at `zoom`) at `dest` on `surface`: only the pieces it
        overlaps are drawn, scaled and kept."""
        if zoom != self._zoom_seen:
            # pieces at other zooms are not coming back soon: let them go
            self._scaled.clear()
            self._scaled_bytes = 0
            self._zoom_seen = zoom
        span = CHUNK * zoom
        cx0, cy0 = max(0, int(area.x // span)), max(0, int(area.y // span))
        cx1 = min(int((self.size[0] - 1) // CHUNK), int((area.right - 1) // span))
        cy1 = min(int((self.size[1] - 1) // CHUNK), int((area.bottom - 1) // span))
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(dest, area.size).clip(clip) if clip else pygame.Rect(dest, area.size))
        for cy in range(cy0, cy1 + 1):
            for cx in range(cx0, cx1 + 1):
                piece = self._scaled_piece(zoom, (cx, cy))
                px = round(cx * CHUNK * zoom) if zoom != 1.0 else cx * CHUNK
                py = round(cy * CHUNK * zoom) if zoom != 1.0 else cy * CHUNK
                surface.blit(piece, (dest[0] + px - area.x, dest[1] + py - area.y))
        surface.set_clip(clip)

    _zoom_seen = 1.0

    def picture(self) -> pygame.Surface:
        """The whole map at zoom 1 as one surface (small maps only: tools and tests)."""
        surf = pygame.Surface(self.size)
        self.draw(surf, 1.0, surf.get_rect(), (0, 0))
        return surf
