"""The replay timeline (game.core.timeline): seeking back and forth gives exactly the states the
game had when it was played forward, one input or one log event at a time."""

from __future__ import annotations

import pytest

from game.core import ruleset as registry
from game.core.match import Match, load_board_for
from game.core.timeline import BadInput, Timeline
from game.sim import default_scenario, play_game


def _game(ruleset: str, seed: int, p1: str = "baseline", p2: str = "baseline") -> Match:
    return play_game(default_scenario(ruleset, None, seed), p1, p2)


def _forward_hashes(match: Match) -> list[str]:
    """The state hash after each input, playing the inputs forward on a fresh match."""
    fresh = Match(match.ruleset, match.scenario, match.board, {})
    hashes = [fresh.state_hash()]
    for item in match.inputs:
        if item["t"] == "action":
            from game.core.action import Action

            fresh.submit(Action.from_json(item["action"]))
        else:
            fresh.answer(item["key"])
        hashes.append(fresh.state_hash())
    fresh.close()
    return hashes


@pytest.mark.parametrize("ruleset,seed", [("voidmarked", 3), ("casket", 2)])
def test_seek_back_gives_exactly_the_state_played_forward(ruleset, seed):
    game = _game(ruleset, seed)
    hashes = _forward_hashes(game)
    tl = Timeline(game.ruleset, game.scenario, game.board, game.inputs, every=5)
    assert tl.match.state_hash() == game.state_hash() == hashes[-1]
    assert tl.length == len(game.inputs) and tl.events[-1].text == game.log[-1].text
    # backwards one input at a time, then jumps in both directions, then forwards again
    for i in range(tl.length, -1, -1):
        tl.seek(i)
        assert tl.match.state_hash() == hashes[i], i
        assert [e.text for e in tl.match.log] == [e.text for e in game.log[: tl.log_at[i]]]
    order = [tl.length // 2, 3, tl.length - 1, 1, tl.length // 3, tl.length, 0]
    for i in order:
        tl.seek(i)
        assert tl.match.state_hash() == hashes[i], i
        assert tl.round == tl.match.round
    for i in range(tl.length + 1):
        tl.step(1) if i else tl.seek(0)
        assert tl.match.state_hash() == hashes[min(i, tl.length)], i
    tl.close()
    game.close()


def test_step_by_event_shows_each_log_line_in_turn_and_lands_on_inputs():
    game = _game("voidmarked", 5)
    tl = Timeline(game.ruleset, game.scenario, game.board, game.inputs)
    hashes = _forward_hashes(game)
    first = tl.log_at[0]
    tl.seek_event(0)
    assert len(tl.match.log) == first  # set-up lines come as one
    for k in range(first, len(tl.events) + 1):
        tl.seek_event(k)
        assert len(tl.match.log) == k and tl.shown == k
        i = tl.input_of_event(k)
        assert tl.log_at[i] < k <= tl.log_at[i + 1] or k == first
        if tl.live:
            assert tl.match.state_hash() == hashes[tl.pos]
    # back by events from the end; inside an input, stepping back one input goes to its start
    tl.seek(tl.length)
    tl.step_event(-1)
    inside = not tl.live
    tl.step(-1)
    assert tl.live and tl.match.state_hash() == hashes[tl.pos]
    assert inside or tl.pos == tl.length - 1
    tl.close()


def test_round_jumps_land_on_the_first_input_of_a_round():
    game = _game("voidmarked", 3)
    tl = Timeline(game.ruleset, game.scenario, game.board, game.inputs)
    tl.seek(0)
    seen = [tl.round]
    while tl.pos < tl.length:
        tl.next_round()
        seen.append(tl.round)
        assert tl.pos == tl.length or tl.round_at[tl.pos - 1] < tl.round
    assert seen == sorted(seen) and seen[-1] == game.round
    tl.previous_round()
    assert tl.pos == tl.round_start(tl.round) and tl.pos < tl.length


def test_a_recorded_input_that_does_not_fit_names_its_index():
    game = _game("voidmarked", 4)
    inputs = [dict(x) for x in game.inputs]
    bad = next(i for i, x in enumerate(inputs) if x["t"] == "action" and i > 3)
    inputs[bad] = {"t": "action", "action": {**inputs[bad]["action"], "kind": "no_such_action"}}
    rs = registry.get("voidmarked")
    with pytest.raises(BadInput) as err:
        Timeline(rs, game.scenario, load_board_for(game.scenario), inputs)
    assert err.value.index == bad
    with pytest.raises(BadInput) as err:
        Timeline(rs, game.scenario, load_board_for(game.scenario), game.inputs + game.inputs[:1])
    assert err.value.index == len(game.inputs) and "left over" in str(err.value)


def test_branch_snapshot_rebuilds_a_match_that_plays_on():
    game = _game("casket", 4)
    tl = Timeline(game.ruleset, game.scenario, game.board, game.inputs)
    at = tl.length // 2
    tl.seek(at)
    want = tl.match.state_hash()
    snap = tl.branch_snapshot()
    from game.ai.controller import make_controller

    branch = Match.from_snapshot(game.ruleset, game.board, snap,
                                 {"p1": make_controller("ai:easy", 1), "p2": make_controller("baseline", 2)})
    assert branch.state_hash() == want and branch.inputs == game.inputs[:at]
    branch.play()
    assert branch.result is not None and branch.inputs[:at] == game.inputs[:at]
