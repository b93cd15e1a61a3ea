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


@pytest.mark.rule("VC-DODGE")
def test_the_last_to_act_is_told_why_dodge_and_block_are_missing() -> None:
    from varium_helpers import act

    from game.rulesets.varium.view import unit_view

    m = make(cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    guard, shooter = ents(m)
    act(m, "end", actor=guard)
    assert "dodge" not in {a.kind for a in m.legal()}  # the shooter acts last (Doc Pell, issue #33)
    with m.world:
        tags = unit_view(m, shooter, "p2")["tags"]
    assert any("no Dodge or Block" in t for t in tags), tags
