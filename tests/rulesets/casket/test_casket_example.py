"""The seed's worked example (section 6, round 1, both turns) replayed with forced dice and cards.

Readings where the seed contradicts itself (docs/rulesets/casket.md): Advance costs 1 SP so the
Ironclad's 4 SP cover Advance + Hammer Strike (3) exactly; the Ironclad's to-hit also counts the
Confessor's 2 hexes moved last activation (+1, the seed left it out: 7+ instead of 6+, the roll of
8 still hits); the Ironclad draws 4 cards back up to 6 (the seed says 3).
"""

from __future__ import annotations

import pytest
from casket_helpers import act, answer, comp, events, make_match, units

from game.core.components import Facing, Position
from game.rulesets.casket import RULESET
from game.rulesets.casket.components import CasketFrame, CasketHeat, CasketSP, get, structure
from game.rulesets.casket.status import card_block

A_HAND = ["desperate_lunge", "faithful_thrust", "penitent_blades", "penitent_blades", "buckler",
          "blood_offering"]
B_HAND = ["advance", "hammer_strike", "hammer_strike", "emergency_vent", "survey_the_field", "feint"]


def _setup():
    m = make_match(force=[("card", tuple(A_HAND + B_HAND)), ("initiative", (5, 2))])
    a, b = units(m, "p1")[0], units(m, "p2")[0]
    with m.world:
        get(a, Facing).direction = 1   # towards the Ironclad
        get(b, Facing).direction = 5   # the Ironclad faces where the Confessor will stand
    return m, a, b


def _hand(m, ent):
    with m.world:
        return sorted(structure(ent).zones["hand"])


@pytest.mark.rule("CK-SP", "CK-HAND", "CK-DECLARE", "CK-TOHIT", "CK-ATTACKDICE", "CK-RESULT",
                  "CK-DEFENSEDICE", "CK-DISCARD", "CK-COMPONENT", "CK-THRESHOLDS", "CK-HEAT")
def test_seed_example_round_one():
    m, a, b = _setup()
    assert _hand(m, a) == sorted(A_HAND) and _hand(m, b) == sorted(B_HAND)
    assert events(m, "initiative")[-1].data["first"] == "p1"

    # -- Player A (Confessor, light, 6 SP) ------------------------------------------------------
    act(m, "activate", actor=a)
    assert comp(m, a, CasketSP).sp == 6
    act(m, "card", actor=a, option="desperate_lunge", cell=(5, 5))
    answer(m, "face", "0")                     # one side: free after moving 2 hexes
    assert comp(m, a, Position).cell == (5, 5) and comp(m, a, CasketSP).sp == 5
    m.chance.force("attack", "Strike", "Double Strike")
    m.chance.force("defense", "Shield", "Blood", "Blood", "Critical", "Heat")
    m.chance.force("card", "desperate_lunge", "overextend")          # the two deck-top losses
    preview = RULESET.preview(m, next(x for x in m.legal() if x.option == "faithful_thrust@right_arm"))
    assert preview is not None and any("attacker moved 2" in line for line in preview.lines)
    act(m, "card", actor=a, option="faithful_thrust@right_arm", target=b)
    attack = events(m, "attack")[-1]
    assert attack.data["target"] == 6 and attack.data["total"] == 7 and attack.data["result"] == "Strong Hit"
    assert "attacker moved 2 hexes this activation: harder to hit, +1 to the target number" in attack.math
    assert "front arc: no change" in attack.math
    defense = events(m, "defense")[-1]
    assert "1 blocked, 4 damage" in defense.text        # 4 base + 1 Strong = 5 dice, one Shield
    answer(m, "damage_source", "2")                      # Player B: 2 from hand, 2 from deck
    answer(m, "discard", "hammer_strike")                # a Primary Weapon card: +1 component damage
    answer(m, "discard", "emergency_vent")
    assert m.pending_decision is None
    assert comp(m, b, CasketFrame).damage["right_arm"] == 2          # 1 Critical + 1 Primary card
    assert comp(m, b, CasketHeat).value == 1
    with m.world:
        assert sorted(structure(b).zones["lost"]) == sorted(["hammer_strike", "emergency_vent",
                                                              "desperate_lunge", "overextend"])
    assert comp(m, a, CasketSP).sp == 3                  # passes with 3 SP
    m.chance.force("card", "penitent_blades", "survey_the_field")
    act(m, "end", actor=a)
    assert len(_hand(m, a)) == 6                         # drew 2 back up to 6

    # -- Player B (Ironclad, heavy, 4 SP) -------------------------------------------------------
    assert m.current().side == "p2"
    act(m, "activate", actor=b)
    assert comp(m, b, CasketSP).sp == 4 and comp(m, b, CasketHeat).value == 1
    act(m, "card", actor=b, option="advance", cell=(6, 5))
    answer(m, "face", "3")                               # two sides, free after 2 hexes
    assert comp(m, b, CasketSP).sp == 3
    m.chance.force("attack", "Death Blow", "Strike")
    m.chance.force("defense", "Shield", "Blood", "Blood", "Critical", "Critical", "Heat", "Pierce")
    m.chance.force("card", "feint", "retreat", "sensor_sweep")
    act(m, "card", actor=b, option="hammer_strike@right_arm", target=a)
    attack = events(m, "attack")[-1]
    assert attack.data["total"] == 8 and attack.data["result"] == "Strong Hit"
    assert attack.data["target"] == 7                    # the table also counts A's 2 hexes last turn
    assert "defender moved 2 hexes last activation: harder to hit, +1 to the target number" in attack.math
    assert "1 blocked, 6 damage" in events(m, "defense")[-1].text
    # Pierce: no reaction is offered although the Confessor holds a Buckler
    answer(m, "damage_source", "3")
    for card in ("penitent_blades", "penitent_blades", "survey_the_field"):
        answer(m, "discard", card)
    assert m.pending_decision is None
    frame = comp(m, a, CasketFrame)
    assert frame.damage["right_arm"] == 4 and frame.destroyed("right_arm")     # 2 Criticals + 2 Primary
    assert events(m, "component_destroyed")[-1].data["loc"] == "right_arm"
    assert comp(m, a, CasketHeat).value == 1
    assert _hand(m, a) == ["blood_offering", "buckler"]  # the last Penitent Blades went with the arm
    assert comp(m, b, CasketSP).sp == 0
    act(m, "end", actor=b)
    assert len(_hand(m, b)) == 6                         # 2 left, drew 4
    assert not RULESET.invariants(m)
    # round 2: the Confessor can no longer play Primary Weapon cards
    with m.world:
        assert card_block(a, RULESET.content.card("penitent_blades"))
