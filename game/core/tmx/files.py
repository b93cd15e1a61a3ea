"""Reading the files a map names (map, tilesets, images) without trusting them.

Special files are refused before any read (a FIFO would block, a device never ends), sizes are
capped, and image sizes come from the file header alone.
"""

from __future__ import annotations

import marshal
import os
import stat
import struct
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.errors import UserError

if TYPE_CHECKING:
    from xml.etree import ElementTree

MAX_XML_BYTES = 64 << 20  # a 256x256 map with a dozen CSV layers is under 10 MB
MAX_XML_ELEMENTS = 400_000
_FEED_BYTES = 1 << 18
_HEADER_BYTES = 64 << 10  # enough to reach a JPEG's frame header past ordinary metadata


def check_regular(path: Path, what: str, shown: str, place: str = "") -> None:
    """Refuse a missing path, a directory or a special file before anything opens it."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise UserError(f"no such {what}" if not place else f"{what} not found", shown, place) from None
    except OSError as exc:
        raise UserError(f"cannot read the {what}: {exc.strerror or exc}", shown, place) from None
    if stat.S_ISDIR(info.st_mode):
        raise UserError(f"the {what} is a directory, not a file", shown, place)
    if not stat.S_ISREG(info.st_mode):
        kind = "a FIFO" if stat.S_ISFIFO(info.st_mode) else "a device or socket"
        raise UserError(f"the {what} is {kind}, not a regular file", shown, place)


def read_bytes(path: Path, what: str, shown: str, limit: int, place: str = "") -> bytes:
    """A regular file's bytes, refused past `limit` without reading the rest."""
    check_regular(path, what, shown, place)
    # In chunks: read(limit + 1) would allocate the whole limit up front for any file.
    chunks: list[bytes] = []
    total = 0
    try:
        with path.open("rb") as fh:
            while chunk := fh.read(min(1 << 20, limit + 1 - total)):
                chunks.append(chunk)
                total += len(chunk)
                if total > limit:
                    raise UserError(f"the {what} is larger than {limit >> 20} MiB", shown, place)
    except OSError as exc:
        raise UserError(f"cannot read the {what}: {exc.strerror or exc}", shown, place) from None
    return b"".join(chunks)


def parse_xml(path: Path, what: str, shown: str) -> ElementTree.Element:
    """The root element of a map or tileset file, or a one-line UserError. Bytes that parsed once
    are not parsed again where `python -m game` keeps their tree (game/core/tmx/xmltree.py)."""
    from game.codecache import store

    data = read_bytes(path, what, shown, MAX_XML_BYTES)
    kept = store("xml")
    found = kept.get(shown, data) if kept is not None else None
    if found is not None:
        from game.core.tmx.xmltree import node

        return node(marshal.loads(found))  # type: ignore[return-value]
    root = _parse_xml(data, what, shown)
    if kept is not None:
        from game.core.tmx.xmltree import KEPT_BYTES, plain

        if len(data) <= KEPT_BYTES:
            kept.put(shown, data, marshal.dumps(plain(root)))
    return root


def _parse_xml(data: bytes, what: str, shown: str) -> Any:
    """Elements are counted while parsing: each costs a few hundred bytes, so 64 MiB of `<tile/>`
    would need over a gigabyte. The cap leaves room for six 256x256 layers in XML format."""
    from xml.etree import ElementTree

    parser = ElementTree.XMLPullParser(events=("start",))
    count = 0
    root: Any = None
    try:
        for at in range(0, len(data), _FEED_BYTES):
            parser.feed(data[at:at + _FEED_BYTES])
            for _event, element in parser.read_events():
                root = element if root is None else root
                count += 1
            if count > MAX_XML_ELEMENTS:
                raise UserError(f"the {what} holds more than {MAX_XML_ELEMENTS} XML elements "
                                "(save tile layers as CSV or Base64)", shown)
        parser.close()
    except ElementTree.ParseError as exc:
        line, col = exc.position
        reason = str(exc).split(":")[0]
        raise UserError(f"malformed XML in the {what} ({reason}) at line {line}, column {col + 1}",
                        shown) from None
    except (LookupError, UnicodeError) as exc:  # the XML declaration names an unusable encoding
        raise UserError(f"malformed XML in the {what} ({exc})", shown) from None
    if root is None:
        raise UserError(f"the {what} is empty", shown)
    return root


def shown_path(path: Path) -> str:
    """A path as error messages show it (normalised, never resolved through links)."""
    return os.path.normpath(path)


def image_size(path: Path, shown: str, place: str) -> tuple[int, int]:
    """Pixel size of a PNG, GIF, BMP or JPEG from its header (Tiled may omit it in the tileset)."""
    head = read_bytes_head(path, shown, place)
    if head.startswith(b"\x89PNG\r\n\x1a\n") and len(head) >= 24:
        w, h = struct.unpack(">II", head[16:24])
        return w, h
    if head[:6] in (b"GIF87a", b"GIF89a") and len(head) >= 10:
        w, h = struct.unpack("<HH", head[6:10])
        return w, h
    if head.startswith(b"BM") and len(head) >= 26:
        w, h = struct.unpack("<ii", head[18:26])
        return abs(w), abs(h)
    if head.startswith(b"\xff\xd8"):
        size = _jpeg_size(head)
        if size:
            return size
    raise UserError(f"cannot tell the size of image {path.name!r} (give its width and height in the "
                    "tileset, or use PNG)", shown, place)


def read_bytes_head(path: Path, shown: str, place: str) -> bytes:
    check_regular(path, f"image {path.name!r}", shown, place)
    try:
        with path.open("rb") as fh:
            return fh.read(_HEADER_BYTES)
    except OSError as exc:
        raise UserError(f"cannot read image {path.name!r}: {exc.strerror or exc}", shown, place) from None


def _jpeg_size(head: bytes) -> tuple[int, int] | None:
    i = 2
    while i + 9 < len(head):
        if head[i] != 0xFF:
            return None
        marker = head[i + 1]
        length = struct.unpack(">H", head[i + 2:i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">HH", head[i + 5:i + 9])
            return w, h
        i += 2 + length
    return None
