"""The ladder: Wilson intervals, pairings, mirror pairs, JSON summary, argument checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from toyrules import toy_match

from game.ai import ladder
from game.ai.ladder import GameSpec, pairings, parse_levels, play_game, run_ladder, wilson
from game.cli import build_parser
from game.errors import UserError


def toy_factory(spec: GameSpec, controllers):
    """Ladder games on the toy ruleset (not registered: the test supplies the match)."""
    return toy_match(spec.seed + spec.pair, controllers)


def test_wilson_matches_known_values():
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    low, high = wilson(400, 400)
    assert round(low, 4) == 0.9905 and high == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_pairings_cover_neighbours_and_random():
    got = pairings(["random", "easy", "normal", "hard"])
    for need in [("easy", "random"), ("normal", "easy"), ("hard", "normal"),
                 ("normal", "random"), ("hard", "random")]:
        assert need in got
    assert pairings(["hard", "easy"]) == [("hard", "easy")]


def test_parse_levels():
    assert parse_levels("") == ["random", "easy", "normal", "hard"]
    assert parse_levels("Easy, normal") == ["easy", "normal"]
    with pytest.raises(UserError):
        parse_levels("easy,grandmaster")
    with pytest.raises(UserError):
        parse_levels("easy")


def test_mirror_pair_swaps_sides_on_the_same_scenario():
    budgets = (("easy", 0.1),)
    one = play_game(GameSpec("toy", "easy", "random", 3, False, 1, budgets), toy_factory)
    two = play_game(GameSpec("toy", "easy", "random", 3, True, 1, budgets), toy_factory)
    assert (one["pair"], two["pair"]) == (3, 3) and not one["swapped"] and two["swapped"]
    assert one["winner"] in ("a", "b", None) and two["winner"] in ("a", "b", None)
    assert set(one["decision_times"]) == {"easy", "random"}


def test_run_ladder_summary_shape():
    out = run_ladder("toy", 4, seed=2, levels=["random", "easy", "normal"], factory=toy_factory)
    text = json.dumps(out)
    assert json.loads(text)["pairs"]
    names = {(p["a"], p["b"]) for p in out["pairs"]}
    assert names == {("easy", "random"), ("normal", "easy"), ("normal", "random")}
    for p in out["pairs"]:
        assert p["games"] == 4 == p["a_wins"] + p["b_wins"] + p["draws"]
        assert p["ci95"][0] <= p["a_rate"] <= p["ci95"][1]
        assert p["a_rate"] == (p["a_wins"] + 0.5 * p["draws"]) / p["games"]
    assert out["budgets_s"]["hard"] == ladder.DEFAULT_HARD_BUDGET
    assert "normal" in out["decision_ms"]


def test_hard_side_turns_are_summed_and_reported():
    """Hard's seconds per side turn (its target is per turn, not per decision) reach the summary:
    each turn's total is the sum of that turn's decisions, plus the side's answers in it."""
    budgets = (("hard", 0.05), ("normal", 0.05))
    one = play_game(GameSpec("toy", "hard", "normal", 1, False, 1, budgets, 2), toy_factory)
    turns, times = one["turn_times"]["hard"], one["decision_times"]["hard"]
    assert turns and len(turns) < len(times)
    assert sum(turns) >= sum(times) - 1e-9
    assert "normal" not in one["turn_times"]
    out = ladder._times(times)
    assert out["n"] == len(times) and out["over_1s"] == sum(1 for t in times if t > 1.0)
    assert out["median"] <= out["p95"] <= out["p99"] <= out["max"]
    summary = run_ladder("toy", 2, seed=2, levels=["normal", "hard"], factory=toy_factory, samples=2)
    assert summary["side_turn_ms"]["hard"]["n"] > 0
    assert any("side turn ms" in line for line in ladder.format_report(summary))


def test_ladder_arguments(monkeypatch):
    from game.core import ruleset as registry

    monkeypatch.setattr(registry, "available", lambda: ["toy"])
    args = build_parser().parse_args(["ladder", "--ruleset", "toy", "--hard-budget", "0.2", "--jobs", "2",
                                      "--levels", "easy,hard"])
    assert (args.hard_budget, args.jobs, args.levels, args.games) == (0.2, 2, "easy,hard", 40)
    for bad in (["--hard-budget", "0"], ["--hard-budget", "soon"], ["--ruleset", "nope"]):
        argv = ["ladder", "--ruleset", "toy", *bad] if bad[0] != "--ruleset" else ["ladder", *bad]
        with pytest.raises(UserError):
            build_parser().parse_args(argv)


@pytest.mark.parametrize("ruleset", ["voidmarked", "saves"])
def test_ladder_games_stay_on_the_ruleset_s_own_maps(ruleset):
    from game.ai.ladder import ladder_match

    # another ruleset's map and the benchmark map are playable, but must not move ladder figures
    seen = set()
    for pair in range(6):
        spec = GameSpec(ruleset, "random", "random", pair, False, 1, (), None)
        seen.add(Path(ladder_match(spec, {}).scenario.map).stem)
    assert seen and all(stem.startswith(ruleset) for stem in seen), seen
