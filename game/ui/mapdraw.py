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
    """The map as pytmx with pygame images, or None when it cannot be read for drawing."""
    try:
        from pytmx.util_pygame import load_pygame

        return load_pygame(str(path))
    except Exception:  # noqa: BLE001 - a map the engine accepted still plays without its art
        return None


class MapArt:
    """The board's picture at zoom 1, built once, and a cache of it at the current zoom."""

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
        self.base = self._render()
        self._zoom = 1.0
        self._scaled = self.base

    @staticmethod
    def for_board(board: Board, path: Path | None = None, bg: tuple[int, int, int] = (24, 26, 31)) -> MapArt:
        """Art for a board, drawn from its Tiled file (given, or the board's source) when it has one."""
        tmx = None
        src = path or (Path(board.source) if board.source else None)
        if src is not None and src.suffix == ".tmx" and src.is_file():
            tmx = load_tmx_art(src)
        return MapArt(board, tmx, bg)

    def _render(self) -> pygame.Surface:
        w, h = self.layout.size()
        surf = pygame.Surface((max(1, w), max(1, h)))
        surf.fill(self.bg)
        drew_tiles = self.tmx is not None and self._draw_tiles(surf)
        if not drew_tiles:
            for cell in self.board.cells():
                pygame.draw.polygon(surf, terrain_colour(self.board.at(cell)), self.layout.outline(cell))
        self._draw_grid(surf)
        self._draw_objectives(surf)
        return surf

    def _draw_tiles(self, surf: pygame.Surface) -> bool:
        import pytmx

        tmx = self.tmx
        drew = False
        th = self.layout.th
        for layer in tmx.visible_layers:  # type: ignore[attr-defined]
            if not isinstance(layer, pytmx.TiledTileLayer):
                continue
            for col, row, image in layer.tiles():
                if image is None:
                    continue
                x, y = self.layout.tile_origin(col, row)
                # Tiled anchors tiles taller than the grid at their bottom-left corner.
                surf.blit(image, (round(x), round(y + th - image.get_height())))
                drew = True
        return drew

    def _draw_grid(self, surf: pygame.Surface) -> None:
        overlay = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        for cell in self.board.cells():
            pygame.draw.polygon(overlay, (0, 0, 0, 46), self.layout.outline(cell), 1)
        surf.blit(overlay, (0, 0))

    def _draw_objectives(self, surf: pygame.Surface) -> None:
        for obj in self.board.objectives:
            for cell in obj.cells:
                if cell in self.board:
                    pygame.draw.polygon(surf, (240, 228, 66), self.layout.outline(cell, 0.12), 2)

    def scaled(self, zoom: float) -> pygame.Surface:
        """The map at a zoom level (rescaled only when the zoom changes)."""
        if zoom != self._zoom:
            if zoom == 1.0:
                self._scaled = self.base
            else:
                w, h = self.base.get_size()
                size = (max(1, round(w * zoom)), max(1, round(h * zoom)))
                self._scaled = pygame.transform.smoothscale(self.base, size)
            self._zoom = zoom
        return self._scaled
