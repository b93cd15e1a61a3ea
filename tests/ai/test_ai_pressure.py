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
