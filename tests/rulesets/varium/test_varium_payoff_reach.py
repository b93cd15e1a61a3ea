"""The AI's check payoffs run on to the highest total the rules allow (five full stacks: the first
and one per Ace), not to three full stacks.

A DC above three full stacks (a hide in bright light before several watchers, a 2 m climb-jump at
100, initiative's critical at 100) is reachable only through a fourth stack, opened by a split
Ace. Payoffs that ended at three stacks weighed every total above them as their last entry: such
a DC read as never made, so standing and taking a card were both worth 0 and the AI stood (or
counted an Ace that busts it: the earlier option wins a tie) with the DC a card or two away."""

from __future__ import annotations

import pytest
from varium_helpers import answer, cell, ents, force, make, state

from game.ai.answers import default_answer
from game.core.action import Decision, Option
from game.core.board import Board
from game.core.stackplay import stack_choice
from game.core.stacks import StackState
from game.rulesets.varium import odds
from game.rulesets.varium.bodies import hide_dc
from game.rulesets.varium.checks import payoff_of, pool_for, worths
from game.rulesets.varium.components import sheet
from game.rulesets.varium.setup import CRITICAL_INITIATIVE
from game.rulesets.varium.table import table_odds


def _worths(m, kind: str) -> dict[str, float]:
    d = m.pending_decision
    assert d is not None and d.kind == kind, d
    with m.world:
        return worths(m, d)


def _play_to_the_third_ace(m) -> None:
    """Take a card after every card dealt, and split the first two Aces: stop at the third."""
    aces = 0
    while True:
        d = m.pending_decision
        assert d is not None
        if d.kind == "ace":
            aces += 1
            if aces == 3:
                return
            m.answer("split")
        else:
            m.answer("hit")


def _ai_answer(m) -> str:
    return default_answer(m, m.pending_decision)


def _hiding_bruiser():
    """Mallet (Agility 6: stack limit 26, no Stealth) hides in bright light in sight of the lone
    guard (Perception 9): DC 84, above three full stacks (3 x 26 + 1 = 79). His check is dealt
    up to three full stacks and the third Ace: (the match, Mallet, the DC)."""
    m = make("street_gang", "duel_guard",
             cells={"p1": [(5, 5), (1, 1), (2, 2), (1, 3), (1, 4)], "p2": [(9, 5)]})
    mallet, guard = ents(m)[2], ents(m)[-1]
    m.table.data["order"] = [mallet, guard]
    with m.world:
        from game.rulesets.varium.turns import start_turn

        list(start_turn(m, mallet))
        m.board.set(cell(m, mallet), light="bright")
        dc = hide_dc(m, mallet)
        assert 20 + sheet(mallet).agility == 26 and sheet(mallet).prof("stealth") == 0
    assert dc == 84 > 3 * 26 + 1
    m.submit(next(a for a in m.legal() if a.kind == "hide" and a.actor == mallet))
    m.submit(next(a for a in m.legal() if a.kind == "end" and a.actor == mallet))
    # three full stacks of 26, each closed by an Ace
    force(m, "KS", "KH", "AS", "QS", "QH", "2S", "AH", "JS", "JH", "4S", "AD")
    m.submit(next(a for a in m.legal() if a.kind == "end" and a.actor == guard))
    _play_to_the_third_ace(m)
    return m, mallet, dc


@pytest.mark.rule("VC-HIDE", "VC-STACKS")
def test_a_hide_dc_above_three_full_stacks_is_worth_a_split_ace_and_a_card() -> None:
    m, mallet, dc = _hiding_bruiser()
    d = m.pending_decision
    assert d.kind == "ace" and d.context["stack"] + d.context["banked"] == 78  # 26 + 26 + 26
    ace = _worths(m, "ace")
    assert ace["count"] == 0.0  # 26 + 14 busts the stack
    assert ace["split"] > 0.5  # a fourth stack needs 6 more: most cards make it at once
    assert _ai_answer(m) == "split"
    answer(m, "ace", "split")
    stack = _worths(m, "stack")
    assert stack["stand"] == 0.0 and stack["hit"] > 0.5 and stack["hit"] != stack["stand"]
    assert _ai_answer(m) == "hit"
    # the window's "Played well" column is the same worth
    with m.world:
        rows = {r["key"]: r for r in table_odds(m, m.pending_decision)["rows"]}
    assert rows["hit"]["worth"] == stack["hit"] and rows["stand"]["worth"] == 0.0
    force(m, "9C")
    answer(m, "stack", "hit")
    answer(m, "stack", "stand")
    assert state(m, mallet).hidden  # 87 >= 84


@pytest.mark.rule("VC-JUMP", "VC-STACKS")
def test_a_two_metre_climb_jump_at_dc_100_is_worth_playing_for() -> None:
    board = Board.blank("square", 12, 10)
    board.set((6, 5), elevation=2)
    m = make("duel_gang", "duel_guard", cells={"p1": [(5, 5)], "p2": [(10, 9)]}, board=board)
    shooter, _ = ents(m)
    with m.world:
        limit = 20 + sheet(shooter).agility
    assert limit == 29 and 3 * limit + 1 < 100
    jump = next(a for a in m.legal() if a.kind == "vjump" and a.cell == (6, 5))
    assert jump.option == "2"
    force(m, "KS", "QS", "4S", "AS", "KH", "QH", "4H", "AH", "KD", "QD", "4D", "AD")
    m.submit(jump)
    _play_to_the_third_ace(m)
    ace = _worths(m, "ace")  # 87 banked, a third Ace
    assert ace["count"] == 0.0 and ace["split"] > 0.0
    assert _ai_answer(m) == "split"
    answer(m, "ace", "split")
    stack = _worths(m, "stack")
    assert stack["stand"] == 0.0 and stack["hit"] > 0.0
    assert _ai_answer(m) == "hit"
    force(m, "KC")
    answer(m, "stack", "hit")
    assert _worths(m, "stack")["stand"] == 1.0  # 100
    answer(m, "stack", "stand")
    assert cell(m, shooter) == (6, 5) and not state(m, shooter).prone


@pytest.mark.rule("VC-JUMP", "VC-STACKS")
def test_a_check_can_stand_on_five_full_stacks_and_every_payoff_runs_on_to_it() -> None:
    board = Board.blank("square", 12, 10)
    board.set((6, 5), elevation=2)
    m = make("duel_gang", "duel_guard", cells={"p1": [(5, 5)], "p2": [(10, 9)]}, board=board)
    shooter, _ = ents(m)
    # five stacks of 29 (the shooter's stack limit), the last four each opened by an Ace
    cards = ["KS", "QS", "4S", "AS", "KH", "QH", "4H", "AH", "KD", "QD", "4D", "AD", "KC", "QC", "4C", "AC",
             "JS", "JH", "7S"]
    force(m, *cards)
    m.submit(next(a for a in m.legal() if a.kind == "vjump"))
    while m.pending_decision is not None:
        d = m.pending_decision
        if d.kind == "ace":
            m.answer("split")
        elif d.context["dealt"] < len(cards):
            m.answer("hit")
        else:
            assert d.context["stack"] + d.context["banked"] == odds.top_total(29) == 5 * 29
            with m.world:
                pay = payoff_of(d.context, pool_for(m, d.side))
            assert pay.of(5 * 29) == 1.0
            m.answer("stand")
    assert cell(m, shooter) == (6, 5)
    last = [e.text for e in m.log if "jumps" in e.text][-1]
    assert "(145 vs 100)" in last
    # every payoff weighs each total up to five full stacks at its own worth (a table may end
    # once its worth stops changing: the totals beyond read as its last entry)
    pool = odds.profile(cards)
    for limit in (10, 29, 33):
        top = odds.top_total(limit)
        assert top == 5 * limit and list(odds.totals(limit)) == list(range(top + 1))
        for health in (40, 500):
            a = odds.Attack(pool, limit, 3, 2, odds.Strike(6, 2, 30, "ignore_armour"), health)
            for t in range(1, top + 1):
                chance = odds.beat_chance(pool, 2, t + 3)
                dmg = odds.damage_of(t + 3, a.strike)[0]
                kill = dmg >= health
                worth = min(dmg, health) + (odds.KILL_BONUS if kill else 0.0)
                assert odds.payoff(a).of(t) == chance * worth
                assert odds.hit_payoff(a).of(t) == chance
                assert odds.damage_payoff(a).of(t) == chance * dmg
                assert odds.kill_payoff(a).of(t) == (chance if kill else 0.0)
        dodge = payoff_of({"pay": "dodge", "limit": limit, "prof": 0, "against": [(150, 9)]}, pool)
        for t in range(1, top + 1):
            assert odds.check_payoff(limit, 2, 140).of(t) == (1.0 if t + 2 >= 140 else 0.0)
            assert odds.linear_payoff(limit, 2, 100, 20.0).of(t) == t + 2 + (20.0 if t + 2 >= 100 else 0.0)
            assert dodge.of(t) == (9.0 if t > 150 else 0.0)
    # five full stacks of 29 and proficiency 2 make 147 at most: 148 is never made
    assert odds.check_payoff(29, 2, 147).of(145) == 1.0 and odds.check_payoff(29, 2, 148).by_total == (0.0,)


@pytest.mark.rule("VC-INIT", "VC-STACKS")
def test_the_ai_prices_the_critical_initiative_bonus_beyond_three_full_stacks() -> None:
    m = make()
    limit, bonus = 30, 20.0  # Reflexes 10: three full stacks stop at 91
    ctx = {"pay": "linear", "bonus_at": CRITICAL_INITIATIVE, "bonus": bonus, "limit": limit, "prof": 0,
           "stack": 0, "banked": 90, "dealt": 9, "bet": 0, "aim": False, "groups": [["AS"]]}
    d = Decision("p1", "stack", "initiative", (Option("stand", "Stand"), Option("hit", "Another card")),
                 "stand", ctx)
    with m.world:
        pool = pool_for(m, "p1")
        got = worths(m, d)
    pay = payoff_of(ctx, pool)
    assert pay.of(95) == 95.0 and pay.of(100) == 120.0 and pay.of(130) == 150.0
    assert got["stand"] == 90.0
    # one card and stand, by hand: every card fits a fresh stack of 30; an Ace counts 14 (104)
    n = sum(pool)
    crit = CRITICAL_INITIATIVE
    once = sum(c * (90 + v + (bonus if 90 + v >= crit else 0.0)) for v, c in enumerate(pool)) / n
    assert once > 100.0
    assert got["hit"] >= once - 1e-9
    ch = stack_choice(pool, StackState(0, 90, 9), odds.rule(limit, pool), pay, odds.HORIZON)
    assert ch.one_more == pytest.approx(once) and ch.hit == got["hit"]


@pytest.mark.rule("VC-STACKS")
def test_a_table_cut_after_its_last_change_of_worth_plays_the_same_floats() -> None:
    # `odds.table` ends a payoff where its worth stops changing; the searches read every total
    # beyond as the last entry, so the cut table and the whole one weigh every choice alike
    pool = odds.profile(["5S", "7H", "9D", "KC", "QS", "AS", "AH", "2C", "3D", "JH", "10S", "4C", "6D", "8H"])
    a = odds.Attack(pool, 20, 4, 2, odds.Strike(6, 2, 30, "ignore_armour"), 45)
    cut = odds.payoff(a)
    whole = odds.Payoff(tuple(cut.of(t) for t in odds.totals(20)), 0.0)
    assert len(cut.by_total) < len(whole.by_total) == 101
    rule = odds.rule(20, pool)
    for at in (StackState(0, 0, 0), StackState(12, 0, 2), StackState(5, 40, 5), StackState(0, 60, 7)):
        assert stack_choice(pool, at, rule, cut, odds.HORIZON) == \
            stack_choice(pool, at, rule, whole, odds.HORIZON)
        assert odds.split_choice(pool, at, odds.ACE, rule, cut, odds.HORIZON) == \
            odds.split_choice(pool, at, odds.ACE, rule, whole, odds.HORIZON)
