"""Work every start repeats on the same input, kept between starts in the user's cache folder.

- The code `dataclasses` compiles: `@dataclass` writes each class's methods (__init__, __repr__,
  __eq__...) as source text and compiles it when the class is made, for the sixty-odd classes a
  battle imports about 20 ms of CPU before its first frame. The same text compiles to the same
  code, so the code is kept, keyed by the text itself, and `dataclasses` is handed it instead of
  compiling again.
- Content TOML parsed (`game.core.tomlfile`): tomllib is pure Python (3-6 ms a ruleset, and its
  import). The same bytes parse to the same data, so the data of bytes that passed every check is
  kept, keyed by the bytes themselves.

Keys are the whole input, so nothing goes stale: a changed class or file is a new key. One file
per kind and bytecode version (as .pyc files are), written when the process ends if it computed
anything new; a missing, unreadable or foreign file means computing as before, nothing worse.
Only `python -m game` installs this (game/__main__.py); tests and library use compute as before.
"""

from __future__ import annotations

import atexit
import builtins
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from typing import Any

#: entries beyond which a file keeps only what the last process used (old texts of changed classes)
MOST = 4000


class Kept:
    """One kind of kept work: key -> marshal-able value, read from and written to one file."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.path = ""
        self.entries: dict[Any, Any] = {}
        self.used: set[Any] = set()
        self.added = False

    def get(self, key: Any) -> Any:
        """The value kept for `key`, or None."""
        value = self.entries.get(key)
        if value is not None:
            self.used.add(key)
        return value

    def put(self, key: Any, value: Any) -> None:
        """Keep `value` for `key` (written at exit)."""
        self.entries[key] = value
        self.used.add(key)
        self.added = True

    def load(self, folder: str) -> None:
        """Read the file kept in `folder` (nothing when it is missing, unreadable or of another version)."""
        self.path = os.path.join(folder, f"{self.kind}.{sys.implementation.cache_tag}.marshal")
        try:
            with open(self.path, "rb") as f:
                magic, entries = marshal.load(f)
        except (OSError, EOFError, ValueError, TypeError):
            return
        if magic == MAGIC_NUMBER and isinstance(entries, dict):
            for key, value in entries.items():
                self.entries.setdefault(key, value)

    def save(self) -> None:
        """Write what this process added, with what other processes kept meanwhile (the file is
        replaced whole: a process reading it sees the old one or the new one)."""
        if not self.added or not self.path:
            return
        self.load(os.path.dirname(self.path))
        entries = self.entries
        if len(entries) > MOST:
            entries = {k: v for k, v in entries.items() if k in self.used}
        tmp = f"{self.path}.{os.getpid()}.tmp"
        try:
            with open(tmp, "wb") as f:
                marshal.dump((MAGIC_NUMBER, entries), f)
            os.replace(tmp, self.path)
        except (OSError, ValueError):
            try:
                os.remove(tmp)
            except OSError:
                pass


#: installed stores by kind ("dataclasses", "toml"); empty unless `install` ran
STORES: dict[str, Kept] = {}


def store(kind: str) -> Kept | None:
    """The installed store of a kind, or None (compute as usual)."""
    return STORES.get(kind)


def kept_exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:  # noqa: A002 - exec's names
    """`exec` as `dataclasses` calls it, with the code of a text compiled at an earlier start."""
    kept = STORES.get("dataclasses")
    if kept is not None and type(source) is str:
        code = kept.get(source)
        if code is None:
            # as exec() compiles it from inside dataclasses, which has no __future__ imports
            code = compile(source, "<string>", "exec", dont_inherit=True)
            kept.put(source, code)
        source = code
    builtins.exec(source, globals, locals)


def install(folder: str) -> None:
    """Use the work kept in `folder`, and keep what is computed anew there at exit."""
    import dataclasses

    if STORES:
        return
    for kind in ("dataclasses", "toml"):
        kept = STORES[kind] = Kept(kind)
        kept.load(folder)
        atexit.register(kept.save)
    if getattr(dataclasses, "exec", None) is None:  # found by name before the builtin
        dataclasses.exec = kept_exec  # type: ignore[attr-defined]
