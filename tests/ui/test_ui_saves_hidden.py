"""A Hidden saves unit on the enemy's screen: drawn faded with a "?" where it hid, never where it
stands; its own side sees it where it is."""

from __future__ import annotations

import pygame

from game.core.components import Position
from game.rulesets.saves.components import conditions, get, name_of, side_of, units
from game.rulesets.saves.hiding import HID_AT
from game.ui.app import build_session
from game.ui.theme import Fonts, palette
from game.ui.tokens import TokenArt
from game.ui.view import read_units


def _hidden_oriel(session, hid_on, true_cell):
    m = session.match
    with m.world:
        oriel = next(e for e in units() if side_of(e) == "p1" and name_of(e) == "Oriel Quickhand")
        taken = {tuple(get(e, Position).cell) for e in units() if e != oriel}
        assert hid_on not in taken and true_cell not in taken
        conditions(oriel).active["hidden"] = {HID_AT: list(hid_on)}
        get(oriel, Position).cell = true_cell
    return oriel


def _free(session, n):
    m = session.match
    with m.world:
        taken = {tuple(get(e, Position).cell) for e in units()}
    return [c for c in m.board.cells() if m.board.passable(c) and c not in taken][:n]


def test_the_enemy_sees_a_hidden_unit_faded_where_it_hid_and_its_side_where_it_is():
    pygame.init()
    s = build_session("saves", None, 3, "human", "human", options={"surprise": "p1"})
    hid_on, true_cell = _free(s, 2)
    oriel = _hidden_oriel(s, hid_on, true_cell)
    theirs = {u.ent: u for u in read_units(s.match, "p2")}[oriel]
    mine = {u.ent: u for u in read_units(s.match, "p1")}[oriel]
    assert (theirs.cell, theirs.unseen) == (hid_on, True)
    assert (mine.cell, mine.unseen) == (true_cell, False)
    art = TokenArt(Fonts(1.0), palette("okabe-ito"))
    faded = art.surface(theirs, 40, False, False, None)
    plain = art.surface(mine, 40, False, False, None)
    centre = (faded.get_width() // 2, faded.get_height() // 2 + 8)
    assert faded.get_at(centre).a < plain.get_at(centre).a
