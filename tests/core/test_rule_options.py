"""Scenario rules options and player-character sides: declared by a ruleset, chosen on the command
line, kept by saves and replays, refused with one line when unknown."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from game.cli import build_parser, main
from game.core import ruleset as registry
from game.core.match import Match, load_board_for
from game.core.matchfile import SnapshotData, restore_match
from game.core.options import (
    RULES_KEY,
    options_from_args,
    parse_assignments,
    parse_pc,
    player_character_sides,
    rule_value,
)
from game.errors import UserError
from game.sim import default_scenario, run_replay, simulate

VM = registry.get("voidmarked")


def test_voidmarked_declares_crit_against_with_its_data_default():
    (opt,) = [o for o in VM.rule_options() if o.name == "crit_against"]
    assert opt.default == "total" and set(opt.values) == {"total", "stat"}
    assert opt.description and opt.display != opt.name
    assert registry.get("casket").rule_options() == ()  # the hook's default: none


def test_option_assignments_parse_and_refuse():
    assert parse_assignments(VM, ["crit_against=stat"]) == {"crit_against": "stat"}
    for bad, said in (("crit_against=always", "cannot be 'always'"), ("luck=7", "has no option 'luck'"),
                      ("crit_against", "is not key=value")):
        with pytest.raises(UserError, match=said):
            parse_assignments(VM, [bad])
    assert parse_pc(["p2", "p1", "p2"]) == ["p1", "p2"]
    assert parse_pc(["none"]) == [] and parse_pc([]) is None
    with pytest.raises(UserError, match="not a side"):
        parse_pc(["p3"])


@pytest.mark.parametrize("cmd", [["simulate"], ["play"], ["screenshot", "--out", "x.png"], ["ladder"]])
def test_every_scenario_command_takes_option_and_pc(cmd):
    # saves: the ruleset with player characters (--pc elsewhere is refused: test_cli)
    args = build_parser().parse_args([*cmd, "--ruleset", "saves", "--option", "surprise=p1",
                                      "--pc", "p1"])
    assert options_from_args(args) == {RULES_KEY: {"surprise": "p1"}, "player_characters": ["p1"]}


@pytest.mark.parametrize("cmd", ["simulate", "play", "screenshot", "ladder"])
def test_a_bad_option_is_one_line_and_exit_2(cmd, capsys, tmp_path):
    extra = ["--out", str(tmp_path / "x.png")] if cmd == "screenshot" else []
    code = main([cmd, "--ruleset", "voidmarked", *extra, "--option", "crit_against=never"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "crit_against" in err and "Traceback" not in err
    assert not (tmp_path / "x.png").exists()


def test_a_replay_with_options_reproduces_its_hash_and_needs_them(tmp_path: Path):
    options = {RULES_KEY: {"crit_against": "stat"}}
    simulate("voidmarked", None, 1, 3, tmp_path, options=options)
    (path,) = tmp_path.glob("*.json")
    data = json.loads(path.read_text())
    assert data["scenario"]["options"] == options
    match, _ = run_replay(path)
    assert rule_value(match.scenario, VM, "crit_against") == "stat"
    assert match.state_hash() == data["final_hash"]
    match.close()
    # the same inputs under the default reading are not the same game
    data["scenario"]["options"] = {}
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps(data))
    try:
        other, _ = run_replay(plain)
    except UserError:
        return
    assert other.state_hash() != data["final_hash"]
    other.close()


def test_a_save_with_an_undeclared_option_is_refused():
    scenario = default_scenario("voidmarked", None, 1, options={RULES_KEY: {"crit_against": "stat"}})
    match = Match(VM, scenario, load_board_for(scenario), {})
    raw = json.loads(json.dumps(match.snapshot()))
    match.close()
    raw["scenario"]["options"][RULES_KEY] = {"crit_against": "sometimes"}
    snap = msgspec.json.decode(json.dumps(raw), type=SnapshotData)
    with pytest.raises(UserError, match=r"scenario\.options\.rules: option crit_against cannot be"):
        restore_match(snap, raw, "bad.json")


@pytest.mark.rule("SV-MORALE")
def test_saves_morale_reads_the_side_flag_and_old_saves_text():
    from game.rulesets.saves.morale import player_sides

    rs = registry.get("saves")
    for options, expected in (({"player_characters": []}, []), ({"player_characters": ["p2"]}, ["p2"]),
                              ({"player_sides": "p1,p2"}, ["p1", "p2"]), ({"player_sides": "none"}, [])):
        scenario = default_scenario("saves", None, 1, options=options)
        match = Match(rs, scenario, load_board_for(scenario), {})
        raw = json.loads(json.dumps(match.snapshot()))
        match.close()
        restored = restore_match(msgspec.json.decode(json.dumps(raw), type=SnapshotData), raw, "save.json")
        assert player_character_sides(restored.scenario) == expected
        assert player_sides(restored) == expected
        restored.close()
