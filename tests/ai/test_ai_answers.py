"""One way to answer a decision: the baseline, every level and the search's simulated steps agree."""

from __future__ import annotations

from toyrules import toy_match

from game.ai.answers import decide_by_advice, default_answer, explained_answer
from game.ai.controller import BaselineAI
from game.ai.levels import make_level
from game.core.action import Decision, Option


def _cheat(hand: tuple[str, ...], need: int) -> Decision:
    return Decision("p1", "cheat", "Cheat?", (Option("pass", "keep"),) + tuple(Option(c, c) for c in hand),
                    default="pass", context={"need": need, "attack": 3, "flip": "4C"})


def test_every_ai_answers_with_the_best_advice_earliest_on_ties():
    match = toy_match(2)
    # 5S and 5H both win and are valued alike: the earlier option is taken
    decision = _cheat(("2S", "5S", "5H", "KH"), 8)
    answers = {default_answer(match, decision), BaselineAI().decide(match, decision)}
    for level in ("easy", "normal", "hard"):
        answers.add(make_level(level, 1).decide(match, decision))
    assert answers == {"5S"}
    key, expl = explained_answer(match, decision)
    assert key == "5S" and [c["label"] for c in expl][:2] == ["5S", "5H"]
    match.close()


def test_no_advice_means_the_default_answer(monkeypatch):
    match = toy_match(2)
    monkeypatch.setattr(type(match.ruleset), "advise", lambda self, m, d: {})
    decision = _cheat(("2S", "KH"), 30)
    holder = BaselineAI()
    assert default_answer(match, decision) == BaselineAI().decide(match, decision) == "pass"
    assert decide_by_advice(holder, match, decision) == "pass"
    assert holder.last_explanation[0]["note"] == "no advice; default answer"
    match.close()


def test_thrift_prices_lasting_resources_over_the_advice(monkeypatch):
    match = toy_match(2)
    decision = _cheat(("5S", "KH"), 8)
    rs = type(match.ruleset)
    monkeypatch.setattr(rs, "spent", lambda self, m, d: {"5S": 0.5, "KH": 0.0}, raising=False)
    holder = BaselineAI()
    assert decide_by_advice(holder, match, decision) == "5S"
    # at twice the price 5S (0.95 - 0.5) falls below KH (0.87)
    assert decide_by_advice(holder, match, decision, thrift=2.0) == "KH"
    match.close()
