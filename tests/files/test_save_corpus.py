"""Broken saves (tests/files/corpus.py) are refused by the Load path with one line naming the file
and place; nothing is loaded, the file is untouched, nothing hangs (entity id 10**8)."""

from __future__ import annotations

import json

import pytest
from broken_files import casket_save_cases, one_line, save_cases

from game.ui.saves import SaveError, load_game

CASES = save_cases()
CASKET_CASES = casket_save_cases()


def test_the_valid_save_loads(valid_save, tmp_path):
    path = tmp_path / "good.json"
    path.write_text(json.dumps(valid_save))
    session = load_game(path)
    assert not session.over and session.match.round >= 1


@pytest.mark.parametrize(("case", "make"), CASES, ids=[c for c, _ in CASES])
def test_a_broken_save_is_one_line_and_nothing_is_loaded(case, make, valid_save, tmp_path, hang_guard):
    path = tmp_path / "broken-save.json"
    content = make(valid_save)
    path.write_bytes(content)
    with pytest.raises(SaveError) as err:
        load_game(path)
    one_line(str(err.value), "broken-save.json")
    assert "nothing was loaded" in str(err.value)
    assert path.read_bytes() == content


def test_the_valid_casket_save_loads(valid_casket_save, tmp_path):
    path = tmp_path / "casket.json"
    path.write_text(json.dumps(valid_casket_save))
    session = load_game(path)
    assert session.waiting_for_human and session.specs["p2"] == "human"


@pytest.mark.parametrize(("case", "make"), CASKET_CASES, ids=[c for c, _ in CASKET_CASES])
def test_a_broken_casket_save_is_one_line(case, make, valid_casket_save, tmp_path, hang_guard):
    path = tmp_path / "casket-save.json"
    path.write_bytes(make(valid_casket_save))
    with pytest.raises(SaveError) as err:
        load_game(path)
    one_line(str(err.value), "casket-save.json")


@pytest.mark.parametrize(("case", "place"), [
    ("Health.current a string", "snapshot.world.3.Health"),
    ("Health -999", "snapshot.world.3.Health"),
    ("position off the board", "snapshot.world.3.Position"),
    ("winner p3", "snapshot.result.winner"),
    ("chance state 1e400", "snapshot.chance.state"),
    ("chance state -1", "snapshot.chance.state"),
    ("chance state 2**100", "snapshot.chance.state"),
    ("entity id 100000000", "snapshot.world"),
    ("entity id -3", "snapshot.world"),
    ("snapshot format 999", "snapshot.format"),
    ("table data int 2**80", "snapshot.world.1.Table.data.x"),
    ("a winner while the match goes on", "snapshot.result"),
    ("two units on one cell", "snapshot.world"),
])
def test_the_refusal_names_the_place(case, place, valid_save, tmp_path):
    path = tmp_path / "s.json"
    path.write_bytes(dict(CASES)[case](valid_save))
    with pytest.raises(SaveError) as err:
        load_game(path)
    assert str(err.value).startswith(f"s.json: {place}"), str(err.value)


def test_a_finished_game_saves_and_loads(tmp_path):
    from game.core.match import new_match
    from game.sim import default_scenario
    from game.ui.saves import save_game
    from game.ui.session import Session

    session = Session(new_match(default_scenario("casket", None, 2)), {"p1": "baseline", "p2": "baseline"})
    while not session.over:
        session.step_ai()
    loaded = load_game(save_game(session, "done", tmp_path))
    assert loaded.over and loaded.match.result.winner == session.match.result.winner
    assert loaded.match.state_hash() == session.match.state_hash()


def test_a_save_hiding_an_open_decision_is_refused(tmp_path):
    """pending=false while the inputs stop inside a resolution: the restored match would have
    lost its decision."""
    from game.core.match import new_match
    from game.sim import default_scenario
    from game.ui.saves import save_game
    from game.ui.session import Session

    session = Session(new_match(default_scenario("voidmarked", None, 3)), {"p1": "human", "p2": "human"})
    for _ in range(400):
        if session.decision is not None:
            break
        legal = session.legal()
        attack = next((a for a in legal if a.kind in ("attack", "voidcall")), None)
        move = next((a for a in legal if a.kind == "move"), None)
        session.submit(attack or move or next(a for a in legal if a.kind == "end"))
    assert session.decision is not None
    path = save_game(session, "open", tmp_path)
    assert load_game(path).decision is not None
    data = json.loads(path.read_text())
    data["snapshot"]["pending"] = False
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="pending|between actions"):
        load_game(path)
