"""The readings a table may change (`Ruleset.rule_options`: the launcher's rules options and
`--option key=value`), and the one way the rules read the chosen value."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.options import RuleOption, chosen_rules
from game.rulesets.saves.setup import SURPRISE

if TYPE_CHECKING:
    from game.core.match import Match

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "surprise", "Who acts first", SURPRISE, "unclear",
        "Unclear: every player character saves DEX and those who pass act first. "
        "Or plain side order, or one side strikes first.",
        ("DEX saves decide", "side order", "side 1 strikes first", "side 2 strikes first")),
    RuleOption(
        "blast_gang", "Blasts and ganging up", ("join", "apart"), "join",
        "Join: a blast's roll on a unit others attack joins their gang (one roll, +1 each), so no one "
        "is attacked twice in a turn. Apart: every blast is rolled on its own, even on a ganged unit.",
        ("a blast joins the gang", "a blast is rolled apart")),
    RuleOption(
        "morale", "Morale checks", ("once", "each_loss"), "once",
        "Once: a side checks morale when it first loses half its numbers. Each loss: again at every "
        "further loss past half.",
        ("once, at half", "at every loss past half")),
)

_DEFAULTS = {o.name: o.default for o in OPTIONS}


def reading(match: Match, name: str) -> Any:
    """The scenario's chosen value of a saves option, or its default."""
    return chosen_rules(match.scenario).get(name, _DEFAULTS[name])
