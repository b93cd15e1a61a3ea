"""Whole-match behaviour: Universal card effects, reactions, previews, AI choices, saves and replays."""

from __future__ import annotations

import json

import pytest
from casket_helpers import act, activate, answer, comp, duel, events, hit, make_match, place, set_hand, units

from game.ai.controller import BaselineAI, RandomAI
from game.core.board import Board
from game.core.match import Match, Scenario
from game.rulesets.casket import RULESET
from game.rulesets.casket.components import CasketHeat, CasketSP, CasketTempo, CasketThreads, get, structure
from game.rulesets.casket.odds import RESULTS, attack_odds
from game.rulesets.casket.tohit import attack_terms

SPAWNS = {"p1": [(3, 4), (3, 6), (4, 5)], "p2": [(5, 4), (5, 6), (12, 5)]}


def _hand(m, ent):
    with m.world:
        return sorted(structure(ent).zones["hand"])


@pytest.mark.rule("CK-UNIVERSAL")
def test_feint_adds_one_damage_to_the_next_attack_this_activation_only():
    m, a, b = duel()
    set_hand(m, a, ["feint", "faithful_thrust", "faithful_thrust", "survey_the_field", "retreat", "buckler"])
    act(m, "card", actor=a, option="feint")
    assert comp(m, a, CasketTempo).boost == 1
    hit(m, a, b)
    assert "5 damage" in events(m, "defense")[-1].text          # 4 + 1
    answer(m, "damage_source", "0")
    hit(m, a, b)
    assert "4 damage" in events(m, "defense")[-1].text          # the boost is spent


@pytest.mark.rule("CK-UNIVERSAL")
def test_retreat_moves_four_and_forbids_attacks():
    m, a, b = duel()
    set_hand(m, a, ["retreat", "faithful_thrust", "penitent_blades", "survey_the_field", "feint", "buckler"])
    cells = {x.cell for x in m.legal() if x.option == "retreat"}
    assert (1, 5) in cells and (0, 5) not in cells
    act(m, "card", actor=a, option="retreat", cell=(4, 5))
    answer(m, "face", "0")
    assert not any("@" in x.option for x in m.legal() if x.kind == "card")


@pytest.mark.rule("CK-UNIVERSAL")
def test_survey_sensor_sweep_and_rally_cry():
    m = make_match("confessor_vigil", "ironclad_pair", spawns=SPAWNS, force=[("initiative", (6, 1))])
    a, ally = units(m, "p1")[:2]
    foe = units(m, "p2")[0]
    set_hand(m, a, ["survey_the_field", "sensor_sweep", "rally_cry", "feint", "buckler", "judgement"])
    activate(m, a)
    act(m, "card", actor=a, option="survey_the_field")
    assert len(_hand(m, a)) == 6
    m.chance.force("reveal", _hand(m, foe)[0])
    act(m, "card", actor=a, option="sensor_sweep", target=foe)
    seen = RULESET.unit_view(m, foe, "p1")
    assert seen["revealed"] == [RULESET.content.card(_hand(m, foe)[0]).name] and "hand" not in seen
    assert "revealed" not in RULESET.unit_view(m, foe, "p2")
    assert events(m, "reveal")[-1].visible == "p1"
    before = len(_hand(m, ally))
    act(m, "card", actor=a, option="rally_cry")
    assert m.pending_decision.kind == "ally" and m.pending_decision.keys() == [str(ally)]
    answer(m, "ally", str(ally))
    assert len(_hand(m, ally)) == before + 1


@pytest.mark.rule("CK-UNIVERSAL", "CK-DEFENSEDICE")
def test_brace_for_impact_is_a_reaction_unless_pierced():
    m, a, b = duel(b_hand=["brace_for_impact", "feint", "survey_the_field", "buckler", "judgement",
                           "retreat"])
    hit(m, a, b)
    d = m.pending_decision
    assert d.kind == "reaction" and d.side == "p2"
    # the Buckler costs 1 SP and b has none left (SP is refreshed only by its own activation)
    assert {o.key for o in d.options} == {"none", "brace_for_impact"}
    answer(m, "reaction", "brace_for_impact")
    answer(m, "damage_source", "0")
    with m.world:
        assert len(structure(b).zones["lost"]) == 2                 # 4 - 2
    hit(m, a, b, card="penitent_blades", defense=("Pierce", "Blood"))
    assert m.pending_decision.kind == "damage_source"              # Pierce: no reaction offered


@pytest.mark.rule("CK-UNIVERSAL")
def test_ignore_armour_cuts_reaction_armour():
    m = make_match("seed_ironclad", "seed_confessor", force=[("initiative", (6, 1))])
    a, b = units(m, "p1")[0], units(m, "p2")[0]
    place(m, a, (5, 5), 0)
    place(m, b, (6, 5), 3)
    set_hand(m, a, ["hammer_strike", "feint", "advance", "haft_jab", "survey_the_field", "retreat"])
    set_hand(m, b, ["brace_for_impact", "feint", "survey_the_field", "retreat", "faithful_thrust", "penance"])
    activate(m, a)
    m.chance.force("attack", "Glance", "Double Strike")
    m.chance.force("defense", *("Blood",) * 6)
    act(m, "card", actor=a, option="hammer_strike@legs", target=b)
    answer(m, "reaction", "brace_for_impact")
    answer(m, "damage_source", "0")
    with m.world:
        assert len(structure(b).zones["lost"]) == 6 - (2 - 1)


def test_preview_shows_every_modifier_and_exact_odds():
    m, a, b = duel()
    action = next(x for x in m.legal() if x.option == "faithful_thrust@chassis")
    p = RULESET.preview(m, action)
    with m.world:
        terms = attack_terms(m, a, b, RULESET.content.card("faithful_thrust"))
    odds = attack_odds(terms.target, terms.base, terms.bonus, terms.bypass)
    assert all(name.startswith(r) for (name, _), r in zip(p.outcomes, RESULTS, strict=True))
    assert abs(sum(prob for _, prob in p.outcomes) - 1) < 1e-12
    assert p.expected_damage == float(odds.expected_final) and p.hit == float(odds.hit)
    for label in ("base: 5+", "short range", "attacker moved", "defender moved", "front arc",
                  "target number: 5+"):
        assert any(label in line for line in p.lines), label
    assert RULESET.preview(m, next(x for x in m.legal() if x.kind == "end")) is None


def test_baseline_ai_attacks_when_it_can_and_vents_when_hot():
    m, a, b = duel()
    legal = m.legal()
    choice = BaselineAI().choose(m, legal)
    assert choice.kind == "card" and "@" in choice.option
    m2, a2, b2 = duel()
    place(m2, b2, (14, 10), 3)
    set_hand(m2, a2, ["emergency_vent", "feint", "buckler", "martyrs_resolve", "brace_for_impact", "penance"])
    with m2.world:
        get(a2, CasketHeat).value = 9
    act(m2, "end", actor=a2)
    act(m2, "activate", actor=b2)
    act(m2, "end", actor=b2)
    act(m2, "activate", actor=a2)
    ai = BaselineAI()
    vented = False
    for _ in range(8):
        pick = ai.choose(m2, m2.legal())
        assert pick.kind != "end" or vented, "ended the activation hot"
        if pick.kind == "end":
            break
        card = RULESET.content.card(pick.option) if pick.kind == "card" else None
        vented |= bool(card and any(e.kind == "heat" and e.amount < 0 for e in card.effects))
        m2.submit(pick)
        if m2.pending_decision is not None:
            m2.answer(ai.decide(m2, m2.pending_decision))
    assert vented and comp(m2, a2, CasketHeat).value < 9


def test_baseline_ai_closes_in_when_out_of_range():
    m = make_match(spawns={"p1": [(1, 5)], "p2": [(13, 5)]}, force=[("initiative", (6, 1))])
    a = units(m, "p1")[0]
    set_hand(m, a, ["faithful_thrust", "penitent_blades", "feint", "buckler", "survey_the_field", "penance"])
    activate(m, a)
    pick = BaselineAI().choose(m, m.legal())
    assert pick.kind == "move" and m.board.distance(pick.cell, (13, 5)) < 12


def test_baseline_ai_faces_the_enemy_with_a_good_arc():
    m, a, b = duel()
    act(m, "move", actor=a, cell=(5, 4))
    d = m.pending_decision
    values = RULESET.advise(m, d)
    best = max(values, key=values.get)
    with m.world:
        arc = m.board.grid.arc((5, 4), int(best), (6, 5))
    assert arc in (0, 1, 5)                                 # never a flank or the rear


def test_baseline_ai_discards_dead_cards_first():
    m, a, b = duel(b_hand=["faithful_thrust", "penitent_blades", "feint", "buckler", "judgement"])
    with m.world:
        pile = structure(b)
        pile.zones["hand"].append("damage")   # a Damage card a reshuffle brought in
        pile.reshuffles += 1
    hit(m, a, b)
    key = BaselineAI().decide(m, m.pending_decision)
    assert int(key) >= 1                   # take some of it from the hand...
    m.answer(key)
    assert BaselineAI().decide(m, m.pending_decision) == "damage"    # ...starting with the dead card


def _play(seed, controllers):
    board = Board.blank("hex", 16, 12)
    m = Match(RULESET, Scenario("casket", "blank", {"p1": "confessor_vigil", "p2": "ironclad_pair"}, seed),
              board, controllers)
    return m


@pytest.mark.rule("CK-PILOTDEATH", "CK-DEPLETE")
def test_random_play_keeps_invariants_and_ends():
    m = _play(3, {"p1": RandomAI(1), "p2": RandomAI(2)})
    steps = 0
    while not m.over and steps < 5000:
        steps += 1
        turn = m.current()
        legal = m.legal()
        assert legal
        m.submit(m.controllers[turn.side].choose(m, legal))
        while m.pending_decision is not None:
            m.answer(m.controllers[m.pending_decision.side].decide(m, m.pending_decision))
        assert RULESET.invariants(m) == []
    assert m.over


def test_same_seed_same_game_and_snapshots_continue_exactly():
    a = _play(9, {"p1": BaselineAI(1), "p2": BaselineAI(2)})
    a.play()
    b = _play(9, {"p1": BaselineAI(1), "p2": BaselineAI(2)})
    b.play()
    assert a.state_hash() == b.state_hash() and a.inputs == b.inputs
    c = _play(9, {"p1": BaselineAI(1), "p2": BaselineAI(2)})
    for _ in range(60):
        c.submit(c.controllers[c.current().side].choose(c, c.legal()))
        while c.pending_decision is not None:
            c.answer(c.controllers[c.pending_decision.side].decide(c, c.pending_decision))
    snap = json.loads(json.dumps(c.snapshot()))
    d = Match.from_snapshot(RULESET, c.board, snap, {"p1": BaselineAI(1), "p2": BaselineAI(2)})
    d.play()
    c.play()
    assert c.state_hash() == d.state_hash()


def test_unit_view_shows_public_state():
    m, a, b = duel()
    with m.world:
        get(b, CasketThreads).snapped.append("left_index")
    v = RULESET.unit_view(m, b, "p1")
    assert v["sp"] == 0 and v["sp_max"] == 6 and v["heat"] == 0
    assert v["components"] == {"Head": "0/3", "Right Arm": "0/4", "Left Arm": "0/4", "Chassis": "0/5",
                               "Legs": "0/6"}
    assert v["threads"] == {"Left Index": "snapped"}
    assert v["deck"] + v["hand_count"] + v["discard"] + v["lost"] == 30 == v["hp"] == v["hp_max"]
    assert "hand" not in v and len(RULESET.unit_view(m, b, "p2")["hand"]) == 6
    assert comp(m, a, CasketSP).sp == 6


def test_evaluate_prefers_the_side_whose_enemy_is_worn_down():
    m, a, b = duel()
    before = RULESET.evaluate(m, "p1")
    with m.world:
        structure(b).move_all("deck", "lost")
    assert RULESET.evaluate(m, "p1") > before
    assert RULESET.evaluate(m, "p2") == -RULESET.evaluate(m, "p1")


def test_result_bands_show_the_damage_they_can_do_beside_them():
    """#17: damage odds give numbers beside bands ("Strong Hit 1–3"), the extremes of the exact
    defense-dice distribution for that result."""
    from game.rulesets.casket.odds import EXECUTION, HITS, RESULT_BYPASS, defense_distribution, raw_damage

    m, a, b = duel()
    p = RULESET.preview(m, next(x for x in m.legal() if x.option == "faithful_thrust@chassis"))
    with m.world:
        terms = attack_terms(m, a, b, RULESET.content.card("faithful_thrust"))
    shown = dict(zip(RESULTS, (name for name, _ in p.outcomes), strict=True))
    for r in HITS:
        dmg = raw_damage(terms.base, r, terms.bonus)
        if r == EXECUTION:
            lo = hi = dmg
        else:
            skip = terms.bypass + RESULT_BYPASS.get(r, 0)
            finals = [d.final for d in defense_distribution(dmg, skip).probs]
            lo, hi = min(finals), max(finals)
        assert shown[r] == (f"{r} {lo}–{hi}" if lo != hi else f"{r} {hi}")
    assert shown["Miss"] == "Miss"
