"""Duels: hits, criticals, jokers, natural values, Advantage, Disadvantage, cheating and damage."""

from __future__ import annotations

import pytest
from vm_helpers import (
    act,
    conds,
    events,
    hp,
    make_turn,
    new_match,
    park_others,
    place,
    set_hand,
    stack,
    unit,
    zone,
)

from game.core.cards import Cards, standard_deck
from game.core.chance import Chance
from game.rulesets.voidmarked.content import content
from game.rulesets.voidmarked.flips import flip
from game.rulesets.voidmarked.odds import CRIT, HIT, MISS, DuelRule, judge, shape

C = content()
HALE_ATT = C.units["hale"].strength + C.weapons["shock_maul"].bonus  # 4
FLAYED_DEF = C.defence(C.units["flayed"])  # 4
FLAYED_HP = C.max_health(C.units["flayed"])  # 40
MAUL = C.weapons["shock_maul"].damage  # Low, Moderate, High
assert HALE_ATT == FLAYED_DEF == 4, "the card arithmetic below assumes +4 against +4"


def melee_duel(p1_hand=(), p2_hand=()):
    """Sergeant Hale (attack +4, Shock Maul) next to The Flayed (Defence 4)."""
    m = new_match()
    hale, flayed = unit(m, "hale"), unit(m, "flayed")
    park_others(m, [hale, flayed])
    place(m, hale, (5, 5))
    place(m, flayed, (6, 5))
    make_turn(m, hale)
    set_hand(m, "p1", list(p1_hand))
    set_hand(m, "p2", list(p2_hand))
    return m, hale, flayed


@pytest.mark.rule("VM-HIT")
def test_a_tie_hits_and_one_less_misses():
    m, hale, flayed = melee_duel()
    stack(m, "7S", "7H", "2C")  # 7 + 4 = 11 against 7 + 4 = 11: a hit; damage flip 2: Low
    act(m, "attack", hale, target=flayed, option="main")
    assert hp(m, flayed) == FLAYED_HP - MAUL[0]
    m, hale, flayed = melee_duel()
    stack(m, "6S", "7H", "2C")  # 10 against 11: a miss
    act(m, "attack", hale, target=flayed, option="main")
    assert hp(m, flayed) == FLAYED_HP
    assert events(m, "attack")[-1].data["result"] == MISS


@pytest.mark.rule("VM-HIT", "VM-FLIP", "VM-DECK")
def test_both_sides_flip_from_the_one_deck_and_the_cards_go_to_the_discard():
    m, hale, flayed = melee_duel()
    before = len(zone(m, "deck"))
    stack(m, "7S", "7H", "2C")
    act(m, "attack", hale, target=flayed, option="main")
    assert len(zone(m, "deck")) == before - 3
    assert {"7S", "7H", "2C"} <= set(zone(m, "discard"))
    assert zone(m, "table") == []


@pytest.mark.rule("VM-CRIT")
def test_twice_the_defence_total_is_critical_high_damage_without_a_damage_flip():
    m, hale, flayed = melee_duel()
    stack(m, "6S", "AH")  # 10 against 1 + 4 = 5: 10 >= 10, critical
    act(m, "attack", hale, target=flayed, option="main")
    assert events(m, "attack")[-1].data["result"] == CRIT
    assert hp(m, flayed) == FLAYED_HP - MAUL[2]  # High
    assert not events(m, "damage_flip")
    m, hale, flayed = melee_duel()
    stack(m, "5S", "AH", "2C")  # 9 against 5: a hit but 9 < 10, so a damage flip (Low)
    act(m, "attack", hale, target=flayed, option="main")
    assert events(m, "attack")[-1].data["result"] == HIT
    assert hp(m, flayed) == FLAYED_HP - MAUL[0]


@pytest.mark.rule("VM-CRIT", "VM-RESIST")
def test_a_critical_bypasses_resistance_and_a_normal_hit_is_halved_rounded_up():
    # Brute Kasso (Defence 2) resists physical damage.
    assert C.defence(C.units["kasso"]) == 2
    m = new_match("vanguard", "iron_syndicate")
    hale, kasso = unit(m, "hale"), unit(m, "kasso")
    park_others(m, [hale, kasso])
    place(m, hale, (5, 5))
    place(m, kasso, (6, 5))
    make_turn(m, hale)
    set_hand(m, "p1", [])
    set_hand(m, "p2", [])
    start = hp(m, kasso)
    stack(m, "9S", "6H", "5C")  # 13 against 8: hit (13 < 16); damage 5 is Moderate -> halved, rounded up
    act(m, "attack", hale, target=kasso, option="main")
    assert hp(m, kasso) == start - (MAUL[1] + 1) // 2
    stack(m, "KS", "2H")  # 17 against 4: critical, High unhalved
    make_turn(m, hale)
    act(m, "attack", hale, target=kasso, option="main")
    assert hp(m, kasso) == start - (MAUL[1] + 1) // 2 - MAUL[2]


@pytest.mark.rule("VM-CRIT")
def test_the_crit_rule_reading_is_configurable():
    total = DuelRule(4, 3, "total", 3)
    stat = DuelRule(4, 3, "stat", 3)
    # attack 3 + 4 = 7 against 1 + 3 = 4: 7 < 8 (twice the total) but 7 >= 6 (twice Defence 3)
    assert judge(3, 1, total) == HIT
    assert judge(3, 1, stat) == CRIT


@pytest.mark.rule("VM-REDJOKER", "VM-TRIGGER")
def test_a_natural_red_joker_is_a_critical_that_meets_every_hit_trigger():
    m, hale, flayed = melee_duel(p2_hand=["KS", "KH", "QC"])
    stack(m, "RJ", "KD")  # 14 + 4 = 18 against 13 + 4 = 17: totals alone would not crit
    asked = act(m, "attack", hale, target=flayed, option="main")
    assert asked == []  # the defender cannot undo a Red Joker, so nobody is asked
    assert events(m, "attack")[-1].data["result"] == CRIT
    assert hp(m, flayed) == FLAYED_HP - MAUL[2]
    assert "withered" in conds(m, flayed)  # the maul's High trigger is met


@pytest.mark.rule("VM-REDJOKER", "VM-CHEAT")
def test_a_red_joker_flip_cannot_be_cheated():
    m, hale, flayed = melee_duel()
    stack(m, "RJ", "5S")
    with m.world:
        f = flip(m, "p1")
        g = flip(m, "p1")
        assert f.kept == "RJ" and not f.cheatable()
        assert g.kept == "5S" and g.cheatable()
        from game.rulesets.voidmarked.flips import clear_table

        clear_table(m)


@pytest.mark.rule("VM-BLACKJOKER")
def test_a_natural_black_joker_misses_and_cannot_be_cheated():
    m, hale, flayed = melee_duel(p1_hand=["KS", "KH", "QC"])
    stack(m, "BJ", "2D")
    asked = act(m, "attack", hale, target=flayed, option="main")
    assert asked == []
    assert events(m, "attack")[-1].data["result"] == MISS
    assert hp(m, flayed) == FLAYED_HP


@pytest.mark.rule("VM-BLACKJOKER")
def test_a_black_joker_damage_flip_deals_nothing_and_a_black_joker_defence_is_hit():
    m, hale, flayed = melee_duel()
    stack(m, "8S", "7H", "BJ")  # 12 against 11: hit; damage flip Black Joker -> 0
    act(m, "attack", hale, target=flayed, option="main")
    assert events(m, "attack")[-1].data["result"] == HIT
    assert hp(m, flayed) == FLAYED_HP
    assert "no damage" in events(m, "damage_flip")[-1].text
    m, hale, flayed = melee_duel()
    stack(m, "AS", "BJ", "2C")  # 5 against 0 + 4 = 4: the defence's Black Joker fails it
    act(m, "attack", hale, target=flayed, option="main")
    assert events(m, "attack")[-1].data["result"] != MISS


@pytest.mark.rule("VM-NATURAL")
def test_joker_effects_need_the_natural_card():
    rule = DuelRule(-12, 3)
    assert judge(14, 5, rule) == CRIT  # natural Red Joker
    assert judge(14, 5, rule, a_natural=False) == MISS  # a cheated Red Joker is only 14
    assert judge(0, 5, DuelRule(20, 0)) == MISS  # natural Black Joker
    assert judge(0, 5, DuelRule(20, 0), a_natural=False) != MISS


@pytest.mark.rule("VM-NATURAL", "VM-CHEAT")
def test_a_cheated_card_counts_by_value_but_is_not_natural():
    m, hale, flayed = melee_duel(p1_hand=["RJ"])
    stack(m, "2S", "9H")  # 6 against 13: miss; the only hand card is the Red Joker
    asked = act(m, "attack", hale, target=flayed, option="main",
                answer=lambda d: next(k for k in d.keys() if k.startswith("cheat")))
    assert [d.side for d in asked] == ["p1"]
    ev = events(m, "attack")[-1]
    assert ev.data["natural"][0] == "2S" and ev.data["kept"][0] == "RJ"
    # every card the duel put on the table, for the client to draw: the flip, the cheat, the defence
    assert ev.data["cards"] == ["2S", "RJ", "9H"]
    # 14 + 4 = 18 against 13 is a hit but not twice 13: no automatic critical from a cheated joker
    assert ev.data["result"] == HIT


@pytest.mark.rule("VM-CHEAT")
def test_in_a_duel_the_loser_is_asked_first_then_the_other_side_may_answer():
    m, hale, flayed = melee_duel(p1_hand=["KC", "3D"], p2_hand=["QS", "4H"])
    stack(m, "9S", "5H", "2C")  # 13 against 9: hit, so the defender (p2) is losing
    asked = act(m, "attack", hale, target=flayed, option="main",
                answer=lambda d: next((k for k in d.keys() if k.startswith("cheat")), "keep"))
    assert [d.side for d in asked][:2] == ["p2", "p1"]
    # p2 cheats the queen (12 + 4 = 16 > 13), then p1 answers with the king (13 + 4 = 17 >= 16)
    assert "QS" in zone(m, "discard") and "KC" in zone(m, "discard")
    assert zone(m, "hand:p1") == ["3D"] and zone(m, "hand:p2") == ["4H"]  # not replaced
    assert events(m, "attack")[-1].data["result"] == HIT


@pytest.mark.rule("VM-CHEAT")
def test_options_carry_their_odds_and_the_ai_weighs_them():
    from game.rulesets.voidmarked.ai import advise

    m, hale, flayed = melee_duel(p2_hand=["QS"])
    stack(m, "9S", "5H", "2C")
    legal = [a for a in m.legal() if a.kind == "attack"]
    m.submit(legal[0])
    d = m.pending_decision
    assert d is not None and d.side == "p2" and d.kind == "cheat"
    assert set(d.keys()) == {"keep", "cheat:QS"}
    assert all(o.detail for o in d.options)  # each option states what it is worth
    with m.world:
        values = advise(m, d)
    # keeping the hit costs the expected damage; cheating to a miss costs only the card
    assert values["cheat:QS"] > values["keep"]
    m.answer("keep")


@pytest.mark.rule("VM-CHEAT")
def test_only_improving_cards_are_offered_and_only_once_per_flip():
    m, hale, flayed = melee_duel(p1_hand=["2D", "3D"], p2_hand=[])
    stack(m, "6S", "9H")  # 10 against 13: a 2 or 3 cannot turn it into a hit: nobody is asked
    assert act(m, "attack", hale, target=flayed, option="main") == []


@pytest.mark.rule("VM-DISADV", "VM-CHEAT")
def test_a_disadvantaged_flip_keeps_the_lowest_and_cannot_be_cheated():
    # Tamsin Vire shoots at long range (Disadvantage) and has a hand full of kings.
    m = new_match()
    vire, flayed = unit(m, "vire"), unit(m, "flayed")
    park_others(m, [vire, flayed])
    place(m, vire, (1, 5))
    place(m, flayed, (14, 5))  # 13 squares = 65 ft > 60 ft
    make_turn(m, vire)
    set_hand(m, "p1", ["KS", "KH", "KD"])
    set_hand(m, "p2", [])
    stack(m, "QS", "2H", "9C")  # keeps the 2: 2 + 4 + 1 = 7 against 9 + 4 = 13
    asked = act(m, "attack", vire, target=flayed, option="main")
    assert asked == []
    ev = events(m, "attack")[-1]
    assert ev.data["natural"][0] == "2H" and ev.data["result"] == MISS


@pytest.mark.rule("VM-ADV", "VM-DISADV")
def test_shapes_of_advantage_and_disadvantage():
    assert shape(0) == (1, True)
    assert shape(1) == (2, True) and shape(2) == (3, True) and shape(5) == (3, True)
    assert shape(-1) == (2, False) and shape(-2) == (3, False) and shape(-4) == (3, False)
    # one Advantage and one Disadvantage cancel: net 0 flips one card
    assert shape(1 - 1) == (1, True)


@pytest.mark.rule("VM-ADV")
def test_advantage_flips_extra_cards_and_keeps_the_highest():
    import esper

    from game.core.world import World

    three = ["3S", "9H", "JC"]
    for net, cards, kept in ((1, ["3S", "9H"], "9H"), (2, three, "JC"), (3, three, "JC"), (-2, three, "3S")):
        deck = Cards(zones={"deck": standard_deck(), "table": []})
        chance = Chance(1)
        chance.force("card", *cards)
        w = World()

        class M:
            pass

        m = M()
        m.chance = chance  # type: ignore[attr-defined]
        with w:
            esper.create_entity(deck)
            f = flip(m, "p1", net)  # type: ignore[arg-type]
        assert f.cards == cards and f.kept == kept
        w.close()


@pytest.mark.rule("VM-ADV", "VM-COVER")
def test_cover_gives_the_defender_two_cards_against_a_shot():
    from game.core.board import Board

    board = Board.blank("square", 16, 12)
    board.set((9, 5), name="crates", cover=1, cover_height_ft=4.0)
    m = new_match(board=board)
    vire, flayed = unit(m, "vire"), unit(m, "flayed")
    park_others(m, [vire, flayed])
    place(m, vire, (3, 5))
    place(m, flayed, (10, 5))
    make_turn(m, vire)
    set_hand(m, "p1", [])
    set_hand(m, "p2", [])
    stack(m, "9S", "2H", "KC", "5D")  # defender flips 2 and K, keeps the King
    act(m, "attack", vire, target=flayed, option="main")
    ev = events(m, "attack")[-1]
    assert ev.data["natural"][1] == "KC"
    assert any("cover" in line for line in ev.math)


@pytest.mark.rule("VM-TRIGGER")
def test_moderate_plus_trigger_fires_on_moderate_not_on_low():
    # The Flayed's Bone Cleaver: Moderate+ -> Bleeding. Tamsin Vire has no bleeding resistance.
    def strike(damage_card):
        m = new_match()
        flayed, vire = unit(m, "flayed"), unit(m, "vire")
        park_others(m, [flayed, vire])
        place(m, flayed, (5, 5))
        place(m, vire, (6, 5))
        make_turn(m, flayed)
        set_hand(m, "p1", [])
        set_hand(m, "p2", [])
        stack(m, "9S", "8H", damage_card)  # 14 against 11: a hit, not a critical
        act(m, "attack", flayed, target=vire, option="main")
        return m, vire

    m, vire = strike("3C")
    assert "bleeding" not in conds(m, vire)
    m, vire = strike("6C")
    assert "bleeding" in conds(m, vire)


@pytest.mark.rule("VM-TRIGGER")
def test_a_high_trigger_needs_high_and_an_optional_trigger_asks():
    # Brute Kasso's Power Glaive: High -> optional Arc Flare, 2 fire damage.
    def strike(damage_card, answer):
        m = new_match("iron_syndicate", "vanguard")
        kasso, hale = unit(m, "kasso"), unit(m, "hale")
        park_others(m, [kasso, hale])
        place(m, kasso, (5, 5))
        place(m, hale, (7, 5))  # reach 10 ft
        make_turn(m, kasso)
        set_hand(m, "p1", [])
        set_hand(m, "p2", [])
        stack(m, "8S", "8H", damage_card)  # 12 against 11: a hit, not a critical
        asked = act(m, "attack", kasso, target=hale, option="main", answer=answer)
        return m, hale, asked

    glaive = C.weapons["power_glaive"].damage
    m, hale, asked = strike("6C", lambda d: "yes")
    assert asked == [] and hp(m, hale) == 36 - glaive[1]
    m, hale, asked = strike("10C", lambda d: "yes")
    assert [d.kind for d in asked] == ["trigger"] and hp(m, hale) == 36 - glaive[2] - 2
    m, hale, asked = strike("10C", lambda d: "no")
    assert hp(m, hale) == 36 - glaive[2]


@pytest.mark.rule("VM-TRIGGER", "VM-CRIT")
def test_a_crit_trigger_fires_only_on_a_critical():
    def strike(cards):
        m = new_match("void_cult", "vanguard")
        morrow, vire = unit(m, "morrow"), unit(m, "vire")
        park_others(m, [morrow, vire])
        place(m, morrow, (5, 5))
        place(m, vire, (6, 5))
        make_turn(m, morrow)
        set_hand(m, "p1", [])
        set_hand(m, "p2", [])
        stack(m, *cards)
        act(m, "attack", morrow, target=vire, option="main")
        return m, vire

    m, vire = strike(["9S", "8H", "10C"])  # 12 against 11: hit, not critical
    assert "bleeding" not in conds(m, vire)
    m, vire = strike(["KS", "2H"])  # 16 against 5: critical
    assert "bleeding" in conds(m, vire)


@pytest.mark.rule("VM-RESIST")
def test_resistance_halves_rounded_up():
    from game.rulesets.voidmarked.expectation import resisted_amount

    assert resisted_amount(5, True, False) == 3
    assert resisted_amount(4, True, False) == 2
    assert resisted_amount(5, True, True) == 5
    assert resisted_amount(5, False, False) == 5


@pytest.mark.rule("VM-RESIST")
def test_a_status_without_a_flip_is_ignored_on_a_resilience_flip():
    # Sergeant Hale resists Bleeding; the Bone Cleaver's trigger has no flip of its own.
    def strike(resilience_card):
        m = new_match("void_cult", "vanguard")
        flayed, hale = unit(m, "flayed"), unit(m, "hale")
        park_others(m, [flayed, hale])
        place(m, flayed, (5, 5))
        place(m, hale, (6, 5))
        make_turn(m, flayed)
        set_hand(m, "p1", [])
        set_hand(m, "p2", [])
        # 14 against 11: hit; damage 6 is Moderate; then Resilience 2: 8 + 2 = 10 succeeds, 7 + 2 fails
        stack(m, "9S", "8H", "6C", resilience_card)
        act(m, "attack", flayed, target=hale, option="main")
        return m, hale

    m, hale = strike("8D")
    assert "bleeding" not in conds(m, hale)
    assert "shrugs off" in events(m, "condition")[-1].text
    m, hale = strike("7D")
    assert "bleeding" in conds(m, hale)


@pytest.mark.rule("VM-RESIST")
def test_a_status_with_a_flip_gives_the_resistant_defender_advantage():
    from game.rulesets.voidmarked.ai import strike_now

    m = new_match("void_cult", "vanguard")
    ashael, hale, vire = unit(m, "ashael"), unit(m, "hale"), unit(m, "vire")
    park_others(m, [ashael, hale, vire])
    place(m, ashael, (5, 5))
    place(m, hale, (8, 5))
    place(m, vire, (8, 7))
    with m.world:
        assert strike_now(m, ashael, hale, "void", "blood_hex").net_d == 1  # resists Bleeding
        assert strike_now(m, ashael, vire, "void", "blood_hex").net_d == 0


@pytest.mark.rule("VM-DECK")
def test_jokers_stay_in_the_cycle_and_the_discard_returns_only_when_the_deck_runs_out():
    m, hale, flayed = melee_duel()
    stack(m, "RJ", "2H")
    act(m, "attack", hale, target=flayed, option="main")
    assert "RJ" in zone(m, "discard")
    with m.world:
        from game.rulesets.voidmarked.query import deck

        cards = deck(m)
        before = cards.reshuffles
        rest = list(cards.zone("deck"))
        for c in rest:
            cards.move(c, "deck", "discard")
        assert cards.reshuffles == before
        drawn = cards.draw(m.chance, "deck", "table")
        assert cards.reshuffles == before + 1 and drawn is not None
        assert "RJ" in cards.zone("deck") or drawn == "RJ"
        cards.move_all("table", "discard")


@pytest.mark.rule("VM-CHEAT")
def test_hard_prices_a_cheated_card_for_the_whole_fight(monkeypatch):
    from game.ai.levels import make_level
    from game.rulesets.voidmarked.ruleset import VoidmarkedRuleset

    m, hale, flayed = melee_duel(p2_hand=["QS"])
    stack(m, "9S", "5H", "2C")
    m.submit(next(a for a in m.legal() if a.kind == "attack"))
    d = m.pending_decision
    assert d is not None and d.kind == "cheat"
    with m.world:
        values, spent = m.ruleset.advise(m, d), m.ruleset.spent(m, d)
    # the card is priced into the advice, and it is the only thing an answer spends
    assert set(spent) == {"cheat:QS"} and spent["cheat:QS"] > 0
    gap = values["cheat:QS"] - values["keep"]
    assert gap > 0
    assert make_level("normal", 1).decide(m, d) == "cheat:QS"
    # Hard pays the price far_thrift times: once that outweighs the gain, it keeps the card
    monkeypatch.setattr(VoidmarkedRuleset, "far_thrift", 1.0 + 0.9 * gap / spent["cheat:QS"])
    assert make_level("hard", 1).decide(m, d) == "cheat:QS"
    monkeypatch.setattr(VoidmarkedRuleset, "far_thrift", 1.0 + 1.1 * gap / spent["cheat:QS"])
    assert make_level("hard", 1).decide(m, d) == "keep"
    assert make_level("normal", 1).decide(m, d) == "cheat:QS"
