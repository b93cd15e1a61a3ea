"""Where units stand: line of sight, cover, melee and ranged bands, areas, stealth."""

from __future__ import annotations

import pytest
from vm_helpers import (
    act,
    conds,
    events,
    hp,
    is_legal,
    make_turn,
    new_match,
    park_others,
    place,
    revive,
    set_hand,
    stack,
    unit,
    void,
)

from game.core.board import Board
from game.rulesets.voidmarked.ai import strike_now
from game.rulesets.voidmarked.odds import MISS
from game.rulesets.voidmarked.query import in_cover, los


def duo(a_uid, b_uid, a_cell, b_cell, board=None, p1="vanguard", p2="void_cult"):
    """Two units alone on the board, the first to act, both hands empty."""
    m = new_match(p1, p2, board=board)
    a, b = unit(m, a_uid), unit(m, b_uid)
    park_others(m, [a, b])
    place(m, a, a_cell)
    place(m, b, b_cell)
    make_turn(m, a)
    set_hand(m, "p1", [])
    set_hand(m, "p2", [])
    return m, a, b


@pytest.mark.rule("VM-LOS")
def test_a_wall_breaks_line_of_sight_and_units_do_not():
    board = Board.blank("square", 16, 12)
    board.set((6, 5), name="wall", blocks_move=True, blocks_los=True)
    m, vire, flayed = duo("vire", "flayed", (3, 5), (9, 5), board)
    assert not los(m.board, (3, 5), (9, 5))
    assert not is_legal(m, "attack", vire, target=flayed, option="main")
    place(m, flayed, (9, 7))  # the line passes beside the wall now
    assert los(m.board, (3, 5), (9, 7))
    assert is_legal(m, "attack", vire, target=flayed, option="main")
    # a unit standing on the line does not block it
    hale = unit(m, "hale")
    revive(m, hale)
    place(m, hale, (6, 6))
    assert is_legal(m, "attack", vire, target=flayed, option="main")


@pytest.mark.rule("VM-COVER")
def test_cover_counts_within_half_its_height_and_on_the_line_only():
    board = Board.blank("square", 16, 12)
    board.set((8, 5), name="low wall", cover=1, cover_height_ft=3.0)  # half: 1.5 ft -> adjacent only
    board.set((8, 8), name="crates", cover=2, cover_height_ft=10.0)  # half: 5 ft -> one square gap
    assert in_cover(board, (2, 5), (9, 5))  # adjacent behind the low wall
    assert not in_cover(board, (2, 5), (10, 5))  # 5 ft gap > 1.5 ft
    assert in_cover(board, (2, 8), (10, 8))  # 5 ft gap <= 5 ft behind the crates
    assert not in_cover(board, (2, 8), (11, 8))  # 10 ft gap
    assert not in_cover(board, (9, 1), (9, 5))  # the line from above does not cross the low wall
    assert not in_cover(board, (12, 5), (9, 5))  # shot from the other side: the wall is behind it


@pytest.mark.rule("VM-COVER")
def test_cover_helps_against_ranged_attacks_not_melee():
    board = Board.blank("square", 16, 12)
    board.set((7, 5), name="low wall", cover=1, cover_height_ft=4.0)
    m, vire, flayed = duo("vire", "flayed", (2, 5), (8, 5), board)
    with m.world:
        assert strike_now(m, vire, flayed).net_d == 1
    m, hale, flayed = duo("hale", "flayed", (7, 4), (8, 5), board)
    with m.world:
        assert strike_now(m, hale, flayed).net_d == 0


@pytest.mark.rule("VM-MELEE")
def test_melee_reach_is_adjacent_or_the_weapons_extra_reach():
    m, hale, flayed = duo("hale", "flayed", (5, 5), (6, 6))
    assert is_legal(m, "attack", hale, target=flayed, option="main")  # diagonal is adjacent
    place(m, flayed, (7, 5))
    assert not is_legal(m, "attack", hale, target=flayed, option="main")
    m, kasso, hale = duo("kasso", "hale", (5, 5), (7, 5), p1="iron_syndicate", p2="vanguard")
    assert is_legal(m, "attack", kasso, target=hale, option="main")  # Power Glaive: Melee + 5 ft
    place(m, hale, (8, 5))
    assert not is_legal(m, "attack", kasso, target=hale, option="main")


@pytest.mark.rule("VM-MELEE", "VM-RANGED")
def test_no_shooting_an_engaged_enemy_and_disadvantage_shooting_others_while_engaged():
    m, vire, flayed = duo("vire", "flayed", (5, 5), (6, 5))
    assert not is_legal(m, "attack", vire, target=flayed, option="main")
    gunner = unit(m, "cult_gunner")
    revive(m, gunner)
    place(m, gunner, (10, 5))
    with m.world:
        s = strike_now(m, vire, gunner)
    assert s.net_a == -1 and any("melee" in r for r in s.reasons)
    place(m, flayed, (5, 9))
    with m.world:
        assert strike_now(m, vire, gunner).net_a == 0


@pytest.mark.rule("VM-RANGED")
def test_ranged_bands_normal_long_and_beyond():
    # Wren's Service Pistol: 30 ft = 6 squares.
    m, wren, flayed = duo("wren", "flayed", (2, 5), (8, 5))
    with m.world:
        assert strike_now(m, wren, flayed).net_a == 0  # 30 ft: normal
    place(m, flayed, (9, 5))
    with m.world:
        assert strike_now(m, wren, flayed).net_a == -1  # 35 ft: long range
    place(m, flayed, (14, 5))
    assert is_legal(m, "attack", wren, target=flayed, option="main")  # 60 ft: still long range
    place(m, flayed, (15, 5))
    assert not is_legal(m, "attack", wren, target=flayed, option="main")  # 65 ft: beyond


@pytest.mark.rule("VM-AOE")
def test_an_area_catches_every_enemy_inside_and_walls_shield():
    board = Board.blank("square", 16, 12)
    board.set((9, 6), name="pillar", blocks_move=True, blocks_los=True)
    m = new_match(board=board)
    oriel = unit(m, "oriel")
    flayed, morrow, gunner, ashael = (unit(m, u) for u in ("flayed", "morrow", "cult_gunner", "ashael"))
    wren = unit(m, "wren")
    park_others(m, [oriel, flayed, morrow, gunner, ashael, wren])
    place(m, oriel, (3, 5))
    centre = (9, 5)
    place(m, flayed, (9, 5))  # the centre
    place(m, morrow, (10, 4))  # inside
    place(m, gunner, (9, 7))  # within radius 2? no: radius 1 -> outside
    place(m, ashael, (10, 6))  # inside radius but the pillar may shield it
    place(m, wren, (8, 4))  # an ally inside: Entropic Burst affects enemies only
    make_turn(m, oriel)
    set_hand(m, "p1", [])
    set_hand(m, "p2", [])
    from game.rulesets.voidmarked.areas import area_targets
    from game.rulesets.voidmarked.content import content

    with m.world:
        targets = area_targets(m, oriel, content().voidcalls["entropic_burst"], centre)
    assert flayed in targets and morrow in targets
    assert gunner not in targets and wren not in targets
    assert (ashael in targets) == los(board, centre, (10, 6))
    before = void(m, oriel).current
    stack(m, *(["KS", "2H", "10C"] * len(targets)), "9D")
    act(m, "voidcall", oriel, cell=centre, option="entropic_burst")
    assert void(m, oriel).current == before - 10
    assert len([e for e in events(m, "attack") if "Entropic Burst" in e.text]) == len(targets)


@pytest.mark.rule("VM-AOE", "VM-COVER")
def test_an_area_gives_cover_seen_from_its_centre():
    board = Board.blank("square", 16, 12)
    board.set((9, 5), name="low wall", cover=1, cover_height_ft=4.0)
    m = new_match(board=board)
    oriel, flayed = unit(m, "oriel"), unit(m, "flayed")
    park_others(m, [oriel, flayed])
    place(m, oriel, (9, 1))
    place(m, flayed, (10, 5))
    with m.world:
        from game.rulesets.voidmarked.strikes import strike

        behind = strike(m, oriel, flayed, "void", "entropic_burst", centre=(8, 5))
        open_side = strike(m, oriel, flayed, "void", "entropic_burst", centre=(11, 5))
    assert behind.net_d == 1 and open_side.net_d == 0


@pytest.mark.rule("VM-STEALTH")
def test_hide_needs_cover_or_no_sight_from_every_enemy():
    board = Board.blank("square", 16, 12)
    for y in range(3, 9):
        board.set((8, y), name="wall", blocks_move=True, blocks_los=True)
    m, wren, flayed = duo("wren", "flayed", (6, 5), (11, 5), board)
    assert is_legal(m, "hide", wren)
    place(m, flayed, (6, 10))  # in the open now
    assert not is_legal(m, "hide", wren)


@pytest.mark.rule("VM-STEALTH", "VM-ATTACK")
def test_attacking_from_stealth_gives_the_defender_disadvantage_and_ends_it():
    m, wren, flayed = duo("wren", "flayed", (2, 5), (7, 5))
    with m.world:
        from game.rulesets.voidmarked.query import conditions

        conditions(wren).active["stealthed"] = {"turns": 0}
        assert strike_now(m, wren, flayed).net_d == -1
    stack(m, "9S", "KH", "2C", "8D")  # defender flips K and 2, keeps the 2
    act(m, "attack", wren, target=flayed, option="main")
    ev = events(m, "attack")[-1]
    assert ev.data["natural"][1] == "2C"
    assert "stealthed" not in conds(m, wren)


@pytest.mark.rule("VM-STEALTH")
def test_a_silenced_weapon_keeps_the_shooter_hidden():
    m, wren, flayed = duo("wren", "flayed", (2, 5), (5, 5))
    with m.world:
        from game.rulesets.voidmarked.query import conditions

        conditions(wren).active["stealthed"] = {"turns": 0}
    stack(m, "9S", "KH", "2C")
    act(m, "attack", wren, target=flayed, option="offhand")  # Holdout Pistol: silenced
    assert "stealthed" in conds(m, wren)


@pytest.mark.rule("VM-STEALTH")
def test_a_hidden_target_must_be_spotted_first():
    def shoot(seek, hide):
        m, vire, wren_foe = duo("cult_gunner", "wren", (2, 5), (7, 5), p1="void_cult", p2="vanguard")
        with m.world:
            from game.rulesets.voidmarked.query import conditions

            conditions(wren_foe).active["stealthed"] = {"turns": 0}
        # Perception 1 against Stealth 3; then a duel 9 + 3 against 2 + 3
        stack(m, seek, hide, "9S", "2H", "3C")
        act(m, "attack", vire, target=wren_foe, option="main")
        return m, wren_foe

    m, wren = shoot("5S", "4H")  # 6 against 7: not found, the shot is lost
    assert "cannot find" in events(m, "spot")[-1].text and not events(m, "attack")
    assert "stealthed" in conds(m, wren)
    m, wren = shoot("9S", "4H")  # 10 against 7: found, the attack goes on
    assert events(m, "attack") and "stealthed" not in conds(m, wren)


@pytest.mark.rule("VM-STEALTH")
def test_ending_a_quiet_turn_in_cover_slips_into_stealth():
    board = Board.blank("square", 16, 12)
    for y in range(3, 9):
        board.set((8, y), name="wall", blocks_move=True, blocks_los=True)
    m, wren, flayed = duo("wren", "flayed", (6, 5), (11, 5), board)
    act(m, "end", wren)
    assert "stealthed" in conds(m, wren)
    # a unit that moved does not
    m, wren, flayed = duo("wren", "flayed", (6, 5), (11, 5), board)
    act(m, "move", wren, cell=(6, 6))
    act(m, "end", wren)
    assert "stealthed" not in conds(m, wren)


@pytest.mark.rule("VM-STEALTH")
def test_moving_into_the_open_breaks_stealth():
    board = Board.blank("square", 16, 12)
    for y in range(3, 9):
        board.set((8, y), name="wall", blocks_move=True, blocks_los=True)
    m, wren, flayed = duo("wren", "flayed", (6, 5), (11, 5), board)
    act(m, "hide", wren)
    assert "stealthed" in conds(m, wren)
    assert los(board, (11, 5), (9, 10))
    act(m, "move", wren, cell=(9, 10))
    assert "stealthed" not in conds(m, wren)


@pytest.mark.rule("VM-LOS", "VM-MELEE")
def test_melee_needs_a_clear_line_too():
    board = Board.blank("square", 16, 12)
    m, hale, flayed = duo("hale", "flayed", (5, 5), (6, 5), board)
    stack(m, "KS", "2H")
    act(m, "attack", hale, target=flayed, option="main")
    assert events(m, "attack")[-1].data["result"] != MISS
    assert hp(m, flayed) < 38
