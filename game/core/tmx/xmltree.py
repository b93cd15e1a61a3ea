"""A map's or tileset's XML kept parsed between starts (game/codecache.py, by `python -m game`):
the tree as plain data, keyed by the file's bytes, read back as `Node`s that answer what the
map readers ask of ElementTree's elements (tag, attributes, text, children, find, findall, iter).
A battle's first frame then needs neither xml.etree nor a parse (about 4 ms of CPU)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

#: files past this size are parsed every time (a kept 256x256 map would weigh on every start)
KEPT_BYTES = 1 << 20


class Node:
    """One element of a kept tree, as ElementTree's Element reads."""

    __slots__ = ("tag", "attrib", "text", "_children")

    def __init__(self, tag: str, attrib: dict[str, str] | None = None, text: str | None = None,
                 children: list[Any] | None = None) -> None:
        self.tag = tag
        self.attrib = attrib if attrib is not None else {}
        self.text = text
        self._children = children if children is not None else []

    def get(self, key: str, default: Any = None) -> Any:
        """An attribute's value, or `default`."""
        return self.attrib.get(key, default)

    def keys(self) -> Any:
        """The attributes' names."""
        return self.attrib.keys()

    def items(self) -> Any:
        """The attributes' (name, value) pairs."""
        return self.attrib.items()

    def __iter__(self) -> Iterator[Any]:
        return iter(self._children)

    def __len__(self) -> int:
        return len(self._children)

    def append(self, child: Any) -> None:
        """Add a child element at the end."""
        self._children.append(child)

    def extend(self, children: Any) -> None:
        """Add child elements at the end."""
        self._children.extend(children)

    def iter(self, tag: str | None = None) -> Iterator[Any]:
        """This element and every one below it, in document order (those of `tag` only)."""
        if tag is None or self.tag == tag:
            yield self
        for child in self._children:
            yield from child.iter(tag)

    def iterfind(self, path: str) -> Iterator[Any]:
        """Elements at a path of tags ("a/b") or every descendant of a tag (".//a")."""
        if path.startswith(".//"):
            tag = path[3:]
            for child in self._children:
                yield from child.iter(tag)
            return
        level: list[Any] = [self]
        for tag in path.split("/"):
            level = [c for parent in level for c in parent if c.tag == tag]
        yield from level

    def find(self, path: str) -> Any:
        """The first element at `path`, or None."""
        return next(self.iterfind(path), None)

    def findall(self, path: str) -> list[Any]:
        """Every element at `path`."""
        return list(self.iterfind(path))


def plain(element: Any) -> tuple[Any, ...]:
    """An element's tree as plain data (marshal-able)."""
    return (element.tag, dict(element.attrib), element.text, [plain(c) for c in element])


def node(data: tuple[Any, ...]) -> Node:
    """A tree of `Node`s from `plain`'s data."""
    tag, attrib, text, children = data
    return Node(tag, attrib, text, [node(c) for c in children])
