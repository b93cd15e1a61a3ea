"""The code `dataclasses` compiles at every start, kept compiled between starts.

`@dataclass` writes each class's methods (__init__, __repr__, __eq__...) as source text and
compiles that text when the class is made: for the sixty-odd classes a battle imports, about 20 ms
of CPU before its first frame, the same work at every start. The same text compiles to the same
code, so the code is kept, keyed by the text itself (a changed class is a new text: nothing goes
stale), in the user's cache folder beside the bytecode, one file per bytecode version as .pyc
files are; `dataclasses` is handed it instead of compiling again. Text not kept yet is compiled
as before and kept when the process ends. A missing, unreadable or foreign file is compiling as
before, nothing worse.
"""

from __future__ import annotations

import atexit
import builtins
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from types import CodeType
from typing import Any

#: entries beyond which the file keeps only what the last process used (old texts of changed classes)
MOST = 4000

_kept: dict[str, CodeType] = {}
_used: set[str] = set()
_added = False


def kept_exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:  # noqa: A002 - exec's own names
    """`exec` as `dataclasses` calls it, with the compiled code of a text kept from earlier runs."""
    global _added
    if type(source) is str:
        code = _kept.get(source)
        if code is None:
            # as exec() would compile it from inside dataclasses, which has no __future__ imports
            code = _kept[source] = compile(source, "<string>", "exec", dont_inherit=True)
            _added = True
        _used.add(source)
        source = code
    builtins.exec(source, globals, locals)


def file_in(folder: str) -> str:
    """The kept code's file in `folder` (one per Python bytecode version)."""
    return os.path.join(folder, f"dataclasses.{sys.implementation.cache_tag}.marshal")


def load(path: str) -> None:
    """Read the kept code from `path` (nothing when it is missing, unreadable or of another version)."""
    try:
        with open(path, "rb") as f:
            magic, entries = marshal.load(f)
    except (OSError, EOFError, ValueError, TypeError):
        return
    if magic == MAGIC_NUMBER and isinstance(entries, dict):
        for text, code in entries.items():
            if type(text) is str and type(code) is CodeType:
                _kept.setdefault(text, code)


def save(path: str) -> None:
    """Write what this process compiled, with what other processes kept meanwhile (replacing the
    file whole: a process reading it sees the old one or the new one)."""
    if not _added:
        return
    load(path)
    entries = _kept if len(_kept) <= MOST else {t: c for t, c in _kept.items() if t in _used}
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as f:
            marshal.dump((MAGIC_NUMBER, entries), f)
        os.replace(tmp, path)
    except OSError:
        try:
            os.remove(tmp)
        except OSError:
            pass


def install(folder: str) -> None:
    """Hand `dataclasses` the code kept in `folder`, and keep what it compiles anew at exit."""
    import dataclasses

    if getattr(dataclasses, "exec", None) is not None:
        return  # installed already (or dataclasses has one of its own: leave it)
    path = file_in(folder)
    load(path)
    dataclasses.exec = kept_exec  # type: ignore[attr-defined]  # found before the builtin by name
    atexit.register(save, path)
