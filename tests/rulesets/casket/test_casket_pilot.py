"""Heat, the pilot's wound deck and wounds, pilot damage, neural threads, field repair, pilot death."""

from __future__ import annotations

import pytest
from casket_helpers import act, activate, answer, comp, duel, events, hit, make_match, place, set_hand, units

from game.core.components import Status
from game.rulesets.casket import RULESET
from game.rulesets.casket import content as content_mod
from game.rulesets.casket import ruleset as ruleset_mod
from game.rulesets.casket.components import (
    CasketHeat,
    CasketPilot,
    CasketSP,
    CasketThreads,
    CasketWounds,
    get,
    structure,
)
from game.rulesets.casket.damage import add_component_damage, take_damage
from game.rulesets.casket.heat import gain_heat
from game.rulesets.casket.pilot import pilot_damage, repairable, snap_thread
from game.rulesets.casket.status import card_block, defense_malus, move_penalty, sp_max
from game.rulesets.casket.tohit import attack_block, attack_terms

CALM = ("concussion", "cracked_rib", "dislocated_shoulder", "ptsd", "dissociation", "spinal_trauma")


def calm(m):
    """Make the next wounds flipped ones without side effects on threads or cards."""
    m.chance.force("wound", *CALM)


def _flip(m, ent, *wounds):
    m.chance.force("wound", *wounds)
    with m.world:
        pilot_damage(m, ent, len(wounds), "test")


def _up(m, ent):
    with m.world:
        return list(get(ent, CasketWounds).zones["up"])


# -- heat ------------------------------------------------------------------------------------------

@pytest.mark.rule("CK-HEAT", "CK-UNIVERSAL")
def test_heat_from_cards_and_venting_never_below_zero():
    m, a, b = duel()
    set_hand(m, a, ["overextend", "emergency_vent", "breathe_the_core", "feint", "faithful_thrust",
                    "retreat"])
    act(m, "card", actor=a, option="overextend", cell=(4, 4))
    answer(m, "face", "0")
    assert comp(m, a, CasketHeat).value == 1
    act(m, "card", actor=a, option="emergency_vent")
    assert comp(m, a, CasketHeat).value == 0                  # -3 from 1: stops at 0
    with m.world:
        get(a, CasketHeat).value = 5
    hand_before = len(structure_hand(m, a))
    act(m, "card", actor=a, option="breathe_the_core")
    assert comp(m, a, CasketHeat).value == 4 and len(structure_hand(m, a)) == hand_before   # -1, drew 1


def structure_hand(m, ent):
    with m.world:
        return list(structure(ent).zones["hand"])


@pytest.mark.rule("CK-HEAT", "CK-THREAD")
@pytest.mark.parametrize("heat,roll,snaps", [(10, 6, 1), (12, 5, 0), (9, None, 0)])
def test_overheating_melts_a_thread_on_a_six(heat, roll, snaps):
    m = make_match(force=[("initiative", (6, 1))])
    a = units(m, "p1")[0]
    with m.world:
        get(a, CasketHeat).value = heat
    if roll is not None:
        m.chance.force("d6", roll)
        m.chance.force("d20", 20)                             # the pain check passes
    activate(m, a)
    assert len(events(m, "overheat")) == (0 if roll is None else 1)
    assert len(comp(m, a, CasketThreads).snapped) == snaps


@pytest.mark.rule("CK-HEAT", "CK-WOUNDS")
def test_cracked_rib_adds_one_heat_each_time():
    m, a, b = duel()
    _flip(m, a, "cracked_rib")
    with m.world:
        gain_heat(m, a, 2, "test")
        gain_heat(m, a, 1, "test")
    assert comp(m, a, CasketHeat).value == 5


# -- wound deck and wounds ---------------------------------------------------------------------------

@pytest.mark.rule("CK-WOUNDDECK")
def test_wound_deck_is_ten_face_down_cards_turned_one_per_damage():
    m = make_match()
    a = units(m, "p1")[0]
    with m.world:
        deck = get(a, CasketWounds)
        content = RULESET.content
        assert len(deck.zones["deck"]) == 10 and deck.zones["up"] == []
        severity = sorted(content.wounds[w].severity for w in deck.zones["deck"])
        assert severity == ["minor"] * 5 + ["severe"] * 3 + ["trauma"] * 2
        assert not deck.visible_to("deck", "p1") and deck.visible_to("up", "p2")
    _flip(m, a, "concussion", "ptsd")
    assert _up(m, a) == ["concussion", "ptsd"]
    view = RULESET.unit_view(m, a, "p2")
    assert view["wounds"] == ["Concussion", "PTSD"] and view["wounds_face_down"] == 8


@pytest.mark.rule("CK-WOUNDS")
def test_minor_wounds():
    m, a, b = duel()
    card = RULESET.content.card
    _flip(m, a, "concussion")
    with m.world:
        assert sp_max(a) == 5
    m.chance.force("d10", 7)                                 # finger 7: attack cards
    _flip(m, a, "broken_finger")
    with m.world:
        assert get(a, CasketPilot).broken_type == "attack"
        assert card_block(a, card("faithful_thrust")) and not card_block(a, card("feint"))
    _flip(m, a, "dislocated_shoulder")
    with m.world:
        assert attack_terms(m, a, b, card("faithful_thrust")).bonus == -2


@pytest.mark.rule("CK-WOUNDS")
def test_internal_bleeding_loses_a_deck_card_each_round_start():
    m = make_match(force=[("initiative", (6, 1))])
    a, b = units(m, "p1")[0], units(m, "p2")[0]
    _flip(m, a, "internal_bleeding")
    with m.world:
        lost = len(structure(a).zones["lost"])
    for ent in (a, b):
        activate(m, ent)
        act(m, "end", actor=ent)
    with m.world:
        assert len(structure(a).zones["lost"]) == lost + 1


@pytest.mark.rule("CK-WOUNDS", "CK-THREAD")
def test_severe_wounds():
    m, a, b = duel()
    with m.world:
        deck_before = len(structure(a).zones["deck"])
    m.chance.force("thread", "left_thumb", "pinkies")
    _flip(m, a, "shattered_hand")
    with m.world:
        assert sorted(get(a, CasketThreads).snapped) == ["left_thumb", "pinkies"]
        assert sp_max(a) == 4
    assert len(_up(m, a)) == 1                               # the lost threads give no extra wound
    _flip(m, a, "spinal_trauma")
    with m.world:
        assert move_penalty(a) == 1
    _flip(m, a, "ruptured_organ")
    with m.world:
        assert len(structure(a).zones["deck"]) == deck_before - 5


@pytest.mark.rule("CK-WOUNDS")
def test_ruptured_organ_starts_the_mission_five_cards_down(monkeypatch, tmp_path):
    extra = tmp_path / "veteran.toml"
    extra.write_text('[squad.veteran]\nname = "V"\nfaction = "confessor"\nduel = true\n'
                     'caskets = [{ name = "Old Agnes", chassis = "confessor_light", '
                     'deck = "confessor_blades", '
                     'wounds = ["ruptured_organ"] }]\n')
    custom = content_mod.load_content(content_mod.data_files() + [extra])
    monkeypatch.setattr(ruleset_mod, "shipped", lambda: custom)
    m = make_match("veteran", "seed_ironclad")
    a = units(m, "p1")[0]
    with m.world:
        assert len(structure(a).zones["lost"]) == 5
        assert len(structure(a).zones["deck"]) == 30 - 5 - 6
    assert _up(m, a) == ["ruptured_organ"]


@pytest.mark.rule("CK-WOUNDS")
def test_trauma_wounds():
    m, a, b = duel()
    m.chance.force("initiative", 6, 1, 6, 1)
    place(m, a, (7, 5), 3)                                   # east of b, which faces W: its rear
    place(m, b, (6, 5), 3)
    card = RULESET.content.card("faithful_thrust")
    with m.world:
        assert not attack_block(m, a, b, card)
    _flip(m, a, "ptsd")
    with m.world:
        assert "PTSD" in attack_block(m, a, b, card)
    _flip(m, a, "dissociation")
    act(m, "end", actor=a)
    activate(m, b)
    act(m, "end", actor=b)
    m.chance.force("d6", 2)
    activate(m, a)
    assert comp(m, a, CasketSP).sp == 5 and "zones out" in events(m, "dissociation")[-1].text
    act(m, "end", actor=a)
    activate(m, b)
    act(m, "end", actor=b)
    m.chance.force("d6", 3)
    activate(m, a)
    assert comp(m, a, CasketSP).sp == 6


# -- pilot damage and threads ------------------------------------------------------------------------

@pytest.mark.rule("CK-PILOTDMG")
def test_chassis_breach_wounds_the_pilot_once():
    m, a, b = duel()
    calm(m)
    with m.world:
        add_component_damage(m, b, "chassis", 6, [])
        assert len(_up_w(b)) == 0
        add_component_damage(m, b, "chassis", 1, [])        # 7: breach
        assert len(_up_w(b)) == 1
        add_component_damage(m, b, "chassis", 1, [])        # 8: no second breach wound
        assert len(_up_w(b)) == 1


def _up_w(ent):
    return get(ent, CasketWounds).zones["up"]


@pytest.mark.rule("CK-PILOTDMG", "CK-THREAD")
def test_head_exposure_wounds_once_and_may_snap_its_thread():
    m, a, b = duel()
    calm(m)
    with m.world:
        add_component_damage(m, b, "head", 5, [])
        assert len(_up_w(b)) == 0
        m.chance.force("d6", 4)
        add_component_damage(m, b, "head", 1, [])           # 6: exposure wound, d6 4: no snap
        assert len(_up_w(b)) == 1 and get(b, CasketThreads).snapped == []
        m.chance.force("d6", 5)
        m.chance.force("d20", 20)
        add_component_damage(m, b, "head", 1, [])           # still exposed: d6 5 snaps Pinkies
        assert get(b, CasketThreads).snapped == ["pinkies"]
        assert len(_up_w(b)) == 2                            # the snap's own wound


@pytest.mark.rule("CK-THREAD")
def test_arm_exposure_snaps_a_thread_of_that_arm():
    m, a, b = duel()
    calm(m)
    with m.world:
        m.chance.force("d6", 6)
        m.chance.force("thread", "right_index")
        m.chance.force("d20", 20)
        add_component_damage(m, b, "right_arm", 6, [])
        assert get(b, CasketThreads).snapped == ["right_index"]


@pytest.mark.rule("CK-THREAD")
def test_chassis_past_ten_snaps_d3_random_threads_on_four_plus():
    m, a, b = duel()
    calm(m)
    with m.world:
        add_component_damage(m, b, "chassis", 9, [])
        m.chance.force("d6", 4)
        m.chance.force("d3", 2)
        m.chance.force("d20", 20, 20)
        add_component_damage(m, b, "chassis", 1, [])
        assert len(get(b, CasketThreads).snapped) == 2


@pytest.mark.rule("CK-THREAD", "CK-PILOTDMG")
def test_a_snap_wounds_and_a_failed_grit_check_skips_the_next_activation():
    m = make_match(force=[("initiative", (6, 1))])
    a = units(m, "p1")[0]
    calm(m)
    m.chance.force("d20", 11)                                # 11 + Grit 3 = 14 < 15
    with m.world:
        snap_thread(m, a, "right_thumb", "test")
        assert get(a, CasketPilot).skip_next
        assert len(_up_w(a)) == 1
    activate(m, a)
    assert events(m, "pain")[-1].text.endswith("the activation is skipped.")
    assert m.current().side == "p2"
    m2 = make_match()
    a2 = units(m2, "p1")[0]
    calm(m2)
    m2.chance.force("d20", 12)                               # 12 + 3 = 15 passes
    with m2.world:
        snap_thread(m2, a2, "right_thumb", "test")
        assert not get(a2, CasketPilot).skip_next


@pytest.mark.rule("CK-THREAD")
def test_thread_functions():
    m, a, b = duel()
    calm(m)
    card = RULESET.content.card
    with m.world:
        for t in ("right_thumb", "left_thumb", "right_middle", "left_index", "pinkies"):
            get(a, CasketThreads).snapped.append(t)
        assert "Right Thumb" in card_block(a, card("penitent_blades"))
        assert "Left Thumb" in card_block(a, card("reliquary_lantern"))
        assert move_penalty(a) == 1 and defense_malus(a) == 1
        get(a, CasketThreads).snapped.remove("pinkies")
    place(m, b, (4, 5), 0)                                   # b now behind a (a faces E)
    with m.world:
        assert not attack_block(m, a, b, card("faithful_thrust"))
        get(a, CasketThreads).snapped.append("pinkies")
        assert "rear arc" in attack_block(m, a, b, card("faithful_thrust"))


@pytest.mark.rule("CK-THREAD")
def test_a_critical_hit_with_a_snap_card_snaps_a_thread():
    m = make_match("ironclad_pair", "seed_confessor", spawns={"p1": [(5, 5), (1, 1)], "p2": [(6, 5)]},
                   force=[("initiative", (6, 1))])
    a, b = units(m, "p1")[0], units(m, "p2")[0]
    place(m, a, (5, 5), 0)
    place(m, b, (6, 5), 3)
    set_hand(m, a, ["earthshaker", "feint", "advance", "haft_jab", "survey_the_field", "retreat"])
    activate(m, a)
    calm(m)
    m.chance.force("attack", "Double Strike", "Death Blow")
    m.chance.force("defense", *("Blood",) * 6)
    m.chance.force("thread", "right_thumb")
    m.chance.force("d20", 20)
    act(m, "card", actor=a, option="earthshaker@right_arm", target=b)
    answer(m, "damage_source", "0")
    assert "right_thumb" in comp(m, b, CasketThreads).snapped


@pytest.mark.rule("CK-PILOTDMG")
@pytest.mark.parametrize("roll,wounds", [(5, 1), (12, 0)])
def test_destruction_save(roll, wounds):
    m, a, b = duel()
    with m.world:
        structure(b).move_all("deck", "lost")
        structure(b).move_all("discard", "lost")
    m.chance.force("d20", roll)
    calm(m)
    hit(m, a, b)
    answer(m, "damage_source", "0")
    assert comp(m, b, Status).state == "destroyed"
    assert len(_up(m, b)) == wounds


# -- repair and death ---------------------------------------------------------------------------------

@pytest.mark.rule("CK-REPAIR")
def test_field_repair_by_an_adjacent_ally_with_repair_skill():
    spawns = {"p1": [(3, 3), (4, 3)], "p2": [(13, 8), (14, 8)]}
    m = make_match("confessor_vigil", "ironclad_pair", spawns=spawns, force=[("initiative", (6, 1))])
    mech, patient = units(m, "p1")                           # Canoness Ilse has Repair 2
    with m.world:
        get(patient, CasketThreads).snapped.append("right_thumb")
    activate(m, mech)
    options = [x for x in m.legal() if x.kind == "repair"]
    assert {(x.target, x.option) for x in options} == {(patient, "right_thumb")}
    m.chance.force("d20", 10)                                # 10 + 2 = 12: success
    act(m, "repair", actor=mech, target=patient, option="right_thumb")
    threads = comp(m, patient, CasketThreads)
    assert threads.snapped == [] and threads.fragile == ["right_thumb"]
    assert m.current().side == "p2"                          # a full activation spent


@pytest.mark.rule("CK-REPAIR")
def test_failed_repair_leaves_the_thread_severed_and_fragile_threads_snap_on_big_hits():
    spawns = {"p1": [(3, 3), (4, 3)], "p2": [(13, 8), (14, 8)]}
    m = make_match("confessor_vigil", "ironclad_pair", spawns=spawns, force=[("initiative", (6, 1))])
    mech, patient = units(m, "p1")
    with m.world:
        get(patient, CasketThreads).snapped.append("right_thumb")
        get(patient, CasketThreads).snapped.append("left_index")
    activate(m, mech)
    m.chance.force("d20", 9)                                 # 9 + 2 = 11: failure
    act(m, "repair", actor=mech, target=patient, option="left_index")
    assert comp(m, patient, CasketThreads).severed == ["left_index"]
    with m.world:
        assert repairable(patient) == ["right_thumb"]
        get(patient, CasketThreads).snapped.remove("right_thumb")
        get(patient, CasketThreads).fragile.append("right_thumb")
        gen = take_damage(m, patient, 5, "legs", 0, "test")
        decision = next(gen)
        try:
            gen.send("0")
        except StopIteration:
            pass
        assert decision.kind == "damage_source"
        assert "right_thumb" in get(patient, CasketThreads).snapped


@pytest.mark.rule("CK-REPAIR")
def test_self_repair_only_out_of_combat_and_only_at_the_start_of_an_activation():
    m = make_match(spawns={"p1": [(1, 1)], "p2": [(14, 10)]}, force=[("initiative", (6, 1))])
    a = units(m, "p1")[0]
    with m.world:
        get(a, CasketThreads).snapped.append("pinkies")
    activate(m, a)
    assert any(x.kind == "repair" and x.target == a for x in m.legal())
    act(m, "turn", actor=a, option="3")
    assert not any(x.kind == "repair" for x in m.legal())   # not a full turn any more
    m2 = make_match(force=[("initiative", (6, 1))])          # the enemy is close: no self repair
    a2 = units(m2, "p1")[0]
    with m2.world:
        get(a2, CasketThreads).snapped.append("pinkies")
    activate(m2, a2)
    assert not any(x.kind == "repair" for x in m2.legal())


@pytest.mark.rule("CK-PILOTDEATH")
def test_ten_wounds_kill_the_pilot_and_the_casket_goes_inert():
    m = make_match(force=[("initiative", (6, 1))])
    a = units(m, "p1")[0]
    with m.world:
        deck = list(get(a, CasketWounds).zones["deck"])
    noisy = ("shattered_hand", "ruptured_organ", "broken_finger")
    m.chance.force("wound", *[w for w in deck if w not in noisy])
    with m.world:
        pilot_damage(m, a, 10, "test")
        assert get(a, CasketPilot).dead
        assert get(a, Status).state == "inert"
    assert not RULESET.invariants(m)
    assert not any(x.kind == "activate" and x.actor == a for x in m.legal())
    with m.world:
        out = RULESET.outcome(m)
    assert out is not None and out.winner == "p2"          # arena: the match is lost
