"""An Aim's half-turn is priced at what it could buy: this attack again from its first card."""

from __future__ import annotations

import pytest
from varium_helpers import act, answer, ents, force, make, state

from game.ui.rulesets.varium import best_answer


@pytest.mark.rule("VC-AIM")
def test_aim_does_not_throw_away_a_sure_critical_for_its_half_turn() -> None:
    # the guided battle's hit check: 8 + 9 closed, an Ace's new stack, a King: 30 in all with
    # the knife's +4 (a sure hit, a critical); Aiming the King away would spend the last half-turn
    m = make("duel_rook", "duel_orsin")
    rook, guard = ents(m)
    force(m, "7C", "9D", "8H", "9H", "AS", "KD")
    act(m, "attack", actor=rook, target=guard, option="knife")
    answer(m, "stack", "bet:1")
    answer(m, "stack", "hit")
    answer(m, "ace", "split")
    answer(m, "stack", "bet:2")
    d = m.pending_decision
    assert d is not None and d.kind == "stack" and "aim" in d.keys()
    assert state(m, rook).halves == 1
    worths = m.ruleset.advise(m, d)
    assert worths["stand"] > worths["aim"]
    assert best_answer(m, d) == "stand"
