"""Hard's side plan prices the enemies' reply as their own ganged declaration (reply.py): three
daggers that each scratch plate alone take a unit out together (keep the highest, +2). Before,
each enemy was priced alone on the unit it hit hardest, and the plan walked into the gang."""

from __future__ import annotations

import pytest
from saves_helpers import bench, make_match, place, setup_unit, side_units

from game.rulesets.saves.sideplan import side_plan


def _position():
    """A plate-clad unit that can reach a weak enemy only by stepping next to three daggers."""
    m = make_match()
    a = side_units(m, "p1")[0]
    t, e1, e2, e3 = side_units(m, "p2")[:4]
    bench(m, [a, t, e1, e2, e3])
    place(m, a, (2, 7))
    place(m, t, (10, 7))
    for e, cell in ((e1, (12, 6)), (e2, (12, 8)), (e3, (12, 7))):
        place(m, e, cell)
        setup_unit(m, e, hp=6, str_=10, dex=8, held=["dagger"], armour="none", shield="")
    setup_unit(m, a, hp=3, str_=10, dex=6, held=["sword"], armour="plate", shield="", bonus=[])
    setup_unit(m, t, hp=6, str_=10, dex=10, held=["fists"], armour="gambeson", shield="")
    return m, a, (t, e1, e2, e3)


@pytest.mark.rule("SV-GANG")
def test_the_plan_keeps_out_of_reach_of_the_gang_that_would_take_it_out():
    m, a, _foes = _position()
    with m.world:
        step = side_plan(m, "p1").steps[a]
    assert step.target is None and step.cell == (2, 7)


@pytest.mark.rule("SV-GANG")
def test_the_reply_gangs_the_daggers_on_the_unit_they_break_only_together():
    from game.rulesets.saves.reply import GangReply

    m, a, (t, e1, e2, e3) = _position()
    with m.world:
        reply = GangReply(m, [e1, e2, e3], [a])
        near = {a: (9, 6)}
        ganged = reply.value(near, {e1: 1.0, e2: 1.0, e3: 1.0})
        alone = sum(reply.gang(a, (6,)) for _ in range(3))
        assert ganged > 2 * alone
        # an enemy the plan surely takes out adds nothing
        two = reply.value(near, {e1: 1.0, e2: 1.0, e3: 0.0})
        assert two == pytest.approx(reply.gang(a, (6, 6)))
        assert reply.value({a: (2, 7)}, {e1: 1.0, e2: 1.0, e3: 1.0}) == 0.0
