"""Varium has no objectives: a map's outlined objective squares say so when hovered (issue #33:
"four yellow-outlined squares ... never explained; hovering shows nothing")."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rulesets" / "varium"))

from varium_helpers import make  # noqa: E402

from game.core.tmx import load_board  # noqa: E402
from game.paths import resolve_map  # noqa: E402
from game.ui.scenes.battle import BattleScene  # noqa: E402
from game.ui.session import Session  # noqa: E402


def test_an_objective_square_on_a_varium_map_is_a_landmark(app) -> None:
    board = load_board(resolve_map("square/varium_courts.tmx"))
    (obj,) = board.objectives
    m = make("street_gang", "city_guard", board=board,
             cells={"p1": [(1, 6), (1, 7), (2, 6), (2, 7), (3, 6)],
                    "p2": [(16, 6), (16, 7), (17, 6), (17, 7)]})
    scene = BattleScene(app, Session(m, {"p1": "human", "p2": "human"}))
    app.switch(scene)
    app.step(block=False)
    lines = scene.model.cell_lines(sorted(obj.cells)[0])
    assert any("landmark only" in line for line in lines), lines
