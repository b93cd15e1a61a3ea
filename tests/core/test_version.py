"""Match.version: the token every state cache keys on changes with every change of state."""

from __future__ import annotations

import esper

from game.core.components import Position
from game.core.memo import state_memo
from tests.core.test_match import _match


def test_version_changes_with_every_input_event_undo_and_restore():
    match = _match()
    seen = {match.version}
    need = match.advance()
    assert need is not None
    before = match.version
    assert match.version == before  # reading the state changes nothing
    match.submit(need.legal[0])
    assert match.version not in seen | {before}
    seen.add(before)
    seen.add(match.version)
    match.undo()
    assert match.version not in seen
    seen.add(match.version)
    match.emit("note", "a line in the log")
    assert match.version not in seen
    seen.add(match.version)
    match.world.restore(match.world.snapshot())
    assert match.version not in seen
    seen.add(match.version)
    match.touch()
    assert match.version not in seen


def test_versions_are_never_shared_between_matches():
    one, two = _match(), _match()
    assert one.version != two.version
    assert one.scratch().version not in (one.version, two.version)


def test_state_memo_empties_when_the_state_changes():
    match = _match()
    need = match.advance()
    memo = state_memo(match, "test")
    memo["x"] = 1
    assert state_memo(match, "test") == {"x": 1}
    assert state_memo(match.scratch(), "test") == {}  # another match, its own memo
    match.submit(need.legal[0])
    assert state_memo(match, "test") == {}


def test_a_hand_edit_invalidates_only_when_touched():
    match = _match()
    memo = state_memo(match, "test")
    memo["cell"] = "cached"
    with match.world:
        ent = next(e for e, _ in esper.get_component(Position))
        esper.component_for_entity(ent, Position).cell = (2, 0)
    assert state_memo(match, "test") == {"cell": "cached"}  # esper edits are invisible to it...
    match.touch()
    assert state_memo(match, "test") == {}  # ...until the editor says so
