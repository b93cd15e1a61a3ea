"""Moving on tokens: diagonal parity, attacks of opportunity, Bypass, Sprint."""

from __future__ import annotations

import pytest
from tokens_helpers import act, answer, comp, events, find, hold, hp, make_match, place, tokens, unit

from game.rulesets.tokens.components import TkShield, TkTokens, get
from game.rulesets.tokens.movement import reach


def costs(m, ent):
    with m.world:
        r = reach(m, ent)
        return dict(r.cost)


@pytest.mark.rule("TK-STEP")
def test_odd_diagonals_cost_two_even_ones_one_and_the_count_lasts_the_turn():
    m = make_match()
    v = unit(m, "Vanguard 1")
    place(m, v, (5, 6))
    c = costs(m, v)
    assert c[(6, 7)] == 2 and c[(7, 8)] == 3  # 1st diagonal 2, 2nd 1
    assert c[(5, 9)] == 3 and c[(8, 6)] == 3  # orthogonal 1 each
    assert (8, 9) not in c  # three diagonals: 2 + 1 + 2 = 5 > 4 tokens
    act(m, "move", actor=v, cell=(6, 7))
    assert tokens(m, v).move == 2 and tokens(m, v).diagonals == 1
    c = costs(m, v)
    assert c[(7, 8)] == 1  # the 2nd diagonal of the turn costs 1
    assert c[(8, 8)] == 2 and (8, 9) not in c  # the 3rd diagonal would cost 2 again


@pytest.mark.rule("TK-STEP")
def test_the_diagonal_count_resets_each_turn():
    m = make_match()
    v = unit(m, "Vanguard 1")
    place(m, v, (5, 6))
    act(m, "move", actor=v, cell=(6, 7))
    act(m, "end")
    act(m, "end")
    assert tokens(m, v).diagonals == 0
    assert costs(m, v)[(7, 8)] == 2


def engaged():
    m = make_match("wardens", "brood")
    v, b = unit(m, "Vanguard 1"), unit(m, "Brute 1")
    place(m, v, (5, 6))
    place(m, b, (6, 6))
    return m, v, b


@pytest.mark.rule("TK-AOO")
def test_leaving_a_threatened_tile_provokes_half_the_enemys_attack_tokens():
    m, v, b = engaged()
    hold(m, b, "claws")  # 1 attack token a strike
    before = hp(m, v)
    act(m, "move", actor=v, cell=(3, 6), option="")
    pending = m.pending_decision
    assert pending is not None and pending.kind == "aoo" and pending.side == "p2"
    assert pending.context["times"] == 2  # Brute: half of 4 attack tokens, 1 a strike -> 2 strikes
    answer(m, "aoo", "strike")
    # claws 2 universal vs plate physical(2) -> 1 each, the buckler field soaks both
    assert len([e for e in events(m, "aoo") if "strikes" in e.text]) == 2
    assert hp(m, v) == before and comp(m, v, TkShield).charges == 0
    assert tokens(m, v).move == 2


def aoo_times(m, v, to=(3, 6)):
    """The strikes the move to `to` is priced at by the path preview and the prompt (0: no prompt)."""
    from game.rulesets.tokens import hover

    move = find(m, "move", actor=v, cell=to, option="")
    with m.world:
        words = hover.path_note(m, move, [])
    m.submit(move)
    pending = m.pending_decision
    times = pending.context["times"] if pending is not None else 0
    assert (f"{times} strike" in words[1]) if times else words[1] == "no attacks of opportunity"
    return times


@pytest.mark.rule("TK-AOO")
def test_attacks_of_opportunity_are_priced_from_the_tokens_the_enemy_has_and_its_weapon():
    from game.rulesets.tokens.ai import aoo_damage

    m, v, b = engaged()
    assert aoo_times(m, v) == 1  # greataxe: half of 4 tokens = 2, 2 tokens a strike -> 1
    m, v, b = engaged()
    hold(m, b, "claws")
    with m.world:
        get(v, TkShield).charges = 0
        # the AI prices the same strikes: 2 of claws, 1 to health each through plate
        assert aoo_damage(m, v, ((4, 6), (3, 6)), memo={}) == 2.0
        get(b, TkTokens).attack_debt = 3  # Disabled: 1 of its 4 tokens left for its next turn
        assert aoo_damage(m, v, ((4, 6), (3, 6)), memo={}) == 1.0
    assert aoo_times(m, v) == 1
    m, v, b = engaged()
    with m.world:
        get(b, TkTokens).attack_debt = 3  # 1 token cannot pay for a 2-token greataxe
    assert aoo_times(m, v) == 0 and not events(m, "aoo")


@pytest.mark.rule("TK-AOO", "TK-ZERO")
def test_an_enemy_at_zero_health_strikes_from_its_halved_tokens():
    from tokens_helpers import set_hp

    m = make_match("wardens", "wardens")
    v = unit(m, "Vanguard 1")
    # both squads' units share names: the p2 Vanguard is the enemy
    with m.world:
        from game.core.components import Name, Side

        foe = next(e for e, (n, s) in m.units(Name, Side) if n.text == "Vanguard 1" and s.side == "p2")
    place(m, v, (5, 6))
    place(m, foe, (6, 6))
    hold(m, foe, "knife")  # 1 token a strike
    set_hp(m, foe, 0)
    assert aoo_times(m, v) == 1  # half of its 4 tokens is 2; at 0 health half of 2 is 1


@pytest.mark.rule("TK-AOO", "TK-RELOAD")
def test_an_empty_weapon_makes_no_attack_of_opportunity_and_each_strike_fires_a_round():
    from game.rulesets.tokens.components import TkGear

    m, v, b = engaged()
    hold(m, b, "carbine")  # 1 token a strike, 6 rounds
    with m.world:
        get(b, TkGear).loaded["carbine"] = 0
    assert aoo_times(m, v) == 0
    m, v, b = engaged()
    hold(m, b, "carbine")
    with m.world:
        get(b, TkGear).loaded["carbine"] = 1
    assert aoo_times(m, v) == 1  # 2 by its tokens, 1 by its rounds
    answer(m, "aoo", "strike")
    assert comp(m, b, TkGear).loaded["carbine"] == 0


@pytest.mark.rule("TK-AOO")
def test_each_enemy_provokes_at_most_once_per_move_and_may_let_go():
    m, v, b = engaged()
    # (5,6) -> (5,7) -> (4,8): both (5,6) and (5,7) are next to the Brute, one decision only
    act(m, "move", actor=v, cell=(5, 8), option="")
    answer(m, "aoo", "pass")
    assert m.pending_decision is None
    assert len(events(m, "aoo")) == 1


@pytest.mark.rule("TK-BYPASS")
def test_bypass_pays_double_and_provokes_nothing():
    m, v, b = engaged()
    a = find(m, "move", actor=v, cell=(4, 6), option="bypass")
    assert "2 tokens" in a.label
    m.submit(a)
    assert m.pending_decision is None
    assert tokens(m, v).move == 2
    assert not events(m, "aoo")


@pytest.mark.rule("TK-BYPASS")
def test_bypass_pays_double_only_for_the_steps_out_of_threatened_tiles():
    m, v, b = engaged()  # the Brute at (6, 6) threatens (5, 6), not (4, 6)
    a = find(m, "move", actor=v, cell=(2, 6), option="bypass")
    assert "4 tokens" in a.label  # out of (5, 6): 2, then 1 and 1 (the seed's table: Bypass 2)
    m.submit(a)
    assert m.pending_decision is None and tokens(m, v).move == 0 and not events(m, "aoo")


@pytest.mark.rule("TK-BYPASS")
def test_the_every_step_reading_pays_double_for_the_whole_move():
    m = make_match("wardens", "brood", rules={"bypass_steps": "every"})
    v, b = unit(m, "Vanguard 1"), unit(m, "Brute 1")
    place(m, v, (5, 6))
    place(m, b, (6, 6))
    bypasses = {a.cell: a for a in m.legal() if a.actor == v and a.option == "bypass"}
    assert (2, 6) not in bypasses and "4 tokens" in bypasses[(3, 6)].label


@pytest.mark.rule("TK-SPRINT")
def test_sprint_runs_eight_tiles_straight_for_four_tokens():
    m = make_match()
    v = unit(m, "Vanguard 1")
    place(m, v, (2, 8))
    act(m, "sprint", actor=v, cell=(10, 8))
    with m.world:
        from game.core.components import Position

        assert tuple(get(v, Position).cell) == (10, 8)
        assert get(v, TkTokens).move == 0


@pytest.mark.rule("TK-SPRINT")
def test_sprint_needs_two_open_tiles_ahead():
    m = make_match()
    v, w = unit(m, "Vanguard 1"), unit(m, "Vanguard 2")
    place(m, v, (2, 8))
    place(m, w, (4, 8))
    sprints = {a.cell for a in m.legal() if a.kind == "sprint" and a.actor == v}
    assert (10, 8) not in sprints and all(c[1] != 8 or c[0] < 2 for c in sprints)


@pytest.mark.rule("TK-AOO")
def test_a_unit_felled_while_passing_an_ally_ends_on_the_last_free_tile():
    from tokens_helpers import comp, set_hp

    from game.core.components import Position, Status

    m = make_match("wardens", "brood", rules={"below_zero": "down"})  # below 0 it cannot go on
    v, w, b = unit(m, "Vanguard 1"), unit(m, "Vanguard 2"), unit(m, "Brute 1")
    place(m, v, (5, 6))
    place(m, w, (5, 7))  # the ally it walks through
    place(m, b, (6, 8))  # threatens (5, 7), not (5, 6)
    set_hp(m, v, 1, 6)
    with m.world:
        get(v, TkShield).charges = 0
    act(m, "move", actor=v, cell=(5, 8), option="")
    answer(m, "aoo", "strike")  # 2 after plate fells it
    assert comp(m, v, Status).state == "down"
    assert tuple(comp(m, v, Position).cell) == (5, 6)
    assert m.legal()  # between inputs again: the invariants hold


@pytest.mark.rule("TK-BLIND", "TK-AOO")
def test_a_blinded_enemys_attacks_of_opportunity_each_miss_on_tails():
    from tokens_helpers import H, T, comp, hold, set_hp

    from game.rulesets.tokens.components import TkEffects

    m, v, b = engaged()
    hold(m, b, "claws")  # 2 strikes
    g = unit(m, "Gunner")
    place(m, g, (3, 3))
    set_hp(m, b, 9, 9)
    hold(m, g, "flashbang")
    act(m, "attack", actor=g, target=b)  # Blinding (and a cleave that reaches the Vanguard)
    assert comp(m, b, TkEffects).blind == 1
    hits = len(events(m, "damage"))
    act(m, "move", actor=v, cell=(3, 6), option="")
    pending = m.pending_decision
    assert pending is not None and pending.kind == "aoo"
    assert "50% to hit (blinded)" in pending.context["lines"][0]
    assert "50% to hit (blinded)" in pending.options[0].detail
    m.chance.force("coin", T, H)  # the first strike misses, the second connects
    answer(m, "aoo", "strike")
    blind = events(m, "blind")
    assert [e.data["coin"] for e in blind] == [False, True]
    assert "Attack of opportunity 1/2: blinded" in blind[0].text and "a miss" in blind[0].text
    dealt = [e for e in events(m, "damage")[hits:] if "(opportunity)" in e.text]
    assert len(dealt) == 1


@pytest.mark.rule("TK-BLIND", "TK-AWAIT")
def test_a_blinded_overwatch_shot_misses_on_tails():
    from tokens_helpers import T, comp, hold, set_hp

    from game.rulesets.tokens.components import TkEffects

    m = make_match("wardens", "brood")
    g, s, s2 = unit(m, "Gunner"), unit(m, "Stalker 1"), unit(m, "Stalker 2")
    place(m, g, (3, 9))
    place(m, s, (12, 8))
    place(m, s2, (6, 11))
    set_hp(m, s, 9, 9)
    set_hp(m, g, 9, 9)
    act(m, "await", actor=g, option="2")
    act(m, "end")
    hold(m, s2, "flashbang")
    act(m, "attack", actor=s2, target=g)  # blinded in p2's turn: it lasts to the end of p1's next
    assert comp(m, g, TkEffects).blind == 1
    act(m, "move", actor=s, cell=(8, 8))
    pending = m.pending_decision
    assert pending is not None and pending.kind == "overwatch"
    assert "50% to be hit" in pending.context["lines"][0]
    m.chance.force("coin", T)
    answer(m, "overwatch", "fire")
    assert hp(m, s) == 9 and events(m, "blind")[-1].data["coin"] is False


def walled(x=6, y=8):
    """A blank board with one wall tile at (x, y)."""
    from game.core.board import Board

    board = Board.blank("square", 16, 12)
    board.set((x, y), blocks_move=True, blocks_los=True)
    return make_match(board=board)


@pytest.mark.rule("TK-SPRINT")
def test_a_sprint_steers_round_a_wall_with_one_tile_adjustments_and_may_stop_short():
    from game.core.components import Position

    m = walled()
    v = unit(m, "Vanguard 1")
    place(m, v, (2, 8))
    sprints = {a.cell: a for a in m.legal() if a.kind == "sprint" and a.actor == v}
    run = sprints[(10, 8)].path  # round the wall at (6, 8): out a tile and back, 8 steps
    assert len(run) == 8 and (6, 8) not in run
    steps = zip(((2, 8),) + run[:-1], run, strict=True)
    assert all(abs(b[0] - a[0]) == 1 and abs(b[1] - a[1]) <= 1 for a, b in steps)
    assert (4, 8) in sprints and (9, 4) in sprints  # 2 tiles; straight 2, then a drift a step
    assert (4, 7) not in sprints  # the first two steps run straight through the open space
    assert (11, 8) not in sprints  # 8 tiles at most
    m.submit(sprints[(10, 8)])
    with m.world:
        assert tuple(get(v, Position).cell) == (10, 8) and get(v, TkTokens).move == 0


@pytest.mark.rule("TK-SPRINT")
def test_the_once_reading_allows_a_single_adjustment_a_sprint():
    from game.core.board import Board

    board = Board.blank("square", 16, 12)
    board.set((6, 8), blocks_move=True, blocks_los=True)
    m = make_match(board=board, rules={"sprint_turns": "once"})
    v = unit(m, "Vanguard 1")
    place(m, v, (2, 8))
    sprints = {a.cell: a.path for a in m.legal() if a.kind == "sprint" and a.actor == v}
    assert (10, 8) not in sprints  # round the wall takes two adjustments
    assert (10, 7) in sprints and (9, 6) not in sprints


@pytest.mark.rule("TK-SPRINT", "TK-AOO")
def test_a_sprint_provokes_like_a_move_and_the_preview_draws_and_prices_its_line():
    from game.rulesets.tokens import hover
    from game.rulesets.tokens.ai import assess

    m, v, b = engaged()  # the Brute at (6, 6) threatens the Vanguard's tile (5, 6)
    sprint = next(a for a in m.legal() if a.kind == "sprint" and a.actor == v and a.cell == (1, 6))
    assert "provokes 1 attack of opportunity" in sprint.label
    with m.world:
        get(v, TkShield).charges = 0
        words = hover.path_note(m, sprint, [sprint])
        assert assess(m, sprint).exposure > 0  # the AI prices the strike as for a move
    assert words[0] == "Sprint 4 tiles: 4 of 4 move tokens"
    assert words[1] == "provokes 1 attack of opportunity (Brute 1: 1 strike)"
    m.submit(sprint)
    assert m.pending_decision is not None and m.pending_decision.kind == "aoo"


@pytest.mark.rule("TK-BYPASS")
def test_the_ai_prices_a_bypass_as_the_move_does():
    from game.rulesets.tokens.aiplan import _left_after

    m, v, b = engaged()
    a = find(m, "move", actor=v, cell=(3, 6), option="bypass")
    assert "3 tokens" in a.label
    with m.world:
        cell, move, _attack, _loaded = _left_after(m, a)
    assert (cell, move) == ((3, 6), 1)  # 3 of its 4 tokens, as the label says and the move spends
