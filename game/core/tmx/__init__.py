"""Tiled maps (.tmx) to Boards, and the map checker (docs/maps.md).

Every problem with a map is a one-line UserError naming the file, the place (layer, cell,
tileset tile, object) and the property. The modules, by idea: `files` (reading untrusted
files), `props` (typed properties, terrain values), `tilesets`, `layerdata` (bounded decoding),
`shapes` (object geometry), `objects` (spawns, objectives), `spawns` (checks and placement),
`loader` (the board).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.core.tmx.loader import MAX_MAP_SIDE, check_map, load_board, summary
    from game.core.tmx.objects import SIDES
    from game.core.tmx.props import TERRAIN_KEYS, terrain_props, terrain_value
    from game.core.tmx.shapes import Layout
    from game.core.tmx.spawns import MIN_SPAWN_CELLS

__all__ = ["MAX_MAP_SIDE", "MIN_SPAWN_CELLS", "SIDES", "TERRAIN_KEYS", "Layout", "check_map", "load_board",
           "summary", "terrain_props", "terrain_value"]

#: each name's module, imported when the name is first asked for: `titles` alone (the
#: launcher's map names) must not pull in the loader before the launcher's first frame
_HOME = {"MAX_MAP_SIDE": "loader", "check_map": "loader", "load_board": "loader", "summary": "loader",
         "SIDES": "objects", "TERRAIN_KEYS": "props", "terrain_props": "props", "terrain_value": "props",
         "Layout": "shapes", "MIN_SPAWN_CELLS": "spawns"}


def __getattr__(name: str) -> Any:
    """The package's names, from their modules on first use (PEP 562)."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value
