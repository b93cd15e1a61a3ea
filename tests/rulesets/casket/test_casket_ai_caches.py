"""The casket AI's caches change no score: warm caches (kept across decision points, per board)
score every legal action exactly as a cold copy of the same state does; the legal
actions built without the dataclass constructor equal `Action(...)`."""

from __future__ import annotations

import pytest

from game.ai.controller import BaselineAI
from game.core.action import Action
from game.core.board import board_tables
from game.core.match import Match, load_board_for
from game.rulesets.casket import RULESET
from game.sim import default_scenario


def _cold_scores(match: Match) -> list[float]:
    """The scores of the current legal actions on a copy with a fresh board: its tables (strikes,
    numbered rows, worths: `board_tables`) start empty."""
    copy = Match.from_snapshot(RULESET, load_board_for(match.scenario), match.snapshot())
    try:
        assert "casket_worth" not in board_tables(copy.board)
        return [s for s, _, _ in BaselineAI(0).scores(copy, copy.legal())]
    finally:
        copy.close()


@pytest.mark.deep  # minutes of play: .ci/run runs it (SKIRMISH_DEEP=1)
def test_warm_caches_score_every_action_as_a_cold_copy_does():
    scenario = default_scenario("casket", None, 3)
    match = Match(RULESET, scenario, load_board_for(scenario), {})
    ai = BaselineAI(1)
    compared = 0
    for _ in range(2000):
        need = match.advance()
        if need is None:
            break
        if need.decision is not None:
            match.answer(ai.decide(match, need.decision))
            continue
        legal = list(need.legal)
        warm = [s for s, _, _ in ai.scores(match, legal)]
        assert warm == _cold_scores(match)
        compared += 1
        match.submit(ai.choose(match, legal))
    match.close()
    assert match.over and compared > 200


def test_legal_actions_equal_the_dataclass_built_ones():
    scenario = default_scenario("casket", None, 5)
    match = Match(RULESET, scenario, load_board_for(scenario), {})
    ai = BaselineAI(2)
    seen = 0
    for _ in range(60):
        need = match.advance()
        if need is None:
            break
        if need.decision is not None:
            match.answer(ai.decide(match, need.decision))
            continue
        for action in need.legal:
            built = Action(**{k: getattr(action, k) for k in ("kind", "actor", "target", "cell", "path",
                                                             "option", "label", "hotkey_group")})
            assert action == built and hash(action) == hash(built)
            assert vars(action) == vars(built) and repr(action) == repr(built)
            seen += 1
        match.submit(ai.choose(match, list(need.legal)))
    match.close()
    assert seen > 100


def test_vitality_reads_the_structure_without_building_the_unit_panel(monkeypatch):
    """The AI asks every casket's vitality at every plan: casket answers it from the structure
    deck, the same figures as the panel's "hp"/"hp_max", without building the whole panel."""
    from game.core.aihooks import AIHooks
    from game.rulesets.casket import view
    from game.rulesets.casket.components import caskets

    scenario = default_scenario("casket", None, 3)
    match = Match(RULESET, scenario, load_board_for(scenario), {})
    try:
        with match.world:
            ents = caskets(match)
        expected = {e: AIHooks.vitality(RULESET, match, e) for e in ents}
        monkeypatch.setattr(view, "unit_view", lambda *a: pytest.fail("the panel was built"))
        assert {e: RULESET.vitality(match, e) for e in ents} == expected
        assert all(v is not None and v[1] > 0 for v in expected.values())
    finally:
        match.close()
