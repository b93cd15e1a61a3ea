"""Tiled custom properties: reading typed <property> elements and checking terrain values."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from game.core.board import LIGHT_LEVELS
from game.errors import UserError

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

# Game meaning lives in these properties (tile or tile-layer), never in tile ids.
TERRAIN_KEYS = ("name", "blocks_move", "blocks_los", "cover", "cover_height_ft", "light",
                "elevation", "obscured", "move_cost")
_TYPES = ("string", "int", "float", "bool", "color", "file", "object", "enum")

# Names a Tiled element already carries as attributes: a property of that name would be
# ambiguous to the author (and unreadable to pytmx, which the UI uses for the tile art).
RESERVED = {
    "layer": frozenset({"id", "name", "width", "height", "opacity", "visible", "offsetx", "offsety"}),
    "objectgroup": frozenset({"id", "name", "color", "opacity", "visible", "offsetx", "offsety",
                              "draworder"}),
    "object": frozenset({"id", "name", "type", "class", "x", "y", "width", "height", "rotation", "gid",
                         "visible", "template"}),
}


def read_properties(node: Element, shown: str, place: str) -> dict[str, Any]:
    """The typed <properties> of a map element (Tiled's own types), or a UserError at the place."""
    out: dict[str, Any] = {}
    taken = RESERVED.get(node.tag, frozenset()) | set(node.keys())
    for prop in node.findall("properties/property"):
        name = prop.get("name", "")
        kind = prop.get("type", "string")
        where = f"{place}, property {name!r}"
        value = prop.get("value")
        if value is None and kind in ("string", "file", "color", "enum"):
            value = prop.text or ""  # multi-line strings are stored as the element's text
        if kind == "class":
            raise UserError("class-typed properties are not supported", shown, where)
        if kind not in _TYPES:
            raise UserError(f"unknown property type {kind!r}", shown, where)
        if value is None:
            raise UserError(f"{kind} property has no value", shown, where)
        if name in taken and node.tag in RESERVED:
            raise UserError(f"property {name!r} clashes with the element's own attribute of that name; "
                            "rename it", shown, place)
        out[name] = _convert(kind, value, shown, where)
    return out


def _convert(kind: str, value: str, shown: str, where: str) -> Any:
    if kind == "bool":
        if value not in ("true", "false", "0", "1"):
            raise UserError(f"{value!r} is not a bool (true/false)", shown, where)
        return value in ("true", "1")
    if kind in ("int", "object"):
        try:
            number = int(value)
        except ValueError:
            raise UserError(f"{value!r} is not a valid {kind}", shown, where) from None
        if abs(number) >= 1 << 63:
            raise UserError(f"{value!r} is out of range for an {kind}", shown, where)
        return number
    if kind == "float":
        try:
            return float(value)
        except ValueError:
            raise UserError(f"{value!r} is not a valid float", shown, where) from None
    return value


def _kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    return "string"


def terrain_value(key: str, value: Any) -> Any:
    """Check one terrain property value; returns it converted, raises ValueError with the problem."""
    shown = f"{key} = {value!r}"
    if key in ("blocks_move", "blocks_los", "obscured"):
        if not isinstance(value, bool):
            raise ValueError(f"{shown}: must be a bool property (true/false), not {_kind_of(value)}")
        return value
    if key in ("cover", "elevation"):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{shown}: must be an int property, not {_kind_of(value)}")
        if key == "cover" and not 0 <= value <= 3:
            raise ValueError(f"{shown}: must be 0 (none), 1 (light), 2 (heavy) or 3 (substantial)")
        if key == "elevation" and not -10 <= value <= 10:
            raise ValueError(f"{shown}: must be between -10 and 10")
        return value
    if key in ("cover_height_ft", "move_cost"):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{shown}: must be a float or int property, not {_kind_of(value)}")
        if not math.isfinite(value):
            raise ValueError(f"{shown}: must be a finite number")
        if key == "cover_height_ft" and not 0 <= value <= 100:
            raise ValueError(f"{shown}: must be between 0 and 100 (feet)")
        if key == "move_cost" and not 0 < value <= 20:
            raise ValueError(f"{shown}: must be more than 0 and at most 20")
        return float(value)
    if key == "light":
        if value not in LIGHT_LEVELS:
            raise ValueError(f"{shown}: must be one of {', '.join(LIGHT_LEVELS)}")
        return value
    if key == "name":
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"{shown}: must be a non-empty string")
        return value.strip()
    raise ValueError(f"unknown terrain property {key!r}")


def _norm(key: str) -> str:
    return key.strip().lower().replace("-", "_").replace(" ", "_")


_NEAR = {_norm(k): k for k in (*TERRAIN_KEYS, "side", "kind")}


def typo(key: str, known: Iterable[str]) -> str | None:
    """The known key this one probably meant (differs only by case, spaces or dashes)."""
    target = _NEAR.get(_norm(key))
    return target if target in known and target != key else None


def terrain_props(props: dict[str, Any]) -> dict[str, Any]:
    """The checked terrain properties of a tile or layer (other custom keys are ignored)."""
    out: dict[str, Any] = {}
    for key, value in props.items():
        if key in TERRAIN_KEYS:
            out[key] = terrain_value(key, value)
        elif near := typo(key, TERRAIN_KEYS):
            raise ValueError(f"unknown property {key!r} (did you mean {near!r}?)")
    return out
