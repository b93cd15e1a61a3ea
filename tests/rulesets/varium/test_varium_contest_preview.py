"""Shove and grapple hovers show their odds: opposed card checks, the same numbers the leave
prompt and the AI weigh (issue #33, item 4)."""

from __future__ import annotations

import pytest
from varium_helpers import ents, find, make, place

from game.rulesets.varium import opposed
from game.rulesets.varium.bodies import grapple_stat
from game.rulesets.varium.checks import pool_for
from game.rulesets.varium.components import sheet


@pytest.mark.rule("VC-SHOVE", "VC-GRAPPLE")
def test_shove_and_grapple_previews_give_the_opposed_checks_odds() -> None:
    m = make("duel_wrestler", "duel_guard", cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    wrestler, guard = ents(m)
    place(m, guard, (5, 5))
    shove = m.ruleset.preview(m, find(m, "shove", actor=wrestler, target=guard))
    grab = m.ruleset.preview(m, find(m, "grapple", actor=wrestler, target=guard))
    with m.world:
        pool = pool_for(m, "p1")
        mine = opposed.scores(pool, 20 + sheet(wrestler).might, 0)
        theirs = opposed.scores(pool, 20 + sheet(guard).might, 0)
        win, _, _ = opposed.opposed(mine, theirs)
        (g_lim, g_prof), (d_lim, d_prof) = grapple_stat(wrestler), grapple_stat(guard)
        gwin, restrain, _ = opposed.opposed(opposed.scores(pool, g_lim, g_prof),
                                            opposed.scores(pool, d_lim, d_prof), 0, 10)
    assert shove is not None and grab is not None
    assert shove.hit == pytest.approx(win) and 0.1 < win < 0.9
    assert grab.hit == pytest.approx(gwin) and gwin > 0.5
    assert dict(grab.outcomes)["hold reaches +10 (Restrained)"] == pytest.approx(restrain)
    assert sum(p for name, p in shove.outcomes) == pytest.approx(1.0)


@pytest.mark.rule("VC-SHOVE")
def test_a_shove_preview_works_its_odds_out_only_when_read() -> None:
    # the AI's terms read a shove's damage (none) on every shove it could make: the opposed
    # checks' odds wait for a reader, and then are the eager numbers (issue #38)
    from dataclasses import replace

    m = make("duel_wrestler", "duel_guard", cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    wrestler, guard = ents(m)
    place(m, guard, (5, 5))
    for kind in ("shove", "grapple"):
        p = m.ruleset.preview(m, find(m, kind, actor=wrestler, target=guard))
        assert p is not None and p.expected_damage == 0.0 and p.kill == 0.0
        assert "_make" in vars(p)  # nothing worked out yet
        with m.world:
            eager = opposed._contest(opposed.leave_odds(m, wrestler, guard), "x", kind)
        assert p.hit == eager.hit > 0.0 and p.outcomes[0][1] == eager.outcomes[0][1]
        assert "_make" not in vars(p) and p.headline and p.lines
        assert replace(p, lines=[]).hit == p.hit
