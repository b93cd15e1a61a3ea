"""Tile layer data (CSV, XML, Base64 plain/zlib/gzip) decoded in bounded time and memory.

A layer holds exactly width x height tile numbers of 4 bytes, so compressed data is inflated
with that size as a hard cap checked while inflating: a decompression bomb stops after
cap + 1 bytes instead of filling memory.
"""

from __future__ import annotations

import base64
import binascii
import sys
import zlib
from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.errors import UserError

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

FLAG_BITS = 0xF0000000  # Tiled's flip (H, V, D) and hex 120-degree rotation flags
GID_MASK = 0x0FFFFFFF
_WBITS = {"zlib": zlib.MAX_WBITS, "gzip": 16 + zlib.MAX_WBITS}


def decode_layer(data: Element, cols: int, rows: int, shown: str, place: str) -> array[int]:
    """The layer's cols x rows tile numbers in row-major order, flags dropped."""
    raw_ids = layer_gids(data, cols, rows, shown, place)
    if max(raw_ids) > GID_MASK:
        return array("I", (g & GID_MASK for g in raw_ids))
    return raw_ids


def layer_gids(data: Element, cols: int, rows: int, shown: str, place: str) -> array[int]:
    """The layer's cols x rows tile numbers in row-major order as written (flip flags kept)."""
    count = cols * rows
    encoding = data.get("encoding")
    compression = data.get("compression") or None
    if data.find("chunk") is not None:
        raise UserError("infinite maps (chunked layer data) are not supported", shown, place)
    if encoding is None:
        if compression:
            raise UserError(f"XML tile data cannot be compressed ({compression})", shown, place)
        raw_ids = _xml_tiles(data, count, cols, shown, place)
    elif encoding == "csv":
        if compression:
            raise UserError(f"CSV data cannot be compressed ({compression})", shown, place)
        raw_ids = _csv_tiles(data.text or "", count, cols, shown, place)
    elif encoding == "base64":
        raw_ids = _base64_tiles(data.text or "", compression, count, shown, place)
    else:
        raise UserError(f"layer encoding {encoding!r} is not supported (use csv or base64)", shown, place)
    return raw_ids


def _count_error(found: int, count: int, shown: str, place: str) -> UserError:
    return UserError(f"layer data holds {found} tiles, the map needs {count} (truncated?)", shown, place)


def _xml_tiles(data: Element, count: int, cols: int, shown: str, place: str) -> array[int]:
    tiles = data.findall("tile")
    if not tiles and (data.text or "").strip():
        raise UserError("layer data has text but no encoding (Tiled writes encoding=\"csv\" or "
                        "\"base64\")", shown, place)
    if len(tiles) != count:
        raise _count_error(len(tiles), count, shown, place)
    return _numbers([tile.get("gid", "0") for tile in tiles], cols, shown, place)


def _csv_tiles(text: str, count: int, cols: int, shown: str, place: str) -> array[int]:
    parts = text.split(",")
    if parts and not parts[-1].strip():
        parts.pop()  # Tiled ends some rows with a comma
    if len(parts) != count:
        raise _count_error(len(parts), count, shown, place)
    return _numbers(parts, cols, shown, place)


def _numbers(raw: list[str], cols: int, shown: str, place: str) -> array[int]:
    """Tile numbers as written; the first bad one is reported at its cell."""
    try:
        values: list[int] | None = list(map(int, raw))  # in C: a whole layer at once
    except ValueError:
        values = None
    if values is None or min(values) < 0 or max(values) > 0xFFFFFFFF:
        for i, text in enumerate(raw):  # the slow walk only finds where the problem is
            _tile_number(text.strip(), i, cols, shown, place)
    return array("I", values or ())


def _tile_number(raw: str, index: int, cols: int, shown: str, place: str) -> int:
    where = f"{place} cell ({index % cols}, {index // cols})"
    try:
        value = int(raw)
    except ValueError:
        raise UserError(f"{raw[:20]!r} is not a tile number", shown, where) from None
    if value < 0:
        raise UserError(f"tile number {value} is negative", shown, where)
    if value > 0xFFFFFFFF:
        raise UserError(f"tile number {value} does not fit in 32 bits", shown, where)
    return value


def _base64_tiles(text: str, compression: str | None, count: int, shown: str, place: str) -> array[int]:
    if compression not in (None, "zlib", "gzip"):
        raise UserError(f"layer compression {compression!r} is not supported "
                        "(save the layer as CSV, or Base64 with zlib or gzip)", shown, place)
    need = 4 * count
    try:
        raw = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        raise UserError("layer Base64 data is corrupt", shown, place) from None
    if compression is not None:
        raw = inflate(raw, compression, need, shown, place)
    if len(raw) % 4:
        raise UserError("layer Base64 data is not a whole number of tiles", shown, place)
    if len(raw) != need:
        raise _count_error(len(raw) // 4, count, shown, place)
    ids = array("I")
    ids.frombytes(raw)
    if sys.byteorder == "big":
        ids.byteswap()
    return ids


def inflate(packed: bytes, compression: str, limit: int, shown: str, place: str) -> bytes:
    """zlib or gzip data inflated to at most `limit` bytes; more than that is refused at once."""
    inflater = zlib.decompressobj(_WBITS[compression])
    try:
        out = inflater.decompress(packed, limit + 1)
    except zlib.error:
        raise UserError("layer Base64 data is corrupt", shown, place) from None
    if len(out) > limit:
        raise UserError(f"layer data inflates past the {limit} bytes the map size allows "
                        "(decompression bomb?)", shown, place)
    if not inflater.eof:
        raise UserError("layer Base64 data is corrupt (the compressed stream is cut short)", shown, place)
    return out


def check_gids(gids: Sequence[int], ranges: list[tuple[int, int]], cols: int, shown: str, place: str) -> None:
    """Every non-empty tile number lies in some tileset's [firstgid, firstgid + tilecount)."""
    for gid in set(gids):
        if gid and not any(lo <= gid < hi for lo, hi in ranges):
            i = gids.index(gid)
            raise UserError(f"tile number {gid} belongs to no tileset", shown,
                            f"{place} cell ({i % cols}, {i // cols})")
