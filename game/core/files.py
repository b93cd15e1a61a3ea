"""Reading files the game did not write itself, in bounded time and memory, and writing durably.

Every file a player can hand the game (save, replay, settings, content, map) is untrusted: it
may be huge, a FIFO or a device, nested deeper than the recursion limit, or hold numbers of
5,000 digits. These helpers refuse all of that before or while decoding and turn any problem
into one `UserError` line naming the file, the place inside it and the problem:

- `read_bytes(path, limit)`: a regular file's bytes; special files are refused before reading.
- `decode_json(data, type_, file)` / `load_json(path, type_, limit)`: msgspec decoding to a
  schema (`typing.Any` for plain data), msgspec's error path as the place, any nesting refused
  in milliseconds (msgspec's RecursionError).
- `convert(obj, type_, file, place)`: msgspec validation of already-parsed data (TOML content).
- `check_plain(obj, file, place)`: depth, ints, strings, container sizes and value count inside
  free-form data, iteratively.
- `check_nesting(text, file, max_depth, syntax="toml")`: bracket depth of TOML (or JSON) text
  before a recursive parser (tomllib) sees it.
- `validation_error(exc, file, place)`: a msgspec.ValidationError as one UserError line.
- `write_atomic(path, text)`: temp file + fsync + rename + fsync of the folder;
  `clean_temp_files(folder)` removes what a crash left.
"""

from __future__ import annotations

import gc
import os
import re
import stat
import tempfile
import time
from itertools import accumulate
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from game.errors import UserError

T = TypeVar("T")

#: deepest nesting of arrays/objects accepted anywhere (real saves reach 7)
MAX_DEPTH = 48
#: bounds on free-form data (`check_plain`): what no legal game produces
MAX_INT = 2**63 - 1
MAX_TEXT = 20_000
MAX_ITEMS = 200_000
MAX_NODES = 2_000_000
TEMP_SUFFIX = ".tmp"


# -- reading ---------------------------------------------------------------------------------------
def _size_text(n: int) -> str:
    if n >= 1 << 20:
        return f"{n / (1 << 20):.1f} MiB"
    if n >= 1 << 10:
        return f"{n / (1 << 10):.0f} KiB"
    return f"{n} bytes"


def read_bytes(path: Path, limit: int, file: str | None = None) -> bytes:
    """A regular file's content, at most `limit` bytes; UserError otherwise.

    FIFOs, devices, sockets and folders are refused from their status before any read (a FIFO
    is opened non-blocking so that opening it cannot wait for a writer either).
    """
    name = str(path) if file is None else file
    try:
        st = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise UserError("a link to a file that does not exist", name) from None
        raise UserError("no such file", name) from None
    except OSError as exc:
        raise UserError(f"cannot read: {exc.strerror or exc}", name) from None
    if stat.S_ISDIR(st.st_mode):
        raise UserError("is a folder, not a file", name)
    if not stat.S_ISREG(st.st_mode):
        raise UserError("is not a regular file (a device, FIFO or socket); nothing was read", name)
    if st.st_size > limit:
        raise UserError(f"is {_size_text(st.st_size)}; the limit is {_size_text(limit)}", name)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise UserError(f"cannot read: {exc.strerror or exc}", name) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped between stat and open
            raise UserError("is not a regular file; nothing was read", name)
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as exc:
        raise UserError(f"cannot read: {exc.strerror or exc}", name) from None
    finally:
        os.close(fd)
    if got > limit:  # grew while being read
        raise UserError(f"is over the limit of {_size_text(limit)}", name)
    return b"".join(chunks)


# -- nesting ---------------------------------------------------------------------------------------
# Escapes go first (two bytes each: no quote they hold can end a string), then strings are plain
# `"[^"]*"` runs: no alternation repeated per character, which costs regex stack per character
# (a 15 MiB string through `"(?:[^"\\]|\\.)*"` took 8 s and 2 GiB).
_ESCAPES = re.compile(rb"\\.", re.S)
_JSON_STRINGS = re.compile(rb'"[^"]*"')
_TOML_SKIP = re.compile(  # multi-line and one-line strings, basic and literal, and comments
    rb'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"[^"\n]*"|\'[^\'\n]*\'|#[^\n]*')
_DEPTH_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}
_NOT_BRACKETS = bytes(b for b in range(256) if b not in _DEPTH_STEP)


def nesting_depth(data: bytes, syntax: str = "json") -> int:
    """How deep arrays and objects nest (strings and comments skipped); no recursion, linear,
    about 1 µs per string: for text files of modest size (TOML content). JSON goes through
    msgspec's own guard instead (decode_json)."""
    pattern = _TOML_SKIP if syntax == "toml" else _JSON_STRINGS
    brackets = pattern.sub(b"", _ESCAPES.sub(b"", data)).translate(None, _NOT_BRACKETS)
    if not brackets:
        return 0
    return max(0, max(accumulate(map(_DEPTH_STEP.__getitem__, brackets))))


def check_nesting(data: bytes | str, file: str, max_depth: int = MAX_DEPTH, syntax: str = "json") -> None:
    """UserError when arrays/objects nest deeper than `max_depth` (before any recursive parser)."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    depth = nesting_depth(raw, syntax)
    if depth > max_depth:
        raise UserError(f"nested {depth} levels deep; the limit is {max_depth}", file)


# -- decoding --------------------------------------------------------------------------------------
_AT = re.compile(r"^(?P<problem>.*?) - at `(?P<path>[^`]*)`(?: in `(?P<outer>[^`]*)`)?$", re.S)


_KINDS = {"int": "a whole number", "float": "a number", "str": "text", "array": "a list",
          "object": "an object", "null": "null", "bool": "true or false"}
_EXPECTED = re.compile(r"Expected `([^`]+)`(?:, got `([^`]+)`)?")


def _plain_kinds(match: re.Match[str]) -> str:
    def say(kinds: str) -> str:
        return " or ".join(_KINDS.get(k.strip(), k.strip()) for k in kinds.split("|"))

    text = f"expected {say(match[1])}"
    return f"{text}, found {say(match[2])}" if match[2] else text


def _place(path: str) -> str:
    # "[...]" stands for any value of an object: name the object itself
    return path.removeprefix("$").removeprefix(".").replace("[...]", "")


def validation_error(exc: msgspec.ValidationError, file: str, place: str = "") -> UserError:
    """msgspec's "Expected `int`, got `str` - at `$.a[0]`" as UserError(problem, file, "a[0]")."""
    text = str(exc)
    m = _AT.match(text)
    problem, inner = (m["problem"], m["path"]) if m else (text, "")
    if m and m["outer"] is not None:  # "- at `key` in `$.world`": a bad key of that object
        inner = m["outer"]
        problem = f"a key: {problem}"
    sub = _place(inner)
    where = ".".join(p for p in (place, sub) if p).replace(".[", "[")
    problem = _EXPECTED.sub(_plain_kinds, problem).replace("`", "")
    problem = problem.replace("Object missing required field", "missing field")
    problem = problem.replace("Object contains unknown field", "unknown field")
    return UserError(problem[:1].lower() + problem[1:], file, where)


def _locate_bad_value(data: bytes) -> str:
    """The path of the first value msgspec cannot decode at all (a number out of range), found
    by descending through msgspec.Raw children; "" when it cannot be narrowed down."""
    path = ""
    node = data
    for _ in range(20):  # each level decodes the level below once: bounded work
        children: list[tuple[str, msgspec.Raw]]
        try:
            obj = msgspec.json.decode(node, type=dict[str, msgspec.Raw])
            children = [(f".{k}", v) for k, v in obj.items()]
        except (msgspec.MsgspecError, RecursionError):
            try:
                items = msgspec.json.decode(node, type=list[msgspec.Raw])
            except (msgspec.MsgspecError, RecursionError):
                return path
            children = [(f"[{i}]", v) for i, v in enumerate(items)]
        for key, child in children:
            try:
                msgspec.json.decode(child)
            except RecursionError:
                continue  # deep, but not what is looked for
            except msgspec.MsgspecError:
                path += key
                node = bytes(child)
                break
        else:
            return path
    return path


def decode_json(data: bytes, type_: type[T] | Any, file: str) -> T:
    """JSON bytes decoded and validated against a msgspec schema; UserError on any problem.

    msgspec guards its own recursion (RecursionError near Python's limit, caught here), so any
    nesting decodes or is refused in milliseconds; free-form parts (`Any`) are then held to
    MAX_DEPTH by `check_plain`, which walks them without recursion.
    """
    data = data.removeprefix(b"\xef\xbb\xbf")  # a UTF-8 byte order mark (Notepad) is no damage
    gc_on = gc.isenabled()
    gc.disable()  # a file of a million small lists otherwise costs a full collection or three
    try:
        return msgspec.json.decode(data, type=type_)  # type: ignore[no-any-return]
    except msgspec.ValidationError as exc:
        err = validation_error(exc, file)
        text = str(exc)
        if "out of range" in text and ("[...]" in text or " - at " not in text):
            # msgspec names no key inside free-form objects: find the value's path itself
            found = _locate_bad_value(data).removeprefix(".")
            if found:
                err = UserError(err.problem, file, found)
        raise err from None
    except msgspec.DecodeError as exc:
        text = str(exc)
        m = re.search(r"\(byte (\d+)\)", text)
        if m:
            line = data.count(b"\n", 0, int(m.group(1))) + 1
            raise UserError(f"not JSON ({text.split(' (byte')[0].removeprefix('JSON is malformed: ')})",
                            file, f"line {line}") from None
        if "truncated" in text:
            raise UserError("not JSON (it ends too soon)", file) from None
        raise UserError(f"not JSON ({text})", file) from None
    except UnicodeDecodeError:  # msgspec checks UTF-8 inside strings only
        try:
            data.decode("utf-8")
            where = ""
        except UnicodeDecodeError as bad:
            newline = b"\n"
            where = f"line {data.count(newline, 0, bad.start) + 1}"
        raise UserError("not JSON (text that is not UTF-8)", file, where) from None
    except RecursionError:
        raise UserError(f"nested too deep (the limit is {MAX_DEPTH} levels)", file) from None
    finally:
        if gc_on:
            gc.enable()


def load_json(path: Path, type_: type[T] | Any, limit: int, *, file: str | None = None) -> T:
    """`read_bytes` then `decode_json` (then `check_plain` yourself where the schema has `Any`)."""
    name = str(path) if file is None else file
    return decode_json(read_bytes(path, limit, name), type_, name)


def convert(obj: Any, type_: type[T] | Any, file: str, place: str = "", *, str_keys: bool = False) -> T:
    """Validate already-parsed data (TOML tables, JSON sub-trees) against a msgspec schema."""
    try:
        return msgspec.convert(obj, type_, str_keys=str_keys)  # type: ignore[no-any-return]
    except msgspec.ValidationError as exc:
        raise validation_error(exc, file, place) from None


def check_plain(obj: Any, file: str, place: str = "", *, max_int: int = MAX_INT,
                max_text: int = MAX_TEXT, max_items: int = MAX_ITEMS, max_depth: int = MAX_DEPTH,
                max_nodes: int = MAX_NODES) -> None:
    """Bounds inside free-form data (`dict[str, Any]` fields, or a whole file decoded as `Any`):
    nesting depth, ints, string lengths, container sizes, values in all. Iterative, and the
    place of a problem is only spelled out when there is one."""
    # (value, depth, node): node indexes `keys`/`parents`, so paths cost nothing until needed
    keys: list[str] = [place]
    parents: list[int] = [-1]
    stack: list[tuple[Any, int, int]] = [(obj, 0, 0)]

    def where(node: int) -> str:
        parts: list[str] = []
        while node >= 0:
            parts.append(keys[node])
            node = parents[node]
        return "".join(reversed(parts)).removeprefix(".")

    while stack:
        value, depth, node = stack.pop()
        if value is None or isinstance(value, (bool, float)):
            continue
        if isinstance(value, int):
            if not -max_int <= value <= max_int:
                raise UserError(f"the number {str(value)[:12]}... is out of range", file, where(node))
            continue
        if isinstance(value, str):
            if len(value) > max_text:
                raise UserError(f"a text of {len(value)} characters; the limit is {max_text}", file,
                                where(node))
            continue
        if isinstance(value, (dict, list, tuple)):
            if depth >= max_depth:
                raise UserError(f"nested deeper than {max_depth} levels", file, where(node))
            if len(value) > max_items:
                raise UserError(f"{len(value)} values in one place; the limit is {max_items}", file,
                                where(node))
            if len(keys) + len(value) > max_nodes:
                raise UserError(f"more than {max_nodes} values in all", file, where(node))
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for k, v in items:
                if isinstance(k, str) and len(k) > max_text:
                    raise UserError("a key too long", file, where(node))
                keys.append(f".{k}" if isinstance(k, str) else f"[{k}]")
                parents.append(node)
                stack.append((v, depth + 1, len(keys) - 1))
            continue
        raise UserError(f"unexpected {type(value).__name__}", file, where(node))


# -- writing ---------------------------------------------------------------------------------------
def fsync_dir(folder: Path) -> None:
    """Flush a folder's entries (a rename is durable only then); a no-op where unsupported."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # Windows cannot open folders; NTFS journals the rename itself
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write a file so a crash leaves either the old or the new content, never half of one:
    a temp file beside it, fsync, rename over the target, fsync of the folder. The temp file is
    removed when anything fails."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_dir(path.parent)


def clean_temp_files(folder: Path, older_than: float = 60.0) -> list[Path]:
    """Remove temp files a crash left behind mid-write (older than `older_than` seconds, so a
    write in progress elsewhere is left alone); returns what was removed."""
    removed: list[Path] = []
    cutoff = time.time() - older_than
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.endswith(TEMP_SUFFIX):
            continue
        try:
            st = entry.lstat()
            if stat.S_ISREG(st.st_mode) and st.st_mtime < cutoff:
                entry.unlink()
                removed.append(entry)
        except OSError:
            continue
    return removed
