"""Voidmarked: card-flip duels from one shared 54-card deck, cheating from each side's hand."""

from game.rulesets.voidmarked.ruleset import RULESET, VoidmarkedRuleset
from game.rulesets.voidmarked.views import hand_for

__all__ = ["RULESET", "VoidmarkedRuleset", "hand_for"]
