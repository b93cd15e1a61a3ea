"""What the screen asks of tokens: an attack's reach and each unit's odds in it (the resolution's
own numbers), why an enemy cannot be attacked, what a tile does, and the path preview's words."""

from __future__ import annotations

import math

import pytest
from tokens_helpers import hold, make_match, place, tokens, unit

from game.core.action import Action
from game.rulesets.tokens import RULESET, hover
from game.rulesets.tokens.combat import strikes
from game.rulesets.tokens.movement import threat_map
from game.rulesets.tokens.paths import doubled_tiles, path_cost


def attack(m, actor, target) -> Action:
    return next(a for a in m.legal() if a.kind == "attack" and a.actor == actor and a.target == target)


@pytest.mark.rule("TK-CLEAVE")
def test_a_cleave_outlines_the_ring_and_gives_every_unit_in_it_the_strikes_odds_allies_too():
    m = make_match("wardens", "brood")
    v, ally = unit(m, "Vanguard 1"), unit(m, "Vanguard 2")
    b1, s1 = unit(m, "Brute 1"), unit(m, "Stalker 1")
    place(m, v, (5, 5))
    place(m, b1, (6, 5))
    place(m, s1, (7, 6))
    place(m, ally, (6, 6))
    a = attack(m, v, b1)
    area = RULESET.area_of(m, a)
    # the ring around the target, not the attacker's own tile
    assert set(area) == {(x, y) for x in (5, 6, 7) for y in (4, 5, 6)} - {(5, 5)}
    with m.world:
        odds = hover.area_odds(m, a)
        plan = strikes(m, v, "sword", ("cleave",), b1, 0, "p1")
    assert {o.ent for o in odds} == {b1, s1, ally}
    by = {o.ent: o for o in odds}
    for s in plan:
        assert by[s.ent].chance == float(s.chance) and by[s.ent].to_health == s.to_health
        assert by[s.ent].expected == float(s.chance) * s.to_health
    assert by[ally].ally and not by[b1].ally


def test_why_an_enemy_cannot_be_attacked_comes_from_the_legal_checks():
    m = make_match("wardens", "brood")
    mk, s1 = unit(m, "Marksman"), unit(m, "Stalker 1")
    place(m, mk, (2, 2))
    place(m, s1, (14, 2))
    why = RULESET.why_not_target(m, mk, s1)
    assert why.startswith("out of range (12 tiles")
    place(m, s1, (5, 2))
    assert RULESET.why_not_target(m, mk, s1) == ""  # it has an attack now
    tokens(m, mk).attack = 0
    assert "attack tokens, 0 left" in RULESET.why_not_target(m, mk, s1)


@pytest.mark.rule("TK-AOO")
def test_the_path_words_count_the_provoked_enemies_and_price_the_bypass():
    m = make_match("wardens", "brood")
    v, b1 = unit(m, "Vanguard 1"), unit(m, "Brute 1")
    hold(m, v, "sword")
    place(m, v, (5, 5))
    place(m, b1, (6, 5))
    legal = m.legal()
    moves = [a for a in legal if a.kind == "move" and a.actor == v and a.cell == (3, 5)]
    plain = next(a for a in moves if not a.option)
    by = next(a for a in moves if a.option == "bypass")
    with m.world:
        words = hover.path_note(m, plain, [plain, by])
        cost, _ = path_cost(m.board, (5, 5), by.path, 0, True, doubled_tiles(m, threat_map(m, v)))
    assert words[0] == f"Move 2 tiles: 2 of {tokens(m, v).move} move tokens"
    assert words[1].startswith("provokes 1 attack of opportunity (Brute 1:")
    assert words[2].startswith(f"Bypass instead: {math.ceil(cost)} tokens")
    with m.world:
        assert hover.path_note(m, by, [plain, by])[1] == "no attacks of opportunity"
        assert "threatened by Brute 1" in " ".join(hover.cell_info(m, (5, 5), "p1"))
