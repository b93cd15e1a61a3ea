"""SV-RETREAT's "somewhere to run to" read from the map: marked exits, else the map's rim."""

from __future__ import annotations

import pytest

from game.core.board import Board, Objective
from game.core.components import Status
from game.core.tmx import load_board
from game.paths import MAPS_DIR
from game.rulesets.saves.exits import is_exit, marked_exits
from tests.rulesets.saves.saves_helpers import act, comp, duel, make_match, place, resolve, side_units


def _can_flee(m, ent) -> bool:
    return any(a.kind == "flee" and a.actor == ent for a in m.legal())


@pytest.mark.rule("SV-RETREAT")
def test_a_map_that_marks_exits_lets_units_flee_only_through_them():
    board = Board.blank("square", 20, 14)
    board.objectives.append(Objective("trapdoor", "exit", ((10, 7),)))
    board.objectives.append(Objective("well", "hold", ((4, 4),)))
    m = make_match(board=board)
    a = side_units(m, "p1")[0]
    place(m, a, (0, 5))
    assert not _can_flee(m, a)  # the edge is no way out once the map names its exits
    place(m, a, (4, 4))
    assert not _can_flee(m, a)  # a `hold` objective means nothing to saves
    place(m, a, (10, 7))
    assert _can_flee(m, a)
    act(m, "flee", actor=a)
    resolve(m)
    assert comp(m, a, Status).state == "fled"


@pytest.mark.rule("SV-RETREAT")
def test_without_marked_exits_the_rim_of_a_ragged_map_is_a_way_out():
    m, a, _b = duel()
    del m.board.terrain[(5, 4)]  # a hole in the board: the square south of it is on the rim
    assert _can_flee(m, a)
    place(m, a, (7, 7))
    assert not _can_flee(m, a)


def test_old_ford_exits_are_its_four_gates():
    board = load_board(MAPS_DIR / "square" / "saves_ford.tmx")
    gates = {(0, 8), (0, 9), (23, 8), (23, 9), (5, 0), (6, 0), (17, 17), (18, 17)}
    assert set(marked_exits(board)) == gates
    assert {c for c in board.cells() if board.passable(c) and is_exit(board, c)} == gates
    warehouse = load_board(MAPS_DIR / "square" / "voidmarked_warehouse.tmx")
    assert marked_exits(warehouse) == []  # its objective is a `hold`: the walled rim is read instead
    assert not any(is_exit(warehouse, c) for c in warehouse.cells() if warehouse.passable(c))
