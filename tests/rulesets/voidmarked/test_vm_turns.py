"""Turns and resources: initiative, the start-of-turn window, conditions, going down, reloads,
off-hand attacks, voidcalls and Void Energy, un-cheatable flips, what counts as an attack."""

from __future__ import annotations

import esper
import pytest
from vm_helpers import (
    act,
    conds,
    current,
    events,
    gear,
    hand_over,
    hp,
    is_legal,
    make_turn,
    new_match,
    park_others,
    place,
    revive,
    set_hand,
    set_hp,
    stack,
    state,
    unit,
    void,
)

from game.rulesets.voidmarked.ai import strike_now
from game.rulesets.voidmarked.components import VmOrder
from game.rulesets.voidmarked.content import content
from game.rulesets.voidmarked.query import conditions, turn_state
from game.rulesets.voidmarked.turns import roll_initiative


def alone(uids, cells, p1="vanguard", p2="void_cult", actor=0):
    """Only these units in the fight, on these squares; the `actor`-th acts; hands empty."""
    m = new_match(p1, p2)
    ents = [unit(m, u) for u in uids]
    park_others(m, ents)
    for e, c in zip(ents, cells, strict=True):
        place(m, e, c)
    make_turn(m, ents[actor])
    set_hand(m, "p1", [])
    set_hand(m, "p2", [])
    return m, ents


# -- initiative -----------------------------------------------------------------------------------
@pytest.mark.rule("VM-INIT")
def test_initiative_is_flip_plus_half_intelligence_highest_first_foresight_breaks_ties():
    m = new_match()
    uids = ("hale", "vire", "wren", "oriel", "flayed", "morrow", "cult_gunner", "ashael")
    ents = {u: unit(m, u) for u in uids}
    # one flip per unit, in entity order: all fives, so Intelligence / 2 decides
    stack(m, "5S", "5H", "5D", "5C", "6S", "6H", "6D", "6C")
    m.chance.force("coin", "heads")  # p1 wins ties between the sides
    with m.world:
        roll_initiative(m)
        order = esper.component_for_entity(m.table_entity, VmOrder).order
        totals = esper.component_for_entity(m.table_entity, VmOrder).initiative
    # Hale 5+0, Vire 5+1, Wren 5+1, Oriel 5+2; Flayed 6+0, Morrow 6+1, Gunner 6+0, Ashael 6+2
    assert totals[str(ents["ashael"])] == 8 and totals[str(ents["hale"])] == 5
    names = [next(k for k, v in ents.items() if v == e) for e in order]
    assert names[0] == "ashael" and names[1] == "oriel"
    # 7: Morrow alone; 6: Vire (Foresight 1), Wren (2), Flayed (-1), Gunner (0): Wren, Vire, Gunner, Flayed
    assert names[2:] == ["morrow", "wren", "vire", "cult_gunner", "flayed", "hale"]


@pytest.mark.rule("VM-INIT")
def test_units_of_one_type_share_a_flip():
    m = new_match("iron_syndicate", "vanguard")
    a, b = unit(m, "thug", nth=1), unit(m, "thug", nth=2)
    with m.world:
        totals = esper.component_for_entity(m.table_entity, VmOrder).initiative
    assert totals[str(a)] == totals[str(b)]
    assert "Syndicate Thug 2" in events(m, "initiative")[0].text


# -- start of turn and conditions -------------------------------------------------------------------
@pytest.mark.rule("VM-START", "VM-CONDITIONS", "VM-TRIGGER")
def test_the_start_of_turn_window_resolves_persistent_effects_before_the_unit_acts():
    m, (hale, flayed) = alone(["hale", "flayed"], [(2, 2), (10, 10)])
    set_hp(m, flayed, 20)
    with m.world:
        conditions(flayed).active["bleeding"] = {"turns": 3}
        conditions(flayed).active["burning"] = {"turns": 1}
    hand_over(m, hale, flayed)
    assert current(m) == flayed
    # Regrowth +2 first (the affected side's order), then Bleeding 2, then Burning 3 fire halved to 2
    assert hp(m, flayed) == 20 + 2 - 2 - 2
    assert conds(m, flayed)["bleeding"]["turns"] == 2
    assert "burning" not in conds(m, flayed)  # its last turn ran out
    kinds = [e.kind for e in m.log[-6:]]
    assert "trigger" in kinds and "damage" in kinds


@pytest.mark.rule("VM-CONDITIONS")
def test_conditions_and_their_magnitudes_are_data():
    cd = content().conditions
    for name in ("bleeding", "burning", "withered", "in_melee", "stealthed", "grasping"):
        assert name in cd
    assert cd["bleeding"].damage == 2 and cd["bleeding"].turns == 3
    assert cd["withered"].hit == -2 and cd["withered"].defence == -2


@pytest.mark.rule("VM-CONDITIONS", "VM-MELEE")
def test_in_melee_follows_adjacency_and_withered_lowers_both_flips():
    m, (hale, flayed) = alone(["hale", "flayed"], [(5, 5), (6, 5)])
    assert "in_melee" in conds(m, hale) and "in_melee" in conds(m, flayed)
    act(m, "move", hale, cell=(2, 5))
    assert "in_melee" not in conds(m, hale) and "in_melee" not in conds(m, flayed)
    place(m, hale, (5, 5))
    with m.world:
        plain = strike_now(m, hale, flayed)
        conditions(hale).active["withered"] = {"turns": 2}
        conditions(flayed).active["withered"] = {"turns": 2}
        weak = strike_now(m, hale, flayed)
    assert weak.rule.att_mod == plain.rule.att_mod - 2
    assert weak.rule.def_mod == plain.rule.def_mod - 2


# -- going down -------------------------------------------------------------------------------------
@pytest.mark.rule("VM-ZERO")
def test_a_hero_at_zero_grasps_for_life_and_an_ordinary_unit_dies():
    m, (hale, kasso, thug) = alone(["hale", "kasso", "thug"], [(5, 5), (6, 5), (5, 6)], p2="iron_syndicate")
    assert content().units["thug"].ordinary and not content().units["kasso"].ordinary
    set_hp(m, kasso, 2)
    stack(m, "9S", "8H", "2C")  # 13 against 10: a hit, Low (halved: Kasso resists physical)
    act(m, "attack", hale, target=kasso, option="main")
    assert state(m, kasso) == "down" and "grasping" in conds(m, kasso) and hp(m, kasso) == 0
    assert m.result is None  # the thug still stands
    set_hp(m, thug, 3)
    make_turn(m, hale)
    stack(m, "9S", "8H", "2C")
    act(m, "attack", hale, target=thug, option="main")
    assert state(m, thug) == "dead"
    assert m.result is not None and m.result.winner == "p1"  # nobody of p2 can act


@pytest.mark.rule("VM-ZERO")
def test_grasping_two_failed_resilience_flips_in_a_row_kill_and_a_success_resets():
    m, (hale, flayed, morrow) = alone(["hale", "flayed", "morrow"], [(2, 2), (10, 10), (12, 2)])
    with m.world:
        from game.rulesets.voidmarked.conditions import go_down

        go_down(m, flayed, 0)
    assert state(m, flayed) == "down"
    # Resilience 3: 6 + 3 = 9 fails, 7 + 3 = 10 succeeds
    stack(m, "6S")
    hand_over(m, hale, flayed)
    assert conds(m, flayed)["grasping"]["fails"] == 1
    assert current(m) != flayed  # a grasping unit cannot act
    stack(m, "7S")
    hand_over(m, hale, flayed)
    assert conds(m, flayed)["grasping"]["fails"] == 0
    stack(m, "2S")
    hand_over(m, hale, flayed)
    stack(m, "3S")
    hand_over(m, hale, flayed)
    assert state(m, flayed) == "dead"


@pytest.mark.rule("VM-ZERO", "VM-ATTACK")
def test_healing_above_zero_brings_a_grasping_hero_back_and_is_not_an_attack():
    m, (oriel, hale, flayed) = alone(["oriel", "hale", "flayed"], [(3, 3), (4, 4), (12, 10)])
    with m.world:
        from game.rulesets.voidmarked.conditions import go_down

        go_down(m, hale, 0)
        conditions(oriel).active["stealthed"] = {"turns": 0}
    assert state(m, hale) == "down"
    stack(m, "6S")  # Moderate heal: 5
    act(m, "voidcall", oriel, target=hale, option="void_mend")
    assert state(m, hale) == "active" and hp(m, hale) == 5 and "grasping" not in conds(m, hale)
    assert "stealthed" in conds(m, oriel)  # healing is no attack: stealth holds


@pytest.mark.rule("VM-OVERKILL")
def test_damage_beyond_zero_of_half_max_health_kills_outright():
    def hit_for(start_hp):
        m, (kasso, hale) = alone(["kasso", "hale"], [(5, 5), (6, 5)], p1="iron_syndicate", p2="vanguard")
        set_hp(m, hale, start_hp)
        stack(m, "KS", "2H")  # critical: High 11
        act(m, "attack", kasso, target=hale, option="main")
        return state(m, hale)

    # Hale has 36 Health: 18 beyond 0 kills; High 11 from 1 Health is 10 beyond: grasping
    assert hit_for(1) == "down"
    from game.rulesets.voidmarked.conditions import go_down

    m, (kasso, hale) = alone(["kasso", "hale"], [(5, 5), (6, 5)], p1="iron_syndicate", p2="vanguard")
    with m.world:
        go_down(m, hale, 18)
    assert state(m, hale) == "dead"
    m, (kasso, hale) = alone(["kasso", "hale"], [(5, 5), (6, 5)], p1="iron_syndicate", p2="vanguard")
    with m.world:
        go_down(m, hale, 17)
    assert state(m, hale) == "down"


# -- ammunition and the off-hand ---------------------------------------------------------------------
@pytest.mark.rule("VM-RELOAD")
def test_shots_run_out_and_a_standard_reload_is_a_quick_action():
    m, (vire, flayed) = alone(["vire", "flayed"], [(2, 5), (8, 5)])
    gear(m, vire).shots = 1
    stack(m, "2S", "KH")
    act(m, "attack", vire, target=flayed, option="main")
    assert gear(m, vire).shots == 0
    make_turn(m, vire)
    assert not is_legal(m, "attack", vire, target=flayed, option="main")
    act(m, "reload", vire, option="main")
    assert gear(m, vire).shots == 5
    with m.world:
        ts = turn_state(m)
        assert ts.quick_used and not ts.action_used
    assert is_legal(m, "attack", vire, target=flayed, option="main")


@pytest.mark.rule("VM-RELOAD")
def test_a_heavy_reload_takes_the_action():
    m, (ilse, hale) = alone(["ilse", "hale"], [(2, 5), (9, 5)], p1="iron_syndicate", p2="vanguard")
    gear(m, ilse).shots = 0
    assert not is_legal(m, "attack", ilse, target=hale, option="main")
    act(m, "reload", ilse, option="main")
    with m.world:
        ts = turn_state(m)
        assert ts.action_used and not ts.quick_used
    assert gear(m, ilse).shots == 1


@pytest.mark.rule("VM-RELOAD")
def test_an_automatic_sweep_spends_a_shot_per_extra_target_while_shots_last():
    m, (gunner, vire, wren, hale) = alone(["cult_gunner", "vire", "wren", "hale"],
                                         [(2, 5), (7, 5), (8, 6), (7, 7)], p1="void_cult", p2="vanguard")
    assert is_legal(m, "attack", gunner, target=vire, option="sweep")
    stack(m, *(["2S", "KH"] * 3))
    act(m, "attack", gunner, target=vire, option="sweep")
    assert gear(m, gunner).shots == 12 - 3
    assert len(events(m, "attack")) == 3
    from game.rulesets.voidmarked.areas import sweep_targets

    with m.world:
        w = content().weapons["ripper_smg"]
        assert len(sweep_targets(m, gunner, vire, w, 2)) == 1  # two shots: one extra target
        assert sweep_targets(m, gunner, vire, w, 1) == []
    gear(m, gunner).shots = 1
    make_turn(m, gunner)
    assert not is_legal(m, "attack", gunner, target=vire, option="sweep")


@pytest.mark.rule("VM-DUAL")
def test_the_off_hand_attack_is_a_quick_action_at_minus_three_dealing_only_low():
    m, (wren, flayed) = alone(["wren", "flayed"], [(2, 5), (5, 5)])
    with m.world:
        s = strike_now(m, wren, flayed, "offhand")
    assert ("off-hand", -3) in s.att_parts and s.low_only
    stack(m, "KS", "8H", "KD")  # 13 + 4 - 3 = 14 against 12: a hit; no damage flip: Low only
    act(m, "attack", wren, target=flayed, option="offhand")
    c = content()
    assert hp(m, flayed) == c.max_health(c.units["flayed"]) - c.weapons["holdout_pistol"].damage[0]
    assert not events(m, "damage_flip")
    with m.world:
        ts = turn_state(m)
        assert ts.quick_used and not ts.action_used
    assert is_legal(m, "attack", wren, target=flayed, option="main")


# -- voidcalls ---------------------------------------------------------------------------------------
@pytest.mark.rule("VM-VOID")
def test_only_voidcallers_cast_paying_void_energy_and_max_ve_never_below_zero():
    c = content()
    assert c.max_ve(c.units["oriel"]) == 10 + 2 * 5
    assert c.max_ve(c.units["flayed"]) == 0  # mutant base -5, Foresight -1: -10, floored
    m, (oriel, hale, flayed) = alone(["oriel", "hale", "flayed"], [(3, 5), (4, 5), (8, 5)])
    assert is_legal(m, "voidcall", oriel, target=flayed, option="void_lance")
    make_turn(m, hale)
    assert not any(a.kind == "voidcall" for a in m.legal())
    make_turn(m, oriel)
    void(m, oriel).current = 4
    assert not is_legal(m, "voidcall", oriel, target=flayed, option="void_lance")  # costs 5
    void(m, oriel).current = 5
    stack(m, "2S", "KH")
    act(m, "voidcall", oriel, target=flayed, option="void_lance")
    assert void(m, oriel).current == 0


@pytest.mark.rule("VM-UNCHEAT", "VM-VOID")
def test_void_instability_is_an_uncheatable_flip():
    def cast(instability_card):
        m, (oriel, flayed) = alone(["oriel", "flayed"], [(3, 5), (8, 5)])
        set_hand(m, "p1", ["3S", "3H"])  # no help in the duel, but would lift a 2 to 3
        stack(m, "2S", "KH", instability_card)  # the burst misses, then the instability flip
        asked = act(m, "voidcall", oriel, cell=(8, 5), option="entropic_burst")
        return m, oriel, asked

    m, oriel, asked = cast("2C")  # natural 2 < 3: backlash 3 void, Oriel resists void: 2
    assert asked == []
    assert hp(m, oriel) == 24 - 2
    assert "backlash" in events(m, "instability")[-1].text
    m, oriel, asked = cast("9C")
    assert hp(m, oriel) == 24


# -- what counts as an attack ---------------------------------------------------------------------------
@pytest.mark.rule("VM-ATTACK", "VM-TRIGGER")
def test_a_voidcall_without_damage_is_an_attack():
    m, (ashael, vire) = alone(["ashael", "vire"], [(3, 5), (8, 5)], p1="void_cult", p2="vanguard")
    with m.world:
        conditions(ashael).active["stealthed"] = {"turns": 0}
    stack(m, "KS", "2H")
    act(m, "voidcall", ashael, target=vire, option="blood_hex")
    assert "bleeding" in conds(m, vire)
    assert "stealthed" not in conds(m, ashael)  # attacking broke stealth
    with m.world:
        from game.rulesets.voidmarked.components import VmMarks

        assert esper.component_for_entity(vire, VmMarks).targeted


@pytest.mark.rule("VM-ATTACK", "VM-TRIGGER")
def test_when_attacked_abilities_fire_even_on_a_miss():
    m, (wren, ashael) = alone(["wren", "ashael"], [(2, 5), (6, 5)])
    void(m, ashael).current = 10
    stack(m, "2S", "KH")
    act(m, "attack", wren, target=ashael, option="main")
    assert void(m, ashael).current == 12  # Void Siphon: +2 when attacked


@pytest.mark.rule("VM-ATTACK", "VM-STEALTH")
def test_being_targeted_prevents_slipping_into_stealth():
    from game.core.board import Board

    board = Board.blank("square", 16, 12)
    board.set((9, 5), name="low wall", cover=1, cover_height_ft=4.0)
    m = new_match(board=board)
    wren, gunner = unit(m, "wren"), unit(m, "cult_gunner")
    park_others(m, [wren, gunner])
    place(m, wren, (10, 5))
    place(m, gunner, (4, 5))
    set_hand(m, "p1", [])
    set_hand(m, "p2", [])
    make_turn(m, gunner)
    stack(m, "2S", "KH", "3C")
    act(m, "attack", gunner, target=wren, option="main")
    hand_over(m, gunner, wren)
    act(m, "end", wren)  # quiet turn in cover, but it was shot at since its last turn
    assert "stealthed" not in conds(m, wren)
    hand_over(m, gunner, wren)
    act(m, "end", wren)
    assert "stealthed" in conds(m, wren)


# -- the second Move ----------------------------------------------------------------------------------
def test_one_move_in_one_go_and_the_action_buys_a_second():
    m, (hale, flayed) = alone(["hale", "flayed"], [(1, 5), (14, 5)])
    assert not is_legal(m, "move", hale, cell=(8, 5))  # Speed 6
    act(m, "move", hale, cell=(3, 5))
    assert not any(a.kind == "move" for a in m.legal())  # the Move is spent, even if short
    act(m, "dash", hale)
    with m.world:
        assert turn_state(m).action_used and turn_state(m).moves_left == 1
    act(m, "move", hale, cell=(9, 5))
    assert not any(a.kind in ("attack", "move") for a in m.legal())


def test_a_revived_helper_unit_is_usable():
    m, (hale, flayed) = alone(["hale", "flayed"], [(1, 5), (14, 5)])
    vire = unit(m, "vire")
    revive(m, vire)
    assert state(m, vire) == "active"
