"""Saves: d20 roll-under saves, attacks that always hit, armour, HP then STR, declare then resolve."""

from game.rulesets.saves.ruleset import RULESET

__all__ = ["RULESET"]
