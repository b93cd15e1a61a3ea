"""The Movement table's other actions: Hand off, Apply, Reload, Draw, Awaiting (overwatch)."""

from __future__ import annotations

import pytest
from tokens_helpers import act, answer, comp, end_turn, events, hp, make_match, place, set_hp, tokens, unit

from game.rulesets.tokens.components import TkEffects, TkGear


@pytest.mark.rule("TK-HANDOFF")
def test_hand_off_costs_two_from_the_giver_or_one_from_each():
    m = make_match()
    v, mk = unit(m, "Vanguard 1"), unit(m, "Marksman")
    place(m, v, (5, 6))
    place(m, mk, (6, 6))
    act(m, "handoff", actor=v, target=mk, option="medkit:giver")
    assert tokens(m, v).move == 2 and tokens(m, mk).move == 4
    assert "medkit" in comp(m, mk, TkGear).items and "medkit" not in comp(m, v, TkGear).items
    act(m, "handoff", actor=mk, target=v, option="medkit:split")
    assert tokens(m, v).move == 1 and tokens(m, mk).move == 3


@pytest.mark.rule("TK-APPLY")
def test_apply_heals_for_two_move_tokens_and_an_unwilling_target_costs_one_attack_token():
    m = make_match("nightfall", "wardens")
    s, p = unit(m, "Shade 1"), unit(m, "Pyro")
    place(m, s, (5, 6))
    place(m, p, (6, 6))
    set_hp(m, p, 1, 6)
    act(m, "apply", actor=s, target=p, option="stim")
    assert hp(m, p) == 2 and tokens(m, s).move == 3
    foe = unit(m, "Marksman")
    place(m, foe, (5, 7))
    act(m, "apply", actor=s, target=foe, option="toxin")
    assert tokens(m, s).attack == 4 - 1 and tokens(m, s).move == 3
    assert comp(m, foe, TkEffects).dots[0]["damage"] == 1


@pytest.mark.rule("TK-RELOAD")
def test_reload_costs_four_tokens_and_fills_the_weapon():
    m = make_match("nightfall", "wardens")
    s = unit(m, "Shade 1")
    with m.world:
        from game.rulesets.tokens.components import get

        get(s, TkGear).loaded["crossbow"] = 0
    assert not [a for a in m.legal() if a.kind == "attack" and a.actor == s]
    act(m, "reload", actor=s, option="crossbow")
    assert comp(m, s, TkGear).loaded["crossbow"] == 2 and tokens(m, s).move == 1


@pytest.mark.rule("TK-DRAW")
def test_draw_puts_another_weapon_in_hand_for_two_tokens():
    m = make_match()
    br = unit(m, "Breacher")
    act(m, "draw", actor=br, option="maul")
    assert comp(m, br, TkGear).held == "maul" and tokens(m, br).move == 2


@pytest.mark.rule("TK-AWAIT")
def test_awaiting_fires_during_the_enemys_move_and_the_tokens_leave_next_turn():
    m = make_match("wardens", "brood")
    mk, s = unit(m, "Marksman"), unit(m, "Stalker 1")
    place(m, mk, (3, 8))
    place(m, s, (12, 8))
    set_hp(m, s, 9, 9)
    # the Marksman has 3 attack tokens: half is 1, below the rifle's cost of 2
    assert not [x for x in m.legal() if x.kind == "await" and x.actor == mk]
    g = unit(m, "Gunner")
    place(m, g, (3, 9))
    act(m, "await", actor=g, option="2")
    assert tokens(m, g).move == 0 and tokens(m, g).reserved == 2
    end_turn(m)
    act(m, "move", actor=s, cell=(8, 8))  # (9, 8) is the first tile in the carbine's 6
    pending = m.pending_decision
    assert pending is not None and pending.kind == "overwatch" and pending.side == "p1"
    answer(m, "overwatch", "fire")
    assert hp(m, s) < 9 and events(m, "attack")
    while m.pending_decision is not None:
        answer(m, "overwatch", "hold")
    end_turn(m)
    assert tokens(m, g).attack == 4 - 2 and tokens(m, g).reserved == 0


@pytest.mark.rule("TK-AWAIT", "TK-RELOAD")
def test_an_empty_weapon_cannot_fire_overwatch():
    m = make_match("wardens", "brood")
    g, s = unit(m, "Gunner"), unit(m, "Stalker 1")
    place(m, g, (3, 9))
    place(m, s, (12, 8))
    act(m, "await", actor=g, option="2")
    with m.world:
        from game.rulesets.tokens.components import get

        get(g, TkGear).loaded["carbine"] = 0
    end_turn(m)
    act(m, "move", actor=s, cell=(8, 8))
    assert m.pending_decision is None
