"""Tokens: move and attack token pools, coin flips, sneaking, damage types, weapon properties."""

from game.rulesets.tokens.ruleset import RULESET

__all__ = ["RULESET"]
