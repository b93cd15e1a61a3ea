"""The hit check's bet choices say what a bet does (one note, under the first bet choice)."""

from __future__ import annotations

import pytest
from varium_helpers import act, ents, force, make


@pytest.mark.rule("VC-BET")
def test_the_bet_choices_explain_bets_once() -> None:
    m = make()
    guard, shooter = ents(m)
    force(m, "2H", "2C", "5S", "6S")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    d = m.pending_decision
    assert d is not None
    bets = [o for o in d.options if o.key.startswith("bet:")]
    assert len(bets) >= 2
    notes = [o.detail for o in bets if o.detail]
    assert len(notes) == 1 and bets[0].detail == notes[0]
    assert "damage" in notes[0] and "miss" in notes[0] and "melee" in notes[0]
