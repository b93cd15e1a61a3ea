"""Content validation (msgspec schemas: file, entry and key named) and whole games with the AIs."""

from __future__ import annotations

import pytest

from game.ai.controller import BaselineAI, RandomAI
from game.core.board import Board
from game.core.match import Match, Scenario
from game.errors import UserError
from game.rulesets.saves import RULESET
from game.rulesets.saves.content import data_files, load_content, shipped


def test_shipped_content_has_three_distinct_squads():
    c = shipped()
    assert {"party", "warband", "beasts"} <= set(c.squads)
    assert c.squads["party"].party and any(u.role == "hireling" for u in c.squads["party"].units)
    assert any(u.leader for u in c.squads["warband"].units)
    assert all(u.mindless or u.fearless for u in c.squads["beasts"].units)
    assert any(w.ranged for w in c.weapons.values()) and any(w.blast for w in c.weapons.values())


@pytest.mark.parametrize(
    "text, place, problem",
    [
        ('[weapon.x]\nname = "X"\ndamage = 13\n', "weapon.x.damage", ""),
        ('[weapon.x]\nname = "X"\ndamage = 6\nreach = 2\n', "weapon.x", "unknown key 'reach'"),
        ("[weapon.x]\ndamage = 6\n", "weapon.x.name", "missing"),
        (
            '[squad.s]\nname = "S"\nunits = [{ name = "A", hp = 3, held = ["laser"] }]\n',
            "squad.s.units[1].held",
            "unknown weapon 'laser'",
        ),
        ('[squad.s]\nname = "S"\nunits = [{ name = "A", hp = 3, str = 30 }]\n', "squad.s.units[1].str", ""),
    ],
)
def test_bad_content_names_file_entry_and_key(tmp_path, text, place, problem):
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    with pytest.raises(UserError) as err:
        load_content([*data_files(), bad])
    assert err.value.file == str(bad) and err.value.place == place
    assert problem in err.value.problem


def _play(ctrl, seed, p2="warband"):
    board = Board.blank("square", 16, 12)
    m = Match(
        RULESET,
        Scenario("saves", "blank", {"p1": "party", "p2": p2}, seed),
        board,
        {"p1": ctrl(seed), "p2": ctrl(seed + 1)},
    )
    return m, m.play()


def test_baseline_ai_plays_a_whole_game_with_invariants_holding():
    m, out = _play(BaselineAI, 3, "beasts")
    assert out is not None and not RULESET.invariants(m)
    assert any(e.kind == "attack" for e in m.log)


def test_a_saved_game_continues_to_the_same_end():
    m, _ = _play(RandomAI, 4)
    half = m.inputs[: len(m.inputs) // 2]
    board = Board.blank("square", 16, 12)
    again = Match(RULESET, m.scenario, board, {})
    from game.core.action import Action

    for item in half:
        if item["t"] == "action":
            again.submit(Action.from_json(item["action"]))
        else:
            again.answer(item["key"])
    restored = Match.from_snapshot(RULESET, board, again.snapshot())
    for item in m.inputs[len(half) :]:
        if item["t"] == "action":
            restored.submit(Action.from_json(item["action"]))
        else:
            restored.answer(item["key"])
    assert restored.state_hash() == m.state_hash()


def test_the_save_format_accepts_the_saves_options():
    import msgspec

    from game.core.matchfile import ScenarioData

    data = {
        "ruleset": "saves",
        "map": "square/bench_40x40.tmx",
        "squads": {"p1": "party", "p2": "beasts"},
        "seed": 2,
        "options": {"surprise": "unclear", "player_sides": "p1"},
    }
    decoded = msgspec.convert(data, ScenarioData)
    assert decoded.options.surprise == "unclear" and decoded.options.player_sides == "p1"
