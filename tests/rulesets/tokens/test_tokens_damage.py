"""Health tokens, the 0 and below-0 rules, damage types, defense and shields (the seed's examples)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tokens_helpers import H, T, act, comp, end_turn, events, hp, make_match, place, set_hp, tokens, unit

from game.core.components import Health, Status
from game.rulesets.tokens.components import TkShield
from game.rulesets.tokens.content import Defense
from game.rulesets.tokens.odds import health_distribution, reduce_damage


def d(*texts):
    return tuple(Defense.parse(t) for t in texts)


@pytest.mark.rule("TK-DEFENSE")
def test_seed_example_fire_2_takes_two_off_fire_damage_but_never_below_one():
    assert reduce_damage(5, "flame", d("flame(2)"))[0] == 3
    assert reduce_damage(2, "flame", d("flame(2)"))[0] == 1
    assert reduce_damage(1, "flame", d("flame(2)"))[0] == 1


@pytest.mark.rule("TK-DEFENSE")
def test_seed_example_ice_plus_2_takes_two_off_down_to_zero():
    assert reduce_damage(5, "ice", d("ice+(2)"))[0] == 3
    assert reduce_damage(2, "ice", d("ice+(2)"))[0] == 0


@pytest.mark.rule("TK-DEFENSE")
def test_matching_entries_add_up_and_other_types_do_not_count():
    assert reduce_damage(6, "physical", d("physical(2)", "physical(1)"))[0] == 3
    assert reduce_damage(6, "physical", d("flame(3)"))[0] == 6
    assert reduce_damage(4, "physical", d("physical(3)", "physical+(1)"))[0] == 0  # 4-3=1, then plus to 0


@pytest.mark.rule("TK-TYPES")
def test_untyped_ignores_defense_and_universal_takes_the_best_single_entry():
    defense = d("flame(1)", "ice+(3)", "physical(2)")
    assert reduce_damage(5, "untyped", defense)[0] == 5
    assert reduce_damage(5, "universal", defense)[0] == 2  # ice+(3) is the best entry
    assert reduce_damage(5, "electric", defense)[0] == 5
    assert reduce_damage(5, "acid", d("acid(2)"))[0] == 3


@pytest.mark.rule("TK-TYPES", "TK-DEFENSE")
def test_universal_takes_the_entry_that_leaves_the_least_damage_so_more_armour_never_hurts():
    assert reduce_damage(2, "universal", d("ice+(2)"))[0] == 0
    # Flame(3) is the bigger entry but a normal one stops at 1; Ice+(2) takes 2 to 0
    assert reduce_damage(2, "universal", d("flame(3)", "ice+(2)"))[0] == 0
    assert reduce_damage(2, "universal", d("ice+(2)", "flame(3)"))[0] == 0
    assert reduce_damage(6, "universal", d("flame(3)", "ice+(2)"))[0] == 3  # here Flame(3) does more
    assert "Ice+(2)" in reduce_damage(2, "universal", d("flame(3)", "ice+(2)"))[1][0]


@pytest.mark.rule("TK-HEALTH")
def test_player_health_is_one_plus_a_flip_per_token_non_player_one_plus_the_flips():
    # wardens (player): Vanguard 4 tokens, flips H T H T -> 4 + 2 = 6
    m = make_match("wardens", "brood", force=[H, T, H, T])
    assert comp(m, unit(m, "Vanguard 1"), Health).maximum == 6
    # brood (non-player): first Brute 9 tokens, flips H H H T T T T T T -> 1 + 3 = 4
    m = make_match("brood", "wardens", force=[H, H, H] + [T] * 6)
    assert comp(m, unit(m, "Brute 1"), Health).maximum == 4
    assert health_distribution(3, True).prob(lambda h: h == 6) == Fraction(1, 8)
    assert health_distribution(3, False).prob(lambda h: h == 1) == Fraction(1, 8)
    assert sorted(health_distribution(2, True).probs) == [2, 3, 4]


@pytest.mark.rule("TK-ZERO")
def test_at_exactly_zero_a_unit_gets_half_its_tokens():
    m = make_match()
    v = unit(m, "Vanguard 1")
    set_hp(m, v, 0)
    end_turn(m)
    end_turn(m)
    assert (tokens(m, v).move, tokens(m, v).attack) == (2, 2)
    assert comp(m, v, Status).state == "active"


@pytest.mark.rule("TK-ZERO")
@pytest.mark.parametrize("below_zero", ["acts", "down"])
def test_below_zero_a_player_unit_bleeds_each_turn_and_dies_at_minus_its_tokens(below_zero):
    m = make_match(rules={"below_zero": below_zero})
    v = unit(m, "Vanguard 1")  # 4 health tokens
    with m.world:
        from game.rulesets.tokens.damage import set_health

        set_health(m, v, -2)
    assert comp(m, v, Status).state == ("active" if below_zero == "acts" else "down")
    end_turn(m)
    end_turn(m)
    assert hp(m, v) == -3
    end_turn(m)
    end_turn(m)
    assert hp(m, v) == -4 and comp(m, v, Status).state == "dead"
    assert len(events(m, "bleed")) == 2


@pytest.mark.rule("TK-ZERO")
def test_a_bleeding_player_unit_acts_with_half_its_tokens_by_default():
    m = make_match()
    v = unit(m, "Vanguard 1")  # 4 move, 4 attack tokens
    place(m, v, (5, 6))
    with m.world:
        from game.rulesets.tokens.damage import set_health

        set_health(m, v, -1)  # in its own turn: the pools it holds halve at once
    assert comp(m, v, Status).state == "active"
    assert (tokens(m, v).move, tokens(m, v).attack) == (2, 2)
    assert any(a.actor == v and a.kind == "move" for a in m.legal())
    end_turn(m)
    end_turn(m)
    assert hp(m, v) == -2 and (tokens(m, v).move, tokens(m, v).attack) == (2, 2)
    from game.rulesets.tokens import RULESET
    from game.rulesets.tokens.components import units

    with m.world:
        for e in units(m):
            if comp(m, e, Status).state == "active" and e != v and e < b_first(m):
                set_health(m, e, -1)
        assert RULESET.outcome(m) is None  # a side of bleeding units still plays


def b_first(m):
    """The first entity of the second squad (p2's units come after p1's)."""
    from game.core.components import Side

    with m.world:
        return min(e for e, (s,) in m.units(Side) if s.side == "p2")


@pytest.mark.rule("TK-ZERO")
def test_below_zero_a_player_unit_cannot_act_with_the_down_option():
    m = make_match(rules={"below_zero": "down"})
    v = unit(m, "Vanguard 1")
    with m.world:
        from game.rulesets.tokens.damage import set_health

        set_health(m, v, -1)
    assert comp(m, v, Status).state == "down"
    assert not any(a.actor == v for a in m.legal())
    end_turn(m)
    end_turn(m)
    assert not any(a.actor == v for a in m.legal())


@pytest.mark.rule("TK-ZERO", "TK-ATTACK")
def test_reaching_zero_mid_turn_halves_the_pools_at_once():
    m = make_match("wardens", "brood")
    b, v = unit(m, "Brute 1"), unit(m, "Vanguard 1")
    place(m, v, (5, 6))
    place(m, b, (6, 6))
    set_hp(m, v, 2, 6)
    with m.world:
        comp(m, v, TkShield).charges = 0
        from game.rulesets.tokens.damage import deal

        deal(m, v, 4, "physical", "test")  # plate physical(2): 2 to health, 2 -> 0
    assert hp(m, v) == 0
    assert (tokens(m, v).move, tokens(m, v).attack) == (2, 2)  # 4 and 4 held: half of each now
    assert any("half its tokens" in e.text for e in events(m, "status"))


@pytest.mark.rule("TK-ZERO", "TK-ATTACK")
def test_a_non_player_unit_dies_at_zero():
    m = make_match("wardens", "brood")
    g, s = unit(m, "Gunner"), unit(m, "Stalker 1")
    place(m, g, (5, 6))
    place(m, s, (8, 6))
    set_hp(m, s, 2)
    act(m, "attack", actor=g, target=s)  # carbine 2 physical, Thick Hide physical+(1) -> 1
    assert hp(m, s) == 1 and tokens(m, g).attack == 3
    act(m, "attack", actor=g, target=s)
    assert comp(m, s, Status).state == "dead"


@pytest.mark.rule("TK-ATTACK")
def test_attacks_hit_without_a_flip_and_cost_the_weapons_tokens():
    m = make_match("wardens", "brood")
    mk, b = unit(m, "Marksman"), unit(m, "Brute 1")
    place(m, mk, (3, 6))
    place(m, b, (9, 6))
    set_hp(m, b, 9, 9)
    draws = m.chance.draws
    act(m, "attack", actor=mk, target=b)
    assert tokens(m, mk).attack == 1  # rail rifle costs 2 of 3
    assert hp(m, b) == 9 - 2  # 3 physical vs physical+(1)
    assert m.chance.draws == draws  # no coin for a plain hit


@pytest.mark.rule("TK-SHIELD")
def test_shields_absorb_after_defense_recharge_and_overcharge_doubles_for_a_while():
    m = make_match("brood", "wardens")
    b, v = unit(m, "Brute 1"), unit(m, "Vanguard 1")
    place(m, b, (5, 6))
    place(m, v, (6, 6))
    set_hp(m, v, 8, 8)
    act(m, "attack", actor=b, target=v)  # greataxe 4 - plate 2 = 2, all on 2 shield tokens
    assert hp(m, v) == 8 and comp(m, v, TkShield).charges == 0
    act(m, "attack", actor=b, target=v)
    assert hp(m, v) == 6
    end_turn(m)
    assert comp(m, v, TkShield).charges == 1  # recharges 1 a turn
    end_turn(m)
    end_turn(m)
    assert comp(m, v, TkShield).charges == 2  # never above the shield's amount
    act(m, "overcharge", actor=v)
    assert comp(m, v, TkShield).charges == 4 and comp(m, v, TkShield).over_rounds == 1
    end_turn(m)
    act(m, "attack", actor=b, target=v)  # the overcharge soaks this one
    assert hp(m, v) == 6 and comp(m, v, TkShield).charges == 2
    end_turn(m)
    assert comp(m, v, TkShield).over_rounds == 0 and comp(m, v, TkShield).charges == 2
