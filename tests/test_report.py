"""The balance report: its statistics on hand-made games, what the collector reads from a real
match's log, a small run of both rulesets writing the page, and one-line argument errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.report import stats
from game.report.stats import Rate

ROOT = Path(__file__).resolve().parent.parent


def _game(winner, first="p1", swapped=False, mp="m1", a="A", b="B", rounds=5, damage=(), kills=(),
          units=None):
    role = {"p1": "b" if swapped else "a", "p2": "a" if swapped else "b"}
    side = None if winner is None else next(s for s, r in role.items() if r == winner)
    return {"map": mp, "squad_a": a, "squad_b": b, "winner": winner, "winner_side": side, "first": first,
            "swapped": swapped, "rounds": rounds, "capped": False, "level": "easy",
            "units": units or {"1": ["gunner", "a"], "2": ["brute", "b"]},
            "damage": [list(d) for d in damage], "kills": [list(k) for k in kills]}


def test_wilson_interval_matches_hand_computed_values():
    r = Rate(wins=5, losses=5, draws=0)
    lo, hi = r.ci
    # p = 0.5, n = 10, z = 1.96: centre 0.5, half-width 0.2634 (Wilson 1927)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = Rate(wins=0, losses=4, draws=0).ci
    assert lo == 0.0 and hi == pytest.approx(0.4899, abs=1e-4)
    lo, hi = Rate(wins=20, losses=0, draws=0).ci
    assert hi == 1.0 and lo == pytest.approx(0.8389, abs=1e-4)
    # a draw is half a win
    assert Rate(wins=1, losses=1, draws=2).rate == 0.5
    assert Rate(wins=3, losses=0, draws=1).rate == pytest.approx(3.5 / 4)
    assert Rate(0, 0, 0).ci == (0.0, 1.0)


def test_first_player_advantage_counts_the_side_that_acted_first():
    games = [_game("a", first="p1"), _game("b", first="p2"), _game("a", first="p2", swapped=True),
             _game("b", first="p2", swapped=True), _game(None, first="p1")]
    # winners' sides: p1, p2, p2 (a sat p2), p1 (b sat p1), draw
    fp = stats.first_player_advantage(games)
    assert (fp.wins, fp.losses, fp.draws) == (3, 1, 1)
    assert fp.rate == pytest.approx(3.5 / 5)
    seat = stats.seat_advantage(games)
    assert (seat.wins, seat.losses, seat.draws) == (2, 2, 1)


def test_matchup_rates_per_map_and_pooled():
    games = [_game("a", mp="m1"), _game("a", mp="m1", swapped=True), _game("b", mp="m2"),
             _game(None, mp="m2")]
    rates = stats.matchup_rates(games)
    assert rates[("A", "B", "m1")].rate == 1.0
    assert rates[("A", "B", "m2")].rate == 0.25
    pooled = rates[("A", "B", "all")]
    assert (pooled.wins, pooled.losses, pooled.draws) == (2, 1, 1)


def test_damage_per_kind_and_action_shares():
    units = {"1": ["gunner", "a"], "2": ["brute", "b"], "3": ["brute", "b"]}
    g1 = _game("a", units=units, damage=[("attack rifle", 1, 2, 6.0), ("attack rifle", 1, 3, 4.0),
                                         ("card smash", 2, 1, 5.0)],
               kills=[("attack rifle", 2, 1), ("end of turn", 3, None)])
    kinds = stats.kind_damage([g1])
    assert kinds["gunner"].dealt == 10 and kinds["gunner"].taken == 5 and kinds["gunner"].unit_games == 1
    assert kinds["brute"].dealt_per_game == 2.5 and kinds["brute"].taken_per_game == 5.0
    assert kinds["brute"].taken_out == 2
    acts = stats.action_totals([g1])
    assert acts["attack rifle"].damage_won == 10 and acts["card smash"].damage_lost == 5
    assert acts["attack rifle"].kills_won == 1
    # no unit damaged it: counted, but neither side's
    assert acts["end of turn"].kills_none == 1 and acts["end of turn"].kills == 1
    assert stats.shares(acts, "damage") == [("attack rifle", 10 / 15), ("card smash", 5 / 15)]
    assert stats.shares(acts, "damage", top=1) == [("attack rifle", 10 / 15), ("other (1)", 5 / 15)]
    assert stats.shares(acts, "kills", top=1) == [("attack rifle", 0.5), ("other (1)", 0.5)]
    assert stats.quantile([1, 2, 3, 4], 0.5) == 2.5


@pytest.mark.parametrize("ruleset", ["casket", "voidmarked"])
def test_collector_reads_every_credited_damage_event(ruleset):
    """What the collector tallies is the log's own damage: same total, victims on the other side."""
    from game.ai.levels import make_level
    from game.core import ruleset as registry
    from game.core.match import map_name
    from game.report import collect

    rs = registry.get(ruleset)
    a, b = rs.default_squads()
    spec = collect.specs_for(ruleset, [(a, b)], [map_name(rs.maps()[0])], ["easy"], 1, 3)[0]
    match = collect.report_match(spec, {"p1": make_level("easy", 1), "p2": make_level("easy", 2)})
    col = collect._CURRENT.pop()
    try:
        match.advance(max_steps=20_000)
        assert match.result is not None
        logged = sum(e.data["damage"] for e in match.log
                     if isinstance(e.data.get("attacker"), int) and e.data.get("damage", 0) > 0)
    finally:
        match.close()
    assert logged > 0
    assert sum(d[3] for d in col.damage) == logged
    for _label, att, victim, _amount in col.damage:
        assert victim is not None and col.units[att][1] != col.units[victim][1]
    assert col.first in ("p1", "p2")
    assert col.kills, "a finished game takes units out"
    assert all(col.state[victim] != "active" for _l, victim, _k in col.kills)


@pytest.mark.parametrize("ruleset", ["voidmarked", "casket"])
def test_small_report_writes_a_self_contained_page(tmp_path, capsys, ruleset):
    from game.core import ruleset as registry

    rs = registry.get(ruleset)
    squads = ",".join(rs.default_squads())
    n_maps = 2 if ruleset == "voidmarked" else 1  # the cross-map view once; casket's games are slower
    maps = ",".join(p.stem for p in rs.maps()[:n_maps])
    out = tmp_path / "out"
    code = main(["report", "--ruleset", ruleset, "--squads", squads, "--maps", maps, "--levels", "easy",
                 "--games", "2", "--jobs", "1", "--out", str(out), "--seed", "5"])
    assert code == 0, capsys.readouterr().err
    page = (out / "report.html").read_text(encoding="utf-8")
    sections = ["id='matchups'", "id='first'", "id='length'", "id='map-0'",
                "Damage dealt and taken per unit kind", "Which actions and cards decide games"]
    if n_maps == 2:
        sections += ["id='map-1'", "id='map-all'"]
    for section in sections:
        assert section in page, section
    # matchup, first player, length, and per map (plus all maps when several) kinds and actions
    assert page.count("<svg") == 3 + 2 * (n_maps + (n_maps > 1))
    assert "<rect" in page or "<path" in page
    assert not re.search(r"https?://", page), "the page must open with no network"
    assert "<script" not in page and "<link" not in page and "src=" not in page
    data = json.loads((out / "games.json").read_text())
    assert len(data["games"]) == 2 * n_maps  # 2 games per map, 1 matchup, 1 level
    assert all(g["first"] in ("p1", "p2") for g in data["games"])
    assert any(g["damage"] for g in data["games"])


def test_across_maps_table_puts_one_matchup_side_by_side_with_its_spread():
    from game.report.page import across_maps_table

    games = [_game("a", mp="m1"), _game("a", mp="m1", swapped=True), _game("b", mp="m2"),
             _game(None, mp="m2"), _game("a", a="A", b="C", mp="m1")]
    rates = stats.matchup_rates(games)
    table = across_maps_table(rates, [("A", "B"), ("A", "C")], ["m1", "m2"])
    rows = re.findall(r"<tr>(.*?)</tr>", table)
    assert re.findall(r"<th>(.*?)</th>", rows[0]) == ["matchup", "m1", "m2", "spread"]
    assert re.findall(r"<td>(.*?)</td>", rows[1]) == ["A vs B", "100.0 % (2)", "25.0 % (2)", "75.0 points"]
    assert re.findall(r"<td>(.*?)</td>", rows[2]) == ["A vs C", "100.0 % (1)", "–", "–"]
    assert across_maps_table(rates, [("A", "B")], ["m1"]) == ""  # one map: nothing to compare


@pytest.mark.deep  # minutes of play: .ci/run runs it (SKIRMISH_DEEP=1)
def test_report_compares_one_matchup_across_maps_of_several_rulesets(tmp_path, capsys):
    """A square ruleset's matchup on its own map and on one made for another ruleset."""
    out = tmp_path / "out"
    maps = ["saves_ford", "voidmarked_warehouse"]
    code = main(["report", "--ruleset", "saves", "--squads", "party,warband", "--maps", ",".join(maps),
                 "--levels", "easy", "--games", "2", "--jobs", "1", "--out", str(out), "--seed", "3"])
    assert code == 0, capsys.readouterr().err
    data = json.loads((out / "games.json").read_text())
    assert data["meta"]["maps"] == [f"square/{m}.tmx" for m in maps]
    page = (out / "report.html").read_text(encoding="utf-8")
    table = page[page.index("<h3 id='across'>"):]
    # squads and maps by the names players know them by, not their ids
    from game.core import ruleset as registry

    squads = registry.get("saves").squads()
    assert "Ford" in table and "saves_ford" not in page.replace("square/saves_ford.tmx", "")
    row = re.search(rf"<tr><td>{squads['party'].name} vs {squads['warband'].name}</td>(.*?)</tr>", table)
    assert row is not None
    cells = re.findall(r"<td>(.*?)</td>", row.group(1))
    for cell, mp in zip(cells, maps, strict=False):
        games = [g for g in data["games"] if g["map"] == f"square/{mp}.tmx"]
        assert len(games) == 2
        score = sum(1.0 if g["winner"] == "a" else 0.5 if g["winner"] is None else 0.0 for g in games)
        assert cell == f"{100 * score / 2:.1f} % (2)"
    assert len(cells) == 3 and cells[2].endswith("points")


@pytest.mark.parametrize(("ruleset", "own"), [
    ("saves", ["saves_ford"]), ("voidmarked", ["voidmarked_warehouse", "voidmarked_nightmarket"])])
def test_the_report_plays_a_rulesets_own_maps_unless_told_all(ruleset, own):
    from game.core import ruleset as registry
    from game.report.command import resolve_maps

    rs = registry.get(ruleset)
    assert resolve_maps(rs, "") == [f"square/{m}.tmx" for m in own]
    every = resolve_maps(rs, "all")
    assert set(every) == {f"square/{p.name}" for p in rs.maps() if not p.stem.startswith("bench_")}
    assert every[: len(own)] == [f"square/{m}.tmx" for m in own] and len(every) > len(own)
    assert resolve_maps(rs, "tokens_yard,varium_courts") == ["square/tokens_yard.tmx",
                                                             "square/varium_courts.tmx"]


def _err(capsys, argv):
    code = main(argv)
    err = capsys.readouterr().err
    return code, err


@pytest.mark.parametrize("extra, needle", [
    (["--ruleset", "nope"], "unknown ruleset"),
    (["--ruleset", "voidmarked", "--squads", "vanguard,ghosts"], "unknown squad 'ghosts'"),
    (["--ruleset", "voidmarked", "--maps", "atlantis"], "no such map"),
    (["--ruleset", "voidmarked", "--maps", "hex/casket_ridge.tmx"], "hex board"),
    (["--ruleset", "voidmarked", "--levels", "godlike"], "unknown level 'godlike'"),
    (["--ruleset", "voidmarked", "--games", "0"], "--games must be at least 1"),
    (["--ruleset", "voidmarked", "--jobs", "0"], "--jobs must be at least 1"),
    (["--ruleset", "voidmarked", "--games", "x"], "not a whole number"),
])
def test_argument_errors_are_one_line_exit_2(tmp_path, capsys, extra, needle):
    argv = ["report", "--games", "1", "--out", str(tmp_path / "o"), *extra]
    code, err = _err(capsys, argv)
    assert code == 2
    assert err.count("\n") == 1 and needle in err, err
    assert not (tmp_path / "o" / "report.html").exists()


def test_unwritable_out_dir_is_one_line_exit_2(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, err = _err(capsys, ["report", "--ruleset", "casket", "--games", "1", "--out", str(blocker / "sub")])
    assert code == 2 and err.count("\n") == 1 and "cannot write there" in err and "--out" in err, err


def test_without_matplotlib_report_says_how_to_install_and_the_game_never_loads_it(tmp_path):
    (tmp_path / "matplotlib.py").write_text("raise ImportError('blocked in this test')\n")
    code = (f"import sys; sys.path.insert(0, {str(tmp_path)!r}); from game.cli import main; "
            f"raise SystemExit(main(['report', '--ruleset', 'voidmarked', '--games', '1', "
            f"'--out', {str(tmp_path / 'o')!r}]))")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert res.returncode == 2
    assert res.stderr.count("\n") == 1 and 'pip install "skirmish-table[report]"' in res.stderr, res.stderr
    # the CLI, a headless run and the report's own non-plot modules leave matplotlib unloaded
    probe = ("import sys; from game.cli import build_parser; build_parser(); "
             "import game.report.collect, game.report.stats, game.report.page, game.sim; "
             "print('matplotlib' in sys.modules)")
    res = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert res.stdout.strip() == "False", res.stderr


@pytest.mark.deep  # minutes of play: .ci/run runs it (SKIRMISH_DEEP=1)
def test_exact_reports_repeat_game_for_game(tmp_path, capsys):
    """With --exact no AI stops on the clock, so the same seed plays the same games."""
    from game.core import ruleset as registry

    rs = registry.get("voidmarked")
    runs = []
    for name in ("one", "two"):
        out = tmp_path / name
        code = main(["report", "--ruleset", "voidmarked", "--squads", ",".join(rs.default_squads()),
                     "--levels", "normal", "--games", "2", "--jobs", "1", "--out", str(out),
                     "--seed", "3", "--exact"])
        assert code == 0, capsys.readouterr().err
        data = json.loads((out / "games.json").read_text())
        assert data["meta"]["exact"] is True
        runs.append([{k: v for k, v in g.items() if k != "seconds"} for g in data["games"]])
    assert runs[0] == runs[1] and len(runs[0]) == 2 * len(data["meta"]["maps"])


def test_exact_specs_give_every_level_a_budget_it_never_reaches_and_hard_fixed_samples():
    from game.report.collect import EXACT_HARD_SAMPLES, specs_for

    loose = specs_for("voidmarked", [("a", "b")], ["m"], ["hard"], 2, 1)
    exact = specs_for("voidmarked", [("a", "b")], ["m"], ["hard"], 2, 1, exact=True)
    assert all(s.samples is None for s in loose)
    assert all(s.samples == EXACT_HARD_SAMPLES and min(b for _l, b in s.budgets) >= 60 for s in exact)
