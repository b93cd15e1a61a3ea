"""Rulesets, one package each, all shaped alike (see docs/architecture.md)."""
