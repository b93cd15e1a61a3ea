"""The readings of issue #32: each test names its rule and failed on the code before the change."""

from __future__ import annotations

import pytest
from saves_helpers import (
    act,
    bench,
    comp,
    duel,
    events,
    find,
    make_match,
    place,
    resolve,
    setup_unit,
    side_units,
)

from game.core.components import Conditions


def answer_all(m, key="dodge"):
    """Answer every pending defence with `key` (dodge unless told)."""
    while m.pending_decision is not None:
        m.answer(key if key in m.pending_decision.keys() else m.pending_decision.keys()[0])


def conds(m, e):
    return comp(m, e, Conditions).active


@pytest.mark.rule("SV-GANG", "SV-BLAST")
def test_own_blast_does_not_lock_an_ally_against_the_enemy():
    m = make_match()
    p1, p2 = side_units(m, "p1"), side_units(m, "p2")
    mags, bryn, foe = p1[2], p1[0], p2[0]
    bench(m, [mags, bryn, foe])
    place(m, mags, (2, 5))
    place(m, foe, (6, 5))
    place(m, bryn, (7, 5))
    setup_unit(m, bryn, hp=9, str_=14)
    setup_unit(m, foe, hp=9, str_=14)
    act(m, "attack", actor=mags, target=foe, option="firebomb")
    m.chance.force("d20", 20, 20)
    resolve(m)
    answer_all(m)
    # the enemy's turn: Bryn, caught in Mags's own firebomb, is not safe from it
    assert "attacked" not in conds(m, bryn)
    assert find(m, "attack", actor=foe, target=bryn)


@pytest.mark.rule("SV-BLINDED")
def test_blinded_aim_by_sound_is_not_at_disadvantage():
    m, a, b = duel(p1_held=["bow"])
    place(m, b, (9, 5))
    setup_unit(m, a, conditions=["blinded"])
    act(m, "attack", actor=a, target=b, option="bow")
    m.chance.force("d20", 5, 20, 20)
    resolve(m)
    aim = [e for e in events(m, "save") if e.data["why"] == "Blinded: aim by sound"]
    assert len(aim) == 1 and aim[0].data["dice"] == ["5"] and aim[0].data["passed"]


@pytest.mark.rule("SV-BLINDED", "SV-INIT")
def test_blinded_surprise_save_is_not_at_disadvantage():
    from game.rulesets.saves.setup import initiative

    m = make_match(options={"surprise": "unclear"}, phase=False)
    for e in side_units(m, "p1"):
        setup_unit(m, e, conditions=["blinded"])
    with m.world:
        for _ in initiative(m):
            pass
    rolls = [e for e in events(m, "save") if e.data["why"] == "act before the enemy"]
    assert rolls and all(len(e.data["dice"]) == 1 for e in rolls)


@pytest.mark.rule("SV-HIDDEN", "SV-MANEUVER")
@pytest.mark.parametrize("option", ["knockdown", "snatch"])
def test_a_hidden_units_maneuver_unveils_it(option):
    m, a, b = duel()
    setup_unit(m, a, conditions=["hidden"])
    mine = [x for x in m.legal() if x.actor == a and x.kind == "maneuver"]
    m.submit(next(x for x in mine if x.option.startswith(option)))
    m.chance.force("d20", 1)  # the target saves: unveiled all the same
    resolve(m)
    assert "hidden" not in conds(m, a)
    assert any(e.data.get("unit") == a for e in events(m, "reveal"))


@pytest.mark.rule("SV-INIT")
def test_unclear_surprise_rolls_for_player_characters_only():
    from game.rulesets.saves.components import SvScores
    from game.rulesets.saves.setup import initiative

    m = make_match(options={"surprise": "unclear"}, phase=False)
    m.chance.force("d20", *([1] * 10))
    with m.world:
        for _ in initiative(m):
            pass
    rolled = {e.data["unit"] for e in events(m, "save") if e.data["why"] == "act before the enemy"}
    pcs = {e for e in side_units(m, "p1") if comp(m, e, SvScores).role == "pc"}
    assert rolled == pcs  # the two hirelings do not roll, and do not act in the surprise turn
    with m.world:
        from game.rulesets.saves.turns import may_act

        assert {e for e in side_units(m, "p1") if may_act(m, e)} == pcs


@pytest.mark.rule("SV-GANG", "SV-MANEUVER")
def test_the_gang_lock_forbids_attacks_but_not_maneuvers():
    m, a, b = duel()
    setup_unit(m, b, conditions=["attacked"])
    kinds = {(x.kind, x.option.split(":")[0]) for x in m.legal() if x.actor == a and x.target == b}
    assert ("attack", "sword") not in kinds
    assert ("maneuver", "knockdown") in kinds and ("maneuver", "snatch") in kinds


@pytest.mark.rule("SV-TURN")
def test_swapping_back_takes_up_both_daggers():
    from game.rulesets.saves.components import SvGear, SvTurn

    m, a, b = duel(p1_held=["dagger", "dagger"])
    place(m, b, (15, 5))
    comp(m, a, SvGear).stowed = ["sling"]
    act(m, "swap", actor=a, option="sling")
    assert comp(m, a, SvGear).held == ["sling"]
    comp(m, a, SvTurn).swapped = False  # a later turn
    act(m, "swap", actor=a, option="dagger+dagger")
    gear = comp(m, a, SvGear)
    assert gear.held == ["dagger", "dagger"] and gear.stowed == ["sling"]


@pytest.mark.rule("SV-STUNNED")
def test_a_stun_lasts_into_the_attackers_next_turn():
    from game.rulesets.saves.combat import dodge_chance
    from game.rulesets.saves.rules import attack_terms, weapon_sets

    m, a, b = duel()
    setup_unit(m, b, conditions=["stunned"])  # stunned by p1's blow this turn
    resolve(m)  # p1's Resolve ends: p2's turn, which b loses
    assert not [x for x in m.legal() if x.actor == b]
    resolve(m)  # p1's next turn: b is still Stunned, and p1 can exploit it
    assert "stunned" in conds(m, b)
    with m.world:
        assert "target Stunned" in attack_terms(m, a, b, weapon_sets(m, a)[0]).enhanced
        assert dodge_chance(b) == pytest.approx(0.25)  # DEX 10 at Disadvantage
    resolve(m)  # p2's turn: b recovers and acts
    assert "stunned" not in conds(m, b)
    assert [x for x in m.legal() if x.actor == b]


@pytest.mark.rule("SV-ATTACK", "SV-HIDDEN")
def test_an_unseen_hidden_enemy_next_to_a_unit_does_not_engage_it():
    from game.rulesets.saves.hover import why_not_target

    m = make_match()
    a, (b, c) = side_units(m, "p1")[0], side_units(m, "p2")[:2]
    bench(m, [a, b, c])
    setup_unit(m, a, held=["bow"])
    setup_unit(m, b, conditions=["hidden"])
    place(m, a, (5, 5))
    place(m, b, (6, 5))
    place(m, c, (10, 5))
    assert find(m, "attack", actor=a, target=c, option="bow")
    with m.world:
        assert why_not_target(m, a, c) == ""


@pytest.mark.rule("SV-UNCONSCIOUS", "SV-DAMAGE")
def test_an_unconscious_foe_can_be_finished_off():
    from game.rulesets.saves.components import SvScores
    from game.rulesets.saves.rules import knock_out

    m, a, b = duel()
    c = side_units(m, "p2")[1]
    with m.world:
        from game.core.components import Status
        from game.rulesets.saves.components import get

        get(c, Status).state = "active"  # a second enemy keeps the fight going
        knock_out(m, b, "a test")
    place(m, c, (15, 10))
    act(m, "attack", actor=a, target=b, option="sword")
    m.chance.force("d8", 6)
    m.chance.force("d20", 20)  # the STR save against Critical Damage fails
    resolve(m)
    assert m.pending_decision is None  # it cannot dodge or answer
    assert comp(m, b, SvScores).strength == 4  # 6 past 0 HP off STR 10
    assert "critical" in conds(m, b)


def _gang_and_blast(options=None):
    """Bryn's sword and Mags's firebomb both at one raider (the rest benched)."""
    m = make_match(options=options)
    p1, foe = side_units(m, "p1"), side_units(m, "p2")[0]
    bryn, mags = p1[0], p1[2]
    bench(m, [bryn, mags, foe])
    place(m, bryn, (5, 5))
    place(m, foe, (6, 5))
    place(m, mags, (9, 8))
    setup_unit(m, bryn, bonus=[])
    setup_unit(m, foe, hp=9, str_=14, armour="none")
    return m, bryn, mags, foe


@pytest.mark.rule("SV-GANG", "SV-BLAST")
def test_a_blast_at_a_ganged_target_joins_the_gang():
    m, bryn, mags, foe = _gang_and_blast()
    act(m, "attack", actor=bryn, target=foe, option="sword")
    blast = find(m, "attack", actor=mags, target=foe, option="firebomb")
    preview = m.ruleset.preview(m, blast)
    assert any("ganging up with 1 other: +1" in line for line in preview.lines)
    m.submit(blast)
    with m.world:
        view = m.ruleset.declarations_view(m, "p1")
    on_foe = [g for g in view["groups"] if g["target"] == foe]
    assert len(on_foe) == 1 and sorted(on_foe[0]["attackers"]) == sorted([bryn, mags])
    assert on_foe[0]["bonus"] == 1
    m.chance.force("d20", 20, 20, 20)
    resolve(m)
    answer_all(m)
    attacks = [e for e in events(m, "attack") if e.data["unit"] == foe]
    assert len(attacks) == 1 and attacks[0].data["bonus"] == 1  # attacked once, not twice


@pytest.mark.rule("SV-GANG", "SV-BLAST")
def test_blast_apart_reading_rolls_the_blast_on_its_own():
    from game.rulesets.saves import RULESET

    assert "apart" in {o.name: o for o in RULESET.rule_options()}["blast_gang"].values
    m, bryn, mags, foe = _gang_and_blast({"rules": {"blast_gang": "apart"}})
    act(m, "attack", actor=bryn, target=foe, option="sword")
    act(m, "attack", actor=mags, target=foe, option="firebomb")
    m.chance.force("d20", 20, 20, 20)
    resolve(m)
    answer_all(m)
    assert len([e for e in events(m, "attack") if e.data["unit"] == foe]) == 2


def _morale_saves(options):
    from game.core.components import Status
    from game.rulesets.saves.components import get
    from game.rulesets.saves.morale import check_group

    m = make_match(options=options)
    foes = side_units(m, "p2")
    m.chance.force("d20", 1, 1)
    with m.world:
        for e in foes[1:4]:
            get(e, Status).state = "dead"
        check_group(m, "p2")  # 3 of 5 lost: the chieftain saves WIL and holds
        get(foes[4], Status).state = "dead"
        check_group(m, "p2")  # one more lost
    return [e for e in events(m, "save") if "morale" in e.data["why"]]


@pytest.mark.rule("SV-MORALE")
def test_morale_is_checked_once_at_half_by_default():
    assert len(_morale_saves(None)) == 1


@pytest.mark.rule("SV-MORALE")
def test_morale_each_loss_reading_checks_again_at_every_loss():
    assert len(_morale_saves({"rules": {"morale": "each_loss"}})) == 2


@pytest.mark.rule("SV-MANEUVER")
def test_snatch_can_take_an_item_the_snatcher_names():
    from game.rulesets.saves.components import SvGear

    m, a, b = duel()
    comp(m, b, SvGear).items = ["potion"]
    act(m, "maneuver", actor=a, target=b, option="snatch:potion")
    m.chance.force("d20", 15)  # STR 10: fails
    resolve(m)
    assert comp(m, b, SvGear).items == [] and comp(m, a, SvGear).items == ["potion"]
    assert comp(m, b, SvGear).held == ["sword"]  # the weapon stays in hand


@pytest.mark.rule("SV-ADV", "SV-DEFEND")
def test_an_allys_distraction_gives_the_dodge_advantage():
    m = make_match()
    a, (b, c) = side_units(m, "p1")[0], side_units(m, "p2")[1:3]
    bench(m, [a, b, c])
    for e in (a, b, c):
        setup_unit(m, e, hp=5, str_=10, dex=10, held=["sword"], armour="none", shield="", bonus=[])
    place(m, a, (5, 5))
    place(m, b, (6, 5))
    place(m, c, (5, 6))  # b's ally, next to the attacker
    attack = find(m, "attack", actor=a, target=b, option="sword")
    assert any("with Advantage" in line and "75%" in line for line in m.ruleset.preview(m, attack).lines)
    m.submit(attack)
    m.chance.force("d8", 8)
    m.chance.force("d20", 15, 9)  # two dice, the better passes
    resolve(m)
    dodge = next(o for o in m.pending_decision.options if o.key == "dodge")
    assert "75%" in dodge.detail
    assert "dodge with Advantage" in m.pending_decision.context["lines"][0]
    m.answer("dodge")
    save = [e for e in events(m, "save") if e.data["why"] == "dodge"][0]
    assert save.data["dice"] == ["15", "9"] and save.data["passed"]


@pytest.mark.rule("SV-IMPAIR")
def test_resistant_targets_impair_and_vulnerable_ones_enhance():
    from game.rulesets.saves.combat import weapons_of
    from game.rulesets.saves.content import shipped
    from game.rulesets.saves.rules import attack_terms

    units = [u for sq in shipped().squads.values() for u in sq.units]
    assert sum(1 for u in units if u.resist) >= 2 and sum(1 for u in units if u.vulnerable) >= 2
    m = make_match("party", "beasts")
    bryn = side_units(m, "p1")[0]
    stalker, crawler = side_units(m, "p2")[0], side_units(m, "p2")[2]
    with m.world:
        burn = attack_terms(m, bryn, stalker, weapons_of("firebomb"))
        assert burn.enhanced == ["target vulnerable to fire"] and burn.dice == [6, 6, 12]  # + Bryn's d6
        club = attack_terms(m, bryn, crawler, weapons_of("maul"))
        assert club.impaired == ["target resists blunt"] and club.dice == [4]
        mixed = attack_terms(m, bryn, crawler, weapons_of("maul+dagger"))
        assert not mixed.impaired  # the dagger is not blunt


@pytest.mark.rule("SV-IMPAIR")
def test_a_risky_stunt_that_passes_is_enhanced():
    m, a, b = duel()
    setup_unit(m, b, hp=9, str_=14)
    stunt = find(m, "attack", actor=a, target=b, option="stunt:sword")
    assert stunt.hotkey_group == "stunt"
    m.submit(stunt)
    m.chance.force("d20", 3, 20)  # the stunt's DEX save passes; the dodge fails
    m.chance.force("d8", 2)
    m.chance.force("d12", 11)
    resolve(m)
    assert m.pending_decision.context["stunts"] == {str(a): True}
    m.answer("dodge")
    assert events(m, "attack")[0].data["dice"] == ["2", "11"]
    assert "prone" not in conds(m, a)


@pytest.mark.rule("SV-IMPAIR")
def test_a_failed_risky_stunt_is_plain_and_leaves_the_attacker_prone():
    m, a, b = duel()
    setup_unit(m, b, hp=9, str_=14)
    act(m, "attack", actor=a, target=b, option="stunt:sword")
    m.chance.force("d20", 15, 20)  # the stunt fails (DEX 10); the dodge fails
    m.chance.force("d8", 2)
    resolve(m)
    m.answer("dodge")
    assert events(m, "attack")[0].data["dice"] == ["2"]
    assert "prone" in conds(m, a)  # through the enemy's turn: attacks at it are Enhanced


@pytest.mark.rule("SV-IMPAIR")
def test_the_stunt_preview_mixes_both_outcomes_exactly():
    from fractions import Fraction

    from game.rulesets.saves.odds import damage_distribution

    m, a, b = duel()
    preview = m.ruleset.preview(m, find(m, "attack", actor=a, target=b, option="stunt:sword"))
    plain, enhanced = damage_distribution([8]), damage_distribution([8, 12])
    p = Fraction(1, 2)  # DEX 10
    for dmg, q in preview.outcomes:
        want = p * enhanced.probs.get(int(dmg), 0) + (1 - p) * plain.probs.get(int(dmg), 0)
        assert q == pytest.approx(float(want))
    assert any("risky stunt" in line for line in preview.lines)


@pytest.mark.rule("SV-IMPAIR")
def test_the_ai_takes_a_stunt_only_when_it_pays():
    from game.rulesets.saves.ai import attack_value

    def gain(dex):
        m, a, b = duel()
        setup_unit(m, a, dex=dex)
        setup_unit(m, b, hp=9, str_=14)
        with m.world:
            plain = attack_value(m, find(m, "attack", actor=a, target=b, option="sword"))
            stunt = attack_value(m, find(m, "attack", actor=a, target=b, option="stunt:sword"))
        return (stunt[0] - stunt[2]) - (plain[0] - plain[2])

    assert gain(18) > 0 > gain(3)
