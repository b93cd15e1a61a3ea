"""Saves, advantage, keep-highest damage, ganging up, Impaired/Enhanced: the shared exact odds."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from saves_helpers import comp, duel, events

from game.rulesets.saves.components import SvScores
from game.rulesets.saves.content import shipped
from game.rulesets.saves.odds import (
    attack_dice,
    damage_distribution,
    gang_bonus,
    harm,
    net_mode,
    save_chance,
    save_passes,
)
from game.rulesets.saves.rules import roll_save


@pytest.mark.rule("SV-SAVE")
def test_save_is_roll_under_with_natural_one_and_twenty():
    assert save_passes(10, 10) and not save_passes(11, 10)
    assert save_passes(1, 0)  # a 1 always succeeds, even against nothing
    assert not save_passes(20, 25)  # a 20 always fails, even against a huge score
    assert save_chance(10) == Fraction(10, 20)
    assert save_chance(3) == Fraction(3, 20)
    assert save_chance(0) == Fraction(1, 20)
    assert save_chance(19) == save_chance(25) == Fraction(19, 20)


@pytest.mark.rule("SV-SAVE", "SV-ADV")
def test_forced_save_rolls_take_better_or_worse():
    m, a, _ = duel()
    m.chance.force("d20", 15, 4, 4, 15, 12)
    with m.world:
        assert roll_save(m, a, "DEX", "advantage", mode=1)  # 15 and 4: keeps the 4
        assert not roll_save(m, a, "DEX", "disadvantage", mode=-1)  # 4 and 15: keeps the 15
        assert not roll_save(m, a, "DEX", "plain")  # one die, 12 > 10
    assert [e.data["dice"] for e in events(m, "save")] == [["15", "4"], ["4", "15"], ["12"]]


@pytest.mark.rule("SV-ADV")
def test_advantage_odds_and_cancelling():
    p = Fraction(10, 20)
    assert save_chance(10, 1) == 1 - (1 - p) ** 2
    assert save_chance(10, -1) == p * p
    assert net_mode(True, True) == 0 and net_mode(True, False) == 1 and net_mode(False, True) == -1
    # brute force over both d20s
    both = list(itertools.product(range(1, 21), repeat=2))
    adv = Fraction(sum(1 for x, y in both if save_passes(x, 7) or save_passes(y, 7)), 400)
    dis = Fraction(sum(1 for x, y in both if save_passes(x, 7) and save_passes(y, 7)), 400)
    assert save_chance(7, 1) == adv and save_chance(7, -1) == dis


@pytest.mark.rule("SV-ATTACK")
def test_keep_highest_damage_matches_brute_force():
    dice = [6, 8]
    dist = damage_distribution(dice, 2, 1)
    faces = list(itertools.product(range(1, 7), range(1, 9)))
    for value in range(0, 12):
        want = Fraction(sum(1 for f in faces if max(0, max(f) + 2 - 1) == value), len(faces))
        assert dist.probs.get(value, Fraction(0)) == want
    assert dist.total() == 1


@pytest.mark.rule("SV-GANG")
def test_gang_bonus_is_one_per_extra_attacker_capped_at_five():
    assert [gang_bonus(n) for n in range(1, 9)] == [0, 1, 2, 3, 4, 5, 5, 5]


@pytest.mark.rule("SV-IMPAIR")
def test_impaired_rolls_d4_and_enhanced_adds_d12_and_they_cancel():
    assert attack_dice([10, 8], [6], impaired=True, enhanced=False) == [4]
    assert attack_dice([10], [6], impaired=False, enhanced=True) == [10, 6, 12]
    assert attack_dice([10], [], impaired=True, enhanced=True) == [10]


@pytest.mark.rule("SV-DAMAGE")
def test_harm_counts_str_save_after_hp_runs_out():
    dist = damage_distribution([6])
    h = harm(dist, hp=3, strength=10)
    # 4..6 go past 3 HP: STR drops by 1..3 and a STR save (7..9 to pass) follows
    want = Fraction(1, 6) * sum((1 - save_chance(10 - over)) for over in (1, 2, 3))
    assert h.out == pytest.approx(float(want))
    assert h.dead == 0
    lethal = harm(damage_distribution([12]), hp=0, strength=3)
    assert lethal.dead == pytest.approx(10 / 12)


@pytest.mark.rule("SV-ASSUMED")
def test_scores_not_listed_are_ten():
    crawler = shipped().squads["beasts"].units[2]  # the venom crawler lists no WIL
    assert crawler.wil == 10
    from saves_helpers import make_match, side_units

    m = make_match("party", "beasts")
    crawlers = [e for e in side_units(m, "p2") if comp(m, e, SvScores).mindless]
    assert comp(m, crawlers[0], SvScores).wil == 10


@pytest.mark.rule("SV-GANG", "SV-DAMAGE")
def test_preview_uses_the_same_odds_as_the_resolution():
    from saves_helpers import act, find, setup_unit, side_units

    from game.core.components import Status
    from game.rulesets.saves import RULESET
    from game.rulesets.saves.combat import Group
    from game.rulesets.saves.components import get

    m, a, b = duel()
    c = side_units(m, "p1")[1]
    with m.world:
        get(c, Status).state = "active"
    from saves_helpers import place

    place(m, c, (6, 6))
    setup_unit(m, c, held=["sword"], armour="none", shield="")
    act(m, "attack", actor=a, target=b, option="sword")
    pv = RULESET.preview(m, find(m, "attack", actor=c, target=b))
    from game.rulesets.saves.ai import group_outcome

    with m.world:
        g = Group(b, [a, c], {a: "sword", c: "sword"})
        h = g.harm(m)
        best = group_outcome(m, g)  # the defender's best answer, as the AI prices the attack
    # the headline is after that answer; the lines still give the damage if it lands
    assert pv.expected_damage == best.taken and pv.kill == best.taken_out and pv.hit == 1 - best.dodge
    assert f"{h.expected:.2f} expected" in " ".join(pv.lines)
    assert dict(pv.outcomes)["9"] == pytest.approx((1 - best.dodge) * 15 / 64)  # 8 + 1: either die an 8
    pm = RULESET.preview(m, find(m, "maneuver", actor=c, target=b, option="knockdown"))
    assert pm.hit == pytest.approx(1 - float(save_chance(10)))
