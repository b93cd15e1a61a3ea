"""core stackplay's memo: clearing it frees the solvers at once, and the cap bounds it."""

from __future__ import annotations

import gc
import weakref

from game.core import stackplay
from game.core.cards import BLACK_JOKER, RED_JOKER, card_value, standard_deck
from game.core.draws import profile_of
from game.core.stackplay import Payoff, stack_choice, stack_value
from game.core.stacks import StackRule, StackState

RISING = Payoff(tuple(min(1.0, t / 21) for t in range(70)))
JAGGED = Payoff(tuple((t * 7 % 11) / 11 for t in range(70)), bust=-0.25)


def varium_value(card: str) -> int:
    if card in (RED_JOKER, BLACK_JOKER):
        return 1
    v = card_value(card)
    return 14 if v == 1 else v


def full_deck():
    return profile_of(standard_deck(), varium_value, 15)


def test_clearing_the_memo_frees_its_solvers_without_the_cycle_collector():
    rules = [StackRule.indexed(20, 15), StackRule.indexed(20, 15, splits=[14])]
    stackplay.clear_memo()
    for rule in rules:
        for payoff in (RISING, JAGGED):
            horizon = 2 if rule.splits else None
            stack_choice(full_deck(), StackState(12, 0, 2), rule, payoff, horizon)
    solvers = [weakref.ref(s) for s in stackplay._SOLVERS.values()]
    assert len(solvers) == 4
    was = gc.isenabled()
    gc.disable()
    try:
        stackplay.clear_memo()
        assert all(ref() is None for ref in solvers)
    finally:
        if was:
            gc.enable()


def test_the_memo_cap_drops_everything_and_the_worths_stay_the_same(monkeypatch):
    rule = StackRule.indexed(20, 15)
    prof = full_deck()
    states = [StackState(s, 0, 1) for s in (0, 2, 4, 6, 8)]
    stackplay.clear_memo()
    want = [stack_value(prof, st, rule, payoff) for st in states for payoff in (RISING, JAGGED)]
    stackplay.clear_memo()
    monkeypatch.setattr(stackplay, "_MEMO_CAP", 150)
    monkeypatch.setattr(stackplay, "_CHECK_EVERY", 1)
    drops = []
    drop = stackplay._drop
    monkeypatch.setattr(stackplay, "_drop", lambda: drops.append(1) or drop())
    got = []
    for st in states:
        for payoff in (RISING, JAGGED):
            got.append(stack_value(prof, st, rule, payoff))
            # checked as each solver is asked for: one search's entries past the cap at most
            assert sum(map(len, stackplay._MEMO.values())) < 150 + 200
    assert got == want
    assert len(drops) >= 2
    assert len(stackplay._FORGET) == len(stackplay._SOLVERS)
    stackplay.clear_memo()


def test_the_cap_is_checked_every_few_solver_calls(monkeypatch):
    rule = StackRule.indexed(20, 15)
    prof = full_deck()
    stackplay.clear_memo()
    monkeypatch.setattr(stackplay, "_MEMO_CAP", 10)
    monkeypatch.setattr(stackplay, "_CHECK_EVERY", 4)
    monkeypatch.setattr(stackplay, "_calls_since_check", 0)
    drops = []
    drop = stackplay._drop
    monkeypatch.setattr(stackplay, "_drop", lambda: drops.append(1) or drop())
    for i in range(8):
        stack_value(prof, StackState(2 * i, 0, 1), rule, RISING)
    assert len(drops) == 2  # the 4th and the 8th call found the memo past its cap
    stackplay.clear_memo()


def _free(fn, name):
    """The value of a closure's free variable."""
    return fn.__closure__[fn.__code__.co_freevars.index(name)].cell_contents


def _searches():
    """Weak references to the solvers' searches that call themselves."""
    searches = []
    for solver in stackplay._SOLVERS.values():
        inner = getattr(solver, "search", None)
        if inner is None:  # the plain solver's searches, per table (best -> table -> tables)
            tables = _free(_free(solver, "table"), "tables")
            searches += [weakref.ref(solve) for _tops, solve, _forget in tables.values()]
        else:
            searches.append(weakref.ref(inner))
    return searches


def test_the_memo_cap_frees_the_solvers_it_drops_without_the_cycle_collector(monkeypatch):
    """The cap used to drop the solvers as cyclic garbage, left to Python's seldom full
    collections: a Hard varium side held 385-550 MiB after two games. Dropped, they go at once."""
    rule = StackRule.indexed(20, 15, splits=[14])
    prof = full_deck()
    stackplay.clear_memo()
    was = gc.isenabled()
    gc.disable()
    try:
        stack_choice(prof, StackState(12, 0, 2), rule, RISING, 2)
        stack_value(prof, StackState(4, 0, 1), StackRule.indexed(20, 15), JAGGED)
        assert len(stackplay._SOLVERS) == 2
        solvers = _searches()
        assert len(solvers) >= 2
        monkeypatch.setattr(stackplay, "_MEMO_CAP", 0)
        monkeypatch.setattr(stackplay, "_CHECK_EVERY", 1)
        stack_value(prof, StackState(6, 0, 1), StackRule.indexed(20, 15), RISING)  # past the cap
        assert all(ref() is None for ref in solvers)
    finally:
        if was:
            gc.enable()
        stackplay.clear_memo()


def test_a_solver_held_while_the_memo_is_dropped_still_searches():
    """Another thread may drop the memo while it holds a solver (a search running): the solver
    still gives the same worths (its self-reference was deleted, and the next call raised)."""
    prof = full_deck()
    for rule, horizon in ((StackRule.indexed(20, 15, splits=[14]), 3), (StackRule.indexed(20, 15), None)):
        for payoff in (RISING, JAGGED):
            stackplay.clear_memo()
            want = stack_value(prof, StackState(2, 0, 1), rule, payoff, horizon)
            stackplay.clear_memo()
            within = stackplay._within(rule, StackState(2, 0, 1), horizon)
            width = stackplay._width(prof)
            held = stackplay._solver(within, payoff, width)
            stackplay.clear_memo()
            assert held(stackplay._pack(prof, width), sum(prof), 2, 0, 1) == want
    stackplay.clear_memo()
