"""Tilesets (embedded or external .tsx): their tile numbers, tile properties and images."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.tmx.files import check_regular, image_size, parse_xml, shown_path
from game.core.tmx.props import read_properties
from game.errors import UserError

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

MAX_FIRSTGID = 1 << 28


@dataclass
class Tileset:
    """What the board needs of a tileset: its gid range and each tile's own properties."""

    firstgid: int
    label: str  # the .tsx path as written in the map, or "embedded tileset 'name'"
    tilecount: int  # its tiles are gids firstgid .. firstgid + tilecount - 1
    props: dict[int, dict[str, Any]] = field(default_factory=dict)

    def describe(self, local: int) -> str:
        """How messages name one of its tiles."""
        name = self.props.get(local, {}).get("name")
        shown = f" {name!r}" if isinstance(name, str) and name else ""
        return f"tileset {self.label} tile {local}{shown}"


def int_attr(node: Element, name: str, shown: str, place: str, default: int | None = None,
             low: int = 1, high: int = 1 << 20) -> int:
    """A whole-number attribute within bounds, or a UserError naming it."""
    raw = node.get(name)
    if raw is None:
        if default is not None:
            return default
        raise UserError(f"attribute {name} is missing", shown, place)
    try:
        value = int(raw)
    except ValueError:
        raise UserError(f"attribute {name}={raw[:20]!r} is not a whole number", shown, place) from None
    if not low <= value <= high:
        raise UserError(f"attribute {name}={value} is outside {low}..{high}", shown, place)
    return value


def read_tileset(node: Element, map_path: Path, shown: str, warnings: list[str]) -> Tileset:
    """One <tileset> of the map, following an external source; notes assumptions in `warnings`."""
    firstgid = int_attr(node, "firstgid", shown, "tileset", low=1, high=MAX_FIRSTGID)
    source = node.get("source")
    base = map_path.parent
    label = f"{node.get('name', '')!r} (embedded)"
    if source:
        label = source
        if not source.lower().endswith(".tsx"):
            raise UserError(f"tileset {source!r} is not a .tsx file (export it from Tiled as TSX)", shown)
        tsx = base / source
        try:
            check_regular(tsx, "tileset file", shown)
        except UserError as exc:
            if "no such" in exc.problem:
                raise UserError(f"tileset file {source!r} not found (looked for {shown_path(tsx)})",
                                shown) from None
            raise UserError(f"tileset {source!r}: {exc.problem}", shown) from None
        node = parse_xml(tsx, f"tileset {source}", shown)
        if node.tag != "tileset":
            raise UserError(f"{source!r} is not a Tiled tileset (root element <{node.tag}>)", shown)
        base = tsx.parent
    place = f"tileset {label}"
    read_properties(node, shown, place)
    props: dict[int, dict[str, Any]] = {}
    top_id = -1
    for tile in node.findall("tile"):
        tid = int_attr(tile, "id", shown, place, low=0, high=MAX_FIRSTGID)
        props[tid] = read_properties(tile, shown, f"{place} tile {tid}")
        top_id = max(top_id, tid)
        sub = tile.find("image")
        if sub is not None and sub.get("source"):
            _check_image(base / sub.get("source", ""), sub.get("source", ""), "tile image", shown,
                         f"{place} tile {tid}")
    image = node.find("image")
    if image is None and top_id < 0:
        raise UserError("tileset has neither an image nor tiles", shown, place)
    from_image, size_note = 0, ""
    if image is not None and image.get("source"):
        from_image, size_note = _image_tile_count(node, image, base, shown, place)
    count_attr = node.get("tilecount")
    if count_attr is not None:
        # An image collection's tilecount counts its tiles, whose ids may skip numbers (Tiled's
        # forest example: 7 tiles, ids up to 13): every tile it defines is one a layer may use.
        tilecount = max(int_attr(node, "tilecount", shown, place, low=0, high=MAX_FIRSTGID), top_id + 1)
    else:
        tilecount = max(from_image, top_id + 1)
        how = f"from its image{size_note}" if from_image else "from its highest tile id"
        warnings.append(f"{place} has no tilecount: counted {tilecount} tiles {how}")
    return Tileset(firstgid, label, tilecount, props)


def _check_image(path: Path, written: str, what: str, shown: str, place: str) -> None:
    try:
        check_regular(path, what, shown, place)
    except UserError as exc:
        if "not found" in exc.problem:
            raise UserError(f"{what} {written!r} not found (looked for {shown_path(path)})",
                            shown, place) from None
        raise


def _image_tile_count(node: Element, image: Element, base: Path, shown: str, place: str) -> tuple[int, str]:
    """Tiled's own count for an image tileset: columns x rows from the image, margin and spacing."""
    written = image.get("source", "")
    path = base / written
    _check_image(path, written, "tileset image", shown, place)
    tw = int_attr(node, "tilewidth", shown, place, high=1 << 16)
    th = int_attr(node, "tileheight", shown, place, high=1 << 16)
    margin = int_attr(node, "margin", shown, place, default=0, low=0, high=1 << 16)
    spacing = int_attr(node, "spacing", shown, place, default=0, low=0, high=1 << 16)
    if image.get("width") and image.get("height"):
        width = int_attr(image, "width", shown, place, high=1 << 20)
        height = int_attr(image, "height", shown, place, high=1 << 20)
    else:
        width, height = image_size(path, shown, place)
    note = f" ({width}x{height} px, margin {margin}, spacing {spacing})"
    columns = max(0, (width - margin + spacing) // (tw + spacing))
    if node.get("columns"):
        columns = int_attr(node, "columns", shown, place, low=0, high=1 << 20)
    rows = max(0, (height - margin + spacing) // (th + spacing))
    return columns * rows, note
