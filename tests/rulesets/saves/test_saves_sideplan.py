"""Hard's side plan (sideplan.py) covers every attack Normal prices since issue #32: a risky stunt,
a blast over several enemies, a finishing blow on an Unconscious enemy. Before, it planned plain
attacks on standing enemies only, and its plan term (weight 4) pulled Hard off the better attack
Normal took in the very same position."""

from __future__ import annotations

import pytest
from saves_helpers import bench, make_match, place, setup_unit, side_units

from game.ai.levels import make_level
from game.core.components import Health, Status
from game.rulesets.saves.components import SvTurn, get
from game.rulesets.saves.sideplan import side_plan


def _moved(m, u):
    """The unit has used its move: only its declaration is left to choose."""
    with m.world:
        get(u, SvTurn).moved = True


def _picks(m):
    """(Normal's choice, Hard's choice) as (target, option)."""
    out = []
    for level in ("normal", "hard"):
        ai = make_level(level, seed=3, budget=5.0)
        c = ai.choose(m, m.legal())
        out.append((c.target, c.option))
    return out


@pytest.mark.rule("SV-IMPAIR")
def test_hard_makes_the_risky_stunt_normal_makes():
    m = make_match()
    a = side_units(m, "p1")[0]
    t1, t2 = side_units(m, "p2")[:2]
    bench(m, [a, t1, t2])
    place(m, a, (5, 5))
    place(m, t1, (6, 5))
    place(m, t2, (18, 12))
    # nimble and in plate: the stunt's DEX save is likely and a fall costs little
    setup_unit(m, a, hp=6, str_=12, dex=18, held=["sword"], armour="plate", shield="", bonus=[])
    for t in (t1, t2):
        setup_unit(m, t, hp=4, str_=10, dex=10, held=["sword"], armour="mail", shield="")
    _moved(m, a)
    normal, hard = _picks(m)
    assert normal == (t1, "stunt:sword")
    assert hard == normal
    with m.world:
        assert side_plan(m, "p1").steps[a].target == t1


@pytest.mark.rule("SV-BLAST")
def test_hard_throws_the_blast_over_two_enemies_that_normal_throws():
    m = make_match()
    a = side_units(m, "p1")[0]
    t1, t2, t3 = side_units(m, "p2")[:3]
    bench(m, [a, t1, t2, t3])
    place(m, a, (5, 5))
    place(m, t1, (9, 5))
    place(m, t2, (9, 6))  # next to t1: a firebomb at either reaches both
    place(m, t3, (18, 12))
    setup_unit(m, a, hp=6, str_=12, dex=10, held=["bow", "firebomb"], armour="plate", shield="", bonus=[])
    for t in (t1, t2, t3):
        setup_unit(m, t, hp=4, str_=10, dex=8, held=["sword"], armour="gambeson", shield="")
    _moved(m, a)
    normal, hard = _picks(m)
    assert normal[1] == "firebomb"
    assert hard == normal
    with m.world:
        step = side_plan(m, "p1").steps[a]
    assert step.option == "firebomb" and step.target in (t1, t2)


@pytest.mark.rule("SV-UNCONSCIOUS")
def test_hard_finishes_the_helpless_enemy_normal_finishes():
    m = make_match()
    a = side_units(m, "p1")[0]
    t1, t2 = side_units(m, "p2")[:2]
    bench(m, [a, t1, t2])
    place(m, a, (5, 5))
    place(m, t1, (8, 5))
    place(m, t2, (10, 8))
    setup_unit(m, a, hp=6, str_=12, dex=10, held=["bow"], armour="plate", shield="", bonus=[])
    setup_unit(m, t1, hp=4, str_=6, dex=8, held=["sword"], armour="none", shield="",
               conditions=["unconscious"])
    # the one standing: in plate and nimble, a poor target for an arrow
    setup_unit(m, t2, hp=4, str_=10, dex=15, held=["sword"], armour="plate", shield="")
    with m.world:
        get(t1, Health).current = 0
        get(t1, Status).state = "down"
    _moved(m, a)
    normal, hard = _picks(m)
    assert normal[0] == t1
    assert hard == normal
    with m.world:
        assert side_plan(m, "p1").steps[a].target == t1
