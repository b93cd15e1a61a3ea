"""No peeking at hidden units: states that differ only in where a unit hidden from a side truly is
give that side the same picture, the same decisions at every level, and AI samples that never
start from the true position (toyrules.HidingRules: p2's unit 5 lurks, last seen on (6, 5))."""

from __future__ import annotations

import esper
import pytest
from toyrules import hiding_match

from game.ai import knowledge
from game.ai.knowledge import Sample, UnitInfo, units
from game.ai.levels import make_level
from game.ai.terms import Scorer
from game.core.chance import Chance
from game.core.components import Position
from game.core.knowledge import Belief, believed_cell, believed_cells, known_units, place_hidden

LURKER, LAST_SEEN = 5, (6, 5)
#: two true cells for the lurker, both in plain sight of p1's units: no sample may put it there
TRUE_A, TRUE_B = (2, 3), (7, 6)


def _cell(match, ent):
    with match.world:
        return tuple(esper.component_for_entity(ent, Position).cell)


def _twins(seed: int = 1):
    a, b = hiding_match(seed, at=TRUE_A), hiding_match(seed, at=TRUE_B)
    assert a.state_hash() != b.state_hash()
    return a, b


def test_known_units_put_a_hidden_unit_where_the_side_last_saw_it():
    match = hiding_match(at=TRUE_A)
    p1 = {u.ent: u for u in known_units(match, "p1")}
    assert p1[LURKER] == Belief(LURKER, "p2", LAST_SEEN, hidden=True)
    assert p1[4] == Belief(4, "p2", (6, 1))
    # its own side, and the whole truth, see it where it is
    assert {u.ent: u.cell for u in known_units(match, "p2")}[LURKER] == TRUE_A
    assert {u.ent: u.cell for u in known_units(match, None)}[LURKER] == TRUE_A
    assert believed_cells(match, "p1")[LURKER] == LAST_SEEN
    assert believed_cell(match, "p1", LURKER) == LAST_SEEN and believed_cell(match, "p1", 4) == (6, 1)
    assert believed_cell(match, "p2", LURKER) == TRUE_A
    info = {u.ent: u for u in units(match, "p1")}
    assert info[LURKER].cell == LAST_SEEN and info[LURKER].hidden
    match.close()


def test_a_never_seen_unit_is_left_out_of_the_ai_picture():
    match = hiding_match(at=TRUE_A, last_seen=None)
    assert Belief(LURKER, "p2", None, hidden=True) in known_units(match, "p1")
    assert LURKER not in {u.ent for u in units(match, "p1")}
    assert LURKER not in believed_cells(match, "p1")
    assert believed_cell(match, "p1", LURKER) is None
    match.close()


def test_default_threat_and_plan_do_not_move_with_the_true_position():
    a, b = _twins()
    for cell in [(2, 2), (3, 5), (5, 3), (6, 6)]:
        assert a.ruleset.threat_by(a, "p1", cell) == b.ruleset.threat_by(b, "p1", cell)
        assert LURKER in a.ruleset.threat_by(a, "p1", cell) or \
            a.board.distance(cell, LAST_SEEN) > 2 * a.ruleset.threat_reach
    assert a.ruleset.evaluate(a, "p1") == b.ruleset.evaluate(b, "p1")
    ca, cb = Scorer().context(a, "p1"), Scorer().context(b, "p1")
    assert ca.key == cb.key and ca.support == cb.support and ca.assigned == cb.assigned
    assert ca.focus == cb.focus
    assert any(isinstance(u, UnitInfo) and u.ent == LURKER and u.cell == LAST_SEEN for u in ca.units)
    a.close()
    b.close()


def test_place_hidden_draws_among_the_hiding_places_only():
    a, b = _twins()
    places = set(a.ruleset.hiding_places(a, "p1", LURKER, LAST_SEEN))
    assert places and TRUE_A not in places and TRUE_B not in places
    drawn = set()
    for s in range(12):
        sa, sb = a.scratch(), b.scratch()
        place_hidden(sa, "p1", Chance(s))
        place_hidden(sb, "p1", Chance(s))
        assert sa.world.snapshot() == sb.world.snapshot()  # nothing of the truth survives
        drawn.add(_cell(sa, LURKER))
        assert _cell(sa, 4) == (6, 1) and _cell(sa, 2) == (1, 1)  # seen units stay put
        sa.close()
        sb.close()
    assert drawn <= places and len(drawn) > 1
    # the side the unit belongs to has nothing hidden from it: its copies keep the truth
    own = a.scratch()
    place_hidden(own, "p2", Chance(1))
    assert _cell(own, LURKER) == TRUE_A
    own.close()
    a.close()
    b.close()


def _play_p1(a, b, level: str, turns: int = 6) -> list[str]:
    opts = {"samples": 4, "budget": 30.0} if level == "hard" else {"budget": 30.0}
    opts = {} if level == "random" else opts
    ai_a, ai_b = make_level(level, 7, **opts), make_level(level, 7, **opts)
    chosen = []
    for _ in range(turns):
        if a.over or b.over or a.current().side != "p1":
            break
        la, lb = a.legal(), b.legal()
        assert [x.to_json() for x in la] == [x.to_json() for x in lb]
        xa, xb = ai_a.choose(a, la), ai_b.choose(b, lb)
        assert xa.to_json() == xb.to_json()
        assert ai_a.last_explanation == ai_b.last_explanation  # the scores too, not just the pick
        chosen.append(xa.label)
        if xa.kind != "move":
            break  # an attack draws cards: the twins' futures part here
        a.submit(xa)
        b.submit(xb)
    return chosen


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_hidden_position_does_not_change_decisions(level):
    for seed in (1, 2, 3):
        a, b = _twins(seed)
        assert _play_p1(a, b, level)
        a.close()
        b.close()


def test_hard_samples_never_hold_the_true_position(monkeypatch):
    a, b = _twins(4)
    places = set(a.ruleset.hiding_places(a, "p1", LURKER, LAST_SEEN))
    samples: dict[str, list] = {"a": [], "b": []}
    real_init = Sample.__init__
    which = {"now": "a"}

    def spy(self, live, side, chance):
        real_init(self, live, side, chance)
        samples[which["now"]].append((_cell(self.match, LURKER), self.match.world.snapshot()))

    monkeypatch.setattr(knowledge.Sample, "__init__", spy)
    picks = []
    for name, match in (("a", a), ("b", b)):
        which["now"] = name
        picks.append(make_level("hard", 3, samples=5, budget=30.0).choose(match, match.legal()).to_json())
    assert picks[0] == picks[1]
    assert samples["a"] and len(samples["a"]) == len(samples["b"])
    for (cell_a, world_a), (cell_b, world_b) in zip(samples["a"], samples["b"], strict=True):
        assert cell_a == cell_b and world_a == world_b
        assert cell_a in places and cell_a not in (TRUE_A, TRUE_B)
    a.close()
    b.close()


def test_the_ui_shows_a_hidden_unit_where_its_viewer_last_saw_it():
    """The battle screen reads units through the same knowledge (game.ui.view has no pygame)."""
    from game.ui.view import read_units

    match = hiding_match(at=TRUE_A)
    assert {u.ent: u.cell for u in read_units(match, "p1")}[LURKER] == LAST_SEEN
    assert {u.ent: u.cell for u in read_units(match, "p2")}[LURKER] == TRUE_A
    assert {u.ent: u.cell for u in read_units(match, None)}[LURKER] == TRUE_A
    match.close()
    never = hiding_match(at=TRUE_A, last_seen=None)
    assert LURKER not in {u.ent for u in read_units(never, "p1")}
    never.close()
