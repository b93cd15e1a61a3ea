"""Tiled maps (.tmx) to Boards, and the map checker (docs/maps.md).

Every problem with a map is a one-line UserError naming the file, the place (layer, cell,
tileset tile, object) and the property. The modules, by idea: `files` (reading untrusted
files), `props` (typed properties, terrain values), `tilesets`, `layerdata` (bounded decoding),
`shapes` (object geometry), `objects` (spawns, objectives), `spawns` (checks and placement),
`loader` (the board).
"""

from game.core.tmx.loader import MAX_MAP_SIDE, check_map, load_board, summary
from game.core.tmx.objects import SIDES
from game.core.tmx.props import TERRAIN_KEYS, terrain_props, terrain_value
from game.core.tmx.shapes import Layout
from game.core.tmx.spawns import MIN_SPAWN_CELLS

__all__ = ["MAX_MAP_SIDE", "MIN_SPAWN_CELLS", "SIDES", "TERRAIN_KEYS", "Layout", "check_map", "load_board",
           "summary", "terrain_props", "terrain_value"]
