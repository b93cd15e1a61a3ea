"""core.world: exact JSON snapshots of an esper world, stable ids, independent copies."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import esper
import pytest

from game.core.components import Conditions, Health, Name, Position, Side, Status, Table
from game.core.world import World, component, entities_with, state_hash


@component
@dataclass
class WorldTestShape:
    """A component with every field shape snapshots must carry back exactly."""

    cell: tuple[int, int]
    path: tuple[tuple[int, int], ...] = ()
    maybe: tuple[int, int] | None = None
    tags: list[str] = field(default_factory=list)
    data: dict[str, list[int]] = field(default_factory=dict)
    flag: bool = False
    ratio: float = 0.5
    note: str | None = None


def _populate() -> list[int]:
    ids = []
    ids.append(esper.create_entity(Table(round=3, sides=("p1", "p2"), turn_side="p2", actor=4,
                                         data={"order": [4, 2], "nested": {"a": [1, 2]}})))
    for i in range(5):
        ids.append(esper.create_entity(
            Name(f"unit {i}", "grunt"), Side("p1" if i % 2 else "p2"), Position((i, 2 * i)),
            Health(10 - i, 10), Status(), Conditions({"bleeding": {"rounds": i}}),
            WorldTestShape((i, -i), ((0, 0), (1, i)), (i, i) if i % 2 else None, ["x"] * i,
                           {"k": [i]}, bool(i % 2), i / 4, None if i else "first")))
    return ids


def test_snapshot_restores_exactly_with_types():
    world = World()
    with world:
        _populate()
    snap = world.snapshot()
    json.dumps(snap)  # plain JSON all the way down
    other = World()
    other.restore(json.loads(json.dumps(snap)))
    assert other.snapshot() == snap
    with world:
        originals = {e: esper.components_for_entity(e) for e in esper.get_entities()}
    with other:
        for ent, comps in originals.items():
            for comp in comps:
                back = esper.component_for_entity(ent, type(comp))
                assert back == comp
        shape = esper.component_for_entity(3, WorldTestShape)
        assert isinstance(shape.cell, tuple) and isinstance(shape.path, tuple)
        assert all(isinstance(step, tuple) for step in shape.path)
        assert isinstance(shape.maybe, tuple)
        assert esper.component_for_entity(1, Table).sides == ("p1", "p2")
        assert isinstance(esper.component_for_entity(2, Position).cell, tuple)
        assert esper.component_for_entity(2, WorldTestShape).maybe is None


def test_deleted_entity_gaps_keep_every_id():
    world = World()
    with world:
        ids = _populate()
        esper.delete_entity(ids[2], immediate=True)
        esper.delete_entity(ids[4], immediate=True)
        after = esper.create_entity(Name("late"))
    snap = world.snapshot()
    assert sorted(int(k) for k in snap) == [1, 2, 4, 6, after]
    other = World()
    other.restore(snap)
    with other:
        assert not esper.entity_exists(ids[2]) and not esper.entity_exists(ids[4])
        assert esper.component_for_entity(after, Name).text == "late"
        assert esper.component_for_entity(ids[3], Name).text == "unit 2"
        # the next id continues after the highest one, as it would have in the original
        assert esper.create_entity() == after + 1
    with world:
        assert esper.create_entity() == after + 1
    assert other.snapshot() == world.snapshot()


def test_restore_replaces_previous_content():
    world = World()
    with world:
        _populate()
    snap = world.snapshot()
    with world:
        esper.component_for_entity(2, Health).current = -5
        esper.create_entity(Name("extra"))
        esper.remove_component(3, Conditions)
    world.restore(snap)
    assert world.snapshot() == snap


def test_copy_is_independent_including_mutable_fields():
    world = World()
    with world:
        _populate()
    twin = world.copy()
    with twin:
        esper.component_for_entity(2, Health).current = 0
        esper.component_for_entity(2, WorldTestShape).tags.append("changed")
        esper.component_for_entity(1, Table).data["order"].append(99)
        esper.create_entity(Name("only in the copy"))
    with world:
        assert esper.component_for_entity(2, Health).current == 10
        assert esper.component_for_entity(2, WorldTestShape).tags == []
        assert esper.component_for_entity(1, Table).data["order"] == [4, 2]
        assert len(list(esper.get_entities())) == 6
    assert twin.snapshot() != world.snapshot()


def test_worlds_are_separate_and_with_blocks_nest():
    a, b = World("wt-a"), World("wt-b")
    start = esper.current_world
    with a:
        esper.create_entity(Name("in a"))
        with b:
            assert esper.current_world == "wt-b"
            assert list(esper.get_entities()) == []
        assert esper.current_world == "wt-a"
        assert len(list(esper.get_entities())) == 1
    assert esper.current_world == start
    b.close()
    assert "wt-b" not in esper.list_worlds()
    with a:
        a.close()  # closing the active world steps out to the default one first
    assert "wt-a" not in esper.list_worlds()


def test_entities_with_is_in_ascending_id_order():
    world = World()
    with world:
        ids = _populate()
        found = [ent for ent, _ in entities_with(Name, Health)]
    assert found == sorted(ids[1:])


def test_state_hash_is_stable_and_sensitive():
    world = World()
    with world:
        _populate()
    snap = world.snapshot()
    reordered = json.loads(json.dumps(snap, sort_keys=False))
    reordered = dict(reversed(list(reordered.items())))
    assert state_hash(snap) == state_hash(reordered)
    with world:
        esper.component_for_entity(3, Health).current -= 1
    assert state_hash(world.snapshot()) != state_hash(snap)


def test_component_registration_rules():
    class NotData:
        pass

    with pytest.raises(TypeError):
        component(NotData)

    @dataclass
    class WorldTestShape:  # noqa: F811 - deliberately the same name as the registered one
        x: int

    with pytest.raises(TypeError):
        component(WorldTestShape)


@pytest.mark.parametrize("attempt", [1, 2])
def test_every_test_starts_with_a_fresh_default_world(attempt):
    # runs twice: the second run would see the first run's litter without the conftest fixture
    assert esper.current_world == "default"
    assert list(esper.get_entities()) == []
    assert esper.list_worlds() == ["default"]
    esper.create_entity(Name(f"litter {attempt}"))
    World(f"litter-{attempt}")


def test_a_snapshot_restored_twice_shares_no_list_or_dict_with_the_first_restore() -> None:
    # World.restore handed the snapshot's own lists and dicts to the components: a game (or an AI
    # simulation) changing them wrote into the snapshot, and the next restore started from that
    w = World()
    with w:
        _populate()
        snap = w.snapshot()
    before = json.dumps(snap, sort_keys=True)
    w.restore(snap)
    with w:
        for _ent, table in esper.get_component(Table):
            table.data["order"].append(99)
            table.data["nested"]["a"].append(7)
        for _ent, shape in esper.get_component(WorldTestShape):
            shape.tags.append("changed")
            shape.data.setdefault("k", []).append(5)
    assert json.dumps(snap, sort_keys=True) == before
    w.restore(snap)
    assert json.dumps(w.snapshot(), sort_keys=True) == before


def test_freeze_and_thaw_give_fresh_copies_each_time() -> None:
    w = World()
    with w:
        _populate()
        snap = json.dumps(w.snapshot(), sort_keys=True)
    frozen = w.freeze()
    w.thaw(frozen)
    with w:
        for _ent, table in esper.get_component(Table):
            table.data["order"].append(99)
    w.thaw(frozen)
    assert json.dumps(w.snapshot(), sort_keys=True) == snap


@component
@dataclass
class WorldTestShared:
    """Two fields holding one list: a copy must keep them one list, as the pickle does."""

    first: list[int] = field(default_factory=list)
    second: list[int] = field(default_factory=list)


@component
@dataclass
class WorldTestObject:
    """A field holding an object (a component): marshal cannot write it."""

    inner: Any = None


def _tables(w: World) -> list[tuple[int, list[tuple[str, dict[str, Any]]]]]:
    """Every entity's components in esper's order, each with its fields and their types."""
    with w:
        return [(ent, [(type(c).__name__, {k: (type(v).__name__, v) for k, v in vars(c).items()})
                       for c in esper.components_for_entity(ent)])
                for ent in sorted(esper._entities)]  # noqa: SLF001


def test_plain_freeze_and_thaw_copy_exactly_what_the_pickle_copies() -> None:
    w = World()
    with w:
        _populate()
        shared = [1, 2]
        esper.create_entity(WorldTestShared(shared, shared))
    frozen, plain = w.freeze(), w.freeze_plain()
    assert plain is not None
    w.thaw(frozen)
    expected = _tables(w)
    with w:
        next_id = esper.create_entity()
    for _ in range(2):
        w.thaw_plain(plain)
        assert _tables(w) == expected
        with w:
            assert esper.create_entity() == next_id  # ids go on after the highest, as after a pickle
            esper.delete_entity(next_id, immediate=True)
        with w:
            for _ent, table in esper.get_component(Table):
                table.data["order"].append(99)  # a simulation writes into its copy, never the plain
            for _ent, both in esper.get_component(WorldTestShared):
                assert both.first is both.second
                both.first.append(3)
    # the pickle's copy of the same world is the same tables
    for _ in range(2):
        w.thaw(frozen)
        assert _tables(w) == expected
        with w:
            for _ent, table in esper.get_component(Table):
                table.data["nested"]["a"].append(7)


def test_plain_freeze_refuses_a_field_marshal_cannot_write() -> None:
    w = World()
    with w:
        esper.create_entity(WorldTestObject(Name("inside", "grunt")), Side("p1"))
    assert w.freeze_plain() is None
    frozen = w.freeze()
    w.thaw(frozen)
    with w:
        (_ent, obj), = esper.get_component(WorldTestObject)
        assert obj.inner == Name("inside", "grunt")
