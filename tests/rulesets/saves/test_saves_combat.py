"""Attacks, defence, ganging up, armour, damage, blast, critical damage and score loss, with forced dice."""

from __future__ import annotations

import pytest
from saves_helpers import act, answer, comp, duel, events, find, place, resolve, setup_unit, side_units

from game.core.components import Conditions, Health, Status
from game.core.match import IllegalInput
from game.rulesets.saves.combat import Group, groups_of, resolve_group
from game.rulesets.saves.components import SvGear, SvScores, get, has
from game.rulesets.saves.rules import armour_of
from game.rulesets.saves.turns import begin_turn


def hp(m, e):
    return comp(m, e, Health).current


@pytest.mark.rule("SV-ATTACK")
def test_two_weapons_roll_both_dice_and_keep_the_highest():
    m, a, b = duel(p1_held=["sword", "dagger"])
    act(m, "attack", actor=a, target=b, option="sword+dagger")
    m.chance.force("d8", 3)
    m.chance.force("d6", 5)
    m.chance.force("d20", 20)  # the dodge fails
    resolve(m)
    answer(m, "dodge")
    assert hp(m, b) == 0  # 5 (the d6) of 5 HP, no armour
    assert events(m, "attack")[0].data["dice"] == ["3", "5"]


@pytest.mark.rule("SV-ATTACK")
def test_ranged_weapons_cannot_be_used_while_engaged():
    m, a, b = duel(p1_held=["bow"])
    assert not [x for x in m.legal() if x.kind == "attack" and x.actor == a]
    place(m, b, (8, 5))
    assert find(m, "attack", actor=a, target=b, option="bow")


@pytest.mark.rule("SV-DEFEND", "SV-ARMOUR")
def test_counter_attack_hurts_the_attacker_less_its_armour_and_does_not_stop_the_attack():
    m, a, b = duel()
    setup_unit(m, a, armour="gambeson")
    act(m, "attack", actor=a, target=b, option="sword")
    m.chance.force("d8", 4, 6)  # the attack, then the counter-attack
    resolve(m)
    pending = m.pending_decision
    assert pending.side == "p2" and pending.keys() == ["dodge", f"counter:{a}"]
    assert "%" in pending.options[0].detail and "expect" in pending.options[1].detail
    answer(m, f"counter:{a}")
    assert hp(m, b) == 1  # 4 taken: the counter does not stop it
    assert hp(m, a) == 0  # 6 - 1 armour = 5 of 5 HP


@pytest.mark.rule("SV-DEFEND")
def test_dodge_dex_save_avoids_all_damage():
    m, a, b = duel()
    act(m, "attack", actor=a, target=b, option="sword")
    m.chance.force("d8", 8)
    m.chance.force("d20", 10)  # DEX 10: passes
    resolve(m)
    answer(m, "dodge")
    assert hp(m, b) == 5


@pytest.mark.rule("SV-DEFEND")
def test_only_a_ranged_weapon_answers_a_ranged_attack():
    m, a, b = duel(p1_held=["bow"], p2_held=["sword"])
    place(m, b, (8, 5))
    act(m, "attack", actor=a, target=b, option="bow")
    resolve(m)
    assert m.pending_decision.keys() == ["dodge"]
    m2, a2, b2 = duel(p1_held=["bow"], p2_held=["crossbow"])
    place(m2, b2, (8, 5))
    act(m2, "attack", actor=a2, target=b2, option="bow")
    resolve(m2)
    assert m2.pending_decision.keys() == ["dodge", f"counter:{a2}"]


def _three(m, a, b):
    c = side_units(m, "p1")[1]
    with m.world:
        get(c, Status).state = "active"
    place(m, c, (6, 6))
    setup_unit(m, c, hp=5, held=["sword"], armour="none", shield="")
    return c


@pytest.mark.rule("SV-GANG")
def test_ganging_up_keeps_the_highest_plus_one_per_extra_attacker_in_one_defence():
    m, a, b = duel()
    c = _three(m, a, b)
    setup_unit(m, b, hp=9)
    act(m, "attack", actor=a, target=b, option="sword")
    act(m, "attack", actor=c, target=b, option="sword")
    m.chance.force("d8", 3, 7)
    m.chance.force("d20", 20)
    resolve(m)
    assert m.pending_decision.context["attackers"] == [a, c]
    answer(m, "dodge")
    assert m.pending_decision is None  # one defence for the whole group
    assert hp(m, b) == 1  # 7 + 1
    assert events(m, "attack")[0].math[1] == "gang bonus +1"


@pytest.mark.rule("SV-GANG")
def test_target_cannot_be_attacked_again_until_its_next_turn():
    m, a, b = duel()
    c = _three(m, a, b)
    setup_unit(m, b, hp=20)
    assert find(m, "attack", actor=c, target=b)
    m.chance.force("d8", 1)
    m.chance.force("d20", 20)
    with m.world:
        gen = resolve_group(m, Group(b, [a], {a: "sword"}))
        next(gen)
        with pytest.raises(StopIteration):
            gen.send("dodge")
        assert has(b, "attacked")
    assert not [x for x in m.legal() if x.kind == "attack" and x.target == b]
    with m.world:
        begin_turn(m, "p2")
        assert not has(b, "attacked")


@pytest.mark.rule("SV-GANG")
def test_attacks_on_an_ability_score_are_grouped_apart():
    m, a, b = duel(p1_held=["fangs"])
    c = _three(m, a, b)
    with m.world:
        groups = groups_of(
            m,
            {
                str(a): {"kind": "attack", "target": b, "option": "fangs"},
                str(c): {"kind": "attack", "target": b, "option": "sword"},
            },
        )
    assert [(g.attackers, g.score) for g in groups] == [([c], None), ([a], "DEX")]


@pytest.mark.rule("SV-ARMOUR")
def test_armour_subtracts_and_is_capped_at_three():
    m, a, b = duel()
    setup_unit(m, b, armour="plate", shield="buckler", hp=2, str_=10)
    with m.world:
        assert armour_of(b) == 3
    act(m, "attack", actor=a, target=b, option="sword")
    m.chance.force("d8", 8)
    m.chance.force("d20", 20, 5)  # dodge fails; the STR save passes
    resolve(m)
    answer(m, "dodge")
    assert hp(m, b) == 0 and comp(m, b, SvScores).strength == 7  # 8 - 3 = 5: 2 HP, 3 STR


@pytest.mark.rule("SV-DAMAGE", "SV-CRITICAL")
def test_damage_past_hp_hits_str_then_a_failed_str_save_is_critical():
    m, a, b = duel()
    setup_unit(m, b, hp=2, str_=10)
    act(m, "attack", actor=a, target=b, option="sword")
    m.chance.force("d8", 5)
    m.chance.force("d20", 20, 15)  # dodge fails; STR save 15 vs 7 fails
    resolve(m)
    answer(m, "dodge")
    assert comp(m, b, SvScores).strength == 7
    assert comp(m, b, Status).state == "down" and comp(m, b, Conditions).has("critical")


@pytest.mark.rule("SV-CRITICAL")
def test_critical_unit_cannot_act_and_an_adjacent_ally_tends_it():
    m, a, b = duel()
    c = _three(m, a, b)
    with m.world:
        get(c, Status).state = "down"
        get(c, Conditions).active["critical"] = {}
    assert not [x for x in m.legal() if x.actor == c]
    act(m, "tend", actor=a, target=c)
    resolve(m)
    assert comp(m, c, Conditions).has("tended") and comp(m, c, Status).state == "down"


@pytest.mark.rule("SV-BLAST")
def test_blast_rolls_for_every_unit_in_the_area():
    m, a, b = duel(p1_held=["firebomb"])
    d = side_units(m, "p2")[1]
    with m.world:
        get(d, Status).state = "active"
    setup_unit(m, d, hp=9, held=["sword"], armour="none", shield="")
    setup_unit(m, b, hp=9)
    place(m, b, (9, 5))
    place(m, d, (10, 5))
    act(m, "attack", actor=a, target=b, option="firebomb")
    m.chance.force("d6", 2, 5)
    m.chance.force("d20", 20, 20)
    resolve(m)
    answer(m, "dodge")
    answer(m, "dodge")
    assert (hp(m, b), hp(m, d)) == (7, 4)
    assert comp(m, a, SvGear).spent == {"firebomb": 1}


@pytest.mark.rule("SV-SCORELOSS")
def test_dex_zero_paralyses_and_str_zero_kills():
    m, a, b = duel(p1_held=["fangs"])
    setup_unit(m, b, dex=3)
    act(m, "attack", actor=a, target=b, option="fangs")
    m.chance.force("d6", 5)
    m.chance.force("d20", 20)
    resolve(m)
    answer(m, "dodge")
    assert comp(m, b, SvScores).dex == 0 and comp(m, b, Conditions).has("paralysed")
    assert comp(m, b, Status).state == "down"
    m2, a2, b2 = duel()
    setup_unit(m2, b2, hp=1, str_=3)
    act(m2, "attack", actor=a2, target=b2, option="sword")
    m2.chance.force("d8", 6)
    m2.chance.force("d20", 20)
    resolve(m2)
    answer(m2, "dodge")
    assert comp(m2, b2, Status).state == "dead" and m2.result is not None and m2.result.winner == "p1"


@pytest.mark.rule("SV-SCORELOSS")
def test_wil_zero_is_catatonic():
    m, a, b = duel(p1_held=["gaze"])
    place(m, b, (8, 5))
    setup_unit(m, b, wil=2)
    act(m, "attack", actor=a, target=b, option="gaze")
    m.chance.force("d4", 3)
    m.chance.force("d20", 20)
    resolve(m)
    answer(m, "dodge")
    assert comp(m, b, Conditions).has("catatonic") and comp(m, b, Status).state == "down"


def test_declaring_an_attack_out_of_reach_is_refused():
    from game.core.action import Action

    m, a, b = duel()
    place(m, b, (9, 9))
    with pytest.raises(IllegalInput):
        m.submit(Action("attack", a, b, option="sword"))


@pytest.mark.rule("SV-ATTACK", "SV-IMPAIR")
def test_bonus_dice_join_the_roll_but_not_an_impaired_one():
    m, a, b = duel()
    setup_unit(m, a, bonus=[6])
    act(m, "attack", actor=a, target=b, option="sword")
    m.chance.force("d8", 2)
    m.chance.force("d6", 4)
    m.chance.force("d20", 20)
    resolve(m)
    answer(m, "dodge")
    assert hp(m, b) == 1  # the bonus d6 (4) is the highest
    m2, a2, b2 = duel()
    setup_unit(m2, a2, bonus=[6], conditions=["blinded"])
    from game.rulesets.saves.combat import weapons_of
    from game.rulesets.saves.rules import attack_terms

    with m2.world:
        assert attack_terms(m2, a2, b2, weapons_of("sword")).dice == [4]
