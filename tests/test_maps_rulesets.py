"""Same map, another ruleset: every ruleset plays every shipped map of its board kind, the
default map of each is its own, and a map of the wrong kind is refused in one line, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai.controller import make_controller
from game.cli import main
from game.core import ruleset as registry
from game.core.components import Position, Side
from game.core.match import Match, Scenario, load_board_for, map_name
from game.paths import MAPS_DIR

RULESETS = registry.available(unoffered=True)
TILED = Path(__file__).resolve().parent / "data" / "tiled"
# maps drawn in Tiled for other games (no game properties, no zones: docs/maps.md) play too
FOREIGN = {"square": str(TILED / "perspective_walls.tmx"), "hex": str(TILED / "hexagonal-mini.tmx")}
CASES = [(rid, m) for rid in RULESETS
         for m in [*(map_name(p) for p in registry.get(rid).maps()), FOREIGN[registry.get(rid).board_kind]]]


def test_every_shipped_map_is_offered_to_every_ruleset_of_its_board_kind():
    for rid in RULESETS:
        rs = registry.get(rid)
        shipped = sorted((MAPS_DIR / rs.board_kind).glob("*.tmx"))
        assert sorted(rs.maps()) == shipped, rid
        assert rs.maps()[0].stem == rs.default_map, rid


@pytest.mark.parametrize(("default", "ruleset"), [
    ("saves_ford", "saves"), ("tokens_yard", "tokens"), ("varium_courts", "varium"),
    ("voidmarked_warehouse", "voidmarked"), ("casket_foundry", "casket")])
def test_each_ruleset_defaults_to_a_map_made_for_it(default, ruleset):
    rs = registry.get(ruleset)
    assert rs.default_map == default
    board = load_board_for(Scenario(ruleset, map_name(rs.maps()[0]), dict(zip(("p1", "p2"),
                                    rs.default_squads(), strict=True)), 1))
    assert board.properties.get("ruleset") == ruleset


@pytest.mark.parametrize(("ruleset", "map_path"), CASES, ids=[f"{r}-{Path(m).stem}" for r, m in CASES])
def test_a_seeded_ai_game_plays_to_the_end_on_every_map_of_the_kind(ruleset, map_path):
    rs = registry.get(ruleset)
    s1, s2 = rs.default_squads()
    scenario = Scenario(ruleset, map_path, {"p1": s1, "p2": s2}, 5)
    board = load_board_for(scenario)
    controllers = {"p1": make_controller("baseline", 11), "p2": make_controller("baseline", 12)}
    match = Match(rs, scenario, board, controllers)  # type: ignore[arg-type]
    with match.world:
        placed = [(side.side, pos.cell) for _e, (pos, side) in match.units(Position, Side)]
    assert {s for s, _ in placed} == {"p1", "p2"}
    for side in ("p1", "p2"):
        cells = [c for s, c in placed if s == side]
        assert len(set(cells)) == len(cells) or ruleset == "varium"  # varium: two bodies a square
        if len(board.spawns[side]) >= len(cells):
            # the map's zones are read, whatever ruleset the map was made for
            assert set(cells) <= set(board.spawns[side]), (side, cells)
    match.play()
    assert match.result is not None
    assert match.round <= rs.round_cap + 1
    match.close()


@pytest.mark.parametrize("command", ["play", "simulate", "screenshot", "report"])
@pytest.mark.parametrize(("ruleset", "map_path", "kinds"), [
    ("saves", "hex/casket_ridge.tmx", "square boards, this map is a hex board"),
    ("tokens", "hex/casket_foundry.tmx", "square boards, this map is a hex board"),
    ("voidmarked", "hex/casket_foundry.tmx", "square boards, this map is a hex board"),
    ("casket", "square/saves_ford.tmx", "hex boards, this map is a square board")])
def test_a_map_of_the_wrong_board_kind_is_one_line_and_exit_2(command, ruleset, map_path, kinds,
                                                             tmp_path, capsys):
    pytest.importorskip("matplotlib") if command == "report" else None
    args = {"play": ["--map", map_path], "simulate": ["--map", map_path, "--games", "1"],
            "screenshot": ["--map", map_path, "--out", str(tmp_path / "x.png")],
            "report": ["--maps", map_path, "--games", "1", "--out", str(tmp_path / "r")]}[command]
    code = main([command, "--ruleset", ruleset, *args])
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("skirmish: "), err
    assert kinds in lines[0] and Path(map_path).name in lines[0]
    assert not (tmp_path / "x.png").exists()


def test_a_shipped_map_may_be_named_by_its_file_name_alone(tmp_path, capsys):
    code = main(["simulate", "--ruleset", "tokens", "--map", "saves_ford", "--games", "1", "--json",
                 "--replay-dir", str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    replay = next(tmp_path.glob("*.json")).read_text()
    assert '"map": "square/saves_ford.tmx"' in replay
    code = main(["screenshot", "--ruleset", "saves", "--map", "varium_courts.tmx", "--out",
                 str(tmp_path / "shot.png")])
    assert code == 0 and (tmp_path / "shot.png").stat().st_size > 0


def test_a_missing_map_is_one_line_naming_the_shipped_maps_of_the_kind(capsys):
    code = main(["simulate", "--ruleset", "saves", "--map", "atlantis", "--games", "1"])
    _out, err = capsys.readouterr()
    assert code == 2 and len(err.splitlines()) == 1
    assert "atlantis: no such map file (shipped square maps: saves_ford, " in err
    assert "casket" not in err
