"""Whole matches: determinism, snapshots, AI play keeping every invariant, and what the UI is shown."""

from __future__ import annotations

import json

import pytest
from vm_helpers import new_match, unit

from game.ai.controller import BaselineAI, RandomAI
from game.core.board import Board
from game.core.match import Match, Scenario
from game.rulesets.voidmarked import RULESET, hand_for


def ai_match(seed: int, p1="vanguard", p2="void_cult", board=None, kind=BaselineAI) -> Match:
    board = board or Board.blank("square", 16, 12)
    return Match(RULESET, Scenario("voidmarked", "blank", {"p1": p1, "p2": p2}, seed), board,
                 {"p1": kind(seed), "p2": kind(seed + 1)})


class Replay:
    """Feeds recorded inputs back."""

    is_human = False

    def __init__(self, inputs):
        self.inputs = list(inputs)

    def choose(self, match, legal):
        from game.core.action import Action

        return Action.from_json(self.inputs.pop(0)["action"])

    def decide(self, match, decision):
        return self.inputs.pop(0)["key"]


def test_same_seed_and_inputs_give_the_same_game():
    a = ai_match(5)
    a.play()
    b = ai_match(5)
    b.play()
    assert a.state_hash() == b.state_hash()
    assert a.inputs == b.inputs
    feed = Replay(a.inputs)
    c = Match(RULESET, a.scenario, Board.blank("square", 16, 12), {"p1": feed, "p2": feed})
    c.play()
    assert c.state_hash() == a.state_hash()
    assert ai_match(6).play() is not None


def test_a_mid_game_snapshot_round_trips_through_json_and_plays_on_identically():
    full = ai_match(9)
    full.play()
    inputs = full.inputs
    half = len(inputs) // 2
    from game.core.action import Action

    part = Match(RULESET, full.scenario, Board.blank("square", 16, 12), {})
    for item in inputs[:half]:
        if item["t"] == "action":
            part.submit(Action.from_json(item["action"]))
        else:
            part.answer(item["key"])
    snap = json.loads(json.dumps(part.snapshot()))
    restored = Match.from_snapshot(RULESET, Board.blank("square", 16, 12), snap)
    assert restored.state_hash() == part.state_hash()
    rest = Replay(inputs[half:])
    restored.controllers = {"p1": rest, "p2": rest}
    restored.play()
    assert restored.state_hash() == full.state_hash()


@pytest.mark.rule("VM-DECK", "VM-ZERO", "VM-CHEAT")
@pytest.mark.parametrize("seed, p1, p2, kind", [(11, "vanguard", "void_cult", BaselineAI),
                                                (12, "iron_syndicate", "vanguard", BaselineAI),
                                                (13, "void_cult", "iron_syndicate", RandomAI)])
def test_ai_games_end_and_keep_every_invariant_at_every_event(seed, p1, p2, kind):
    m = ai_match(seed, p1, p2, kind=kind)
    problems = []

    def check(event):
        problems.extend(f"{event.kind}: {p}" for p in RULESET.invariants(m))

    m.listeners.append(check)
    out = m.play()
    assert problems == []
    assert out is not None and m.round <= RULESET.round_cap + 1
    with m.world:
        from game.rulesets.voidmarked.query import deck

        assert deck(m).zones["table"] == []  # nothing left lying between inputs
    if kind is BaselineAI:
        assert any(e.kind == "cheat" for e in m.log)  # the AI uses its hand


def test_the_baseline_ai_beats_random_play_mostly():
    wins = 0
    for seed in range(4):
        board = Board.blank("square", 16, 12)
        m = Match(RULESET, Scenario("voidmarked", "blank", {"p1": "vanguard", "p2": "vanguard"}, seed), board,
                  {"p1": BaselineAI(seed), "p2": RandomAI(seed)})
        wins += m.play().winner == "p1"
    assert wins >= 3


def test_unit_view_shows_the_panel_and_no_hand():
    m = new_match()
    hale = unit(m, "hale")
    view = RULESET.unit_view(m, hale, "p2")
    assert view["name"] == "Sergeant Hale" and view["archetype"] == "Enforcer"
    assert view["health"] == view["max_health"] == 36 and view["defence"] == 3
    assert "Shock Maul" in view["weapon"]
    text = json.dumps(view)
    with m.world:
        from game.rulesets.voidmarked.query import deck

        secret = deck(m).zone("hand:p1") + deck(m).zone("deck")
    assert not any(f'"{c}"' in text for c in secret)
    oriel = unit(m, "oriel")
    assert RULESET.unit_view(m, oriel, "p1")["max_ve"] == 20


def test_hand_for_gives_a_side_its_own_hand_only():
    m = new_match()
    mine = hand_for(m, "p1")
    with m.world:
        from game.rulesets.voidmarked.query import deck

        cards = deck(m)
        assert [c["card"] for c in mine] == cards.zone("hand:p1")
        assert not cards.visible_to("hand:p2", "p1")
        assert cards.visible_to("hand:p1", "p1")
        assert not cards.visible_to("deck", "p1")


def test_squads_and_defaults():
    squads = RULESET.squads()
    assert {"vanguard", "void_cult", "iron_syndicate"} <= set(squads)
    a, b = RULESET.default_squads()
    assert len(squads[a].units) == len(squads[b].units) == 4
    assert RULESET.rules_doc().is_file()
