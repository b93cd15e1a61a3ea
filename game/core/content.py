"""Loading content (units, weapons, cards, squads) from TOML as msgspec schemas.

A ruleset declares each kind of entry as a frozen `Schema` (a msgspec Struct): field types,
`Annotated[int, Meta(ge=.., le=..)]` ranges, `Literal` choices, defaults, renamed keys
(`field(name="class")`), nested tables and lists, tagged unions (`tag_kinds`). Checks that
involve more than one field of an entry go in `__post_init__`, raising `invalid(key, problem)`.
Checks that need other entries or files (references) stay in the ruleset's loader and raise
`entry_error`. Every problem becomes one `UserError` line naming the file, the entry and the key
(`weapon.maul.damage`, list items counted from 1). Adding a weapon or a card never needs code.
"""

from __future__ import annotations

import difflib
import re
import types
import typing
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar, Union

import msgspec

from game.errors import UserError

T = TypeVar("T")
_PATH = re.compile(r"^(.*?)(?: - at `\$(.*)`)?$", re.S)
_SEGMENT = re.compile(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]")
#: marks a __post_init__ problem that belongs to one key of the entry (see `invalid`)
_KEY_MARK = "\x1f"
_KIND_NAMES = {"int": "an integer", "str": "a string", "float": "a number", "bool": "true/false",
               "array": "a list", "object": "a table", "list": "a list", "dict": "a table",
               "tuple": "a list", "null": "nothing", "NoneType": "nothing"}


class Schema(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of content entries: immutable, typed, unknown keys refused (typos in content)."""


def tag_kinds(*kinds: type[msgspec.Struct]) -> tuple[type[msgspec.Struct], ...]:
    """Give each member of a tagged union a class attribute `kind` equal to its tag (msgspec keeps
    the tag out of the fields), so code reads `effect.kind` whatever the member."""
    for cls in kinds:
        cls.kind = str(cls.__struct_config__.tag)  # type: ignore[attr-defined]
    return kinds


def invalid(key: str, problem: str) -> ValueError:
    """For a schema's `__post_init__`: a problem with one key of the entry being decoded."""
    return ValueError(f"{_KEY_MARK}{key}{_KEY_MARK}{problem}")


def entry_error(file: Path | str, place: str, problem: str, key: str = "") -> UserError:
    """A problem found after decoding (a reference to another entry), named like a schema error."""
    return UserError(problem, str(file), f"{place}.{key}" if key else place)


def load_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML data file within the bounds of every file the game reads (size, depth, key
    parts, parse time: game.core.tomlfile); a problem is one line naming the file and line."""
    from game.core.tomlfile import read_toml

    return read_toml(path)


def decode(data: Any, schema: Any, file: Path | str, place: str) -> Any:
    """`data` (parsed TOML) as `schema`, or a UserError naming file, place and the bad key."""
    try:
        return msgspec.convert(data, schema, strict=True)
    except msgspec.ValidationError as exc:
        raise _user_error(str(exc), data, schema, str(file), place) from None


def table(doc: dict[str, Any], name: str, file: Path | str, required: bool = True) -> dict[str, Any]:
    """A top-level table of named entries (`[weapon.maul]` ...) as {id: raw table}."""
    root = doc.get(name)
    if root is None:
        if required:
            raise UserError(f"missing table [{name}]", str(file))
        return {}
    if not isinstance(root, dict):
        raise UserError(f"[{name}] should be a table of entries", str(file))
    return root


def decode_entries(doc: dict[str, Any], name: str, schema: type[T], file: Path | str,
                   required: bool = True) -> dict[str, T]:
    """Every entry of table `name`, in file order, each decoded as `schema` with its key as `id`."""
    out: dict[str, T] = {}
    for key, raw in table(doc, name, file, required).items():
        place = f"{name}.{key}"
        if isinstance(raw, dict):
            if "id" in raw:  # the id is the entry's name, never written inside it
                raise UserError("unknown key 'id'", str(file), place)
            raw = {**raw, "id": key}
        out[key] = decode(raw, schema, file, place)
    return out


# -- turning msgspec's errors into one line with a dotted place --------------------------------------
class _Spot:
    """Where the walk along an error path is: the data there, its declared type, its place."""

    def __init__(self, data: Any, tp: Any, place: str, tags: tuple[str, ...] = ()) -> None:
        self.data, self.place, self.tags = data, place, tags
        self.tp, self.meta = _unwrap(tp)


def _unwrap(tp: Any) -> tuple[Any, list[msgspec.Meta]]:
    metas: list[msgspec.Meta] = []
    while typing.get_origin(tp) is Annotated:
        metas += [m for m in tp.__metadata__ if isinstance(m, msgspec.Meta)]
        tp = tp.__origin__
    return tp, metas


def _options(tp: Any) -> list[Any]:
    """Members of a union (or the type itself), None left out."""
    if typing.get_origin(tp) in (Union, types.UnionType):
        return [a for a in typing.get_args(tp) if a is not type(None)]
    return [tp]


def _struct_for(tp: Any, data: Any) -> type[msgspec.Struct] | None:
    """The Struct a table was decoded as (by its tag in a tagged union)."""
    structs = [t for t in _options(tp) if isinstance(t, type) and issubclass(t, msgspec.Struct)]
    if len(structs) > 1 and isinstance(data, dict):
        for s in structs:
            cfg = s.__struct_config__
            if data.get(cfg.tag_field) == cfg.tag:
                return s
    return structs[0] if structs else None


def _fields(struct: type[msgspec.Struct]) -> dict[str, Any]:
    return {f.encode_name: f.type for f in msgspec.structs.fields(struct)}


def _step(spot: _Spot, name: str | None, index: int | None, dict_key_unknown: bool) -> _Spot | None:
    data, tp = spot.data, spot.tp
    if name is not None:
        struct = _struct_for(tp, data)
        if struct is None or not isinstance(data, dict):
            return None
        ftype = _fields(struct).get(name)
        if ftype is None:  # a tagged union's tag: which kinds there are
            tags = tuple(str(t.__struct_config__.tag) for t in _options(tp)
                         if isinstance(t, type) and issubclass(t, msgspec.Struct))
            return _Spot(data.get(name), str, f"{spot.place}.{name}", tags)
        return _Spot(data.get(name), ftype, f"{spot.place}.{name}")
    seq = next((t for t in _options(tp) if typing.get_origin(t) in (list, tuple, dict)), None)
    if seq is None:
        return None
    args = typing.get_args(seq)
    if typing.get_origin(seq) is dict and dict_key_unknown and isinstance(data, dict):
        # msgspec does not say which key: the first whose value fails on its own
        for key, value in data.items():
            try:
                msgspec.convert(value, args[1], strict=True)
            except msgspec.ValidationError:
                return _Spot(value, args[1], f"{spot.place}.{key}")
        return None
    if index is None or not isinstance(data, (list, tuple)) or index >= len(data):
        return None
    item = args[index] if typing.get_origin(seq) is tuple and args and args[-1] is not Ellipsis \
        and index < len(args) else (args[0] if args else Any)
    return _Spot(data[index], item, f"{spot.place}[{index + 1}]")


def _described(metas: list[msgspec.Meta]) -> str:
    return next((m.description for m in metas if m.description), "")


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    return f"{_KIND_NAMES.get(type(value).__name__, type(value).__name__)} {value!r}"


def _bounds(metas: list[msgspec.Meta]) -> tuple[Any, Any]:
    lo = next((m.ge for m in metas if m.ge is not None), None)
    hi = next((m.le for m in metas if m.le is not None), None)
    return lo, hi


def _problem(msg: str, spot: _Spot) -> tuple[str, str]:
    """(place, problem) for msgspec's message at the spot it names."""
    value, place = spot.data, spot.place
    if m := re.match(r"Object missing required field `(.+)`", msg):
        return f"{place}.{m[1]}", "missing"
    if m := re.match(r"Object contains unknown field `(.+)`", msg):
        struct = _struct_for(spot.tp, value)
        known = [k for k in _fields(struct) if k != "id"] if struct else []
        near = difflib.get_close_matches(m[1], known, n=1)
        return place, f"unknown key {m[1]!r}" + (f" (did you mean {near[0]!r}?)" if near else "")
    if msg.startswith(("Invalid enum value", "Invalid value")):
        allowed = [str(a) for a in typing.get_args(spot.tp)] if typing.get_origin(spot.tp) is Literal \
            else list(spot.tags)
        return place, f"{value!r} is not one of {', '.join(allowed) or 'the allowed values'}"
    lo, hi = _bounds(spot.meta)
    if re.match(r"Expected `(int|float)` (>=|<=|>|<)", msg) and (lo is not None or hi is not None):
        if lo is not None and hi is not None:
            return place, f"{value} is outside {lo}..{hi}"
        return place, f"{value} is below the minimum {lo}" if lo is not None \
            else f"{value} is above the maximum {hi}"
    if m := re.match(r"Expected `(\w+)`(?: of length (\d+))?, got `?(\w+)`?", msg):
        want, length = m[1], m[2]
        if length:
            return place, f"expected a list of {length} items, found {len(value)}"
        if value is None:
            return place, "missing"
        return place, f"expected {_KIND_NAMES.get(want, want)}, found {_kind(value)}"
    return place, msg[:1].lower() + msg[1:]


def _user_error(message: str, data: Any, schema: Any, file: str, place: str) -> UserError:
    m = _PATH.match(message)
    msg, path = (m[1], m[2] or "") if m else (message, "")
    if _KEY_MARK in msg:  # a __post_init__ problem naming one key
        _, key, problem = msg.split(_KEY_MARK, 2)
        return UserError(problem, file, _place_of(f"{path}.{key}", data, schema, place)[0].place)
    spot, described = _place_of(path, data, schema, place)
    if described is not None and described is not spot:  # inside a described field: judge it whole
        return UserError(f"should be {_described(described.meta)}", file, described.place)
    if described is spot and not msg.startswith("Object"):
        return UserError(f"should be {_described(spot.meta)}", file, spot.place)
    where, problem = _problem(msg, spot)
    return UserError(problem, file, where)


def _place_of(path: str, data: Any, schema: Any, place: str) -> tuple[_Spot, _Spot | None]:
    """The spot an error path leads to, and the outermost field on the way with a description."""
    spot = _Spot(data, schema, place)
    described = spot if _described(spot.meta) else None
    for name, index in _SEGMENT.findall(path):
        nxt = _step(spot, name or None, int(index) if index.isdigit() else None, index == "...")
        if nxt is None:
            break
        spot = nxt
        if described is None and _described(spot.meta):
            described = spot
    return spot, described

