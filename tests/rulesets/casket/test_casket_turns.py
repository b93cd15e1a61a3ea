"""Rounds, activations, SP, hand size, movement costs and facing."""

from __future__ import annotations

import pytest
from casket_helpers import act, activate, answer, comp, events, make_match, place, set_hand, units

from game.core.action import Action
from game.core.components import Facing, Position
from game.core.match import IllegalInput
from game.core.pathing import reachable
from game.rulesets.casket import RULESET
from game.rulesets.casket.components import CasketFrame, CasketSP, CasketWounds, get, structure
from game.rulesets.casket.movement import occupied, routes
from game.rulesets.casket.status import move_penalty
from game.rulesets.casket.turns import table

SQUAD_SPAWNS = {"p1": [(2, 2), (2, 4), (2, 6)], "p2": [(12, 2), (12, 4), (12, 6)]}


def _hand(m, ent):
    with m.world:
        return list(structure(ent).zones["hand"])


@pytest.mark.rule("CK-SP")
@pytest.mark.parametrize("p1,sp", [("seed_confessor", 6), ("seed_ironclad", 4)])
def test_sp_refreshes_to_the_weight_class_maximum(p1, sp):
    m = make_match(p1, "seed_confessor", force=[("initiative", (6, 1))])
    a = units(m, "p1")[0]
    activate(m, a)
    assert comp(m, a, CasketSP).sp == sp
    act(m, "move", actor=a, cell=(6, 3))
    answer(m, "face", str(comp(m, a, Facing).direction))
    assert comp(m, a, CasketSP).sp == sp - 1            # a plain move costs 1 SP per hex
    act(m, "end", actor=a)
    b = units(m, "p2")[0]
    activate(m, b)
    act(m, "end", actor=b)
    activate(m, a)                                       # next round: refreshed again
    assert comp(m, a, CasketSP).sp == sp


@pytest.mark.rule("CK-SP")
def test_cards_cost_sp_and_unaffordable_cards_are_not_offered():
    m = make_match("seed_ironclad", "seed_confessor", force=[("initiative", (6, 1))])
    a = units(m, "p1")[0]
    set_hand(m, a, ["hammer_strike", "survey_the_field", "emergency_vent", "feint", "advance", "retreat"])
    activate(m, a)
    act(m, "card", actor=a, option="survey_the_field")
    assert comp(m, a, CasketSP).sp == 3
    act(m, "card", actor=a, option="emergency_vent")
    assert comp(m, a, CasketSP).sp == 1
    offered = {x.option.split("@")[0] for x in m.legal() if x.kind == "card"}
    assert "retreat" not in offered and "emergency_vent" not in offered and "feint" in offered
    with pytest.raises(IllegalInput):
        m.submit(Action("card", actor=a, option="retreat", cell=(5, 4)))


@pytest.mark.rule("CK-SP", "CK-THRESHOLDS")
def test_sp_maximum_loses_chassis_and_wound_penalties():
    m = make_match(force=[("initiative", (6, 1))])
    a = units(m, "p1")[0]
    with m.world:
        get(a, CasketFrame).damage["chassis"] = 5
        get(a, CasketWounds).move("concussion", "deck", "up")
    activate(m, a)
    assert comp(m, a, CasketSP).sp == 6 - 1 - 1


@pytest.mark.rule("CK-HAND")
def test_opening_hand_and_draw_back_up_to_six():
    m = make_match(force=[("initiative", (6, 1))])
    a = units(m, "p1")[0]
    assert len(_hand(m, a)) == 6
    set_hand(m, a, ["survey_the_field", "feint", "emergency_vent", "breathe_the_core", "faithful_thrust",
                    "penitent_blades"])
    activate(m, a)
    act(m, "card", actor=a, option="feint")
    act(m, "card", actor=a, option="emergency_vent")
    assert len(_hand(m, a)) == 4
    act(m, "end", actor=a)
    assert len(_hand(m, a)) == 6
    act(m, "activate", actor=units(m, "p2")[0])
    act(m, "end", actor=units(m, "p2")[0])
    activate(m, a)
    act(m, "card", actor=a, option="survey_the_field")     # draws 1 (7 in hand)
    assert len(_hand(m, a)) == 6
    act(m, "end", actor=a)                                   # nothing to draw at 6
    assert len(_hand(m, a)) == 6


@pytest.mark.rule("CK-HAND")
def test_the_hand_is_visible_to_its_owner_only():
    m = make_match()
    a = units(m, "p1")[0]
    assert len(RULESET.unit_view(m, a, "p1")["hand"]) == 6
    foe = RULESET.unit_view(m, a, "p2")
    assert "hand" not in foe and foe["hand_count"] == 6


def test_sides_alternate_one_casket_at_a_time_and_initiative_ties():
    m = make_match("confessor_vigil", "ironclad_pair", spawns=SQUAD_SPAWNS, force=[("initiative", (2, 5))])
    assert table_side(m) == "p2"
    order = []
    for _ in range(4):
        legal = m.legal()
        assert {x.kind for x in legal} == {"activate"}
        order.append(m.current().side)
        act(m, "activate", actor=legal[-1].actor)
        act(m, "end", actor=legal[-1].actor)
    assert order == ["p2", "p1", "p2", "p1"]
    assert m.round == 2


def table_side(m):
    with m.world:
        return table(m).turn_side


def test_initiative_tie_goes_to_the_side_that_went_second():
    m = make_match(force=[("initiative", (5, 2, 4, 4))])
    assert events(m, "initiative")[-1].data["first"] == "p1"
    a, b = units(m, "p1")[0], units(m, "p2")[0]
    activate(m, a)
    act(m, "end", actor=a)
    activate(m, b)
    act(m, "end", actor=b)
    assert events(m, "initiative")[-1].data["first"] == "p2"      # 4-4: p2 went second in round 1


def test_first_round_tie_rolls_again():
    m = make_match(force=[("initiative", (3, 3, 1, 6))])
    assert events(m, "initiative")[-1].data["first"] == "p2"


def test_a_side_with_more_caskets_finishes_alone():
    m = make_match("confessor_vigil", "seed_ironclad", spawns=SQUAD_SPAWNS, force=[("initiative", (6, 1))])
    sides = []
    for _ in range(3):
        sides.append(m.current().side)
        ent = m.legal()[0].actor
        act(m, "activate", actor=ent)
        act(m, "end", actor=ent)
    assert sides == ["p1", "p2", "p1"]
    assert m.round == 2


def test_turning_is_free_once_per_hex_moved_and_one_sp_otherwise():
    m = make_match(force=[("initiative", (6, 1))])
    a = units(m, "p1")[0]
    place(m, a, (5, 3), 0)
    activate(m, a)
    act(m, "turn", actor=a, option="2")              # 2 sides, nothing moved: 2 SP
    assert comp(m, a, CasketSP).sp == 4
    act(m, "move", actor=a, cell=(6, 3))
    assert m.pending_decision.kind == "face"
    labels = {o.key: o.label for o in m.pending_decision.options}
    assert "(0 SP)" in labels["1"] and "(1 SP)" in labels["0"] and "(2 SP)" in labels["5"]
    answer(m, "face", "5")                          # 3 sides: 1 free, 2 paid
    assert comp(m, a, Facing).direction == 5 and comp(m, a, CasketSP).sp == 4 - 1 - 2


def test_card_moves_give_hexes_and_plain_moves_cost_per_hex():
    m = make_match(force=[("initiative", (6, 1))])
    a = units(m, "p1")[0]
    place(m, a, (5, 3), 0)
    set_hand(m, a, ["overextend", "feint", "survey_the_field", "emergency_vent", "faithful_thrust",
                    "buckler"])
    activate(m, a)
    cells = {x.cell for x in m.legal() if x.option == "overextend"}
    assert (8, 3) in cells and (9, 3) not in cells            # up to 3 hexes
    act(m, "card", actor=a, option="overextend", cell=(8, 3))
    answer(m, "face", "0")
    assert comp(m, a, CasketSP).sp == 5 and comp(m, a, Position).cell == (8, 3)
    moves = {x.cell: x for x in m.legal() if x.kind == "move"}
    assert (13, 3) in moves and (14, 3) not in moves           # 5 SP left: 5 hexes
    assert max(len(x.path) for x in moves.values()) == 5


def test_caskets_cannot_enter_occupied_or_blocked_hexes():
    m = make_match(force=[("initiative", (6, 1))])
    a, b = units(m, "p1")[0], units(m, "p2")[0]
    place(m, a, (5, 3), 0)
    place(m, b, (6, 3), 3)
    m.board.set((5, 4), blocks_move=True)
    activate(m, a)
    cells = {x.cell for x in m.legal() if x.kind == "move"}
    assert (6, 3) not in cells and (5, 4) not in cells and (4, 4) in cells


def test_routes_match_the_engine_pathfinder_with_two_budgets():
    m = make_match(force=[("initiative", (6, 1))])
    a = units(m, "p1")[0]
    place(m, a, (5, 3), 0)
    m.board.set((6, 3), move_cost=2.0)
    m.board.set((5, 4), move_cost=3.0)
    m.board.set((4, 4), blocks_move=True)
    eps = 1e-3
    for hexes, budget, plain in ((6, 6, True), (3, 2, False), (4, 0, False), (2, 5, False)):
        with m.world:
            mine = {c: (r.cost, r.steps) for c, r in routes(m, a, hexes, budget, plain).items()}
            base = int(plain) + move_penalty(a)
            blocked = occupied(m)

            def step(src, dst, tag, base=base, hexes=hexes):
                t = m.board.terrain.get(dst)
                if t is None or t.blocks_move or tag >= hexes:
                    return None
                return base + max(0, int(t.move_cost + 0.999) - 1) + eps, tag + 1

            reach = reachable(m.board, (5, 3), budget + hexes * eps, step,
                              lambda c, blocked=blocked: c not in blocked, tag=0)
            engine = {c: (round(cost - len(reach.path_to(c)) * eps), len(reach.path_to(c)))
                      for c, cost in reach.cost.items() if c != (5, 3)}
        assert mine == engine, (hexes, budget, plain)
