"""The battle screen's hover questions, answered by casket's own legality checks and to-hit terms."""

from __future__ import annotations

import pytest
from casket_helpers import duel, place, set_hand

from game.rulesets.casket import RULESET
from game.rulesets.casket.components import CasketSP, get
from game.rulesets.casket.hover import cell_info


def why(m, a, b) -> str:
    return RULESET.why_not_target(m, a, b)


def targets(m, a, b) -> bool:
    return any(x.target == b and x.kind == "card" for x in m.legal() if x.actor == a)


@pytest.mark.rule("CK-DECLARE")
def test_out_of_range_and_no_line_of_sight_are_the_reasons_given():
    m, a, b = duel()
    set_hand(m, a, ["faithful_thrust"])  # a melee card: range 1
    place(m, a, (1, 5), 0)
    assert not targets(m, a, b)
    assert why(m, a, b) == "out of range (5 hexes away, Faithful Thrust reaches 1)"
    set_hand(m, a, ["judgement"])  # range 2
    place(m, a, (4, 5), 0)
    m.board.set((5, 5), blocks_los=True)
    assert not targets(m, a, b)
    assert why(m, a, b) == "no line of sight"
    m.board.set((5, 5), blocks_los=False)
    assert targets(m, a, b) and why(m, a, b) == ""


@pytest.mark.rule("CK-DECLARE")
def test_reasons_name_the_cards_when_they_differ_and_sp_counts():
    m, a, b = duel()
    set_hand(m, a, ["faithful_thrust", "judgement"])
    place(m, a, (4, 5), 0)
    m.board.set((5, 5), blocks_los=True)
    text = why(m, a, b)
    assert "Faithful Thrust: out of range (2 hexes away, Faithful Thrust reaches 1)" in text
    assert "no line of sight" in text
    set_hand(m, a, ["feint"])
    assert why(m, a, b) == "no attack card in hand"
    set_hand(m, a, ["faithful_thrust"])
    place(m, a, (5, 5), 0)
    with m.world:
        get(a, CasketSP).sp = 0
    assert not targets(m, a, b)
    assert why(m, a, b).startswith("needs ") and "SP" in why(m, a, b)


def test_no_reason_for_allies_or_before_activating():
    m, a, b = duel()
    assert why(m, b, a) == ""  # b is not activating


@pytest.mark.rule("CK-TOHIT")
def test_cell_info_gives_the_to_hit_effect_of_a_hex_from_the_table():
    m, a, b = duel()
    board = m.board
    board.set((2, 2), cover=1)
    board.set((3, 2), cover=2)
    board.set((4, 2), obscured=True)
    board.set((5, 2), move_cost=2.0)
    board.set((6, 2), elevation=1)
    with m.world:
        light, heavy, smoke, rough, high = (cell_info(m, (x, 2), "p1") for x in range(2, 7))
        plain = cell_info(m, (9, 9), "p1")
    assert any("light cover" in x and "+1 to the target number" in x for x in light)
    assert any("heavy cover" in x and "+2 to the target number" in x for x in heavy)
    assert any("obscured" in x and "+2" in x for x in smoke)
    assert rough == ["entering costs 1 extra SP"]
    assert any("height 1" in x for x in high)
    assert plain == []
