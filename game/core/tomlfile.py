"""Reading TOML the game did not write itself (a player's squad files, content), in bounded time
and memory, through the same layer as every other file (game.core.files).

tomllib is pure Python and recursive, and some shapes cost it far more than their size: nesting
deeper than the recursion limit (a RecursionError), a key of thousands of dotted parts (quadratic:
a 40 KB `a.a.a...` took over 20 s), integers of thousands of digits (ValueError). A parse cannot
be interrupted safely in-thread, so the text is first held to cheap linear checks that make those
shapes impossible: size, UTF-8, bracket depth, dotted parts per key. What is left parses in well
under a second at the size limits (benchmarks/untrusted_files.py measures the worst shapes found).
Every problem is one `UserError` line naming the file, the place and the problem.
"""

from __future__ import annotations

import marshal
import re
from pathlib import Path
from typing import Any

from game.core.files import _ESCAPES, _TOML_SKIP, check_nesting, check_plain, read_bytes
from game.errors import UserError

#: bytes of a TOML file a player may hand the game (content files are a few KiB)
TOML_LIMIT = 64 << 10
#: nesting of arrays and inline tables (shipped content reaches 3)
TOML_DEPTH = 16
#: dotted parts of one key or table name (`[weapon.maul]` has 2; tomllib is quadratic in them)
MAX_KEY_PARTS = 8
_KEY_PART = rb"[A-Za-z0-9_-]++"
# strings and comments become one bare part ("s") so quoted parts count like bare ones; a run is
# looked for only where a part starts (the lookbehind), so no part is scanned twice
NEWLINE = b"\n"
_SPACED_DOT = re.compile(rb"[ \t]*\.[ \t]*")
_LONG_KEY = re.compile(rb"(?<![A-Za-z0-9_-])(?:" + _KEY_PART + rb"\.){%d}" % MAX_KEY_PARTS)


def _line_of(data: bytes, index: int) -> str:
    return f"line {data.count(NEWLINE, 0, index) + 1}"


def _keep_lines(found: re.Match[bytes]) -> bytes:
    return b"s" + NEWLINE * found.group().count(NEWLINE)


def check_key_parts(data: bytes, file: str, max_parts: int = MAX_KEY_PARTS) -> None:
    """UserError when a dotted key or table name has more than `max_parts` parts (strings and
    comments skipped). Linear; a rough reading of TOML's grammar that never misses a long key."""
    plain = _SPACED_DOT.sub(b".", _TOML_SKIP.sub(_keep_lines, _ESCAPES.sub(_keep_lines, data)))
    pattern = _LONG_KEY if max_parts == MAX_KEY_PARTS else re.compile(
        rb"(?<![A-Za-z0-9_-])(?:" + _KEY_PART + rb"\.){%d}" % max_parts)
    found = pattern.search(plain)
    if found:
        # the normalised text keeps every line break, so the line is the original's
        raise UserError(f"a key of more than {max_parts} dotted parts", file, _line_of(plain, found.start()))


def parse_toml(data: bytes, file: str, max_depth: int = TOML_DEPTH) -> dict[str, Any]:
    """TOML bytes as plain data, after the linear checks; syntax errors name the line. Bytes that
    passed them once are not parsed again where `python -m game` keeps their data (game/codecache.py)."""
    from game.codecache import store

    kept = store("toml")
    found = kept.get(file, (max_depth, data)) if kept is not None else None
    if found is not None:
        return marshal.loads(found)  # a fresh copy: callers may change what they are given
    doc = _parse_toml(data, file, max_depth)
    if kept is not None:
        try:
            kept.put(file, (max_depth, data), marshal.dumps(doc))
        except ValueError:
            pass  # dates and times (TOML has them; content does not) are parsed every time
    return doc


def _parse_toml(data: bytes, file: str, max_depth: int) -> dict[str, Any]:
    import tomllib  # here: content kept parsed (game/codecache.py) needs no parser

    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserError("not TOML (text that is not UTF-8)", file, _line_of(data, exc.start)) from None
    check_nesting(data, file, max_depth, syntax="toml")
    check_key_parts(data, file)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg, _, tail = str(exc).partition(" (at ")
        raise UserError(f"TOML syntax: {msg}", file, tail.rstrip(")")) from None
    except ValueError as exc:  # an integer of thousands of digits (Python's conversion limit)
        problem = "a number too long" if "digits" in str(exc) else f"not TOML ({exc})"
        raise UserError(problem, file) from None
    except RecursionError:  # the depth check makes this unreachable; kept as a refusal anyway
        raise UserError(f"nested too deep (the limit is {max_depth} levels)", file) from None
    check_plain(doc, file, max_depth=max_depth + 2, max_items=10_000, max_nodes=200_000)
    return doc


def read_toml(path: Path, limit: int = TOML_LIMIT, file: str | None = None,
              max_depth: int = TOML_DEPTH) -> dict[str, Any]:
    """A TOML file read within bounds (special files refused before reading, size, depth, key
    parts, parse) as plain data; UserError naming the file otherwise."""
    name = str(path) if file is None else file
    return parse_toml(read_bytes(path, limit, name), name, max_depth)
