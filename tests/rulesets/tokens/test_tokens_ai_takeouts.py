"""The tokens AI's take-outs where bleeding units act (the default reading of TK-ZERO): a hit that
starts a player unit bleeding, or leaves it at 0, counts as part of a take-out, for enemies and
against the AI's own units caught in its area attacks."""

from __future__ import annotations

import pytest
from test_tokens_ai import lone, of
from tokens_helpers import find, make_match, place, set_hp, unit

from game.core.components import Status
from game.rulesets.tokens import RULESET
from game.rulesets.tokens.ai import BLEED_WORTH, ZERO_WORTH
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
