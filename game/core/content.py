"""Loading content (units, weapons, cards, squads) from TOML, with errors that name file and place.

Rulesets describe their entries with small frozen dataclasses and build them through `Fields`,
which checks presence, type and range and raises a `UserError` naming the file, the entry and
the key. Adding a weapon or a card never needs code.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TypeVar

from game.errors import UserError

T = TypeVar("T")
_MISSING = object()


def load_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file; a syntax error becomes one line naming the file and line."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError("no such data file", str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read: {exc}", str(path)) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        where = ""
        if "(at line" in msg:
            msg, _, tail = msg.partition(" (at ")
            where = tail.rstrip(")")
        raise UserError(f"TOML syntax: {msg}", str(path), where) from None


class Fields:
    """Typed access to one TOML table, raising UserError with file and place on a problem."""

    def __init__(self, data: Any, file: Path | str, place: str) -> None:
        if not isinstance(data, dict):
            raise UserError(f"expected a table, found {type(data).__name__}", str(file), place)
        self.data = data
        self.file = str(file)
        self.place = place
        self.used: set[str] = set()

    def fail(self, problem: str, key: str = "") -> UserError:
        """An error for this table (and key)."""
        where = f"{self.place}.{key}" if key else self.place
        return UserError(problem, self.file, where)

    def get(self, key: str, kind: type[T] | tuple[type, ...], default: Any = _MISSING) -> Any:
        """A value of the given type; required when no default is given."""
        self.used.add(key)
        if key not in self.data:
            if default is _MISSING:
                raise self.fail("missing", key)
            return default
        value = self.data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if float in kinds and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if isinstance(value, bool) and bool not in kinds:
            raise self.fail(f"expected {_names(kinds)}, found a boolean", key)
        if not isinstance(value, kinds):
            raise self.fail(f"expected {_names(kinds)}, found {type(value).__name__} {value!r}", key)
        return value

    def int_in(self, key: str, lo: int, hi: int, default: Any = _MISSING) -> int:
        """An integer within [lo, hi]."""
        value = self.get(key, int, default)
        if not lo <= value <= hi:
            raise self.fail(f"{value} is outside {lo}..{hi}", key)
        return int(value)

    def choice(self, key: str, allowed: Iterable[str], default: Any = _MISSING) -> str:
        """A string from a fixed set."""
        allowed = list(allowed)
        value = self.get(key, str, default)
        if value not in allowed:
            raise self.fail(f"{value!r} is not one of {', '.join(allowed)}", key)
        return str(value)

    def str_list(self, key: str, default: Any = _MISSING) -> list[str]:
        """A list of strings."""
        value = self.get(key, list, default)
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise self.fail(f"item {i + 1} should be a string, found {item!r}", key)
        return list(value)

    def sub(self, key: str, default: Any = _MISSING) -> Fields:
        """A nested table."""
        value = self.get(key, dict, default if default is _MISSING else (default or {}))
        return Fields(value, self.file, f"{self.place}.{key}")

    def no_extras(self) -> None:
        """Refuse keys nobody read (typos in content)."""
        extra = sorted(set(self.data) - self.used)
        if extra:
            raise self.fail(f"unknown key {extra[0]!r}")


def _names(kinds: tuple[type, ...]) -> str:
    return " or ".join({"str": "a string", "int": "an integer", "float": "a number", "list": "a list",
                        "dict": "a table", "bool": "true/false"}.get(k.__name__, k.__name__) for k in kinds)


def entries(doc: dict[str, Any], table: str, file: Path | str) -> list[tuple[str, Fields]]:
    """The named sub-tables of a top-level table: [[weapon.x]] style as (id, Fields)."""
    root = doc.get(table)
    if root is None:
        raise UserError(f"missing table [{table}]", str(file))
    if not isinstance(root, dict):
        raise UserError(f"[{table}] should be a table of entries", str(file))
    return [(key, Fields(value, file, f"{table}.{key}")) for key, value in root.items()]
