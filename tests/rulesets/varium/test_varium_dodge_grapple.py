"""Who of a grapple may not dodge: both (default) or, by the `dodge_grappled` reading, the held one."""

from __future__ import annotations

import pytest
from varium_helpers import ents, make

from game.core.options import RULES_KEY
from game.rulesets.varium.bodies import set_track


def _holder_may_dodge(reading: str | None) -> bool:
    m = make(cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    if reading is not None:
        m.scenario.options[RULES_KEY] = {"dodge_grappled": reading}
    guard, shooter = ents(m)
    with m.world:
        set_track(m, guard, shooter, 12)  # the guard, acting, holds the shooter
    return "dodge" in {a.kind for a in m.legal()}


@pytest.mark.rule("VC-DODGE")
def test_the_holder_may_dodge_only_when_the_reading_bars_the_held_one_alone() -> None:
    assert not _holder_may_dodge(None)  # default: both fighters of a grapple are locked together
    assert not _holder_may_dodge("both")
    assert _holder_may_dodge("held")  # the seed's plain words: "being grappled"


@pytest.mark.rule("VC-DODGE")
def test_the_launcher_offers_the_reading() -> None:
    from game.rulesets.varium import RULESET

    opts = {o.name: o for o in RULESET.rule_options()}
    assert opts["dodge_grappled"].default == "both"
    assert "seed" not in opts["block"].description.lower()
