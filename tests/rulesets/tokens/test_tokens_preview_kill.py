"""The attack preview's kill is a chance (the named target's to be taken out), never the sum of
take-outs over every unit a cleave reaches (the hover box read "Kill 150%")."""

from __future__ import annotations

import pytest
from tokens_helpers import make_match, place, set_hp, unit

from game.rulesets.tokens import RULESET
from game.rulesets.tokens.combat import strikes


@pytest.mark.rule("TK-CLEAVE")
def test_a_cleave_that_can_take_out_two_foes_previews_the_targets_kill_chance() -> None:
    m = make_match("wardens", "brood")
    v, b1, b2 = unit(m, "Vanguard 1"), unit(m, "Brute 1"), unit(m, "Brute 2")
    place(m, v, (5, 6))
    place(m, b1, (6, 6))
    place(m, b2, (7, 7))  # next to the target: in the cleave's ring
    for e in (b1, b2):
        set_hp(m, e, 1, 9)  # any strike that lands takes it out
    a = next(x for x in m.legal() if x.kind == "attack" and x.actor == v and x.target == b1)
    with m.world:
        plan = strikes(m, v, a.option, ("cleave",), b1, 0, "p1")
    assert sum(float(s.chance) for s in plan if s.takes_out) > 1  # two foes can go down
    p = RULESET.preview(m, a)
    assert 0.0 <= p.kill <= 1.0
    assert p.kill == next(float(s.chance) for s in plan if s.ent == b1)
