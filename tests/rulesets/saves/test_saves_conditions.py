"""Blinded, Hidden, Invisible, Stunned, Unconscious (and Prone from a knock-down)."""

from __future__ import annotations

import pytest
from saves_helpers import act, answer, comp, duel, events, place, resolve, setup_unit

from game.core.components import Conditions, Health, Status
from game.rulesets.saves.combat import weapons_of
from game.rulesets.saves.components import get
from game.rulesets.saves.rules import attack_terms, save_mode


def terms(m, a, b, option="sword"):
    with m.world:
        return attack_terms(m, a, b, weapons_of(option))


@pytest.mark.rule("SV-BLINDED", "SV-IMPAIR")
def test_blinded_attacks_are_impaired_and_dex_saves_at_disadvantage():
    m, a, b = duel()
    setup_unit(m, a, conditions=["blinded"])
    assert terms(m, a, b).dice == [4]
    with m.world:
        assert save_mode(a, "DEX") == -1 and save_mode(a, "STR") == 0


@pytest.mark.rule("SV-BLINDED")
def test_blinded_shooter_needs_a_dex_save_to_shoot():
    m, a, b = duel(p1_held=["bow"])
    place(m, b, (8, 5))
    act(m, "attack", actor=a, target=b, option="bow")
    setup_unit(m, a, conditions=["blinded"])
    m.chance.force("d20", 15, 16)  # disadvantage: both fail
    resolve(m)
    assert m.pending_decision is None and comp(m, b, Health).current == 5
    assert events(m, "save")[0].data["score"] == "DEX"


@pytest.mark.rule("SV-HIDDEN")
def test_hidden_attacker_is_enhanced_then_revealed_and_cannot_be_targeted():
    m, a, b = duel()
    setup_unit(m, a, conditions=["hidden"])
    assert terms(m, a, b).dice == [8, 12]
    m.chance.force("d8", 1)
    m.chance.force("d12", 2)
    m.chance.force("d20", 20)
    act(m, "attack", actor=a, target=b, option="sword")
    resolve(m)
    answer(m, "dodge")
    assert not comp(m, a, Conditions).has("hidden")
    assert comp(m, b, Health).current == 3
    setup_unit(m, a, conditions=["hidden"])
    assert not [x for x in m.legal() if x.kind == "attack" and x.target == a]


@pytest.mark.rule("SV-INVISIBLE")
def test_invisible_enhances_its_attacks_and_impairs_attacks_at_it():
    m, a, b = duel()
    setup_unit(m, a, conditions=["invisible"])
    assert terms(m, a, b).dice == [8, 12]
    assert terms(m, b, a).dice == [4]


@pytest.mark.rule("SV-INVISIBLE")
def test_the_invisibility_draught_makes_its_user_invisible():
    m, a, b = duel()
    with m.world:
        from game.rulesets.saves.components import SvGear

        get(a, SvGear).items = ["potion"]
    act(m, "use", actor=a, option="potion")
    resolve(m)
    assert comp(m, a, Conditions).has("invisible")


@pytest.mark.rule("SV-STUNNED")
def test_stunned_loses_its_turn_saves_dex_at_disadvantage_and_is_easier_to_hit():
    m, a, b = duel(p1_held=["maul"])
    setup_unit(m, b, hp=9)
    act(m, "attack", actor=a, target=b, option="maul")
    m.chance.force("d10", 3)
    m.chance.force("d20", 20, 19)  # dodge fails; the STR save against the stun fails
    resolve(m)
    answer(m, "dodge")
    assert comp(m, b, Conditions).has("stunned")
    assert terms(m, a, b).enhanced == ["target Stunned"]
    with m.world:
        assert save_mode(b, "DEX") == -1
    assert m.current().side == "p2"
    assert not [x for x in m.legal() if x.actor == b]  # its turn is lost
    resolve(m)
    assert comp(m, b, Conditions).has("stunned")  # still Stunned through p1's next turn
    resolve(m)
    assert not comp(m, b, Conditions).has("stunned")  # over when its side's turn comes round again


@pytest.mark.rule("SV-UNCONSCIOUS")
def test_unconscious_is_zero_hp_and_out_until_woken():
    m, a, b = duel(p1_held=["cosh"])
    act(m, "attack", actor=a, target=b, option="cosh")
    m.chance.force("d4", 1)
    m.chance.force("d20", 20, 18)  # dodge fails; the STR save fails
    resolve(m)
    answer(m, "dodge")
    assert comp(m, b, Health).current == 0 and comp(m, b, Status).state == "down"
    assert comp(m, b, Conditions).has("unconscious")
    assert m.result is not None and m.result.winner == "p1"


@pytest.mark.rule("SV-UNCONSCIOUS")
def test_smelling_salts_wake_an_unconscious_ally():
    from saves_helpers import side_units

    m, a, b = duel()
    c = side_units(m, "p1")[2]  # Mags carries the salts
    place(m, c, (4, 5))
    with m.world:
        get(c, Status).state = "active"
        get(a, Status).state = "down"
        get(a, Health).current = 0
        get(a, Conditions).active["unconscious"] = {}
    act(m, "use", actor=c, target=a, option="smelling_salts")
    resolve(m)
    assert comp(m, a, Status).state == "active" and not comp(m, a, Conditions).has("unconscious")


@pytest.mark.rule("SV-HIDDEN")
def test_the_ai_does_not_count_a_hidden_enemy_it_cannot_see():
    from game.rulesets.saves import RULESET

    m, a, b = duel()
    assert b in RULESET.threat_by(m, "p1", (5, 5))
    setup_unit(m, b, conditions=["hidden"])
    assert b not in RULESET.threat_by(m, "p1", (5, 5))


@pytest.mark.rule("SV-HIDDEN")
def test_an_enemy_stepping_next_to_a_hidden_unit_finds_it():
    m, a, b = duel()
    place(m, b, (9, 5))
    setup_unit(m, b, conditions=["hidden"])
    act(m, "move", actor=a, cell=(7, 5))
    assert comp(m, b, Conditions).has("hidden")
    m2, a2, b2 = duel()
    place(m2, b2, (9, 5))
    setup_unit(m2, b2, conditions=["hidden"])
    act(m2, "move", actor=a2, cell=(8, 5))
    assert not comp(m2, b2, Conditions).has("hidden") and not m2.can_undo
