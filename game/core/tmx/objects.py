"""Object layers: spawn zones and objectives (docs/maps.md, "Objects")."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.board import Board, Objective
from game.core.geometry import Cell
from game.core.tmx.files import check_regular, parse_xml, shown_path
from game.core.tmx.props import read_properties, typo
from game.core.tmx.shapes import Layout, Shape, box_cells, covered
from game.errors import UserError

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

SIDES = ("p1", "p2")
KINDS = ("spawn", "objective")
# Bounding-box cells tested over all spawn/objective objects, per map cell (plus a floor):
# honest maps stay far below; a map of a thousand full-map zones is refused, not ground through.
WORK_PER_CELL = 16
WORK_FLOOR = 1 << 16


def object_place(oid: Any, name: str) -> str:
    """How messages name an object."""
    return f"object {oid} {name!r}" if name else f"object {oid}"


def _number(obj: Element, attr: str, shown: str, place: str) -> float:
    raw = obj.get(attr)
    if raw is None:
        return 0.0
    try:
        return float(raw)
    except ValueError:
        raise UserError(f"attribute {attr}={raw[:20]!r} is not a number", shown, place) from None


def _points(raw: str, shown: str, place: str) -> tuple[tuple[float, float], ...]:
    try:
        pts = tuple((float(a), float(b)) for a, b in (p.split(",") for p in raw.split()))
    except ValueError:
        raise UserError("polygon points are not pairs of numbers", shown, place) from None
    if len(pts) < 3:
        raise UserError("a polygon needs at least three points", shown, place)
    return pts


def object_shape(obj: Element, shown: str, place: str) -> Shape:
    """The object's geometry; polylines are refused (they enclose nothing)."""
    x, y, w, h, rot = (_number(obj, a, shown, place) for a in ("x", "y", "width", "height", "rotation"))
    if obj.find("polyline") is not None:
        raise UserError("a polyline cannot cover cells: use a rectangle, polygon or point", shown, place)
    poly = obj.find("polygon")
    if poly is not None:
        return Shape("polygon", x, y, rotation=rot, points=_points(poly.get("points", ""), shown, place))
    if obj.find("point") is not None or (w == 0 and h == 0):
        return Shape("point", x, y)
    if obj.get("gid"):
        y -= h  # a tile object's origin is its bottom-left corner
    kind = "ellipse" if obj.find("ellipse") is not None else "rect"
    return Shape(kind, x, y, w, h, rot)


_SHAPES = ("polygon", "polyline", "ellipse", "point")


def _template(written: str, base: Path, shown: str, place: str, cache: dict[Path, Element]) -> Element:
    """The <object> of a template file (.tx), read once per file."""
    path = base / written
    if path not in cache:
        try:
            check_regular(path, "template file", shown, place)
        except UserError as exc:
            if "not found" in exc.problem:
                raise UserError(f"template {written!r} not found (looked for {shown_path(path)})", shown,
                                place) from None
            raise
        root = parse_xml(path, f"template {written}", shown)
        obj = root.find("object") if root.tag == "template" else None
        if obj is None:
            raise UserError(f"{written!r} is not a Tiled object template", shown, place)
        cache[path] = obj
    return cache[path]


def with_template(obj: Element, base: Path, shown: str, place: str, cache: dict[Path, Element]) -> Element:
    """The object as Tiled sees it: the template's attributes, properties and shape, overridden
    by the instance's own."""
    written = obj.get("template")
    if not written:
        return obj
    tpl = _template(written, base, shown, place, cache)
    from game.core.tmx.xmltree import Node  # read as an element (a kept tree's or ElementTree's)

    merged = Node("object", {**tpl.attrib, **{k: v for k, v in obj.attrib.items() if k != "template"}})
    props: dict[str, Element] = {}
    for source in (tpl, obj):
        for prop in source.findall("properties/property"):
            props[prop.get("name", "")] = prop
    if props:
        merged.append(Node("properties", {}, None, list(props.values())))
    own = [c for c in obj if c.tag in _SHAPES]
    shape = own or [c for c in tpl if c.tag in _SHAPES]
    if shape:
        merged.append(shape[0])
    return merged  # type: ignore[return-value]


def read_objects(root: Element, board: Board, layout: Layout, shown: str, base: Path) -> bool:
    """Spawn zones and objectives onto the board; True when the map has any spawn object.

    `base` is the map's folder, where object templates are looked up.
    """
    templates: dict[Path, Element] = {}
    spawns: dict[str, list[Cell]] = {side: [] for side in SIDES}
    owner: dict[Cell, str] = {}
    on_board = {board.grid.to_offset(c) for c in board.terrain}
    budget = max(WORK_FLOOR, WORK_PER_CELL * layout.cols * layout.rows)
    any_spawn = False
    for group in root.iter("objectgroup"):
        gplace = f"object layer {group.get('name', '')!r}"
        read_properties(group, shown, gplace)
        for obj in group.findall("object"):
            place = object_place(obj.get("id", "?"), obj.get("name", ""))
            obj = with_template(obj, base, shown, place, templates)
            place = object_place(obj.get("id", "?"), obj.get("name", ""))
            props = read_properties(obj, shown, place)
            kind = obj.get("type") or obj.get("class") or ""
            if kind not in KINDS:
                if kind.strip().lower() in KINDS:
                    raise UserError(f"object type {kind!r} should be written {kind.strip().lower()!r}",
                                    shown, place)
                continue  # notes and decoration: not the game's business
            for key in props:
                if near := typo(key, ("side", "kind")):
                    raise UserError(f"unknown property {key!r} (did you mean {near!r}?)", shown, place)
            shape = object_shape(obj, shown, place)
            budget -= box_cells(shape, layout)
            if budget < 0:
                raise UserError("spawn and objective objects span too many cells in total (more than "
                                f"{WORK_PER_CELL} times the map); merge overlapping zones", shown, place)
            offsets = covered(shape, layout, on_board)
            if not offsets:
                raise UserError(f"{kind} object covers no board cell (a cell counts when its centre is "
                                "inside the shape)", shown, place)
            cells = [board.grid.from_offset(col, row) for col, row in offsets]
            if kind == "spawn":
                any_spawn = True
                _add_spawn(board, props, cells, spawns, owner, shown, place)
            else:
                _add_objective(board, props, cells, obj.get("name", ""), shown, place)
    for side in SIDES:
        spawns[side].sort(key=lambda c: tuple(reversed(board.grid.to_offset(c))))
    board.spawns = spawns
    return any_spawn


def _add_spawn(board: Board, props: dict[str, Any], cells: list[Cell], spawns: dict[str, list[Cell]],
               owner: dict[Cell, str], shown: str, place: str) -> None:
    side = props.get("side")
    if side not in SIDES:
        raise UserError(f"property side = {side!r}: must be p1 or p2", shown, place)
    for cell in cells:
        terrain = board.at(cell)
        col, row = board.grid.to_offset(cell)
        if terrain.blocks_move:
            raise UserError(f"spawn cell ({col}, {row}) is blocked ({terrain.name}, blocks_move)", shown,
                            place)
        held = owner.get(cell)
        if held is not None and held != side:
            raise UserError(f"spawn cell ({col}, {row}) belongs to both p1 and p2", shown, place)
        if held is None:
            owner[cell] = side
            spawns[side].append(cell)


def _add_objective(board: Board, props: dict[str, Any], cells: list[Cell], name: str, shown: str,
                   place: str) -> None:
    kind = props.get("kind")
    if not isinstance(kind, str) or not kind.strip():
        raise UserError(f"property kind = {kind!r}: an objective needs a kind (e.g. hold)", shown, place)
    if not any(board.passable(c) for c in cells):
        raise UserError("objective covers only blocked cells (no unit could reach it)", shown, place)
    rest = tuple(sorted((k, v) for k, v in props.items() if k != "kind"))
    board.objectives.append(Objective(name or kind, kind.strip(), tuple(cells), rest))
