"""Set-up decisions go through the match's pending-decision path: AI, humans, saves and replays."""

from __future__ import annotations

import json

import pytest
from initrules import CRITICAL, INIT, LIMIT, init_match
from replay_feed import Feed
from toyrules import toy_board

from game.ai.controller import BaselineAI, RandomAI, make_controller
from game.core.match import HumanController, Match


class Recorder:
    """Wraps a controller and notes which decision kinds it was asked before the first action."""

    is_human = False

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.asked: list[str] = []
        self.acted = False

    def choose(self, match, legal):
        self.acted = True
        return self.inner.choose(match, legal)

    def decide(self, match, decision):
        if not self.acted:
            self.asked.append(decision.kind)
        return self.inner.decide(match, decision)


def test_a_human_side_is_asked_before_any_turn_and_its_answers_are_inputs():
    m = init_match(3, {"p1": HumanController(), "p2": HumanController()})
    need = m.advance()
    assert need is not None and need.decision is not None
    assert (need.side, need.decision.kind) == ("p1", "initiative")
    assert m.resolving and not m.inputs
    with pytest.raises(ValueError):
        m.submit(m.legal()[-1])  # no action while set-up waits
    asked = []
    while need is not None and need.decision is not None:
        asked.append((need.side, need.decision.kind))
        m.answer("stand" if need.decision.kind == "initiative" else need.decision.default)
        need = m.advance()
    assert ("p2", "initiative") in asked
    assert need is not None and need.decision is None and need.legal  # now the first turn
    assert [i["t"] for i in m.inputs] == ["answer"] * len(asked)
    scores = m.table.data["initiative"]
    assert m.current().side == ("p2" if scores["p2"] > scores["p1"] else "p1")


@pytest.mark.parametrize("level", ["random", "baseline", "easy", "normal", "hard"])
def test_every_ai_level_answers_set_up_decisions(level):
    ais = {s: make_controller(level, i + 1) for i, s in enumerate(("p1", "p2"))}
    m = init_match(5, {"p1": HumanController(), "p2": HumanController()})
    asked = []
    while m.pending_decision is not None:
        d = m.pending_decision
        key = ais[d.side].decide(m, d)
        assert key in d.keys()
        asked.append(d.side)
        m.answer(key)
    assert {"p1", "p2"} <= set(asked)
    assert "initiative" in m.table.data and not m.resolving
    if level != "hard":  # and through advance(), to the end
        recorders = {s: Recorder(make_controller(level, i + 1)) for i, s in enumerate(("p1", "p2"))}
        other = init_match(5, recorders)
        other.play()
        assert other.over
        assert all("initiative" in c.asked for c in other.controllers.values())
        assert other.inputs[:len(asked)] == m.inputs


def test_the_advice_stands_high_and_takes_a_card_low():
    m = init_match(1, {"p1": HumanController(), "p2": HumanController()})
    need = m.advance()
    assert need is not None and need.decision is not None
    from game.core.action import Decision

    def ask(total):
        d = Decision("p1", "initiative", "", need.decision.options, context={"total": total})
        with m.world:
            return INIT.advise(m, d)

    low, high = ask(2), ask(LIMIT - 1)
    assert low["hit"] > low["stand"]
    assert high["stand"] > high["hit"]
    ai = BaselineAI(1)
    assert ai.decide(m, need.decision) in ("hit", "stand")


def _played(seed: int) -> Match:
    m = init_match(seed, {"p1": BaselineAI(1), "p2": RandomAI(2)})
    m.play()
    return m


def test_replaying_a_game_with_set_up_decisions_gives_its_hash():
    for seed in (1, 2, 3):
        m = _played(seed)
        answers = [i for i in m.inputs if i["t"] == "answer"]
        assert answers, "the set-up asked nothing"
        feed = Feed(json.loads(json.dumps(m.inputs)))
        again = init_match(seed, {"p1": feed, "p2": feed})  # type: ignore[dict-item]
        again.play()
        assert not feed.inputs
        assert again.state_hash() == m.state_hash()


def test_a_snapshot_taken_mid_set_up_restores_and_continues_identically():
    # find a seed whose set-up asks at least twice, so the save falls between two set-up answers
    for seed in range(1, 40):
        m = init_match(seed, {"p1": HumanController(), "p2": HumanController()})
        need = m.advance()
        assert need is not None and need.decision is not None
        m.answer("hit")
        need = m.advance()
        if need is not None and need.decision is not None:
            break
    else:  # pragma: no cover - the deck always leaves room for a second card somewhere
        pytest.fail("no seed asked twice")
    snap = json.loads(json.dumps(m.snapshot()))
    assert snap["pending"]
    back = Match.from_snapshot(INIT, toy_board(), snap, {"p1": HumanController(), "p2": HumanController()})
    again = back.advance()
    assert again is not None and again.decision == need.decision
    assert back.state_hash() == m.state_hash()
    assert [e.text for e in back.log] == [e.text for e in m.log]
    # both finish the same way under the same AI
    for match in (m, back):
        match.controllers = {"p1": BaselineAI(7), "p2": BaselineAI(8)}
        match.play()
    assert back.state_hash() == m.state_hash() and back.inputs == m.inputs


def test_a_critical_initiative_asks_who_leads():
    for seed in range(1, 80):
        m = init_match(seed, {"p1": HumanController(), "p2": HumanController()})
        ai = BaselineAI(1)
        kinds = []
        while m.pending_decision is not None:
            kinds.append(m.pending_decision.kind)
            m.answer(ai.decide(m, m.pending_decision))
        if "lead" in kinds:
            scores = m.table.data["initiative"]
            first = m.current().side
            assert scores[first] >= CRITICAL
            assert str(m.current().unit) == m.inputs[-1]["key"]
            return
        assert max(m.table.data["initiative"].values()) < CRITICAL
    pytest.fail("no seed reached a critical initiative")


def test_the_replay_command_replays_set_up_answers(tmp_path, monkeypatch):
    from game import sim
    from game.core import ruleset as registry

    monkeypatch.setitem(registry._cache, INIT.id, INIT)
    monkeypatch.setattr(sim, "load_board_for", lambda scenario: toy_board())
    m = _played(4)
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(sim.replay_data(m, "baseline", "random")))
    again, data = sim.run_replay(path)
    assert again.state_hash() == data["final_hash"] == m.state_hash()
    assert again.table.data["initiative"] == m.table.data["initiative"]
