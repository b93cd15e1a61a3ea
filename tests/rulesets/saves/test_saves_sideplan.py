"""Hard's side plan (sideplan.py) covers every attack Normal prices since issue #32: a risky stunt,
a blast over several enemies, a finishing blow on an Unconscious enemy, and a knock-down whose
Prone target the others then attack Enhanced. Before, it planned plain attacks on standing enemies
only, and its plan term (weight 4) pulled Hard off the better attack or maneuver Normal took in
the very same position."""

from __future__ import annotations

import pytest
from saves_helpers import act, bench, find, make_match, place, setup_unit, side_units

from game.ai.levels import make_level
from game.core.components import Health, Status
from game.rulesets.saves.components import SvGear, SvTurn, get
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


def _gang_on_a_clumsy_knight():
    """Three fighters next to a knight in plate with little DEX: plain swords seldom get through
    the plate, and an Enhanced attack's d12 does. The fighters are clumsy too (a risky stunt of
    their own would likely fail), so the way to Enhance all of them is to knock the knight down."""
    m = make_match()
    a, b, c = side_units(m, "p1")[:3]
    x, y = side_units(m, "p2")[:2]
    bench(m, [a, b, c, x, y])
    place(m, x, (6, 5))
    place(m, y, (18, 12))
    for u, cell in ((a, (5, 5)), (b, (7, 5)), (c, (6, 6))):
        place(m, u, cell)
        setup_unit(m, u, hp=8, str_=12, dex=6, held=["sword"], armour="mail", shield="", bonus=[])
    setup_unit(m, a, held=["dagger"])
    setup_unit(m, x, hp=6, str_=12, dex=5, held=["sword"], armour="plate", shield="")
    setup_unit(m, y, hp=4, str_=10, dex=10, held=["sword"], armour="mail", shield="")
    with m.world:
        for u in (a, b, c, x, y):
            get(u, SvGear).items = []
    for u in (a, b, c):
        _moved(m, u)
    return m, a, b, c, x


@pytest.mark.rule("SV-MANEUVER")
def test_the_plan_knocks_the_target_down_for_the_others_attacks():
    m, a, b, c, x = _gang_on_a_clumsy_knight()
    with m.world:
        steps = side_plan(m, "p1").steps
    assert (steps[a].target, steps[a].option) == (x, "knockdown")
    assert {(steps[u].target, steps[u].option) for u in (b, c)} == {(x, "sword")}
    knock = find(m, "maneuver", actor=a, target=x, option="knockdown")
    stab = find(m, "attack", actor=a, target=x, option="dagger")
    assert (m.ruleset.plan_step(m, knock), m.ruleset.plan_step(m, stab)) == (1.0, 0.0)


@pytest.mark.rule("SV-MANEUVER")
def test_hard_knocks_down_where_normal_does():
    m, a, b, c, x = _gang_on_a_clumsy_knight()
    act(m, "attack", actor=b, target=x, option="sword")
    act(m, "attack", actor=c, target=x, option="sword")
    normal, hard = _picks(m)
    assert normal == (x, "knockdown")
    assert hard == normal
