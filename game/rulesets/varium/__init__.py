"""Varium: blackjack hit checks against face-down evasion cards, half-turn actions, grappling."""

from game.rulesets.varium.ruleset import RULESET

__all__ = ["RULESET"]
