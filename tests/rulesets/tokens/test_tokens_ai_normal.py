"""Normal's narrower ranking in tokens (issue #38): a few sprints per unit weighed in full, and the
follow-up read from the attacks an action leaves its unit, without a scratch copy."""

from __future__ import annotations

import pytest
from test_tokens_ai import lone, of
from tokens_helpers import find, place, unit

from game.ai.knowledge import Deadline
from game.ai.utility import NormalAI
from game.core.board import Board
from game.rulesets.tokens.components import TkGear, TkTokens, get
from game.rulesets.tokens.kinds import Kind


def open_field():
    """The Marksman alone against the Gunner on an open board, far apart: many sprints."""
    m = lone("Marksman", "Gunner", Board.blank("square", 24, 12))
    marksman, gunner = unit(m, "Marksman"), of(m, "p2", "Gunner")
    place(m, marksman, (2, 5))
    place(m, gunner, (17, 5))  # the Marksman's rifle: range 8, so a sprint puts it in reach
    m.touch()
    return m, marksman, gunner


def test_normal_weighs_a_units_few_sprints_that_close_most_or_run_farthest_and_hard_all():
    m, marksman, _gunner = open_field()
    legal = m.legal()
    sprints = [a for a in legal if a.kind == Kind.SPRINT]
    moved = {a.cell for a in legal if a.kind == Kind.MOVE}
    normal = [r.action for r in NormalAI(1).rank(m, legal, Deadline(30.0)) if r.action.kind == Kind.SPRINT]
    assert len(normal) < len(sprints) // 2

    from game.rulesets.tokens.ai import _closest, _mover, closing
    from game.rulesets.tokens.ainormal import CLOSING_SPRINTS, FLEEING_SPRINTS

    assert len(normal) == CLOSING_SPRINTS + FLEEING_SPRINTS
    with m.world:
        foes = _mover(m, marksman)[3]
        far = [a for a in sprints if a.cell not in moved]
        most = max(closing(m, marksman, a.cell) for a in far)
        farthest = max(_closest(a.cell, foes) for a in far)
        assert any(closing(m, marksman, a.cell) == most for a in normal)
        assert any(_closest(a.cell, foes) == farthest for a in normal)
    assert not any(a.cell in moved for a in normal)  # a plain move weighs that tile
    # Hard's ranking gives Normal its own width: every sprint is weighed
    hard = NormalAI(1).rank(m, legal, Deadline(30.0), lookahead=8)
    assert len([r for r in hard if r.action.kind == Kind.SPRINT]) == len(sprints)


def test_the_attacks_an_action_leaves_its_unit():
    from game.rulesets.tokens.ainormal import attacks_after

    m, marksman, gunner = open_field()
    sprint = find(m, "sprint", actor=marksman, cell=(10, 5))
    with m.world:
        held = get(marksman, TkGear).held
        after = attacks_after(m, sprint)
        assert [(a.kind, a.target, a.option) for a in after] == [(Kind.ATTACK, gunner, held)]
        # out of reach where it ends: none
        assert attacks_after(m, find(m, "move", actor=marksman, cell=(3, 5))) == []
        # drawn: the drawn weapon's (the knife reaches the next tile only)
        knife = find(m, "draw", actor=marksman, option="knife")
        assert attacks_after(m, knife) == []
        # no attack tokens left: none
        get(marksman, TkTokens).attack = 0
        assert attacks_after(m, sprint) == []


def test_normals_follow_up_is_read_without_a_scratch_copy(monkeypatch):
    m, marksman, gunner = open_field()

    def no_copy(*_args, **_kwargs):
        raise AssertionError("a scratch copy for Normal's follow-up")

    monkeypatch.setattr("game.ai.utility.Sample", no_copy)
    ranked = NormalAI(1).rank(m, m.legal(), Deadline(30.0))
    moves = [r for r in ranked if r.action.kind in (Kind.MOVE, Kind.SPRINT)]
    # the moves and sprints that leave the Gunner in the rifle's reach and sight (8 tiles), and
    # only those, are credited with the shot they leave
    assert any(r.terms.get("followup", 0.0) > 0 for r in moves if 17 - r.action.cell[0] <= 8)
    assert all("followup" not in r.terms for r in moves if 17 - r.action.cell[0] > 8)
    with pytest.raises(AssertionError):  # Hard's wide lookahead still steps on a scratch copy
        NormalAI(1).rank(m, m.legal(), Deadline(30.0), lookahead=8)
