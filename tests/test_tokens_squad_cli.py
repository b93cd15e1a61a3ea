"""`--squad SIDE=FILE`: a built squad plays in `simulate` (and its replay), travels inside the
scenario, and a bad file or flag is one line with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import esper
import pytest

from game.cli import main
from game.core.components import Name, Side
from game.core.match import Match, Scenario, load_board_for
from game.rulesets.tokens import RULESET
from game.rulesets.tokens.components import TkGear, TkShield
from game.rulesets.tokens.squadbuild import SquadBuilder, squad_text
from game.sim import run_replay


def _squad(folder: Path) -> Path:
    b = SquadBuilder(name="Iron Wall")
    for _ in range(2):
        i = b.add_unit("brute", standard_gear=False)
        for g in ("maul", "bulwark", "plate", "medkit"):
            b.add_gear(i, g)
    j = b.add_unit("marksman")
    b.add_gear(j, "toxin")
    return b.save(folder)


def _one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and len(err.splitlines()) == 1, err
    return err.strip()


@pytest.mark.rule("TK-GEAR")
def test_simulate_plays_a_built_squad_and_its_replay_re_runs(tmp_path, capsys):
    path = _squad(tmp_path)
    reps = tmp_path / "reps"
    code = main(
        [
            "simulate",
            "--ruleset",
            "tokens",
            "--games",
            "1",
            "--seed",
            "3",
            "--json",
            "--p1",
            "ai:random",
            "--p2",
            "ai:random",
            "--squad",
            f"p1={path}",
            "--replay-dir",
            str(reps),
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    assert json.loads(out)["games"] == 1
    data = json.loads((reps / "tokens-3.json").read_text())
    scen = data["scenario"]
    assert scen["squads"] == {"p1": "iron_wall", "p2": "nightfall"}
    assert scen["options"]["built_squads"]["p1"]["name"] == "Iron Wall"
    path.unlink()
    replayed, _ = run_replay(reps / "tokens-3.json")  # the replay plays without the squad file
    replayed.close()
    scenario = Scenario.from_json(scen)
    match = Match(RULESET, scenario, load_board_for(scenario), {})  # as deployed
    with match.world:
        mine = {
            esper.component_for_entity(e, Name).text: (g.weapons, g.items, esper.has_component(e, TkShield))
            for e, (g, s) in esper.get_components(TkGear, Side)
            if s.side == "p1"
        }
    match.close()
    assert mine == {
        "Brute 1": (["maul"], ["medkit"], True),
        "Brute 2": (["maul"], ["medkit"], True),
        "Marksman": (["rifle", "knife"], ["stim", "toxin"], False),
    }


def test_a_missing_or_broken_squad_file_is_one_line(tmp_path, capsys):
    missing = tmp_path / "nope.toml"
    assert _one_line(capsys, ["simulate", "--ruleset", "tokens", "--squad", f"p2={missing}"]) == (
        f"skirmish: {missing}: no such squad file"
    )
    bad = tmp_path / "bad.toml"
    bad.write_text(
        squad_text(SquadBuilder.from_squad("wardens").to_file()).replace("wealth = 60", "wealth = 40")
    )
    assert _one_line(capsys, ["simulate", "--ruleset", "tokens", "--squad", f"p1={bad}"]) == (
        f"skirmish: {bad}: squad.wealth: gear costs 56 wealth, over the budget of 40"
    )
    assert _one_line(capsys, ["play", "--ruleset", "tokens", "--squad", f"p1={bad}"]).startswith(
        f"skirmish: {bad}: squad.wealth"
    )


def test_a_bad_squad_flag_is_one_line(tmp_path, capsys):
    path = _squad(tmp_path)
    assert "is not SIDE=FILE" in _one_line(capsys, ["simulate", "--ruleset", "tokens", "--squad", str(path)])
    assert "names p1 twice" in _one_line(
        capsys, ["simulate", "--ruleset", "tokens", "--squad", f"p1={path}", "--squad", f"p1={path}"]
    )
    assert "has no squad builder" in _one_line(
        capsys, ["simulate", "--ruleset", "voidmarked", "--squad", f"p1={path}"]
    )


def test_a_replay_whose_built_squad_breaks_the_rules_is_refused(tmp_path, capsys):
    path = _squad(tmp_path)
    reps = tmp_path / "reps"
    assert (
        main(
            [
                "simulate",
                "--ruleset",
                "tokens",
                "--games",
                "1",
                "--p1",
                "ai:random",
                "--p2",
                "ai:random",
                "--squad",
                f"p1={path}",
                "--replay-dir",
                str(reps),
            ]
        )
        == 0
    )
    capsys.readouterr()
    rep = reps / "tokens-1.json"
    data = json.loads(rep.read_text())
    data["scenario"]["options"]["built_squads"]["p1"]["units"][0]["weapons"] = ["maul", "greataxe", "flamer"]
    rep.write_text(json.dumps(data))
    line = _one_line(capsys, ["replay", str(rep)])
    assert line == (
        f"skirmish: {rep}: scenario.options.built_squads.p1.units[1].weapons: "
        "gear fills 7 primary slots (at most 4; Bulky counts two)"
    )


def test_a_save_keeps_the_built_squad_and_refuses_a_broken_one(tmp_path):
    import msgspec

    from game.core.matchfile import SnapshotData, restore_match
    from game.core.options import BUILT_KEY
    from game.errors import UserError
    from game.sim import default_scenario

    data = RULESET.read_squad_file(_squad(tmp_path))
    scenario = default_scenario("tokens", None, 5, options={BUILT_KEY: {"p2": data}})
    assert scenario.squads == {"p1": "wardens", "p2": "iron_wall"}
    match = Match(RULESET, scenario, load_board_for(scenario), {})
    raw = json.loads(json.dumps(match.snapshot()))
    match.close()
    restored = restore_match(msgspec.json.decode(json.dumps(raw), type=SnapshotData), raw, "save.json")
    assert restored.scenario.options[BUILT_KEY]["p2"]["name"] == "Iron Wall"
    restored.close()
    raw["scenario"]["options"][BUILT_KEY]["p2"]["wealth"] = 20
    with pytest.raises(UserError) as err:
        restore_match(msgspec.json.decode(json.dumps(raw), type=SnapshotData), raw, "save.json")
    assert err.value.line() == (
        "save.json: snapshot.scenario.options.built_squads.p2.wealth: "
        "gear costs 40 wealth, over the budget of 20"
    )
