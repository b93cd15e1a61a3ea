"""The command line: one stderr line and exit 2 for every bad input, reproducible summaries, replays."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import __version__
from game.cli import main
from game.core import ruleset as registry

ROOT = Path(__file__).resolve().parent.parent

def _has_voidmarked() -> bool:
    try:
        registry.get("voidmarked")
    except KeyError:
        return False
    return True  # a package that fails to import otherwise fails these tests, loudly


needs_voidmarked = pytest.mark.skipif(
    not _has_voidmarked(), reason="NEEDS VOIDMARKED: game/rulesets/voidmarked is not in the tree yet")


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _one_error_line(code: int, out: str, err: str) -> str:
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("skirmish: ")
    assert "Traceback" not in err
    return lines[0]


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    out, err = capsys.readouterr()
    assert out.strip() == f"skirmish-table {__version__}" and err == ""


@pytest.mark.parametrize(("argv", "says"), [
    (["simulate", "--ruleset", "no-such-ruleset"], "unknown ruleset 'no-such-ruleset'"),
    (["simulate", "--games", "0", "--ruleset", "voidmarked"], "must be at least 1"),
    (["simulate", "--games", "many", "--ruleset", "voidmarked"], "not a whole number"),
    (["simulate", "--seed", "abc", "--ruleset", "voidmarked"], "seed 'abc' is not a whole number"),
    (["simulate", "--seed", "-3", "--ruleset", "voidmarked"], "seed must be 0 or more"),
    (["simulate"], "required"),
    (["fly-to-the-moon"], "invalid choice"),
    (["replay"], "required"),
    (["simulate", "--p1", "wizard", "--ruleset", "voidmarked"], "'wizard' is not human or ai:LEVEL"),
])
def test_bad_arguments_are_one_line_and_exit_2(argv, says, capsys):
    line = _one_error_line(*_run(argv, capsys))
    assert says in line


def test_replay_of_a_missing_file(tmp_path, capsys):
    missing = tmp_path / "nothing-here.json"
    line = _one_error_line(*_run(["replay", str(missing)], capsys))
    assert str(missing) in line and "no such file" in line


def test_replay_of_a_garbled_file(tmp_path, capsys):
    bad = tmp_path / "garbled.json"
    bad.write_text('{"scenario": {"ruleset": "voidmarked",\n  oops')
    line = _one_error_line(*_run(["replay", str(bad)], capsys))
    assert "not JSON" in line and "line 2" in line


def test_replay_of_binary_junk(tmp_path, capsys):
    bad = tmp_path / "junk.json"
    bad.write_bytes(bytes(range(256)))
    line = _one_error_line(*_run(["replay", str(bad)], capsys))
    assert str(bad) in line


@pytest.mark.parametrize("content", [
    [1, 2, 3],
    {"games": 3},
    {"scenario": {"ruleset": "voidmarked"}, "inputs": []},
    {"scenario": "voidmarked", "inputs": []},
])
def test_replay_of_a_file_that_is_not_a_replay(tmp_path, capsys, content):
    bad = tmp_path / "other.json"
    bad.write_text(json.dumps(content))
    line = _one_error_line(*_run(["replay", str(bad)], capsys))
    assert str(bad) in line


def test_the_real_process_exits_2_with_one_line():
    res = subprocess.run([sys.executable, "-m", "game", "simulate", "--games", "0", "--ruleset", "x"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert res.returncode == 2 and res.stdout == ""
    assert len(res.stderr.splitlines()) == 1 and "Traceback" not in res.stderr


# -- with a real ruleset ---------------------------------------------------------------------------

@needs_voidmarked
def test_missing_map_file(tmp_path, capsys):
    missing = tmp_path / "no-map.tmx"
    line = _one_error_line(*_run(["simulate", "--ruleset", "voidmarked", "--map", str(missing)], capsys))
    assert str(missing) in line


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_map_that_is_not_a_file_is_named_for_what_it_is(kind, tmp_path, capsys):
    """A folder or FIFO given as --map is told as such, not as a missing file."""
    import os

    path = tmp_path / "odd.tmx"
    if kind == "folder":
        path.mkdir()
    else:
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs on this system")
        os.mkfifo(path)
    line = _one_error_line(*_run(["simulate", "--ruleset", "voidmarked", "--map", str(path)], capsys))
    assert str(path) in line and "no such" not in line
    assert ("directory" if kind == "folder" else "FIFO") in line


@needs_voidmarked
def test_simulate_json_is_reproducible(capsys):
    argv = ["simulate", "--ruleset", "voidmarked", "--games", "2", "--seed", "11", "--json"]
    runs = []
    for _ in range(2):
        code, out, err = _run(argv, capsys)
        assert code == 0, err
        assert len(out.splitlines()) == 1
        runs.append(json.loads(out))
    first, second = runs
    assert {"games", "wins", "draws", "mean_rounds", "seconds"} <= set(first)
    assert first["games"] == 2
    assert sum(first["wins"].values()) + first["draws"] == 2
    assert first["mean_rounds"] > 0 and first["seconds"] >= 0
    first.pop("seconds")
    second.pop("seconds")
    assert first == second


@needs_voidmarked
def test_replay_of_a_recorded_game_prints_the_same_hash(tmp_path, capsys):
    code, _, err = _run(["simulate", "--ruleset", "voidmarked", "--games", "1", "--seed", "4",
                         "--replay-dir", str(tmp_path), "--json"], capsys)
    assert code == 0, err
    (replay,) = tmp_path.glob("*.json")
    data = json.loads(replay.read_text())
    assert data["inputs"] and data["final_hash"]
    code, out, err = _run(["replay", str(replay)], capsys)
    assert code == 0, err
    assert out.strip() == data["final_hash"]


@needs_voidmarked
def test_replay_whose_inputs_do_not_fit(tmp_path, capsys):
    _run(["simulate", "--ruleset", "voidmarked", "--games", "1", "--seed", "5",
          "--replay-dir", str(tmp_path), "--json"], capsys)
    (replay,) = tmp_path.glob("*.json")
    original = replay.read_text()
    data = json.loads(original)
    first_action = next(i for i in data["inputs"] if i["t"] == "action")
    first_action["action"]["kind"] = "summon-a-dragon"
    replay.write_text(json.dumps(data))
    line = _one_error_line(*_run(["replay", str(replay)], capsys))
    assert str(replay) in line

    data = json.loads(original)
    data["inputs"] = data["inputs"][:1]
    replay.write_text(json.dumps(data))
    line = _one_error_line(*_run(["replay", str(replay)], capsys))
    assert "ran out" in line


@needs_voidmarked
def test_replay_with_a_tampered_final_hash(tmp_path, capsys):
    _run(["simulate", "--ruleset", "voidmarked", "--games", "1", "--seed", "6",
          "--replay-dir", str(tmp_path), "--json"], capsys)
    (replay,) = tmp_path.glob("*.json")
    data = json.loads(replay.read_text())
    data["final_hash"] = "0" * 64
    replay.write_text(json.dumps(data))
    code, out, err = _run(["replay", str(replay)], capsys)
    assert code == 2 and "differs" in err and len(err.splitlines()) == 1


def test_progress_goes_to_a_log_as_plain_lines_at_each_tenth(capsys):
    from game.sim import progress_bar

    for done in range(1, 21):
        progress_bar(done, 20)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [f"{n}/20 games" for n in range(2, 21, 2)]


# -- untrusted input (#23) and the program name said once (#17 4.1) ------------------------------

@pytest.mark.parametrize(("argv", "says"), [
    (["simulate", "--ruleset", "voidmarked", "--p1", "ai:godlike"], "'ai:godlike' is not human or ai:LEVEL"),
    (["play", "--ruleset", "voidmarked", "--p2", "godlike"], "'godlike' is not human or ai:LEVEL"),
    (["ladder", "--ruleset", "voidmarked", "--jobs", "-1"], "jobs must be 0 or more"),
    (["ladder", "--ruleset", "voidmarked", "--jobs", "lots"], "jobs 'lots' is not a whole number"),
    (["screenshot", "--ruleset", "voidmarked", "--out", "x.png", "--turns", "-3"], "turns must be 0 or more"),
    (["screenshot", "--ruleset", "voidmarked", "--out", "x.png", "--turns", "1e400"], "not a whole number"),
    (["simulate", "--ruleset", "voidmarked", "--seed", "9" * 5000], "(5000 characters)"),
    (["simulate", "--ruleset", "voidmarked", "--seed", str(2**64)], "seed must be at most"),
    (["simulate", "--ruleset", "voidmarked", "--games", "9" * 5000], "--games must be at most 10000000"),
])
def test_more_bad_arguments_are_one_line(argv, says, capsys):
    line = _one_error_line(*_run(argv, capsys))
    assert says in line


@pytest.mark.parametrize("argv", [
    ["play", "--ruleset", "nope"],
    ["screenshot", "--ruleset", "voidmarked", "--out", "x.png", "--turns", "-3"],
    ["simulate", "--games", "0", "--ruleset", "voidmarked"],
    ["ladder", "--ruleset", "voidmarked", "--jobs", "-1"],
    ["replay"],
])
def test_the_program_name_is_said_once(argv, capsys):
    line = _one_error_line(*_run(argv, capsys))
    assert line.count("skirmish") == 1, line
    sub = argv[0]
    assert line.startswith(f"skirmish: {sub}: "), line


@needs_voidmarked
def test_an_unusable_replay_dir_is_one_line(tmp_path, capsys):
    a_file = tmp_path / "taken"
    a_file.write_text("not a folder")
    for target, says in [(a_file, "not a folder"), (Path("/proc/skirmish-replays"), "cannot write there")]:
        line = _one_error_line(*_run(["simulate", "--ruleset", "voidmarked", "--games", "1",
                                      "--replay-dir", str(target)], capsys))
        assert str(target) in line and says in line
    assert a_file.read_text() == "not a folder"


def _fifo(tmp_path: Path) -> Path:
    import os

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    return fifo


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no FIFOs on this system")
@pytest.mark.parametrize("special", ["/dev/zero", "fifo", "folder"])
def test_replay_of_a_special_file_is_refused_before_reading(special, tmp_path):
    """In a real process: `replay /dev/zero` and a FIFO used to never return."""
    path = {"/dev/zero": Path("/dev/zero"), "fifo": None, "folder": tmp_path}[special] or _fifo(tmp_path)
    res = subprocess.run([sys.executable, "-m", "game", "replay", str(path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert res.returncode == 2 and res.stdout == "", res.stderr
    assert len(res.stderr.splitlines()) == 1 and "Traceback" not in res.stderr
    assert str(path) in res.stderr


@needs_voidmarked
@pytest.mark.parametrize(("raw", "place"), [
    ('"seed": 1e400', "scenario.seed"),
    ('"seed": ' + "9" * 5000, "scenario.seed"),
    ('"seed": 7.9', "scenario.seed"),
])
def test_a_replay_with_an_impossible_seed_in_a_real_process(raw, place, tmp_path):
    text = ('{"format": 1, "scenario": {"ruleset": "voidmarked", "map": "square/voidmarked_warehouse.tmx", '
            '"squads": {"p1": "vanguard", "p2": "void_cult"}, ' + raw + '}, "inputs": []}')
    path = tmp_path / "seed.json"
    path.write_text(text)
    res = subprocess.run([sys.executable, "-m", "game", "replay", str(path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert res.returncode == 2 and res.stdout == ""
    (line,) = res.stderr.splitlines()
    assert line.startswith(f"skirmish: {path}: {place}: "), line


@needs_voidmarked
def test_a_replay_nested_100000_deep_in_a_real_process(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"format": 1, "scenario": {}, "inputs": ' + "[" * 100_000 + "]" * 100_000 + "}")
    res = subprocess.run([sys.executable, "-m", "game", "replay", str(path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert res.returncode == 2 and "nested" in res.stderr and len(res.stderr.splitlines()) == 1


# -- untrusted input, second pass (#34 item 3): bounded, one line, the value cut ------------------
LONG = "a" * 5000


@pytest.mark.parametrize(("argv", "says"), [
    (["report", "--ruleset", "voidmarked", "--games", "99999999999999999999", "--out", "r"],
     "--games must be at most 1000000"),
    (["report", "--ruleset", "voidmarked", "--games", "2", "--seed", "9" * 5000, "--out", "r"],
     "(5000 characters)"),
    (["report", "--ruleset", "voidmarked", "--games", "2", "--jobs", "99999", "--out", "r"],
     "--jobs must be at most 1024"),
    (["report", "--ruleset", "voidmarked", "--games", "2", "--out", ""], "--out is empty"),
    (["report", "--ruleset", "voidmarked", "--games", "2", "--out", " "], "--out is empty"),
    (["simulate", "--ruleset", "voidmarked", "--replay-dir", ""], "--replay-dir is empty"),
    (["screenshot", "--ruleset", "voidmarked", "--out", ""], "--out is empty"),
    (["screenshot", "--ruleset", "voidmarked", "--out", "shots/"], "is a folder"),
    (["screenshot", "--ruleset", "voidmarked", "--out", "x.png", "--size", "9" * 5000 + "x720"],
     "(5004 characters)"),
    (["simulate", "--ruleset", "saves", "--option", "surprise=p1", "--option", "surprise=p2"],
     "--option surprise is given twice, as p1 and as p2"),
    (["simulate", "--ruleset", "saves", "--pc", "none", "--pc", "p1"], "contradict"),
    (["simulate", "--ruleset", "saves", "--pc", "p2", "--pc", "none"], "contradict"),
    (["simulate", "--ruleset", "tokens", "--pc", "p1"], "Tokens has no player characters"),
    (["simulate", "--ruleset", "voidmarked", "--pc", "none"], "has no player characters"),
    (["simulate", "--ruleset", LONG], "(5000 characters)"),
    (["simulate", "--ruleset", "voidmarked", "--map", LONG], "(5000 characters)"),
    (["simulate", "--ruleset", "tokens", "--squad", f"p1={LONG}"], "(5000 characters)"),
    (["replay", LONG], "(5000 characters)"),
    (["ladder", "--ruleset", "voidmarked", "--hard-budget", LONG], "(5000 characters)"),
])
def test_unbounded_or_conflicting_arguments_are_one_short_line(argv, says, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    line = _one_error_line(*_run(argv, capsys))
    assert says in line, line
    assert len(line) < 500, line
    assert not any(tmp_path.iterdir())  # nothing was written (report --out "" wrote into ".")


def test_the_same_option_twice_with_one_value_is_fine():
    from game.core.options import parse_assignments

    assert parse_assignments(registry.get("saves"), ["surprise=p1", "surprise=p1"]) == {"surprise": "p1"}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_squad_file_is_refused_at_once(tmp_path, capsys):
    """It used to hang simulate and play (read_text on a FIFO waits for a writer)."""
    fifo = tmp_path / "squad.toml"
    os.mkfifo(fifo)
    line = _one_error_line(*_run(["simulate", "--ruleset", "tokens", "--squad", f"p1={fifo}"], capsys))
    assert "not a regular file" in line and str(fifo) in line


def test_the_subcommand_list_names_every_subcommand_and_one_alone_parses_alike():
    """`play` builds its own arguments alone (before its window's first frame): the list it is
    chosen from names every subcommand, and its arguments parse as with the whole parser."""
    import argparse

    from game.cliparser import COMMANDS, build_parser

    subs = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert tuple(subs.choices) == COMMANDS
    argv = ["play", "--ruleset", "saves", "--seed", "4", "--p2", "hard"]
    assert vars(build_parser("play").parse_args(argv)) == vars(build_parser().parse_args(argv))
