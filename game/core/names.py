"""The shipped rulesets' ids and the names players read, importing nothing: the launcher lists
them before its first frame without the ruleset registry (`game.core.ruleset` re-exports them)."""

from __future__ import annotations

import sys

RULESET_IDS: tuple[str, ...] = ("voidmarked", "casket", "varium", "tokens", "saves")
#: the name players read (`Ruleset.name`) of each shipped ruleset offered to them:
#: tests/core/test_registry_names.py keeps this equal to the classes. The launcher lists the
#: rulesets from it without importing every ruleset's rules, which held its first frame back by
#: most of a second.
NAMES: dict[str, str] = {"voidmarked": "Voidmarked", "casket": "Casket", "varium": "Varium",
                         "tokens": "Tokens", "saves": "Saves"}


def offered_names() -> list[tuple[str, str]]:
    """(id, name) of every ruleset offered to players: the shipped ones from `NAMES` without
    importing them or the registry, any other id only if its package imports and offers it
    (the registry answers whenever it is already imported: it is the one source then)."""
    registry = sys.modules.get("game.core.ruleset")
    if registry is None and all(rid in NAMES for rid in RULESET_IDS):
        return [(rid, NAMES[rid]) for rid in RULESET_IDS]
    from game.core import ruleset as registry

    return registry.offered_names()
