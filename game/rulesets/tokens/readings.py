"""The readings of tokens' seed a table may change (rules options, `--option key=value` and the
launcher): where the seed reads two ways, the catalog's reading is the default and the other is
offered here. docs/rulesets/tokens.md says why for each."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.options import RuleOption, chosen_rules

if TYPE_CHECKING:
    from game.core.match import Match

#: TK-BYPASS: which steps of a Bypass move cost double
BYPASS_STEPS = "bypass_steps"
#: TK-SPRINT: how many one-tile adjustments a sprint may make
SPRINT_TURNS = "sprint_turns"
#: TK-ZERO: what a player unit below 0 health may do while it bleeds
BELOW_ZERO = "below_zero"

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        BYPASS_STEPS, "Bypass price", ("threatened", "every"), "threatened",
        "Bypass pays double for each step out of a tile next to an enemy, or for every step of the move.",
        ("double out of threatened tiles", "double every step")),
    RuleOption(
        SPRINT_TURNS, "Sprint turns", ("each_step", "once"), "each_step",
        "A sprint may shift one tile to the side at each of its steps, or only once.",
        ("one tile each step", "one tile once")),
    RuleOption(
        BELOW_ZERO, "Below 0 health", ("acts", "down"), "acts",
        "A player unit below 0 health bleeds and acts with half its tokens, or bleeds and cannot act.",
        ("acts with half its tokens", "cannot act")),
)
DEFAULTS: dict[str, Any] = {o.name: o.default for o in OPTIONS}


def reading(match: Match, name: str) -> Any:
    """The match's value of one reading (its default when the scenario leaves it unset)."""
    return chosen_rules(match.scenario).get(name, DEFAULTS[name])
