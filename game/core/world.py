"""The esper world of one match, and its exact JSON snapshot.

esper keeps its state in module globals with named worlds; `World` owns one name and switches
esper to it for the duration of a `with world:` block, so several matches (and the AI's scratch
copies) can live side by side. Components are dataclasses registered with `@component`; a
snapshot is `{entity: {ComponentName: fields}}` and restores to the same entity ids.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import types
import typing
from collections.abc import Iterator
from marshal import loads as marshal_loads
from typing import Any, TypeVar

import esper

C = TypeVar("C")
#: a world's components as a marshal of their fields, the classes it numbers and each class's
#: entities (`World.freeze_plain`)
Plain = tuple[bytes, list[type], list[tuple[type, tuple[int, ...]]]]
COMPONENTS: dict[str, type] = {}
_TUPLE_FIELDS: dict[type, dict[str, bool]] = {}
_names = itertools.count(1)
#: per live esper world (by name), tables a ruleset keeps for it: dropped when the world closes,
#: so what a finished game's worlds kept does not outlive them (`world_tables`)
_WORLD_TABLES: dict[str, dict[str, Any]] = {}


def world_tables() -> dict[str, Any]:
    """A dict of tables for the current esper world, dropped with it (`World.close`)."""
    name = esper.current_world
    found = _WORLD_TABLES.get(name)
    if found is None:
        found = _WORLD_TABLES[name] = {}
    return found
#: state versions, shared by every world and match: a version is never handed out twice, so a
#: cache keyed on one cannot mistake another match (or a restored world) for the one it saw
VERSIONS = itertools.count(1)


def component(cls: type[C]) -> type[C]:
    """Register a dataclass as a snapshot-able component under its class name."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__name__} must be a dataclass")
    if cls.__name__ in COMPONENTS and COMPONENTS[cls.__name__] is not cls:
        raise TypeError(f"component name {cls.__name__} registered twice")
    COMPONENTS[cls.__name__] = cls
    return cls


def _tuple_fields(cls: type) -> dict[str, bool]:
    """Which fields are annotated as tuples (JSON turns them into lists)."""
    known = _TUPLE_FIELDS.get(cls)
    if known is None:
        hints = typing.get_type_hints(cls)
        known = {}
        for f in dataclasses.fields(cls):
            hint = hints.get(f.name)
            origin = typing.get_origin(hint)
            if origin in (typing.Union, types.UnionType):
                args = [a for a in typing.get_args(hint) if a is not type(None)]
                origin = typing.get_origin(args[0]) if args else None
                hint = args[0] if args else hint
            known[f.name] = hint is tuple or origin is tuple
        _TUPLE_FIELDS[cls] = known
    return known


_PLAIN = (str, int, float, bool, type(None))


def to_jsonable(value: Any) -> Any:
    """Plain JSON data for a component field value."""
    if isinstance(value, _PLAIN):  # most field values: skip the slower checks below
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    return value


def _deep_tuple(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_deep_tuple(v) for v in value)
    return value


def component_from_json(name: str, data: dict[str, Any]) -> Any:
    """Rebuild a registered component from its snapshot fields."""
    cls = COMPONENTS[name]
    tuples = _tuple_fields(cls)
    # lists and dicts copied: a snapshot restored twice (undo, a replay's keyframe) must not
    # share them with the components a game then changes
    kwargs = {k: (_deep_tuple(v) if tuples.get(k) else copy.deepcopy(v) if isinstance(v, (list, dict)) else v)
              for k, v in data.items()}
    return cls(**kwargs)


class World:
    """One esper world context; use `with world:` around any esper calls for it."""

    def __init__(self, name: str | None = None) -> None:
        self.name = name or f"world-{next(_names)}"
        self._previous: list[str] = []
        #: changes on every restore (Match.version folds it in)
        self.version = next(VERSIONS)
        previous = esper.current_world
        esper.switch_world(self.name)
        esper.clear_database()
        esper.switch_world(previous)

    def __enter__(self) -> World:
        # nested blocks (a ruleset hook inside the AI's own block) find their world current:
        # switching to it again would only save and reload the same context
        current = esper.current_world
        self._previous.append(current)
        if current != self.name:
            esper.switch_world(self.name)
        return self

    def __exit__(self, *exc: object) -> None:
        previous = self._previous.pop()
        if previous != esper.current_world:
            esper.switch_world(previous)

    def close(self) -> None:
        """Free the esper context (never the active one)."""
        if esper.current_world == self.name:
            esper.switch_world("default")
        if self.name in esper.list_worlds():
            esper.delete_world(self.name)
        _WORLD_TABLES.pop(self.name, None)

    # -- snapshots -----------------------------------------------------------------------------
    def snapshot(self) -> dict[str, dict[str, Any]]:
        """Exact JSON-able state: entity id -> component name -> fields."""
        with self:
            out: dict[str, dict[str, Any]] = {}
            for ent in sorted(esper._entities):  # noqa: SLF001 - esper exposes no entity listing
                comps = esper.components_for_entity(ent)
                out[str(ent)] = {
                    type(c).__name__: to_jsonable(c) for c in sorted(comps, key=lambda c: type(c).__name__)
                }
            return out

    def restore(self, snap: dict[str, dict[str, Any]]) -> None:
        """Replace this world's content with a snapshot, keeping entity ids."""
        self.version = next(VERSIONS)
        wanted = sorted((int(k), v) for k, v in snap.items())
        if wanted and wanted[0][0] < 1:
            raise ValueError(f"entity id {wanted[0][0]} is below 1")
        with self:
            esper.clear_database()
            # esper numbers entities from a counter: point it at each wanted id in turn, so the
            # work is per entity and not per id up to the largest (an id of 10**8 in a save)
            for ent_id, comps in wanted:
                esper._entity_count = itertools.count(ent_id)  # noqa: SLF001 - no esper API for ids
                ent = esper.create_entity()
                for name, fields in comps.items():
                    esper.add_component(ent, component_from_json(name, fields))
            esper._entity_count = itertools.count(wanted[-1][0] + 1 if wanted else 1)  # noqa: SLF001

    def freeze(self) -> bytes:
        """This world's entities and component objects as one pickle, for `thaw`: an AI that
        returns a scratch world to the same state many times (a JSON snapshot restored twice
        would hand its own lists and dicts to the components, and a simulation would write into
        the snapshot)."""
        with self:
            data = [(ent, sorted(esper.components_for_entity(ent), key=lambda c: type(c).__name__))
                    for ent in sorted(esper._entities)]  # noqa: SLF001 - esper exposes no entity listing
        import pickle  # here: only the AI freezes worlds, after a battle's first frame

        return pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)

    def freeze_plain(self) -> Plain | None:
        """`freeze` as a marshal of the components' fields and the classes it numbers (`_plain`),
        for `thaw_plain`: about half the pickle's time to freeze, two fifths to thaw (casket's world,
        measured). None where a field holds what marshal cannot write exactly."""
        with self:
            data = [(ent, sorted(esper.components_for_entity(ent), key=lambda c: type(c).__name__))
                    for ent in sorted(esper._entities)]  # noqa: SLF001 - esper exposes no entity listing
        return _plain(data)

    def thaw_plain(self, plain: Plain) -> None:
        """Replace this world's content with fresh copies of what `freeze_plain` took, keeping ids."""
        self.version = next(VERSIONS)
        self._fill(plain, [])

    def thaw(self, frozen: bytes) -> None:
        """Replace this world's content with fresh copies of what `freeze` took, keeping ids."""
        import pickle

        self.version = next(VERSIONS)
        self._fill(None, pickle.loads(frozen))  # noqa: S301 - our own bytes from freeze(), never a file

    def _fill(self, plain: Plain | None, data: list[tuple[int, list[Any]]]) -> None:
        """This world's esper tables made anew from a marshal (`_plain`), else from component objects."""
        with self:
            esper.clear_database()
            # the tables esper's create_entity and add_component would build, filled in the same
            # order (the AI thaws a scratch world for every simulated action: no per-call overhead)
            entities = esper._entities  # noqa: SLF001 - no esper API for a bulk restore
            by_type = esper._components  # noqa: SLF001
            last = 0
            if plain is not None:
                new = object.__new__
                classes = plain[1]
                for last, row in marshal_loads(plain[0]):  # noqa: B007 - the last id is wanted
                    held = {}
                    for index, fields in row:
                        kind = classes[index]
                        comp = held[kind] = new(kind)
                        comp.__dict__ = fields
                    entities[last] = held
                for kind, ids in plain[2]:
                    by_type[kind] = set(ids)  # the ids ascending, as the loop below adds them
            for last, comps in data:  # noqa: B007
                held = {}
                for comp in comps:
                    kind = type(comp)
                    held[kind] = comp
                    ents = by_type.get(kind)
                    if ents is None:
                        ents = by_type[kind] = set()
                    ents.add(last)
                entities[last] = held
            esper._entity_count = itertools.count(last + 1)  # noqa: SLF001

    def copy(self, name: str | None = None) -> World:
        """A scratch world with the same content (AI lookahead)."""
        other = World(name)
        other.restore(self.snapshot())
        return other


def _plain_class(kind: type) -> bool:
    """Whether unpickling an instance is `object.__new__` and its `__dict__` set, no more."""
    return (kind.__new__ is object.__new__ and kind.__reduce_ex__ is object.__reduce_ex__
            and kind.__reduce__ is object.__reduce__ and not hasattr(kind, "__setstate__")
            and all("__slots__" not in vars(base) for base in kind.__mro__[:-1]))


def _plain(data: list[tuple[int, list[Any]]]) -> Plain | None:
    """Components as a marshal of their fields and the classes it numbers, for `_fill` to rebuild
    them from (`object.__new__` and the fields: what unpickling a plain class does). None where a
    field holds what marshal cannot write exactly (an object, an enum, a subclass of int or str:
    it refuses them) or a class has its own pickling. Marshal keeps a container held twice as one,
    as the pickle does."""
    import marshal

    classes: list[type] = []
    index: dict[type, int] = {}
    holders: list[list[int]] = []
    rows = []
    for ent_id, comps in data:
        row = []
        for comp in comps:
            kind = type(comp)
            at = index.get(kind)
            if at is None:
                if not _plain_class(kind) or type(getattr(comp, "__dict__", None)) is not dict:
                    return None
                at = index[kind] = len(classes)
                classes.append(kind)
                holders.append([])
            row.append((at, comp.__dict__))
            holders[at].append(ent_id)
        rows.append((ent_id, row))
    try:
        held = [(kind, tuple(ids)) for kind, ids in zip(classes, holders, strict=True)]
        return marshal.dumps(rows), classes, held
    except ValueError:
        return None


def state_hash(data: Any) -> str:
    """Stable SHA-256 of JSON data (replay checks)."""
    import hashlib  # here: OpenSSL's library loads in milliseconds a battle's first frame need not wait
    import json

    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def entities_with(*types_: type) -> Iterator[tuple[int, list[Any]]]:
    """Entities holding all given components, in ascending id order (determinism)."""
    found = sorted(esper.get_components(*types_), key=lambda item: item[0])
    yield from found
