"""The tokens AI's take-outs where bleeding units act (the default reading of TK-ZERO): a hit that
starts a player unit bleeding, or leaves it at 0, counts as part of a take-out, for enemies and
against the AI's own units caught in its area attacks."""

from __future__ import annotations

import pytest
from test_tokens_ai import lone, of
from tokens_helpers import find, hold, make_match, place, set_hp, unit

from game.core.components import Status
from game.rulesets.tokens import RULESET
from game.rulesets.tokens.ai import BLEED_WORTH, ZERO_WORTH
from game.rulesets.tokens.aiplan import KILL_WORTH
from game.rulesets.tokens.aithreat import BLEEDING_LOSS, enemy_volley
from game.rulesets.tokens.components import get
from game.rulesets.tokens.odds import hit_chance


def _vanguard_on_shade(hp: int):
    m = lone("Vanguard 1", "Shade 1")
    vanguard, shade = unit(m, "Vanguard 1"), of(m, "p2", "Shade 1")
    place(m, vanguard, (5, 5))
    place(m, shade, (6, 5))
    set_hp(m, shade, hp)
    m.touch()
    return m, vanguard, shade


@pytest.mark.parametrize(("hp", "worth"), [(1, BLEED_WORTH), (2, ZERO_WORTH), (0, BLEED_WORTH - ZERO_WORTH),
                                           (4, 0.0), (-1, 0.0)])
def test_a_hit_that_starts_an_enemy_bleeding_is_part_of_a_take_out(hp, worth):
    # the Broadsword's 3 physical, 2 through the Shade's flak vest
    m, vanguard, shade = _vanguard_on_shade(hp)
    with m.world:
        got = RULESET.assess(m, find(m, "attack", actor=vanguard, target=shade))
    assert got.kill_chance == pytest.approx(float(hit_chance(False)) * worth)


def test_a_cleave_that_starts_an_ally_bleeding_counts_against_the_attack():
    m, vanguard, shade = _vanguard_on_shade(4)
    marksman = unit(m, "Marksman")
    with m.world:
        get(marksman, Status).state = "active"
    place(m, marksman, (6, 6))  # beside the Shade: in the Broadsword's cleave
    set_hp(m, marksman, 1)
    m.touch()
    with m.world:
        got = RULESET.assess(m, find(m, "attack", actor=vanguard, target=shade))
    assert got.kill_chance == pytest.approx(-float(hit_chance(False)) * BLEED_WORTH)


def test_under_the_down_reading_going_below_zero_is_a_whole_take_out():
    m = make_match("wardens", "nightfall", rules={"below_zero": "down"})
    vanguard, shade = unit(m, "Vanguard 1"), of(m, "p2", "Shade 1")
    with m.world:
        for ent, (st,) in m.units(Status):
            if ent not in (vanguard, shade):
                st.state = "dead"
    place(m, vanguard, (5, 5))
    place(m, shade, (6, 5))
    set_hp(m, shade, 1)
    m.touch()
    with m.world:
        got = RULESET.assess(m, find(m, "attack", actor=vanguard, target=shade))
    assert got.kill_chance == pytest.approx(float(hit_chance(False)))


def test_a_bleeding_unit_is_worth_less_than_one_at_zero_at_the_search_leaves():
    m, _vanguard, shade = _vanguard_on_shade(0)
    at_zero = RULESET.evaluate(m, "p1")
    set_hp(m, shade, -1)
    m.touch()
    # both act at half tokens, but the bleeding one loses health every turn until it dies
    assert RULESET.evaluate(m, "p1") == pytest.approx(at_zero + BLEEDING_LOSS)
    assert RULESET.evaluate(m, "p2") == pytest.approx(-at_zero - BLEEDING_LOSS)


def test_hards_volley_counts_starting_an_enemy_bleeding():
    m = lone("Gunner", "Shade 1")
    gunner, shade = of(m, "p1", "Gunner"), unit(m, "Shade 1")
    place(m, gunner, (5, 5))
    place(m, shade, (11, 5))
    hold(m, gunner, "carbine")
    set_hp(m, shade, 20)
    m.touch()
    move = find(m, "move", actor=gunner, cell=(6, 5))
    assert RULESET.volley_after(m, move) == 4.0  # 4 attacks of 2, less 1 for its flak vest
    set_hp(m, shade, 3)  # the 4 take it to -1: bleeding, not yet dead (at -4)
    m.touch()
    with m.world:
        kill = KILL_WORTH + enemy_volley(m, "p1", shade)[1]
    assert RULESET.volley_after(m, move) == pytest.approx(4.0 + BLEED_WORTH * kill)


def test_hards_exposure_shares_no_cleave_with_the_unit_next_door():
    """An enemy's fire is shared among the side's units in its reach, but a Cleave aimed at the
    unit next door hits this one too: bunched up, each unit is priced the whole volley."""
    m = make_match("nightfall", "wardens")
    shade, gunner, vanguard = of(m, "p1", "Shade 1"), of(m, "p1", "Gunner"), of(m, "p2", "Vanguard 1")
    with m.world:
        for ent, (st,) in m.units(Status):
            if ent not in (shade, gunner, vanguard):
                st.state = "dead"
    place(m, vanguard, (12, 5))
    place(m, gunner, (6, 5))
    place(m, shade, (6, 8))  # three tiles from the Gunner: the Vanguard's fire is shared
    m.touch()
    apart = RULESET.exposure_now(m, shade)
    assert apart > 0
    place(m, shade, (6, 6))  # next to the Gunner: a cleave at either hits both
    m.touch()
    assert RULESET.exposure_now(m, shade) == pytest.approx(2 * apart)
