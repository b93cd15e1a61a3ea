"""The AI levels on every registered ruleset: no peeking at hidden cards, legal play, ladder CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.levels import make_level
from game.core import ruleset as registry
from game.core.chance import Chance
from game.core.match import Match, load_board_for
from game.sim import default_scenario

ROOT = Path(__file__).resolve().parents[2]


def _rulesets() -> list[str]:
    found = registry.available()
    return found or [pytest.param("none", marks=pytest.mark.skip(reason="no ruleset registered"))]


def _match(rid: str, seed: int) -> Match:
    scenario = default_scenario(rid, None, seed)
    return Match(registry.get(rid), scenario, load_board_for(scenario))


def _twin(rid: str, seed: int) -> tuple[Match, Match, str]:
    """The match twice; in the second every card the acting side cannot see is re-dealt among the
    zones it cannot see, and the match's future chance differs."""
    a, b = _match(rid, seed), _match(rid, seed)
    side = a.current().side
    b.ruleset.determinize(b, side, Chance(seed + 99))
    b.chance = Chance(seed + 7777)
    assert a.state_hash() != b.state_hash()
    return a, b, side


@pytest.mark.parametrize("rid", _rulesets())
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_hidden_cards_do_not_change_decisions(rid, level):
    # Hard with a sample cap (not a clock) so both twins search exactly as much
    opts = {"samples": 3, "budget": 60.0, "width": 3} if level == "hard" else {"budget": 60.0}
    for seed in (1, 2):
        a, b, side = _twin(rid, seed)
        ai_a, ai_b = make_level(level, 5, **opts), make_level(level, 5, **opts)
        for _ in range(3):
            if a.over or a.pending_decision is not None or a.current().side != side:
                break
            la, lb = a.legal(), b.legal()
            assert [x.to_json() for x in la] == [x.to_json() for x in lb]
            xa, xb = ai_a.choose(a, la), ai_b.choose(b, lb)
            assert xa.to_json() == xb.to_json()
            assert ai_a.last_explanation == ai_b.last_explanation  # scores too, not just the pick
            if xa.kind not in a.ruleset.undoable:
                break  # it may draw cards: the twins' futures part here
            a.submit(xa)
            b.submit(xb)
        a.close()
        b.close()


@pytest.mark.parametrize("rid", _rulesets())
def test_normal_and_easy_play_legal_games_to_the_end(rid):
    from game.ai.ladder import GameSpec, play_game

    res = play_game(GameSpec(rid, "normal", "easy", 0, False, 3, (("easy", 0.1), ("normal", 0.25))))
    assert res["winner"] in ("a", "b", None) and not res["capped"]


@pytest.mark.parametrize("rid", _rulesets())
def test_ladder_command_prints_one_json_object(rid):
    res = subprocess.run([sys.executable, "-m", "game", "ladder", "--ruleset", rid, "--games", "2",
                          "--levels", "random,easy", "--json"], capture_output=True, text=True,
                         cwd=ROOT, timeout=600)
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert [(p["a"], p["b"], p["games"]) for p in out["pairs"]] == [("easy", "random", 2)]
    pair = out["pairs"][0]
    assert pair["a_wins"] + pair["b_wins"] + pair["draws"] == 2 and len(pair["ci95"]) == 2
