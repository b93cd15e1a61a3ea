"""Replays and saves: the same inputs give the same game; a mid-game JSON snapshot (one taken
while a card decision is open included) continues to the same end. (The conformance test leaves
varium out for speed, so these stand in for its replay checks.)"""

from __future__ import annotations

import json

from replay_feed import Feed

from game.ai.controller import BaselineAI, RandomAI
from game.core.action import Action
from game.core.board import Board
from game.core.match import Match, Scenario
from game.rulesets.varium import RULESET


def _scenario(seed: int) -> Scenario:
    return Scenario("varium", "blank", {"p1": "wrestlers", "p2": "city_guard"}, seed)


def test_replay_and_snapshot_continue_to_the_same_end() -> None:
    board = Board.blank("square", 12, 10)
    m = Match(RULESET, _scenario(7), board, {"p1": BaselineAI(1), "p2": RandomAI(2)})
    m.play()
    final = m.state_hash()
    inputs = list(m.inputs)
    feed = Feed(inputs)
    again = Match(RULESET, _scenario(7), board, {"p1": feed, "p2": feed})
    again.play()
    assert again.state_hash() == final and not feed.inputs
    # stop where a card decision is open, save to JSON, load, finish
    cut = next(i for i, item in enumerate(inputs) if i > len(inputs) // 2 and item["t"] == "answer")
    first = Match(RULESET, _scenario(7), board, {})
    for item in inputs[:cut]:
        if item["t"] == "action":
            first.submit(Action.from_json(item["action"]))
        else:
            first.answer(str(item["key"]))
    assert first.pending_decision is not None
    snap = json.loads(json.dumps(first.snapshot()))
    rest = Feed(inputs[cut:])
    back = Match.from_snapshot(RULESET, board, snap, {"p1": rest, "p2": rest})
    back.play()
    assert back.state_hash() == final
