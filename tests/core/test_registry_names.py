"""The launcher's list of rulesets (`registry.NAMES`) matches the rulesets themselves."""

from __future__ import annotations

from game.core import ruleset as registry


def test_names_are_the_offered_rulesets_names() -> None:
    """Every shipped ruleset offered to players is listed under its own name, and no other."""
    offered = {rid: registry.get(rid).name for rid in registry.available()}
    assert registry.NAMES == offered
    assert registry.offered_names() == [(rid, offered[rid]) for rid in registry.RULESET_IDS if rid in offered]
