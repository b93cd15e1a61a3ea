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

#: entries beyond which a group keeps only what the last process used (old texts of changed classes)
MOST = 400


class Kept:
    """One kind of kept work in one file: per group (a module, a file name), key -> marshal-able
    value. A group is decoded when first asked for: a start reads only what it uses."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.path = ""
        self.packed: dict[str, bytes] | None = {}  # groups as read, not decoded yet (None: not read)
        self.groups: dict[str, dict[Any, Any]] = {}
        self.used: dict[str, set[Any]] = {}
        self.added: set[str] = set()

    def _group(self, group: str) -> dict[Any, Any]:
        found = self.groups.get(group)
        if found is None:
            found = {}
            if self.packed is None:  # read when first asked: a start that makes no class reads nothing
                self.packed = self._read()
            packed = self.packed.pop(group, None)
            if packed is not None:
                try:
                    entries = marshal.loads(packed)
                except (EOFError, ValueError, TypeError):
                    entries = None
                if isinstance(entries, dict):
                    found = entries
            self.groups[group] = found
        return found

    def get(self, group: str, key: Any) -> Any:
        """The value kept for `key` in `group`, or None."""
        value = self._group(group).get(key)
        if value is not None:
            self.used.setdefault(group, set()).add(key)
        return value

    def put(self, group: str, key: Any, value: Any) -> None:
        """Keep `value` for `key` in `group` (written at exit)."""
        self._group(group)[key] = value
        self.used.setdefault(group, set()).add(key)
        self.added.add(group)

    def _read(self) -> dict[str, bytes]:
        try:
            with open(self.path, "rb") as f:
                magic, groups = marshal.loads(f.read())  # load(f) reads object by object: 10x slower
        except (OSError, EOFError, ValueError, TypeError):
            return {}
        if magic != MAGIC_NUMBER or not isinstance(groups, dict):
            return {}
        return {g: b for g, b in groups.items() if type(g) is str and type(b) is bytes}

    def load(self, folder: str) -> None:
        """Use the file kept in `folder`, read when first asked (nothing when it is missing,
        unreadable or of another version)."""
        self.path = os.path.join(folder, f"{self.kind}.{sys.implementation.cache_tag}.marshal")
        self.packed = None

    def save(self) -> None:
        """Write the groups this process added to, over what the file holds now (other processes
        may have written it meanwhile); the file is replaced whole: a reader sees the old or the new."""
        if not self.added or not self.path:
            return
        groups = self._read()
        for group in self.added:
            entries = self.groups[group]
            if len(entries) > MOST:
                used = self.used.get(group, set())
                entries = {k: v for k, v in entries.items() if k in used}
            groups[group] = marshal.dumps(entries)
        tmp = f"{self.path}.{os.getpid()}.tmp"
        try:
            with open(tmp, "wb") as f:
                f.write(marshal.dumps((MAGIC_NUMBER, groups)))
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
        # grouped by the class's module (dataclasses passes its globals)
        group = str(globals.get("__name__", "")) if isinstance(globals, dict) else ""
        code = kept.get(group, source)
        if code is None:
            # as exec() compiles it from inside dataclasses, which has no __future__ imports
            code = compile(source, "<string>", "exec", dont_inherit=True)
            kept.put(group, source, code)
        source = code
    builtins.exec(source, globals, locals)


def install(folder: str) -> None:
    """Use the work kept in `folder`, and keep what is computed anew there at exit."""
    import dataclasses

    if STORES:
        return
    for kind in ("dataclasses", "toml", "xml"):
        kept = STORES[kind] = Kept(kind)
        kept.load(folder)
        atexit.register(kept.save)
    if getattr(dataclasses, "exec", None) is None:  # found by name before the builtin
        dataclasses.exec = kept_exec  # type: ignore[attr-defined]
