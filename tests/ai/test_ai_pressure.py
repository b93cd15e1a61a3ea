"""`Ruleset.pressure` (the enemies' best next attacks on a side) and Hard's search leaf that uses it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game.ai import playout
from game.ai.playout import leaf_value

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rulesets" / "voidmarked"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rulesets" / "casket"))

import casket_helpers as ck  # noqa: E402
import vm_helpers as vm  # noqa: E402


def _vm_pair(a_cell, b_cell, enemy="cult_gunner"):
    m = vm.new_match()
    hale, foe = vm.unit(m, "hale"), vm.unit(m, enemy)
    vm.park_others(m, [hale, foe])
    vm.place(m, hale, a_cell)
    vm.place(m, foe, b_cell)
    return m


def test_voidmarked_pressure_is_the_enemy_fire_that_can_reach():
    near = _vm_pair((5, 5), (9, 5), "flayed")
    far = _vm_pair((0, 0), (15, 11), "flayed")
    assert near.ruleset.pressure(near, "p1") > 0.05
    # the far corner is beyond the cleaver's Move plus its one square of reach
    assert far.ruleset.pressure(far, "p1") == 0.0
    assert far.ruleset.pressure(far, "p2") == 0.0


def test_voidmarked_pressure_counts_each_enemy_once():
    m = _vm_pair((5, 5), (9, 5))
    one = m.ruleset.pressure(m, "p1")
    flayed = vm.unit(m, "flayed")
    vm.revive(m, flayed)
    vm.place(m, flayed, (6, 5))
    two = m.ruleset.pressure(m, "p1")
    assert two > one
    # a second target for the same enemies adds nothing: each picks its best victim
    wren = vm.unit(m, "wren")
    vm.revive(m, wren)
    vm.place(m, wren, (14, 0))
    assert m.ruleset.pressure(m, "p1") >= two
    assert m.ruleset.pressure(m, "p1") < two + one


def test_casket_pressure_needs_an_attack_in_reach():
    m, a, b = ck.duel()
    close = m.ruleset.pressure(m, "p1")
    assert close > 0.0
    ck.place(m, b, (15, 0))
    assert m.ruleset.pressure(m, "p1") == 0.0


@pytest.mark.parametrize("make", ["voidmarked", "casket"])
def test_search_leaf_adds_the_pressure_balance(make, monkeypatch):
    m = _vm_pair((5, 5), (9, 5)) if make == "voidmarked" else ck.duel()[0]
    rs = m.ruleset
    base = rs.evaluate(m, "p1")
    balance = rs.pressure(m, "p2") - rs.pressure(m, "p1")
    assert balance != 0.0
    assert leaf_value(m, "p1") == pytest.approx(base + playout.PRESSURE_WEIGHT * balance)
    monkeypatch.setattr(playout, "PRESSURE_WEIGHT", 0.0)
    assert leaf_value(m, "p1") == pytest.approx(base)


def test_playouts_score_the_untargeted_kinds_a_ruleset_lists(monkeypatch):
    from game.ai.playout import fast_policy
    from game.core.chance import Chance
    from game.core.ruleset import Assessment
    from game.rulesets.casket.ruleset import CasketRuleset

    m = ck.duel()[0]
    legal = m.legal()
    turn = next(a for a in legal if a.kind == "turn")
    monkeypatch.setattr(CasketRuleset, "assess",
                        lambda self, match, a: Assessment(expected_damage=5.0 if a == turn else 0.0))
    assert fast_policy(m, Chance(1), legal) == turn
    # unlisted, a facing is never scored in a playout: with nothing else worth doing it ends
    monkeypatch.setattr(CasketRuleset, "rollout_plain", frozenset())
    assert fast_policy(m, Chance(1), legal).kind == "end"


def test_casket_expected_best_card_is_exact():
    """The threat's hidden-hand weighting matches a brute-force count over every possible hand."""
    from collections import Counter
    from itertools import combinations

    from game.rulesets.casket.ai import expected_best as _expected_best

    values = {"big": 3.0, "small": 2.0, "dud": 0.0}
    unseen = Counter({"big": 2, "small": 3, "dud": 5, "vent": 4})
    pool = [c for c, n in unseen.items() for _ in range(n)]
    hands = list(combinations(range(len(pool)), 4))
    brute = sum(max(values.get(pool[i], 0.0) for i in hand) for hand in hands) / len(hands)
    assert _expected_best(values, unseen, 4) == pytest.approx(brute)
    assert _expected_best(values, unseen, 0) == 0.0


def test_casket_threat_reads_only_what_the_side_can_see():
    """Swapping the enemy's hidden hand with deck cards changes nothing: only the unseen pool counts."""
    m, a, b = ck.duel()
    before = m.ruleset.threat_by(m, "p1", (5, 5))
    assert set(before) == {b} and before[b] > 0.0
    ck.set_hand(m, b, ["survey_the_field", "feint", "buckler", "reliquary_lantern", "judgement",
                       "faithful_thrust"])
    assert m.ruleset.threat_by(m, "p1", (5, 5)) == pytest.approx(before)


def test_casket_threat_falls_with_range_and_ends_beyond_reach():
    m, a, b = ck.duel()
    rs = m.ruleset
    near = rs.threat_by(m, "p1", (5, 5))[b]
    mid = rs.threat_by(m, "p1", (10, 5)).get(b, 0.0)
    assert 0.0 < mid < near
    # beyond every attack card's range plus the hexes the enemy's SP pays for
    ck.place(m, b, (15, 0))
    assert rs.threat_by(m, "p1", (0, 11)) == {}
    # a casket threatens the other side only
    assert set(rs.threat_by(m, "p2", (7, 5))) == {a}


def _toward(m, frm, to):
    return m.board.grid.direction_to(frm, to)


def test_casket_exposure_is_the_threat_with_the_defenders_own_terms():
    """The rear arc and moving change the exact exposure the way the to-hit table says; facing
    the enemy it is still above the threat (which takes the front arc), as a melee enemy next to
    the casket can step round to its rear (-2 to hit, +1 for the hex it moves)."""
    from game.rulesets.casket import ai

    m, a, b = ck.duel()
    here = (5, 5)
    with m.world:
        front = ai.exposure(m, a, here, _toward(m, here, (6, 5)), 0)
        rear = ai.exposure(m, a, here, (_toward(m, here, (6, 5)) + 3) % 6, 0)
        moved = ai.exposure(m, a, here, _toward(m, here, (6, 5)), 5)
    assert front > sum(m.ruleset.threat_by(m, "p1", here).values())
    assert rear > front > moved > 0.0
    # only the unseen pool counts: the enemy's real hand changes nothing
    ck.set_hand(m, b, ["survey_the_field", "feint", "buckler", "reliquary_lantern", "judgement",
                       "faithful_thrust"])
    with m.world:
        assert ai.exposure(m, a, here, _toward(m, here, (6, 5)), 0) == pytest.approx(front)


def test_casket_exposure_after_a_move_takes_the_best_facing_its_free_turns_reach():
    from game.rulesets.casket import ai

    m, a, b = ck.duel()
    rs = m.ruleset
    move = next(x for x in m.legal() if x.kind == "move" and len(x.path) == 1)
    dest = tuple(move.path[-1])
    from game.core.components import Facing

    facing = ck.comp(m, a, Facing).direction
    with m.world:
        best = min(ai.exposure(m, a, dest, d, 1) for d in range(6)
                   if ai.turn_steps(facing, d) <= 1)
    assert rs.exposure_after(m, move) == pytest.approx(best)
    turn = next(x for x in m.legal() if x.kind == "turn")
    with m.world:
        assert rs.exposure_after(m, turn) == pytest.approx(ai.exposure(m, a, (5, 5), int(turn.option), 0))
    assert rs.exposure_now(m, a) is not None
    attack = next(x for x in m.legal() if x.kind == "card" and x.target is not None)
    assert rs.exposure_after(m, attack) is None


def test_hard_prices_position_by_exact_exposure_and_faces_by_it():
    """Hard's scorer replaces the safety, cover and facing estimates with one exact term; its
    facing answer after a move turns its best arc to the enemy."""
    from game.ai.knowledge import Deadline, units
    from game.ai.search import HardAI
    from game.ai.terms import WEIGHTS
    from game.ai.utility import NormalAI

    m, a, b = ck.duel()
    legal = m.legal()
    exact = {r.action: r.terms for r in HardAI(1).normal.rank(m, legal, Deadline(5.0))}
    rough = {r.action: r.terms for r in NormalAI(1).rank(m, legal, Deadline(5.0))}
    step = next(x for x in legal if x.kind == "move" and len(x.path) == 1
                and m.ruleset.exposure_after(m, x) != m.ruleset.exposure_now(m, a))
    gain = m.ruleset.exposure_now(m, a) - m.ruleset.exposure_after(m, step)
    care = 1.5 - 0.5 * next(u for u in units(m, m.current().side) if u.ent == a).hp_frac
    assert exact[step]["safety"] == pytest.approx(WEIGHTS["safety"] * care * gain)
    assert "facing" not in exact[step] and "cover" not in exact[step]
    # Normal prices the same step by the threat alone
    assert rough[step].get("safety", 0.0) != pytest.approx(exact[step]["safety"])
    # after a turn in place (nobody moved) the step is priced against the new facing
    hard = HardAI(1)
    hard.normal.rank(m, legal, Deadline(5.0))
    before = m.ruleset.exposure_now(m, a)
    turn = max((x for x in legal if x.kind == "turn"), key=lambda x: m.ruleset.exposure_after(m, x))
    m.submit(turn)
    assert m.ruleset.exposure_now(m, a) != pytest.approx(before)
    legal = m.legal()
    again = next(x for x in legal if x.kind == "move" and x.path == step.path)
    terms = {r.action: r.terms for r in hard.normal.rank(m, legal, Deadline(5.0))}[again]
    gain = m.ruleset.exposure_now(m, a) - m.ruleset.exposure_after(m, again)
    assert terms.get("safety", 0.0) == pytest.approx(WEIGHTS["safety"] * care * gain)
    # a move away, then the facing question: the enemy ends on the shield side (to-hit +1)
    m, a, b = ck.duel()
    ck.act(m, "move", actor=a, path=((4, 5),))
    decision = m.pending_decision
    assert decision is not None and decision.kind == "face"
    choice = HardAI(1).decide(m, decision)
    assert m.board.grid.arc((4, 5), int(choice), (6, 5)) == 5
