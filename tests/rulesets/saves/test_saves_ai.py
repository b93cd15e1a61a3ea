"""The saves AI's prices: attacks on the defender's own best answer, knock-downs by the Enhanced
attacks they set up, the last enemy's take-out, and the Hard AI's whole-side plan (sideplan.py)."""

from __future__ import annotations

import pytest
from saves_helpers import act, bench, find, make_match, place, setup_unit, side_units

from game.ai.levels import make_level
from game.rulesets.saves import ai
from game.rulesets.saves.combat import Group, defence_answers, dodge_chance
from game.rulesets.saves.kinds import Kind
from game.rulesets.saves.sideplan import plan_step, side_plan


def _attack(m, a, b):
    return find(m, Kind.ATTACK, actor=a, target=b)


def _three_on_one():
    """Three party units with swords next to one raider, a second raider out of everyone's reach."""
    m = make_match()
    p1 = side_units(m, "p1")[:3]
    t1, t2 = side_units(m, "p2")[:2]
    bench(m, [*p1, t1, t2])
    for i, (u, cell) in enumerate(zip(p1, [(5, 4), (5, 5), (5, 6)], strict=True)):
        place(m, u, cell)
        setup_unit(m, u, hp=5, str_=12, dex=10, held=["sword"], armour="none", shield="", bonus=[])
        assert i >= 0
    place(m, t1, (6, 5))
    place(m, t2, (18, 12))
    for t in (t1, t2):
        setup_unit(m, t, hp=4, str_=10, dex=12, held=["sword"], armour="plate", shield="")
    return m, p1, t1, t2


@pytest.mark.rule("SV-DEFEND")
def test_an_attack_is_priced_on_the_defenders_best_answer():
    m, (a, *_), t1, _t2 = _three_on_one()
    with m.world:
        g = Group(t1, [a], {a: "sword"})
        answers = defence_answers(m, g)
        best = max(answers, key=ai.answer_value)
        dmg, out, exposure = ai.attack_value(m, _attack(m, a, t1))
    assert dmg == pytest.approx(best.taken)
    assert out == pytest.approx(best.taken_out)
    assert exposure == pytest.approx(best.dealt + ai.KILL * best.dealt_out)
    # a nimble, unarmoured target with bare fists dodges: no counter-attack to fear
    setup_unit(m, t1, dex=18, held=["fists"], armour="none")
    with m.world:
        assert ai.defender_choice(m, Group(t1, [a], {a: "sword"})).key == "dodge"
        dmg, _, exposure = ai.attack_value(m, _attack(m, a, t1))
        assert exposure == 0.0
        assert dmg == pytest.approx((1 - dodge_chance(t1)) * Group(t1, [a], {a: "sword"}).harm(m).expected)


@pytest.mark.rule("SV-GANG")
def test_joining_a_declared_attack_adds_what_the_gang_bonus_adds():
    m, (a, b, _c), t1, _t2 = _three_on_one()
    with m.world:
        alone, _, _ = ai.attack_value(m, _attack(m, b, t1))
    act(m, Kind.ATTACK, actor=a, target=t1)
    with m.world:
        joined, _, _ = ai.attack_value(m, _attack(m, b, t1))
        pair = ai.defender_choice(m, Group(t1, [a, b], {a: "sword", b: "sword"}))
        single = ai.defender_choice(m, Group(t1, [a], {a: "sword"}))
    # plate (3) eats most of a lone sword; the second attacker's +1 and second die get through
    assert joined == pytest.approx(pair.taken - single.taken)
    assert joined > alone


@pytest.mark.rule("SV-IMPAIR")
def test_a_knock_down_is_worth_the_enhanced_attacks_declared_on_its_target():
    m, (a, b, c), t1, _t2 = _three_on_one()
    with m.world:
        bare = ai.knockdown_value(m, find(m, Kind.MANEUVER, actor=c, target=t1, option="knockdown"))
    act(m, Kind.ATTACK, actor=a, target=t1)
    act(m, Kind.ATTACK, actor=b, target=t1)
    with m.world:
        backed = ai.knockdown_value(m, find(m, Kind.MANEUVER, actor=c, target=t1, option="knockdown"))
    assert backed.score() > bare.score() > 0
    act(m, Kind.MANEUVER, actor=c, target=t1, option="knockdown")
    with m.world:
        g = Group(t1, [a, b], {a: "sword", b: "sword"})
        mixed = ai.group_outcome(m, g, 1)
        plain = ai.defender_choice(m, g)
        # the attacks' own price counts the chance that the target is Prone when they land
        dmg, _, _ = ai.attack_value(m, _attack_again(m, b))
    # worth more to the attackers (the defender's own value of its answer is lower)
    assert ai.answer_value(mixed) < ai.answer_value(plain)
    assert dmg > 0


def _attack_again(m, b):
    from game.core.action import Action

    with m.world:
        from game.rulesets.saves.turns import table

        d = table(m).data["declared"][str(b)]
    return Action(Kind.ATTACK, b, d["target"], option=d["option"])


def test_taking_out_the_last_enemy_counts_more():
    m, (a, *_), t1, t2 = _three_on_one()
    with m.world:
        _, out_two_left, exposed_two_left = ai.attack_value(m, _attack(m, a, t1))
        threat_two_left = ai.threat_by(m, "p1", (5, 5))[t1]
    bench(m, [*side_units(m, "p1")[:3], t1])
    with m.world:
        _, out_last, exposed_last = ai.attack_value(m, _attack(m, a, t1))
        threat_last = ai.threat_by(m, "p1", (5, 5))[t1]
    assert out_two_left > 0
    assert out_last == pytest.approx(ai.FINISH * out_two_left)
    # its counter-attacks and its threat count a third: closing on it ends the fight
    assert exposed_two_left > 0 and exposed_last == pytest.approx(exposed_two_left / ai.FINISH)
    assert threat_last == pytest.approx(threat_two_left / ai.FINISH)


@pytest.mark.rule("SV-GANG")
def test_the_side_plan_gangs_up_on_the_target_in_reach_and_hard_follows_it():
    m, (a, b, c), t1, t2 = _three_on_one()
    with m.world:
        plan = side_plan(m, "p1")
    attackers = [s for s in plan.steps.values() if s.target is not None]
    assert {s.target for s in attackers} == {t1}
    assert len(attackers) >= 2  # against plate, a lone sword rarely gets through
    first = attackers[0]
    with m.world:
        assert plan_step(m, _attack(m, first.unit, t1)) == 1.0
        assert plan_step(m, find(m, Kind.END)) == 0.0
    hard = make_level("hard", seed=3, budget=1.0)
    chosen = hard.choose(m, m.legal())
    assert chosen.kind in (Kind.ATTACK, Kind.MOVE) and chosen.actor in (a, b, c)
    assert "plan" in hard.last_explanation[0]["terms"]


def test_the_side_plan_moves_a_unit_into_reach_and_never_reads_a_hidden_enemy():
    m, (a, b, c), t1, t2 = _three_on_one()
    place(m, c, (1, 1))  # out of reach now, but a move brings it next to t1
    with m.world:
        plan = side_plan(m, "p1")
    step = plan.steps[c]
    assert step.target == t1 and step.cell != (1, 1)
    with m.world:
        assert plan_step(m, find(m, Kind.MOVE, actor=c, cell=step.cell)) == 1.0
    # a Hidden enemy: no plan aims at it, and where it stands changes nothing
    setup_unit(m, t1, conditions=["hidden"])
    with m.world:
        hidden_here = side_plan(m, "p1")
    place(m, t1, (6, 6))
    with m.world:
        hidden_there = side_plan(m, "p1")
    assert all(s.target != t1 for s in hidden_here.steps.values())
    assert hidden_here.steps == hidden_there.steps and hidden_here.value == pytest.approx(hidden_there.value)


def test_the_side_plan_leaves_a_declared_blast_alone():
    m, (a, b, c), t1, _t2 = _three_on_one()
    place(m, c, (2, 5))
    setup_unit(m, c, held=["firebomb"])
    act(m, Kind.ATTACK, actor=c, target=t1)  # a blast: rolled per unit in the area, no group
    with m.world:
        plan = side_plan(m, "p1")
    assert c not in plan.steps
    assert {s.target for s in plan.steps.values() if s.target is not None} == {t1}


def test_normal_never_takes_back_a_declaration_to_make_it_again():
    m, (a, b, c), t1, t2 = _three_on_one()
    bench(m, [a, b, c, t1])  # the last enemy, easy to take out: its attack is worth a lot
    setup_unit(m, t1, hp=1, str_=3, dex=3, armour="none")
    act(m, Kind.ATTACK, actor=a, target=t1)
    normal = make_level("normal", seed=5, budget=1.0)
    for _ in range(3):
        chosen = normal.choose(m, m.legal())
        assert chosen.kind != Kind.CANCEL, normal.last_explanation
        if chosen.kind == Kind.END:
            break
        m.submit(chosen)


def test_normal_never_flees_the_field_for_another_units_attack():
    m, (a, b, c), t1, t2 = _three_on_one()
    place(m, c, (0, 5))  # on the map's edge: it may flee; the others are next to a raider
    normal = make_level("normal", seed=5, budget=30.0)
    from game.ai.knowledge import Deadline

    ranked = normal.rank(m, m.legal(), Deadline(30.0))
    flee = [r for r in ranked if r.action.kind == Kind.FLEE]
    assert flee and all("followup" not in r.terms for r in flee)  # its follow-up was another's attack
    assert ranked[0].action.kind != Kind.FLEE
