"""Hard's own terms in saves (beyond the side plan): a move's follow-up is the moving unit's own
attack (`followup_same_actor_hard`), and position is priced by the exact exposure
(`exposure.py`: the enemies' strikes after this unit's armour and dodge, cover Impairing ranged
ones) where Normal prices every unit alike (`ai.threat_by`)."""

from __future__ import annotations

import pytest
from saves_helpers import bench, make_match, place, setup_unit, side_units

from game.ai.knowledge import Deadline
from game.ai.levels import make_level
from game.ai.moves import is_move
from game.core.board import Board
from game.rulesets.saves.components import SvGear, get
from game.rulesets.saves.exposure import exposure_at


def _two_raiders(m, p1_unit: int, keep: tuple[int, ...] = ()):
    """A raider with a greataxe 12 squares east of the unit, and one far off (two enemies: the
    last enemy's third does not apply)."""
    a = side_units(m, "p1")[p1_unit]
    e, f = side_units(m, "p2")[1:3]
    bench(m, [a, e, f, *keep])
    place(m, a, (3, 7))
    place(m, e, (15, 7))
    place(m, f, (19, 13))
    for r in (e, f):
        setup_unit(m, r, hp=4, str_=12, dex=11, held=["greataxe"], armour="gambeson", shield="")
    return a, e


@pytest.mark.rule("SV-DAMAGE")
def test_hard_closes_with_the_plate_clad_unit_normal_holds_back():
    m = make_match()
    a, _e = _two_raiders(m, 0)
    setup_unit(m, a, hp=6, str_=14, dex=14, held=["sword"], armour="plate", shield="", bonus=[])
    with m.world:
        get(a, SvGear).stowed = []
    normal = make_level("normal", seed=3, budget=5.0).choose(m, m.legal())
    hard = make_level("hard", seed=3, budget=5.0).choose(m, m.legal())
    # Normal prices the greataxe's die on whoever stands in its reach (9 squares): it stops short
    assert m.board.distance(tuple(normal.cell), (15, 7)) > 9
    # Hard prices it after plate and a nimble dodge: little, so it closes all the way
    assert m.board.distance(tuple(hard.cell), (15, 7)) <= 9
    with m.world:
        assert exposure_at(m, a, tuple(hard.cell)) < 2.0


@pytest.mark.rule("SV-IMPAIR")
def test_exposure_counts_cover_against_ranged_strikes():
    board = Board.blank("square", 20, 14)
    board.set((10, 3), cover=1)  # on the line from (18, 3) to (6, 3) only
    m = make_match(board=board)
    a = side_units(m, "p1")[4]
    e, f = side_units(m, "p2")[3:5]
    bench(m, [a, e, f])
    place(m, e, (18, 3))
    place(m, f, (19, 13))
    setup_unit(m, a, hp=4, str_=12, dex=10, held=["bow"], armour="none", shield="", bonus=[])
    setup_unit(m, e, hp=3, str_=10, dex=13, held=["crossbow"], armour="none", shield="")
    with m.world:
        open_ = exposure_at(m, a, (6, 9))
        covered = exposure_at(m, a, (6, 3))
    assert 0.0 < covered < open_  # the crossbow's d10 is Impaired to a d4 through the cover


@pytest.mark.rule("SV-TURN")
def test_hard_credits_a_move_only_with_the_movers_own_attack():
    m = make_match()
    b = side_units(m, "p1")[3]
    a, _e = _two_raiders(m, 0, keep=(b,))
    place(m, b, (14, 7))  # next to the raider: its attack is there whatever the other unit does
    place(m, a, (3, 0))
    setup_unit(m, a, hp=6, str_=14, dex=10, held=["sword"], armour="mail", shield="", bonus=[])
    setup_unit(m, b, hp=4, str_=12, dex=10, held=["spear"], armour="none", shield="", bonus=[])
    with m.world:
        get(a, SvGear).stowed = []
    hard = make_level("hard", seed=3, budget=5.0)
    ranked = hard.normal.rank(m, m.legal(), Deadline(5.0), lookahead=hard.lookahead)
    far = [r for r in ranked if is_move(m.ruleset, r.action) and r.action.actor == a
           and m.board.distance(tuple(r.action.cell), (15, 7)) > 1]
    assert far
    # the spear's attack is the other unit's, there with or without this move
    assert all("followup" not in r.terms for r in far)
