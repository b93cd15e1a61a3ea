"""The battle screen's hover questions, answered by voidmarked's own legality checks: why a unit
cannot be targeted, what a square does, which squares an area voidcall reaches."""

from __future__ import annotations

import pytest
from vm_helpers import is_legal, make_turn, new_match, park_others, place, set_hand, unit

from game.core.board import Board
from game.rulesets.voidmarked import RULESET
from game.rulesets.voidmarked.query import los


def duo(a_uid, b_uid, a_cell, b_cell, board=None):
    m = new_match(board=board)
    a, b = unit(m, a_uid), unit(m, b_uid)
    park_others(m, [a, b])
    place(m, a, a_cell)
    place(m, b, b_cell)
    make_turn(m, a)
    set_hand(m, "p1", [])
    set_hand(m, "p2", [])
    return m, a, b


def why(m, a, b) -> str:
    with m.world:
        return RULESET.why_not_target(m, a, b)


def can_target(m, a, b) -> bool:
    return any(x.target == b and x.kind in ("attack", "voidcall") for x in m.legal() if x.actor == a)


@pytest.mark.rule("VM-LOS")
def test_no_line_of_sight_is_the_reason_given_and_only_while_it_holds():
    board = Board.blank("square", 16, 12)
    board.set((6, 5), name="wall", blocks_move=True, blocks_los=True)
    m, vire, flayed = duo("vire", "flayed", (3, 5), (9, 5), board)
    assert not can_target(m, vire, flayed)
    assert why(m, vire, flayed) == "no line of sight"
    place(m, flayed, (9, 7))
    assert can_target(m, vire, flayed) and why(m, vire, flayed) == ""


@pytest.mark.rule("VM-RANGED")
def test_out_of_range_says_how_far():
    m, wren, flayed = duo("wren", "flayed", (1, 5), (15, 5))  # 70 ft: beyond the pistol's 60 ft
    assert not is_legal(m, "attack", wren, target=flayed, option="main")
    assert why(m, wren, flayed) == "beyond long range (14 squares away)"


@pytest.mark.rule("VM-MELEE")
def test_engaged_and_melee_reach_reasons():
    m, vire, flayed = duo("vire", "flayed", (5, 5), (6, 5))  # a rifle next to its target
    assert not can_target(m, vire, flayed)
    assert why(m, vire, flayed).startswith("too close for a ranged attack")
    m, hale, flayed = duo("hale", "flayed", (5, 5), (8, 5))  # a maul three squares off
    assert why(m, hale, flayed).startswith("out of melee reach")


def test_no_reason_for_allies_or_out_of_turn_units():
    m, vire, flayed = duo("vire", "flayed", (3, 5), (9, 5))
    hale = unit(m, "hale")
    assert why(m, vire, hale) == ""  # an ally: not a target question
    assert why(m, flayed, vire) == ""  # not the acting unit


@pytest.mark.rule("VM-COVER")
def test_cell_info_states_cover_sight_and_movement_in_voidmarked_terms():
    board = Board.blank("square", 16, 12)
    board.set((4, 4), name="crates", cover=2, cover_height_ft=10.0)
    board.set((5, 4), name="wall", blocks_move=True, blocks_los=True)
    board.set((6, 4), name="rubble", move_cost=2.0)
    m = new_match(board=board)
    with m.world:
        crates = RULESET.cell_info(m, (4, 4), "p1")
        wall = RULESET.cell_info(m, (5, 4), "p1")
        rubble = RULESET.cell_info(m, (6, 4), "p1")
        plain = RULESET.cell_info(m, (8, 8), "p1")
    assert any("Advantage" in x and "up to 1 square behind it" in x for x in crates)  # 10 ft crates
    assert "impassable" in wall and any("line of sight" in x for x in wall)
    assert rubble == ["entering costs 2 squares of Speed"]
    assert plain == []


@pytest.mark.rule("VM-AOE")
def test_area_of_outlines_the_squares_the_burst_reaches():
    board = Board.blank("square", 16, 12)
    board.set((9, 6), name="pillar", blocks_move=True, blocks_los=True)
    m = new_match(board=board)
    oriel, flayed = unit(m, "oriel"), unit(m, "flayed")
    park_others(m, [oriel, flayed])
    place(m, oriel, (3, 5))
    place(m, flayed, (9, 5))
    make_turn(m, oriel)
    burst = next(a for a in m.legal() if a.option == "entropic_burst" and a.cell == (9, 5))
    with m.world:
        cells = RULESET.area_of(m, burst)
        end = RULESET.area_of(m, next(a for a in m.legal() if a.kind == "end"))
    around = {(9 + dx, 5 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    assert set(cells) == {c for c in around if los(board, (9, 5), c)}
    assert end == []
    # the area stops at the board's edge
    from game.core.action import Action

    with m.world:
        corner = RULESET.area_of(m, Action("voidcall", oriel, cell=(0, 0), option="entropic_burst"))
    assert sorted(corner) == [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_a_spent_action_is_named_as_the_acting_units_not_the_targets():
    from game.rulesets.voidmarked.query import name_of, turn_state

    m, hale, flayed = duo("hale", "flayed", (3, 5), (4, 5))
    with m.world:
        ts = turn_state(m)
        ts.action_used = ts.quick_used = True
        mine = name_of(hale)
    text = why(m, hale, flayed)
    assert text.startswith(f"{mine}'s Action") and "its Action" not in text
