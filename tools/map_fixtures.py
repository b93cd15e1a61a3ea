"""Large and hostile maps written on demand, for tests and benchmarks (never shipped).

    big_map(path, side=256, zones=1000)      legal square map, `zones` spawn rectangles
    bomb_map(path, inflated=400 << 20)       zlib/gzip layer that inflates far past the map
"""

from __future__ import annotations

import base64
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SQUARE_TSX = ROOT / "assets" / "tilesets" / "square_terrain.tsx"
FLOOR, WALL = 1, 6  # gids of the shipped square tileset (floor, wall), checked by the tests


def _header(side: int) -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" '
            f'renderorder="right-down" width="{side}" height="{side}" tilewidth="32" tileheight="32" '
            f'infinite="0" nextlayerid="3" nextobjectid="1">\n'
            f' <tileset firstgid="1" source="{SQUARE_TSX}"/>\n')


def big_map(path: Path, side: int = 256, zones: int = 1000, wall: int = WALL) -> Path:
    """A legal side x side map: floor with a broken wall line, `zones` small spawn rectangles
    (half per side, on their own halves, overlapping within a side) and one objective."""
    rows = []
    for r in range(side):
        row = [FLOOR] * side
        if r % 8 != 0:
            row[side // 2] = wall  # a wall down the middle with a gap every 8 rows
        rows.append(",".join(map(str, row)))
    objects = []
    for i in range(zones):
        left = i % 2 == 0
        k = i // 2
        col = (k * 3) % (side // 2 - 4)
        row = (k * 5) % (side - 3)
        if not left:
            col = side - 4 - col
        if col == side // 2 or col + 1 == side // 2:
            col -= 2
        objects.append(f'  <object id="{i + 1}" type="spawn" x="{col * 32}" y="{row * 32 + 32}" '
                       f'width="64" height="64"><properties><property name="side" '
                       f'value="{"p1" if left else "p2"}"/></properties></object>')
    objects.append(f'  <object id="{zones + 1}" type="objective" x="{side * 16}" y="{side * 16 - 48}">'
                   '<properties><property name="kind" value="hold"/></properties><point/></object>')
    text = (_header(side) + f' <layer id="1" name="ground" width="{side}" height="{side}">\n'
            '  <data encoding="csv">\n' + ",\n".join(rows) + "\n</data>\n </layer>\n"
            ' <objectgroup id="2" name="zones">\n' + "\n".join(objects) + "\n </objectgroup>\n</map>\n")
    path.write_text(text)
    return path


def bomb_stream(inflated: int, compression: str = "zlib") -> bytes:
    """`inflated` bytes of floor tiles, compressed without ever holding them all."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31 if compression == "gzip" else 15)
    chunk = FLOOR.to_bytes(4, "little") * (1 << 18)
    out = []
    left = inflated
    while left > 0:
        piece = chunk[:left]
        out.append(packer.compress(piece))
        left -= len(piece)
    out.append(packer.flush())
    return b"".join(out)


def bomb_map(path: Path, inflated: int = 400 << 20, compression: str = "zlib", side: int = 256) -> Path:
    """A map whose one layer inflates to `inflated` bytes where side*side*4 are allowed."""
    data = base64.b64encode(bomb_stream(inflated, compression)).decode()
    text = (_header(side) + f' <layer id="1" name="ground" width="{side}" height="{side}">\n'
            f'  <data encoding="base64" compression="{compression}">\n{data}\n</data>\n </layer>\n</map>\n')
    path.write_text(text)
    return path


def layered_map(path: Path, side: int = 256, layers: int = 64) -> Path:
    """The most work a legal-sized map can ask of the loader: `layers` full layers of mixed
    tiles (a floor layer, then walls, cover and overlays scattered by a fixed LCG)."""
    seed = 12345
    parts = [_header(side)]
    for k in range(layers):
        values = []
        for _ in range(side * side):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            values.append(str(FLOOR if k == 0 else (seed >> 8) % 17))
        parts.append(f' <layer id="{k + 1}" name="l{k}" width="{side}" height="{side}">'
                     '<data encoding="csv">\n' + ",".join(values) + "\n</data></layer>\n")
    parts.append("</map>\n")
    path.write_text("".join(parts))
    return path
