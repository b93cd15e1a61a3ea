"""Skirmish Table: turn-based tactical skirmishes under five tabletop rulesets."""

__version__ = "0.1.0"
