"""Broken replays (tests/files/corpus.py) are refused by `replay` with one line naming the file and
place, in seconds; never a traceback, a hang or a silent run."""

from __future__ import annotations

import json

import pytest
from broken_files import one_line, replay_cases, replay_cases_needing_answers

from game.errors import UserError
from game.sim import run_replay

CASES = replay_cases() + replay_cases_needing_answers()


def test_the_valid_replay_runs_to_its_hash(valid_replay, tmp_path):
    path = tmp_path / "good.json"
    path.write_text(json.dumps(valid_replay))
    match, _ = run_replay(path)
    assert match.state_hash() == valid_replay["final_hash"]


@pytest.mark.parametrize(("case", "make"), CASES, ids=[c for c, _ in CASES])
def test_a_broken_replay_is_one_line_naming_file_and_place(case, make, valid_replay, tmp_path, hang_guard):
    path = tmp_path / "broken-replay.json"
    path.write_bytes(make(valid_replay))
    if case == "final_hash tampered":  # the run is fine; the CLI compares the hash (test_cli)
        match, _ = run_replay(path)
        assert match.state_hash() != "0" * 64
        return
    with pytest.raises(UserError) as err:
        run_replay(path)
    one_line(err.value.line(), str(path))
    assert err.value.problem


@pytest.mark.parametrize(("case", "make", "place"), [
    ("seed 1e400", dict(CASES)["seed 1e400"], "scenario.seed"),
    ("fractional seed", dict(CASES)["fractional seed"], "scenario.seed"),
    ("unknown squad", dict(CASES)["unknown squad"], "scenario.squads.p2"),
    ("inputs a dict", dict(CASES)["inputs a dict"], "inputs"),
    ("cell of three numbers", dict(CASES)["cell of three numbers"], "inputs["),
    ("junk inputs after the end", dict(CASES)["junk inputs after the end"], "inputs["),
    ("unknown option", dict(CASES)["unknown option"], "scenario.options"),
    ("unknown format", dict(CASES)["unknown format"], "format"),
    ("map missing file", dict(CASES)["map missing file"], "scenario.map"),
    ("hex map for a square ruleset", dict(CASES)["hex map for a square ruleset"], "scenario.map"),
], ids=lambda v: v if isinstance(v, str) else "")
def test_the_refusal_names_the_place(case, make, place, valid_replay, tmp_path):
    path = tmp_path / "r.json"
    path.write_bytes(make(valid_replay))
    with pytest.raises(UserError) as err:
        run_replay(path)
    assert err.value.file == str(path)
    assert err.value.place.startswith(place), err.value.line()


def test_leftover_inputs_are_counted(valid_replay, tmp_path):
    path = tmp_path / "r.json"
    valid_replay["inputs"] += valid_replay["inputs"][-3:]
    path.write_text(json.dumps(valid_replay))
    with pytest.raises(UserError, match="3 recorded input"):
        run_replay(path)


def test_a_replay_whose_map_file_is_broken_names_the_replay(valid_replay, tmp_path):
    broken_map = tmp_path / "broken.tmx"
    broken_map.write_text("<map version='1.10' orientation='orthogonal'><layer")
    valid_replay["scenario"]["map"] = str(broken_map)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(valid_replay))
    with pytest.raises(UserError) as err:
        run_replay(path)
    assert err.value.file == str(path) and err.value.place == "scenario.map"
    assert "broken.tmx" in err.value.problem
