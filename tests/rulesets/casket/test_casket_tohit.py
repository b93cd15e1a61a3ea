"""The to-hit table: base 5+, range, both movements, the six arcs, terrain and component penalties."""

from __future__ import annotations

import pytest
from casket_helpers import make_match, place, units

from game.core.geometry import HEX_DIRS
from game.rulesets.casket import RULESET
from game.rulesets.casket.components import CasketFrame, CasketMotion, CasketThreads, get
from game.rulesets.casket.tohit import attack_block, attack_terms, movement_mod, range_mod

CENTER = (6, 5)


def _duel(defender_facing: int = 3):
    m = make_match()
    a, b = units(m, "p1")[0], units(m, "p2")[0]
    place(m, b, CENTER, defender_facing)
    return m, a, b


def _terms(m, a, b, card="guided_psalm"):
    with m.world:
        return attack_terms(m, a, b, RULESET.content.card(card))


@pytest.mark.rule("CK-TOHIT")
@pytest.mark.parametrize("hexes,mod", [(0, 0), (3, 0), (4, 1), (6, 1), (7, 2), (10, 2), (11, 3), (15, 3)])
def test_range_bands(hexes, mod):
    assert range_mod(hexes)[1] == mod


@pytest.mark.rule("CK-TOHIT")
@pytest.mark.parametrize("hexes,mod", [(0, 0), (1, 1), (3, 1), (4, 2), (6, 2), (7, 3), (12, 3)])
def test_movement_bands(hexes, mod):
    assert movement_mod(hexes) == mod


@pytest.mark.rule("CK-TOHIT")
@pytest.mark.parametrize("direction,arc,mod,bonus", [
    (0, 0, 0, 0),    # front
    (1, 1, 0, 1),    # weapon side: +1 damage on a hit
    (2, 2, -1, 0),   # right flank
    (3, 3, -2, 0),   # rear
    (4, 4, -1, 0),   # left flank
    (5, 5, 1, 0),    # shield side
])
def test_each_arc_changes_the_target_number(direction, arc, mod, bonus):
    m, a, b = _duel(defender_facing=0)
    dq, dr = HEX_DIRS[direction]
    place(m, a, (CENTER[0] + 2 * dq, CENTER[1] + 2 * dr))
    t = _terms(m, a, b)
    assert t.arc == arc
    assert t.target == 5 + mod
    assert t.bonus == bonus


@pytest.mark.rule("CK-TOHIT")
def test_movement_of_both_sides_and_range_add_up():
    m, a, b = _duel()
    place(m, a, (CENTER[0] - 5, CENTER[1]))          # 5 hexes: medium range, in the front arc
    with m.world:
        get(a, CasketMotion).moved_this = 4
        get(b, CasketMotion).moved_last = 2
    t = _terms(m, a, b)
    assert t.target == 5 + 1 + 2 + 1
    labels = dict(t.lines)
    assert labels["medium range (4-6)"] == 1
    assert labels["attacker moved 4 hexes this activation"] == 2
    assert labels["defender moved 2 hexes last activation"] == 1


@pytest.mark.rule("CK-TOHIT")
def test_seed_modifier_example_uses_the_table():
    # base 5, medium range +1, attacker moved 4 (+2 by the table; the seed wrote +1),
    # defender moved 2 +1, shield side +1 -> 10+
    m, a, b = _duel(defender_facing=0)
    dq, dr = HEX_DIRS[5]
    place(m, a, (CENTER[0] + 4 * dq, CENTER[1] + 4 * dr))
    with m.world:
        get(a, CasketMotion).moved_this = 4
        get(b, CasketMotion).moved_last = 2
    assert _terms(m, a, b).target == 10


@pytest.mark.rule("CK-TOHIT")
def test_terrain_cover_obscured_and_high_ground():
    m, a, b = _duel()
    place(m, a, (CENTER[0] - 3, CENTER[1]))
    base = _terms(m, a, b).target
    m.board.set((CENTER[0] - 1, CENTER[1]), cover=1)
    assert _terms(m, a, b).target == base + 1
    m.board.set((CENTER[0] - 1, CENTER[1]), cover=2)
    assert _terms(m, a, b).target == base + 2
    m.board.set((CENTER[0] - 1, CENTER[1]), cover=0)
    m.board.set(CENTER, obscured=True)
    assert _terms(m, a, b).target == base + 2
    m.board.set(CENTER, obscured=False)
    m.board.set((CENTER[0] - 3, CENTER[1]), elevation=1)
    assert _terms(m, a, b).target == base - 1


@pytest.mark.rule("CK-TOHIT", "CK-THRESHOLDS", "CK-THREAD")
def test_head_destroyed_and_right_index_penalise_ranged_attacks_only():
    m, a, b = _duel()
    place(m, a, (CENTER[0] - 1, CENTER[1]))
    melee, ranged = _terms(m, a, b, "faithful_thrust").target, _terms(m, a, b).target
    with m.world:
        get(a, CasketFrame).damage["head"] = 3
        get(a, CasketThreads).snapped.append("right_index")
    assert _terms(m, a, b, "faithful_thrust").target == melee
    assert _terms(m, a, b).target == ranged + 3


@pytest.mark.rule("CK-DECLARE")
def test_range_and_line_of_sight_limit_the_targets():
    m, a, b = _duel()
    place(m, a, (CENTER[0] - 4, CENTER[1]), 0)
    card = RULESET.content.card
    with m.world:
        assert "out of range" in attack_block(m, a, b, card("faithful_thrust"))
        assert attack_block(m, a, b, card("guided_psalm")) == ""
    m.board.set((CENTER[0] - 2, CENTER[1]), blocks_los=True)
    with m.world:
        assert attack_block(m, a, b, card("guided_psalm")) == "no line of sight"
