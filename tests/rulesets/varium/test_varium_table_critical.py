"""The initiative check table's Critical column: the chance of 100 or more (a free half-turn).

Three full stacks stop below 100 for every shipped unit (limit 20 + Reflexes), so a payoff table
that ends at three stacks read every total as short of it: the column always showed 0 %. A total
of 100 takes a fourth stack (Aces): the column shows it once the check is within reach. The
table reads the same payoffs as the AI, run on to five full stacks (`odds.totals`)."""

from __future__ import annotations

import pytest
from varium_helpers import make

from game.core.action import Decision, Option
from game.rulesets.varium.checks import pool_for
from game.rulesets.varium.odds import check_payoff, linear_payoff
from game.rulesets.varium.setup import CRITICAL_INITIATIVE
from game.rulesets.varium.table import table_odds

LIMIT = 30  # 20 + Reflexes 10


def initiative_table(m, stack: int, banked: int) -> dict:
    ctx = {"pay": "linear", "bonus_at": CRITICAL_INITIATIVE, "bonus": 20.0, "limit": LIMIT, "prof": 0,
           "stack": stack, "banked": banked, "dealt": 8, "bet": 0, "aim": False, "groups": [["AS", "KH"]]}
    d = Decision("p1", "stack", "initiative", (Option("stand", "Stand"), Option("hit", "Another card")),
                 "stand", ctx)
    with m.world:
        return {r["key"]: r for r in table_odds(m, d)["rows"]}, pool_for(m, "p1")


@pytest.mark.rule("VC-INIT")
def test_the_critical_column_shows_the_chance_of_100_once_a_fourth_stack_brings_it_in_reach():
    m = make()
    rows, pool = initiative_table(m, 8, 85)  # 93: a 7 or more (that fits) makes 100
    assert rows["stand"]["chance"] == 0.0
    n = sum(pool)
    fits = sum(c for v, c in enumerate(pool) if v >= 7 and 8 + v <= LIMIT)
    assert fits > 0 and rows["hit"]["chance"] == fits / n
    rows, _ = initiative_table(m, 12, 90)  # standing on 102 is a critical
    assert rows["stand"]["chance"] == 1.0
    rows, _ = initiative_table(m, 5, 20)  # 25: no card reaches 100, so the column is left out
    assert rows["stand"]["chance"] is None and rows["hit"]["chance"] is None


@pytest.mark.rule("VC-INIT")
def test_initiative_out_of_reach_of_100_says_only_what_decides_the_order():
    # issue #33: "100 or more is a critical" and a column of 0 % on every first initiative card,
    # where no card can make 100: the prompt shows what applies to initiative only
    m = make()
    options = (Option("stand", "Stand"), Option("hit", "Another card"))
    d = Decision("p1", "stack", "initiative", options, "stand",
                 {"pay": "linear", "bonus_at": CRITICAL_INITIATIVE, "bonus": 20.0, "limit": LIMIT, "prof": 0,
                  "stack": 12, "banked": 0, "dealt": 1, "bet": 0, "aim": False, "groups": [["QD"]]})
    with m.world:
        table = table_odds(m, d)
    assert "critical" not in table["goal"].lower() and "100" not in table["goal"]
    assert all(r["chance"] is None for r in table["rows"])
    with m.world:
        near = table_odds(m, Decision("p1", "stack", "initiative", d.options, "stand",
                                      {**d.context, "stack": 8, "banked": 85, "dealt": 8}))
    assert "100 or more" in near["goal"] and any(r["chance"] for r in near["rows"])


@pytest.mark.rule("VC-INIT", "VC-STACKS")
def test_the_table_and_the_ai_read_one_payoff_run_on_to_five_full_stacks():
    # the table's success figures and the AI's payoffs are one table (`odds.totals`), to the
    # highest total the rules allow: the first stack and one more per Ace, each at the limit
    pay = check_payoff(LIMIT, 0, 100)
    assert [pay.of(t) for t in range(5 * LIMIT + 1)] == [0.0] * 100 + [1.0] * (5 * LIMIT - 99)
    assert check_payoff(LIMIT, 0, 5 * LIMIT + 1).by_total == (0.0,)  # beyond any check: never made
    bonus = linear_payoff(LIMIT, 0, 100, 20.0)
    assert len(bonus.by_total) == 5 * LIMIT + 1  # more is better all the way up: no entry repeats
    assert bonus.of(99) == 99.0 and bonus.of(100) == 120.0 and bonus.of(5 * LIMIT) == 5 * LIMIT + 20.0
