"""Casket: mechs on hexes; the deck is the structure, the pilot has a wound deck of ten."""

from game.rulesets.casket.ruleset import RULESET

__all__ = ["RULESET"]
