"""Weapon properties and combos: Penetrate, Cleave rings, Clustershot, Tripleshot, Stumbling,
Disabling, Blinding, Gibbing, DoT, with forced coins where a flip decides."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tokens_helpers import (
    H,
    T,
    act,
    answer,
    comp,
    end_turn,
    events,
    hold,
    hp,
    make_match,
    place,
    set_hp,
    tokens,
    unit,
)

from game.core.components import Status
from game.rulesets.tokens import RULESET
from game.rulesets.tokens.components import TkEffects
from game.rulesets.tokens.odds import penetration_chances


def line_up(m, attacker, targets, start=(2, 8)):
    place(m, attacker, start)
    for i, t in enumerate(targets):
        place(m, t, (start[0] + 3 + i, start[1]))
        set_hp(m, t, 9, 9)


@pytest.mark.rule("TK-PENETRATE")
def test_deep_penetrate_passes_the_first_for_certain_then_on_a_coin():
    m = make_match("wardens", "brood")
    mk = unit(m, "Marksman")
    foes = [unit(m, "Stalker 1"), unit(m, "Stalker 2"), unit(m, "Stalker 3")]
    line_up(m, mk, foes)
    m.chance.force("coin", T)  # the second pass fails
    act(m, "attack", actor=mk, target=foes[0])
    assert [hp(m, f) for f in foes] == [7, 7, 9]  # 3 physical vs physical+(1)
    assert len(events(m, "penetrate")) == 1
    assert penetration_chances(3, True) == [1, Fraction(1, 2), Fraction(1, 4)]


@pytest.mark.rule("TK-PENETRATE")
def test_plain_penetrate_passes_on_a_coin_and_the_preview_says_so():
    m = make_match("nightfall", "brood")
    s = unit(m, "Shade 1")
    foes = [unit(m, "Stalker 1"), unit(m, "Stalker 2")]
    line_up(m, s, foes)
    hold(m, s, "crossbow")
    a = next(x for x in m.legal() if x.kind == "attack" and x.actor == s and x.target == foes[0])
    p = RULESET.preview(m, a)
    assert ("Stalker 2 hit", 0.5) in p.outcomes and ("Stalker 1 hit", 1.0) in p.outcomes
    m.chance.force("coin", H)
    m.submit(a)
    assert [hp(m, f) for f in foes] == [6, 6]  # 4 physical vs physical+(1)
    assert penetration_chances(2, False) == [Fraction(1, 2), 0]


@pytest.mark.rule("TK-CLEAVE", "TK-COMBO")
def test_cleave_hits_every_unit_next_to_the_target_allies_too():
    m = make_match("wardens", "brood")
    v, w = unit(m, "Vanguard 1"), unit(m, "Vanguard 2")
    b1, b2, far = unit(m, "Brute 1"), unit(m, "Brute 2"), unit(m, "Stalker 1")
    place(m, v, (5, 6))
    place(m, b1, (6, 6))
    place(m, b2, (7, 7))  # next to the target
    place(m, w, (6, 5))  # an ally next to the target
    place(m, far, (8, 8))  # two away from the target: outside plain Cleave
    for e in (b1, b2, far):
        set_hp(m, e, 9, 9)
    set_hp(m, w, 9, 9)
    act(m, "attack", actor=v, target=b1)  # broadsword 3 physical, "cleave"
    assert hp(m, b1) == 7 and hp(m, b2) == 7 and hp(m, far) == 9  # Thick Hide physical+(1)
    assert hp(m, w) == 9 - 0  # plate: 3-2 = 1, soaked by its shield
    assert any("Vanguard 2" in e.text for e in events(m, "damage"))


@pytest.mark.rule("TK-CLEAVE")
def test_greater_cleave_reaches_one_ring_further():
    m = make_match("brood", "brood")
    b = unit(m, "Brute 1")
    with m.world:
        from game.core.components import Side

        foes = [e for e, (s,) in m.units(Side) if s.side == "p2"][:3]
    place(m, b, (5, 6))
    place(m, foes[0], (6, 6))
    place(m, foes[1], (8, 6))  # two from the target: greater cleave
    place(m, foes[2], (9, 6))  # three: out of reach
    for f in foes:
        set_hp(m, f, 9, 9)
    act(m, "attack", actor=b, target=foes[0])
    assert [hp(m, f) for f in foes] == [6, 6, 9]


@pytest.mark.rule("TK-CLUSTER", "TK-COMBO")
def test_clustershot_is_chosen_per_attack_doubles_damage_and_drops_the_cleave():
    m = make_match("wardens", "brood")
    br = unit(m, "Breacher")
    t, side = unit(m, "Brute 1"), unit(m, "Brute 2")
    place(m, br, (4, 6))
    place(m, t, (6, 6))
    place(m, side, (6, 7))
    set_hp(m, t, 9, 9)
    set_hp(m, side, 9, 9)
    act(m, "attack", actor=br, target=t)
    pending = m.pending_decision
    assert pending.kind == "mode" and [o.label for o in pending.options] == ["Cleave", "Clustershot"]
    answer(m, "mode", "1")
    assert hp(m, t) == 9 - 3 and hp(m, side) == 9  # 2x2 = 4 - 1 plus defense; no cleave


@pytest.mark.rule("TK-COMBO")
def test_the_other_alternative_cleaves_at_plain_damage():
    m = make_match("wardens", "brood")
    br = unit(m, "Breacher")
    t, side = unit(m, "Brute 1"), unit(m, "Brute 2")
    place(m, br, (4, 6))
    place(m, t, (6, 6))
    place(m, side, (6, 7))
    set_hp(m, t, 9, 9)
    set_hp(m, side, 9, 9)
    act(m, "attack", actor=br, target=t)
    answer(m, "mode", "0")
    assert hp(m, t) == 8 and hp(m, side) == 8


@pytest.mark.rule("TK-TRIPLE")
def test_tripleshot_hits_units_next_to_the_line_of_fire():
    m = make_match("wardens", "brood")
    g = unit(m, "Gunner")
    t, near, off = unit(m, "Brute 1"), unit(m, "Brute 2"), unit(m, "Stalker 1")
    place(m, g, (2, 8))
    place(m, t, (7, 8))
    place(m, near, (4, 9))  # next to the line
    place(m, off, (4, 11))  # not
    for e in (t, near, off):
        set_hp(m, e, 9, 9)
    act(m, "attack", actor=g, target=t)
    assert (hp(m, t), hp(m, near), hp(m, off)) == (8, 8, 9)


@pytest.mark.rule("TK-STUMBLE", "TK-DISABLE")
def test_stumbling_and_disabling_take_tokens_now_and_from_the_next_turn():
    m = make_match("wardens", "brood")
    br, b = unit(m, "Breacher"), unit(m, "Brute 1")
    hold(m, br, "maul")
    place(m, br, (5, 6))
    place(m, b, (6, 6))
    set_hp(m, b, 9, 9)
    act(m, "attack", actor=br, target=b)
    answer(m, "mode", "1")  # stumbling
    assert tokens(m, b).move_debt == 3  # its pools are spent (not its turn): the next turn pays
    act(m, "attack", actor=br, target=b)
    answer(m, "mode", "0")  # disabling
    assert tokens(m, b).attack_debt == 3
    end_turn(m)
    assert (tokens(m, b).move, tokens(m, b).attack) == (1, 1)


@pytest.mark.rule("TK-BLIND")
def test_a_blinded_attacker_misses_on_tails_for_one_round():
    m = make_match("nightfall", "brood")
    gr, b = unit(m, "Grenadier"), unit(m, "Brute 1")
    hold(m, gr, "flashbang")
    place(m, gr, (4, 6))
    place(m, b, (6, 6))
    set_hp(m, b, 9, 9)
    set_hp(m, gr, 9, 9)
    act(m, "attack", actor=gr, target=b)
    assert comp(m, b, TkEffects).blind == 1
    end_turn(m)
    place(m, b, (5, 6))
    a = next(x for x in m.legal() if x.kind == "attack" and x.actor == b and x.target == gr)
    assert RULESET.preview(m, a).hit == 0.5
    m.chance.force("coin", T)
    m.submit(a)
    assert hp(m, gr) == 9 and events(m, "blind")
    end_turn(m)
    assert comp(m, b, TkEffects).blind == 0


@pytest.mark.rule("TK-GIB")
def test_gibbing_kill_splashes_half_the_targets_max_health_on_its_neighbours():
    m = make_match("brood", "wardens")
    b = unit(m, "Brute 1")
    t, n1 = unit(m, "Gunner"), unit(m, "Marksman")
    place(m, b, (4, 6))
    place(m, t, (5, 6))
    place(m, n1, (6, 7))  # next to the target (the axe's cleave hits it too)
    set_hp(m, t, -2, 5)  # already bleeding: the axe kills it (dies at -3)
    set_hp(m, n1, 9, 9)
    with m.world:
        from game.rulesets.tokens.damage import set_health

        set_health(m, t, -2)
    act(m, "attack", actor=b, target=t)
    assert comp(m, t, Status).state == "dead"
    gibs = [e for e in events(m, "damage") if e.text.startswith("Gibbed")]
    hit = sorted(e.text.split(": ")[1].split(" takes")[0] for e in gibs)
    assert hit == ["Brute 1", "Marksman"]  # every neighbour, the attacker too
    assert all("half of 5 max health = 2" in e.math[0] for e in gibs)


@pytest.mark.rule("TK-DOT")
def test_a_dot_burns_from_the_victims_next_turn_for_the_fuels_rounds():
    m = make_match("nightfall", "brood")
    p, b = unit(m, "Pyro"), unit(m, "Stalker 1")
    place(m, p, (4, 6))
    place(m, b, (6, 6))
    set_hp(m, b, 9, 9)
    act(m, "attack", actor=p, target=b)  # flamer 2 flame, napalm 1 a round for 2 rounds
    assert hp(m, b) == 7 and comp(m, b, TkEffects).dots
    end_turn(m)
    assert hp(m, b) == 6
    end_turn(m)
    end_turn(m)
    assert hp(m, b) == 5 and not comp(m, b, TkEffects).dots
    end_turn(m)
    end_turn(m)
    assert hp(m, b) == 5


@pytest.mark.rule("TK-DOT", "TK-APPLY")
def test_dot_ticks_name_who_placed_them_and_the_report_credits_that_unit_and_action():
    from game.core.kinds import DATA_ACTION, DATA_ATTACKER, DATA_TARGET
    from game.report.collect import Collector

    m = make_match("nightfall", "wardens")
    col = Collector(m)
    p, s, mk = unit(m, "Pyro"), unit(m, "Shade 1"), unit(m, "Marksman")
    place(m, p, (4, 6))
    place(m, s, (4, 8))
    place(m, mk, (5, 7))
    set_hp(m, mk, 20, 20)
    act(m, "attack", actor=p, target=mk)  # flamer: napalm, 1 flame a round for 2 rounds
    act(m, "apply", actor=s, target=mk, option="toxin")  # 1 untyped a round
    hits = len(col.damage)
    end_turn(m)  # both burn as the Marksman's turn begins
    ticks = [e for e in events(m, "damage") if e.data.get(DATA_TARGET) == mk][-2:]
    assert [e.data[DATA_ATTACKER] for e in ticks] == [p, s]
    assert ticks[0].data[DATA_ACTION] == {"kind": "attack", "actor": p, "option": "flamer"}
    assert ticks[1].data[DATA_ACTION] == {"kind": "apply", "actor": s, "option": "toxin"}
    assert [(label, att) for label, att, _t, _d in col.damage[hits:]] == [
        ("attack flamer", p), ("apply toxin", s)
    ]


@pytest.mark.rule("TK-CLEAVE", "TK-DEFENSE", "TK-SHIELD")
def test_the_preview_outlines_every_unit_in_reach_with_the_damage_the_attack_then_deals():
    m = make_match("brood", "wardens")
    b = unit(m, "Brute 1")
    ally = unit(m, "Stalker 1")
    foes = [unit(m, "Vanguard 1"), unit(m, "Gunner"), unit(m, "Marksman")]
    place(m, b, (4, 6))
    place(m, foes[0], (5, 6))
    place(m, foes[1], (6, 7))  # ring 1 of the target
    place(m, foes[2], (7, 8))  # ring 2 (greater cleave)
    place(m, ally, (4, 7))  # ring 1: the axe hits its own side too
    for e in foes + [ally]:
        set_hp(m, e, 9, 9)
    a = next(x for x in m.legal() if x.kind == "attack" and x.actor == b and x.target == foes[0])
    p = RULESET.preview(m, a)
    named = {n: c for n, c in p.outcomes}
    assert named == {"Vanguard 1 hit": 1.0, "Gunner hit": 1.0, "Marksman hit": 1.0, "Stalker 1 hit": 1.0}
    assert any("(ally)" in line for line in p.lines)
    # each unit says how the attack reaches it in players' words, never a property id
    assert any(line.strip().startswith("Vanguard 1, aimed at:") for line in p.lines)
    assert any(line.strip().startswith("Gunner, by Cleave:") for line in p.lines)
    assert any(line.strip().startswith("Marksman, by Cleave:") for line in p.lines)  # the outer ring
    assert not any("[" in line or "_" in line for line in p.lines)
    with m.world:
        from game.rulesets.tokens.combat import strikes

        plan = {
            s.ent: s.to_health
            for s in strikes(m, b, "greataxe", ("cleave", "greater_cleave", "gibbing"), foes[0])
        }
    m.submit(a)
    for e in foes + [ally]:
        assert hp(m, e) == 9 - plan[e]
    assert (
        plan[foes[0]] == 0 and plan[foes[1]] == 3 and plan[ally] == 3
    )  # plate 2 + shield 2; flak 1; hide +1


@pytest.mark.rule("TK-BLIND", "TK-CLEAVE")
def test_blinding_blinds_enemies_only_an_ally_in_the_cleave_takes_the_hit_not_the_blindness():
    m = make_match("nightfall", "brood")
    gr, sh, b = unit(m, "Grenadier"), unit(m, "Shade 1"), unit(m, "Brute 1")
    hold(m, gr, "flashbang")
    place(m, gr, (3, 6))
    place(m, b, (6, 6))
    place(m, sh, (6, 7))  # next to the target: the cleave reaches it
    set_hp(m, b, 9, 9)
    set_hp(m, sh, 9, 9)
    act(m, "attack", actor=gr, target=b)
    assert hp(m, sh) == 8  # hit by the cleave
    assert comp(m, b, TkEffects).blind == 1
    assert comp(m, sh, TkEffects).blind == 0  # "blind an enemy"


@pytest.mark.rule("TK-GIB", "TK-CLEAVE")
def test_gibbing_bursts_only_a_killed_enemy_not_an_ally_felled_by_the_cleave():
    m = make_match("brood", "wardens")
    b1, b2, g = unit(m, "Brute 1"), unit(m, "Brute 2"), unit(m, "Gunner")
    place(m, b1, (4, 6))
    place(m, g, (5, 6))
    place(m, b2, (6, 6))  # next to the target, in the cleave; the Gunner stands next to it
    set_hp(m, g, 9, 9)
    set_hp(m, b2, 1, 9)
    act(m, "attack", actor=b1, target=g)
    assert comp(m, b2, Status).state == "dead"  # the axe's own cleave felled its ally
    assert not [e for e in events(m, "damage") if e.text.startswith("Gibbed")]  # "if an enemy dies"
