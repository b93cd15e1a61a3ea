"""World restore keeps entity ids without creating every id up to the largest (a save naming
entity 100000000 used to hang the Load screen)."""

from __future__ import annotations

import esper
import pytest

import game.core.components  # noqa: F401 - registers Name
from game.core.world import World


def test_a_sparse_restore_creates_only_the_saved_entities(hang_guard):
    world = World()
    world.restore({"2": {"Name": {"text": "a", "kind": ""}},
                   "100000000": {"Name": {"text": "b", "kind": ""}}})
    with world:
        assert sorted(esper._entities) == [2, 100000000]  # noqa: SLF001
        assert esper.create_entity() == 100000001  # the next id follows the largest, as before
    assert set(world.snapshot()) == {"2", "100000000", "100000001"}
    world.close()


def test_restore_round_trips_and_copies_stay_independent():
    world = World()
    snap = {"1": {"Name": {"text": "a", "kind": "x"}}, "5": {"Name": {"text": "b", "kind": "y"}}}
    world.restore(snap)
    assert world.snapshot() == snap
    copy = world.copy()
    with copy:
        esper.create_entity()
    assert world.snapshot() == snap and set(copy.snapshot()) == {"1", "5", "6"}
    world.close()
    copy.close()


def test_an_id_below_one_is_refused_before_anything_changes():
    world = World()
    world.restore({"1": {"Name": {"text": "a", "kind": ""}}})
    with pytest.raises(ValueError):
        world.restore({"0": {"Name": {"text": "z", "kind": ""}}})
    assert world.snapshot() == {"1": {"Name": {"text": "a", "kind": ""}}}
    world.close()
