"""`Ruleset.pressure` (the enemies' best next attacks on a side) and Hard's search leaf that uses it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game.ai import search
from game.ai.search import leaf_value

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
    assert leaf_value(m, "p1") == pytest.approx(base + search.PRESSURE_WEIGHT * balance)
    monkeypatch.setattr(search, "PRESSURE_WEIGHT", 0.0)
    assert leaf_value(m, "p1") == pytest.approx(base)


def test_playouts_score_the_untargeted_kinds_a_ruleset_lists(monkeypatch):
    from game.ai.search import fast_policy
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

    from game.rulesets.casket.ai import _expected_best

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
