"""Hit checks: cards one at a time against face-down evasion cards, stacks, Aim, critical, damage,
range, cover, bets, non-lethal attacks, unarmed strikes."""

from __future__ import annotations

import pytest
from varium_helpers import act, answer, data, ents, force, hp, make, place, state, zones

from game.core.components import Status
from game.rulesets.varium import odds
from game.rulesets.varium.combat import accuracy, weapon_of
from game.rulesets.varium.components import get


def _guard_vs_shooter():
    m = make()
    guard, shooter = ents(m)
    return m, guard, shooter


@pytest.mark.rule("VC-HITCHECK", "VC-DAMAGE")
def test_stand_beats_face_down_cards_strictly_and_damage_adds_the_check() -> None:
    m, guard, shooter = _guard_vs_shooter()
    force(m, "5H", "4C", "10S")  # two face-down cards (9), then the guard's 10
    act(m, "attack", actor=guard, target=shooter, option="baton")
    assert sorted(zones(m)[f"face-down:{shooter}"]) == ["4C", "5H"]
    answer(m, "stack", "stand")
    assert hp(m, shooter) == 55  # nothing happens before the reveal
    act(m, "end", actor=guard)
    # 10 + clubs 5 = 15 > 9: damage 15 + baton 4 - armour 1
    assert hp(m, shooter) == 55 - 18
    assert f"face-down:{shooter}" not in zones(m)


@pytest.mark.rule("VC-HITCHECK")
def test_equal_to_the_face_down_total_misses() -> None:
    m, guard, shooter = _guard_vs_shooter()
    force(m, "10H", "JC", "QS", "9D")  # evasion 21; 12, then 9 -> 21 + 5 = 26 > 21
    act(m, "attack", actor=guard, target=shooter, option="baton")
    answer(m, "stack", "hit")
    answer(m, "stack", "stand")
    act(m, "end", actor=guard)
    assert hp(m, shooter) == 55 - (26 + 4 - 1)
    m2, g2, s2 = _guard_vs_shooter()
    force(m2, "10H", "5C", "10S")  # evasion 15; 10 + 5 = 15: not strictly greater
    act(m2, "attack", actor=g2, target=s2, option="baton")
    answer(m2, "stack", "stand")
    act(m2, "end", actor=g2)
    assert hp(m2, s2) == 55


@pytest.mark.rule("VC-HITCHECK")
def test_a_stack_over_accuracy_busts_and_misses() -> None:
    m, guard, shooter = _guard_vs_shooter()
    force(m, "2H", "2C", "KS", "9D")  # baton accuracy 21: 13 + 9 = 22 busts
    act(m, "attack", actor=guard, target=shooter, option="baton")
    answer(m, "stack", "hit")
    answer(m, "bust", "accept")
    act(m, "end", actor=guard)
    assert hp(m, shooter) == 55
    assert any("busts" in e.text for e in m.log)


@pytest.mark.rule("VC-STACKS")
def test_an_ace_starts_a_new_stack_and_stacks_sum() -> None:
    m, guard, shooter = _guard_vs_shooter()
    force(m, "2H", "3H", "KS", "AS", "9D")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    answer(m, "stack", "hit")
    answer(m, "ace", "split")
    answer(m, "stack", "hit")
    answer(m, "stack", "stand")
    act(m, "end", actor=guard)
    # stacks 13 and 9, + 5 = 27 (< 30, no critical): 27 + 4 - 1
    assert hp(m, shooter) == 55 - 30


@pytest.mark.rule("VC-STACKS")
def test_an_ace_counts_14_or_a_bust_in_any_stack_misses() -> None:
    m, guard, shooter = _guard_vs_shooter()
    force(m, "2H", "3H", "5S", "AS")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    answer(m, "stack", "hit")
    answer(m, "ace", "count")
    answer(m, "stack", "stand")
    act(m, "end", actor=guard)
    assert hp(m, shooter) == 55 - (19 + 5 + 4 - 1)
    m2, g2, s2 = _guard_vs_shooter()
    force(m2, "2H", "3H", "KS", "AS", "QD", "KD")
    act(m2, "attack", actor=g2, target=s2, option="baton")
    answer(m2, "stack", "hit")
    answer(m2, "ace", "split")
    answer(m2, "stack", "hit")
    answer(m2, "stack", "hit")
    answer(m2, "bust", "accept")  # the second stack busts: the whole attack misses
    act(m2, "end", actor=g2)
    assert hp(m2, s2) == 55


@pytest.mark.rule("VC-AIM")
def test_aim_redeals_the_last_card_for_a_half_turn() -> None:
    m, guard, shooter = _guard_vs_shooter()
    force(m, "2H", "3H", "KS", "QD", "3C")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    assert state(m, guard).halves == 1
    answer(m, "stack", "hit")
    d = m.pending_decision
    assert d is not None and "aim" in d.keys()
    answer(m, "bust", "aim")  # the Queen would bust: redeal it
    assert state(m, guard).halves == 0
    assert "QD" in zones(m)["discard"]
    d = m.pending_decision
    assert d is not None and d.kind == "stack" and "aim" not in d.keys()  # no half-turn left
    answer(m, "stack", "stand")
    act(m, "end", actor=guard)
    assert hp(m, shooter) == 55 - (16 + 5 + 4 - 1)


@pytest.mark.rule("VC-CRIT")
def test_critical_threshold_ignores_armour() -> None:
    m, guard, shooter = _guard_vs_shooter()
    force(m, "2H", "2C", "KS", "AS", "KD")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    answer(m, "stack", "hit")
    answer(m, "ace", "split")
    answer(m, "stack", "hit")
    answer(m, "stack", "stand")
    act(m, "end", actor=guard)
    # 13 + 13 + 5 = 31 >= 30: armour 1 ignored
    assert hp(m, shooter) == 55 - 35
    strike = odds.Strike(4, 1, 30, "ignore_armour")
    assert odds.damage_of(29, strike) == (32, False)
    assert odds.damage_of(30, strike) == (34, True)


@pytest.mark.rule("VC-DAMAGE")
def test_damage_never_below_zero_and_resistance_last() -> None:
    assert odds.damage_of(3, odds.Strike(0, 10, 30, "ignore_armour")) == (0, False)
    # (25 - 4) x 0.75 = 15.75 -> 15: resistance after armour
    assert odds.damage_of(25, odds.Strike(0, 4, 30, "ignore_armour", 0.75)) == (15, False)


@pytest.mark.rule("VC-UNARMED", "VC-DAMAGE")
def test_unarmed_strike_limit_and_no_weapon_damage() -> None:
    m = make("duel_wrestler", "duel_guard")
    wrestler, guard = ents(m)
    force(m, "2H", "2C", "10S", "7C")
    act(m, "attack", actor=wrestler, target=guard, option="unarmed")
    answer(m, "stack", "hit")
    answer(m, "stack", "stand")  # 17 of limit 10 + 8
    act(m, "end", actor=wrestler)
    assert hp(m, guard) == 70 - int((17 + 8 - 4) * 0.75)
    m2 = make("duel_wrestler", "duel_guard")
    w2, g2 = ents(m2)
    force(m2, "2H", "2C", "10S", "9C")
    act(m2, "attack", actor=w2, target=g2, option="unarmed")
    answer(m2, "stack", "hit")
    assert m2.pending_decision is not None and m2.pending_decision.kind == "bust"  # 19 > 18


@pytest.mark.rule("VC-RANGE")
def test_ranged_accuracy_drops_per_square_beyond_range() -> None:
    m = make(cells={"p1": [(0, 5)], "p2": [(9, 5)]})
    guard, shooter = ents(m)
    with m.world:
        assert accuracy(m, shooter, guard, weapon_of("pistol")) == 20 - 3
        assert accuracy(m, guard, shooter, weapon_of("baton")) == 21
    place(m, shooter, (6, 5))
    with m.world:
        assert accuracy(m, shooter, guard, weapon_of("pistol")) == 20


@pytest.mark.rule("VC-EVASION")
def test_cover_sets_evasion_against_ranged_only_and_easy_targets_get_one() -> None:
    m = make("duel_gang", "duel_guard", cells={"p1": [(2, 5)], "p2": [(8, 5)]})
    shooter, guard = ents(m)
    m.board.set((7, 5), cover=2)
    act(m, "attack", actor=shooter, target=guard, option="pistol")
    assert len(zones(m)[f"face-down:{guard}"]) == 4  # good cover: 4 cards
    m2 = make("duel_gang", "duel_guard", cells={"p1": [(6, 5)], "p2": [(7, 5)]})
    s2, g2 = ents(m2)
    act(m2, "attack", actor=s2, target=g2, option="knife")
    assert len(zones(m2)[f"face-down:{g2}"]) == 2  # melee: the base 2
    m3 = make("duel_gang", "duel_guard", cells={"p1": [(6, 5)], "p2": [(7, 5)]})
    s3, g3 = ents(m3)
    state(m3, g3).prone = True
    act(m3, "attack", actor=s3, target=g3, option="knife")
    assert len(zones(m3)[f"face-down:{g3}"]) == 1  # prone and close: an easy target


@pytest.mark.rule("VC-EVASION")
@pytest.mark.parametrize(("cover", "cards"), [(0, 2), (1, 3), (2, 4), (3, 5)])
def test_each_cover_level_deals_its_evasion_cards(cover: int, cards: int) -> None:
    m = make("duel_gang", "duel_guard", cells={"p1": [(2, 5)], "p2": [(8, 5)]})
    shooter, guard = ents(m)
    if cover:
        m.board.set((6, 5), cover=cover)
    act(m, "attack", actor=shooter, target=guard, option="pistol")
    assert len(zones(m)[f"face-down:{guard}"]) == cards


@pytest.mark.rule("VC-BET")
def test_bets_add_damage_on_a_hit_and_go_back_on_a_miss() -> None:
    m, guard, shooter = _guard_vs_shooter()
    force(m, "2H", "2C", "5S", "6S")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    d = m.pending_decision
    assert d is not None and {"bet:1", "bet:4"} <= set(d.keys()) and "bet:5" not in d.keys()  # Risk 4
    answer(m, "stack", "bet:3")
    answer(m, "stack", "stand")
    act(m, "end", actor=guard)
    assert hp(m, shooter) == 55 - (11 + 5 + 4 + 3 - 1)
    # a miss: the target may add the chips to its next melee hit check against the attacker
    m2, g2, s2 = _guard_vs_shooter()
    force(m2, "KH", "KC", "5S", "6S")
    act(m2, "attack", actor=g2, target=s2, option="baton")
    answer(m2, "stack", "bet:2")
    answer(m2, "stack", "stand")
    act(m2, "end", actor=g2)
    assert hp(m2, s2) == 55 and state(m2, s2).owed == {str(g2): 2}
    force(m2, "2H", "3C", "4S")
    act(m2, "attack", actor=s2, target=g2, option="knife")
    answer(m2, "stack", "stand")
    act(m2, "end", actor=s2)
    # knife: 4 + blades 0 + 2 chips = 6 > 5: 6 + 3 - 4 armour = 5, edge not resisted
    assert hp(m2, g2) == 70 - 5


@pytest.mark.rule("VC-INCAP")
def test_non_lethal_leaves_the_target_incapacitated_at_one() -> None:
    m, guard, shooter = _guard_vs_shooter()
    with m.world:
        from game.core.components import Health

        get(shooter, Health).current = 5
    force(m, "2H", "2C", "10S")
    act(m, "attack", actor=guard, target=shooter, option="baton!nl")
    answer(m, "stack", "stand")
    act(m, "end", actor=guard)
    assert hp(m, shooter) == 1
    with m.world:
        assert get(shooter, Status).state == "down"
    m2, g2, s2 = _guard_vs_shooter()
    with m2.world:
        from game.core.components import Health

        get(s2, Health).current = 5
    force(m2, "2H", "2C", "10S")
    act(m2, "attack", actor=g2, target=s2, option="baton")
    answer(m2, "stack", "stand")
    act(m2, "end", actor=g2)
    with m2.world:
        assert get(s2, Status).state == "dead"
    assert data(m2)["pending"] == []


@pytest.mark.rule("VC-HITCHECK", "VC-AIM")
def test_a_bust_with_no_aim_left_ends_the_check_without_a_prompt() -> None:
    m, guard, shooter = _guard_vs_shooter()
    force(m, "2H", "2C", "KS", "9D")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    state(m, guard).halves = 0
    answer(m, "stack", "hit")
    assert m.pending_decision is None
    assert zones(m)["table"] == [] and {"KS", "9D"} <= set(zones(m)["discard"])


@pytest.mark.rule("VC-BET")
def test_chips_owed_wait_for_a_melee_attack_a_shot_first_keeps_them() -> None:
    """A miss's chips are for the target's melee hit check: a shot first neither uses nor loses
    them, and the knife after it adds them (the preview counts them too)."""
    m, guard, shooter = _guard_vs_shooter()
    force(m, "KH", "KC", "5S", "6S")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    answer(m, "stack", "bet:2")
    answer(m, "stack", "stand")
    act(m, "end", actor=guard)
    assert state(m, shooter).owed == {str(guard): 2}
    force(m, "KD", "KS", "2D")  # the pistol misses (2 + 5 < 26)
    act(m, "attack", actor=shooter, target=guard, option="pistol")
    answer(m, "stack", "stand")
    assert state(m, shooter).owed == {str(guard): 2}  # still owed after the shot
    knife = next(a for a in m.legal() if a.kind == "attack" and a.option == "knife")
    with m.world:
        from game.rulesets.varium.ai import _attack_terms

        assert _attack_terms(m, knife)[0].prof == 2  # blades 0 + the 2 chips
    force(m, "3C", "4S")
    m.submit(knife)
    answer(m, "stack", "stand")
    assert state(m, shooter).owed == {}
    assert [e.text for e in m.log if e.kind == "check"][-1].endswith("(Knife): 5")  # 3 + 2 chips


@pytest.mark.rule("VC-RANGE")
def test_a_shot_is_offered_while_a_card_can_stand_however_far_out_of_range() -> None:
    """The seed sets no floor on a ranged weapon's Accuracy: at 3 (17 squares beyond the
    pistol's range) the shot is offered; at 0 every card busts, so it is not."""
    from game.core.board import Board

    wide = Board.blank("square", 30, 10)
    m = make("duel_gang", "duel_guard", cells={"p1": [(0, 5)], "p2": [(23, 5)]}, board=wide)
    shooter, guard = ents(m)
    with m.world:
        assert accuracy(m, shooter, guard, weapon_of("pistol")) == 3
    assert "pistol" in {a.option for a in m.legal() if a.kind == "attack"}
    place(m, guard, (26, 5))
    assert "pistol" not in {a.option for a in m.legal() if a.kind == "attack"}
