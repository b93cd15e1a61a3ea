"""Taking damage: the discard choice, component damage, thresholds, deck depletion and Damage cards."""

from __future__ import annotations

from collections import Counter

import pytest
from casket_helpers import (
    B_HAND,
    act,
    activate,
    answer,
    comp,
    duel,
    events,
    hit,
    make_match,
    place,
    set_hand,
    units,
)

from game.core.components import Status
from game.rulesets.casket import RULESET
from game.rulesets.casket.components import CasketFrame, CasketHeat, CasketSP, get, structure
from game.rulesets.casket.damage import add_component_damage
from game.rulesets.casket.status import card_block
from game.rulesets.casket.structure import draw


def hand(m, ent):
    with m.world:
        return sorted(structure(ent).zones["hand"])


@pytest.mark.rule("CK-DISCARD", "CK-DECK")
def test_the_defender_chooses_hand_deck_or_a_mix():
    m, a, b = duel()
    with m.world:
        before = len(structure(b).zones["deck"])
    hit(m, a, b)
    d = m.pending_decision
    assert d.kind == "damage_source" and d.side == "p2"
    assert [o.label for o in d.options] == [f"hand {k} / deck {4 - k}" for k in range(5)]
    m.chance.force("card", "retreat", "overextend", "rally_cry")
    answer(m, "damage_source", "1")
    answer(m, "discard", "feint")
    assert m.pending_decision is None
    with m.world:
        assert sorted(structure(b).zones["lost"]) == ["feint", "overextend", "rally_cry", "retreat"]
        assert len(structure(b).zones["deck"]) == before - 3
    assert "feint" not in hand(m, b) and len(hand(m, b)) == 5


@pytest.mark.rule("CK-DISCARD")
def test_all_from_the_deck_keeps_the_hand():
    m, a, b = duel()
    hit(m, a, b)
    answer(m, "damage_source", "0")
    assert m.pending_decision is None and hand(m, b) == sorted(B_HAND)
    with m.world:
        assert len(structure(b).zones["lost"]) == 4


@pytest.mark.rule("CK-COMPONENT")
@pytest.mark.parametrize("aim,discard,points", [
    ("right_arm", "penitent_blades", 1),   # Primary Weapon: +1 wherever aimed
    ("legs", "penitent_blades", 1),
    ("left_arm", "buckler", 1),            # Shield: only when the Left Arm is aimed at
    ("right_arm", "buckler", 0),
    ("left_arm", "reliquary_lantern", 0),  # Accessory: never
    ("head", "feint", 0),
])
def test_component_damage_from_discarded_cards(aim, discard, points):
    m, a, b = duel()
    hit(m, a, b, aim=aim)
    m.chance.force("card", "retreat", "overextend", "rally_cry")
    answer(m, "damage_source", "1")
    answer(m, "discard", discard)
    assert comp(m, b, CasketFrame).damage[aim] == points


@pytest.mark.rule("CK-COMPONENT", "CK-DEFENSEDICE")
def test_critical_faces_add_component_damage_and_heat_faces_add_heat():
    m, a, b = duel()
    hit(m, a, b, aim="chassis", defense=("Critical", "Critical", "Heat", "Shield"))
    m.chance.force("card", "retreat", "overextend", "rally_cry")
    answer(m, "damage_source", "0")
    assert comp(m, b, CasketFrame).damage["chassis"] == 2
    assert comp(m, b, CasketHeat).value == 1
    with m.world:
        assert len(structure(b).zones["lost"]) == 3             # 4 damage, 1 Shield


@pytest.mark.rule("CK-DECLARE")
def test_random_aim_rolls_the_location_after_the_hit():
    m, a, b = duel()
    m.chance.force("location", 3)                              # 3 = Left Arm
    hit(m, a, b, aim="random", defense=("Critical", "Blood", "Blood", "Blood"))
    m.chance.force("card", "retreat", "overextend", "rally_cry", "feint")
    answer(m, "damage_source", "0")
    assert events(m, "aim")[-1].text.startswith("Random location: d6 = 3 - Left Arm")
    assert comp(m, b, CasketFrame).damage["left_arm"] == 1
    # every aim is declared with the attack: one action per target and location
    m2, a2, b2 = duel()
    aims = {x.option.split("@")[1] for x in m2.legal() if x.option.startswith("faithful_thrust@")}
    assert aims == {"random", "head", "right_arm", "left_arm", "chassis", "legs"}


@pytest.mark.rule("CK-RESULT")
def test_critical_hit_bypasses_one_block_and_execution_bypasses_all():
    m, a, b = duel()
    hit(m, a, b, attack=("Double Strike", "Death Blow"), defense=("Shield", "Shield") + ("Blood",) * 4)
    assert "1 blocked, 5 damage" in events(m, "defense")[-1].text       # 4+2 = 6 dice, 1 of 2 blocks ignored
    answer(m, "damage_source", "0")
    m.chance.force("attack", "Death Blow", "Death Blow")
    act(m, "card", actor=a, option="faithful_thrust@legs", target=b)
    answer(m, "damage_source", "0")
    frame = comp(m, b, CasketFrame)
    assert frame.destroyed("legs")                             # destroyed outright
    assert len(events(m, "defense")) == 1                      # no defense dice for the Execution
    with m.world:
        assert len(structure(b).zones["lost"]) == 5 + 6


@pytest.mark.rule("CK-RESULT")
def test_catastrophic_failure_jams_the_weapon():
    m, a, b = duel()
    hit(m, a, b, attack=("Jam", "Jam"))
    assert "penitent_blades" not in hand(m, a)                 # Primary Weapon cards discarded
    with m.world:
        assert "penitent_blades" in structure(a).zones["discard"]
    assert comp(m, a, CasketHeat).value == 2
    hit(m, a, b, attack=("Glance", "Double Strike"))           # next attack: 4 - 2 damage
    assert "2 damage" in events(m, "defense")[-1].text
    assert "damaged weapon (jam) -2" in " ".join(events(m, "attack")[-1].math)


@pytest.mark.rule("CK-THRESHOLDS")
def test_thresholds_of_each_component():
    m, a, b = duel()
    with m.world:
        frame = get(b, CasketFrame)
        for loc, hp in {"head": 3, "right_arm": 4, "left_arm": 4, "chassis": 5, "legs": 6}.items():
            add_component_damage(m, b, loc, hp - 1, [])
            assert not frame.destroyed(loc)
            add_component_damage(m, b, loc, 1, [])
            assert frame.destroyed(loc)


@pytest.mark.rule("CK-THRESHOLDS")
def test_right_arm_destroyed_discards_and_bars_primary_weapon_cards():
    m, a, b = duel()
    content = RULESET.content
    with m.world:
        add_component_damage(m, a, "right_arm", 4, [])
        assert "penitent_blades" not in structure(a).zones["hand"]
        assert card_block(a, content.card("penitent_blades"))
        assert not card_block(a, content.card("faithful_thrust"))   # faction core still works
        structure(a).move("flagellant_sweep", "deck", "discard")
        structure(a).zones["deck"].append("flagellant_sweep")  # put one on top, then draw it
        structure(a).zones["discard"].remove("flagellant_sweep")
        got = draw(m, a, 1)
        assert got and got[0] != "flagellant_sweep"                 # drawn and discarded at once
        assert "flagellant_sweep" in structure(a).zones["discard"]


@pytest.mark.rule("CK-THRESHOLDS")
def test_left_arm_destroyed_discards_secondary_and_bars_shields_and_offhands():
    m, a, b = duel()
    content = RULESET.content
    with m.world:
        add_component_damage(m, b, "left_arm", 4, [])
        assert not {"buckler", "reliquary_lantern"} & set(structure(b).zones["hand"])
        assert card_block(b, content.card("buckler")) and card_block(b, content.card("chain_flail"))
        assert not card_block(b, content.card("reliquary_lantern"))   # accessories still work
        structure(b).move("brace_for_impact", "deck", "hand")
        structure(b).move("buckler", "discard", "hand")
    hit(m, a, b)
    d = m.pending_decision
    assert d.kind == "reaction" and {o.key for o in d.options} == {"none", "brace_for_impact"}


@pytest.mark.rule("CK-THRESHOLDS")
def test_head_destroyed_bars_sensor_sweep_and_targeting_cards():
    m, a, b = duel()
    with m.world:
        add_component_damage(m, a, "head", 3, [])
        assert card_block(a, RULESET.content.card("sensor_sweep"))
        assert card_block(a, RULESET.content.card("guided_psalm"))
        assert not card_block(a, RULESET.content.card("survey_the_field"))


@pytest.mark.rule("CK-THRESHOLDS")
def test_chassis_destroyed_costs_sp_and_one_defense():
    m, a, b = duel()
    with m.world:
        add_component_damage(m, b, "chassis", 5, [])
    hit(m, a, b, defense=("Shield", "Shield", "Blood", "Blood"))
    assert "1 blocked, 3 damage" in events(m, "defense")[-1].text
    assert any("Defense penalty" in line for line in events(m, "attack")[-1].math)


@pytest.mark.rule("CK-THRESHOLDS")
def test_legs_destroyed_cost_sp_per_hex_and_cap_three_hexes():
    m = make_match(force=[("initiative", (6, 1))])
    a = units(m, "p1")[0]
    place(m, a, (5, 3), 0)
    with m.world:
        add_component_damage(m, a, "legs", 6, [])
    set_hand(m, a, ["retreat", "feint", "survey_the_field", "emergency_vent", "faithful_thrust", "buckler"])
    activate(m, a)
    moves = [x for x in m.legal() if x.kind == "move"]
    assert max(len(x.path) for x in moves) == 3                # 6 SP would reach 3 at 2 SP a hex
    retreat = [x for x in m.legal() if x.option == "retreat"]
    assert max(len(x.path) for x in retreat) == 3              # 4 SP would pay 4 hexes: no sprinting
    act(m, "move", actor=a, cell=(6, 3))
    answer(m, "face", "0")
    assert comp(m, a, CasketSP).sp == 4
    assert max(len(x.path) for x in m.legal() if x.kind == "move") == 2    # 3 hexes an activation


@pytest.mark.rule("CK-DEPLETE", "CK-DECK")
def test_deck_runs_out_mid_damage_then_the_discard_pile_then_defeat():
    m, a, b = duel()
    with m.world:
        cards = structure(b)
        cards.move_all("deck", "lost")
        for c in list(cards.zones["lost"])[:2]:
            cards.move(c, "lost", "deck")
        for c in list(cards.zones["lost"])[:1]:
            cards.move(c, "lost", "discard")
    hit(m, a, b)                                              # 4 damage: 2 deck + 1 discard + defeat
    answer(m, "damage_source", "0")
    assert comp(m, b, Status).state == "destroyed"
    assert events(m, "destroyed")
    assert m.result is not None and m.result.winner == "p1"


@pytest.mark.rule("CK-DEPLETE")
def test_taking_from_the_discard_pile_when_the_deck_is_empty():
    m, a, b = duel()
    with m.world:
        cards = structure(b)
        cards.move_all("deck", "discard")
    hit(m, a, b)
    answer(m, "damage_source", "0")
    assert comp(m, b, Status).state == "active"
    with m.world:
        assert len(structure(b).zones["lost"]) == 4


@pytest.mark.rule("CK-DEPLETE")
def test_reshuffle_adds_a_damage_card_and_cards_stay_conserved():
    m, a, b = duel()
    with m.world:
        cards = structure(a)
        cards.move_all("deck", "discard")
        start = Counter(cards.all_cards())
        got = draw(m, a, 2)
        assert len(got) == 2 and cards.reshuffles == 1
        assert cards.all_cards() - start == Counter({"damage": 1})
        assert len(cards.zones["deck"]) + len(cards.zones["discard"]) == sum(start.values()) - 6 - 2 + 1
    assert events(m, "reshuffle") and not RULESET.invariants(m)


@pytest.mark.rule("CK-DEPLETE")
def test_damage_cards_are_dead():
    m, a, b = duel()
    with m.world:
        structure(a).zones["deck"].append("damage")
        structure(a).move("damage", "deck", "hand")
    assert not RULESET.invariants(m) == []                     # an extra card breaks conservation
    with m.world:
        structure(a).reshuffles += 1                          # ... unless a reshuffle added it
    assert RULESET.invariants(m) == []
    sp = comp(m, a, CasketSP).sp
    log = len(m.log)
    act(m, "card", actor=a, option="damage")
    assert comp(m, a, CasketSP).sp == sp and [e.kind for e in m.log[log:]] == ["card"]
