"""What the Hard AI sees in tokens beyond Normal: enemy fire that walls stop (`aiplan.in_fire`),
its own term weights (patience: it holds out of the enemies' reach and lets them come), and the
pressure at its search's leaves."""

from __future__ import annotations

import pytest
from test_tokens_ai import lone, of
from tokens_helpers import place

from game.ai.knowledge import Deadline
from game.ai.terms import WEIGHTS, Scorer
from game.ai.utility import NormalAI
from game.core.board import Board
from game.core.components import Health, Status
from game.rulesets.tokens import RULESET
from game.rulesets.tokens.components import get
from game.rulesets.tokens.ruleset import TokensRuleset


def walled(gap: bool):
    """Vanguard 1 against the Gunner, a wall down column 8 between them (with a gap at row 5)."""
    board = Board.blank("square", 16, 12)
    for y in range(12):
        if not (gap and y == 5):
            board.set((8, y), blocks_move=True, blocks_los=True)
    m = lone("Vanguard 1", "Gunner", board)
    vanguard, gunner = of(m, "p1", "Vanguard 1"), of(m, "p2", "Gunner")
    place(m, vanguard, (6, 5))
    place(m, gunner, (10, 5))
    m.touch()
    return m, vanguard


def test_the_exact_exposure_sees_the_wall_the_enemy_cannot_fire_through_or_walk_round():
    shut, vanguard = walled(gap=False)
    # the rough estimate Normal uses reads the Gunner's straight-line reach only
    assert RULESET.threat_by(shut, "p1", (6, 5))
    assert RULESET.exposure_now(shut, vanguard) == 0.0
    opened, vanguard = walled(gap=True)
    assert RULESET.exposure_now(opened, vanguard) > 0.0


def test_hard_weighs_its_terms_with_its_own_weights_and_normal_with_its_own():
    m = lone("Marksman", "Gunner")
    hard, normal = Scorer(exact=True), Scorer()
    hard.context(m, "p1")
    normal.context(m, "p1")
    for term, value in TokensRuleset.ai_weights_hard.items():
        assert hard.weights[term] == value
    for term, value in TokensRuleset.ai_weights.items():
        assert normal.weights[term] == value
    assert hard.weights["menace"] == WEIGHTS["menace"]  # Normal's tuned menace is not Hard's


def _first_move(exact: bool, round_: int = 1):
    m = lone("Marksman", "Gunner", Board.blank("square", 24, 12))
    with m.world:
        m.table.round = round_
    marksman, gunner = of(m, "p1", "Marksman"), of(m, "p2", "Gunner")
    # 17 tiles apart: the Gunner reaches 14 (a sprint's 8 tiles for its 4 move tokens + carbine
    # range 6), the Marksman 16 (rifle range 8)
    place(m, marksman, (1, 5))
    place(m, gunner, (18, 5))
    m.touch()
    ranked = NormalAI(1, budget=5.0, exact=exact).rank(m, m.legal(), Deadline(5.0))
    return m, marksman, ranked[0].action


def test_hard_holds_at_the_edge_of_the_enemys_reach_and_lets_it_come(monkeypatch: pytest.MonkeyPatch):
    m, marksman, move = _first_move(exact=True)
    assert move.kind == "move"
    # out of the Gunner's fire, yet with the Gunner inside its own reach next turn
    assert RULESET.exposure_after(m, move) == 0.0
    assert RULESET.menace(m, marksman, tuple(move.path[-1])) > 0.0
    # with the shared weights Hard walked into the Gunner's reach, as Normal does
    monkeypatch.setattr(TokensRuleset, "ai_weights_hard", {})
    m, _marksman, walked = _first_move(exact=True)
    assert RULESET.exposure_after(m, walked) > 0.0


def test_pressure_is_each_enemys_volley_on_the_unit_where_it_is_worth_most():
    m = lone("Marksman", "Gunner")
    marksman, gunner = of(m, "p1", "Marksman"), of(m, "p2", "Gunner")
    place(m, gunner, (15, 5))
    place(m, marksman, (0, 5))  # beyond the Gunner's sprint (8 tiles for 4 move tokens) + range 6
    m.touch()
    with m.world:
        assert RULESET.pressure(m, "p1") == 0.0
    place(m, marksman, (6, 5))
    m.touch()
    with m.world:
        hp = get(marksman, Health)
        # carbine: four attacks of 2 physical, the flak vest takes 1 off each
        expected = min(4, hp.current) / hp.maximum + (0.75 if 4 > hp.current else 0.0)
    assert RULESET.pressure(m, "p1") == pytest.approx(expected)
    with m.world:
        get(marksman, Status).state = "dead"
    m.touch()
    assert RULESET.pressure(m, "p1") == 0.0


def test_hards_patience_runs_out_so_two_waiting_sides_do_not_stand_off():
    last = TokensRuleset.hard_patience_rounds
    assert last is not None
    m, _marksman, move = _first_move(exact=True, round_=last)
    assert RULESET.exposure_after(m, move) == 0.0  # still waiting
    m, _marksman, move = _first_move(exact=True, round_=last + 1)
    assert RULESET.exposure_after(m, move) > 0.0  # closes in
