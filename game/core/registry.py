"""The registry of rulesets: which ids exist, which are offered to players, and the one instance
of each (a package under game/rulesets/<id>/ exposing `RULESET`), imported on first use."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.ruleset import Ruleset

RULESET_IDS: tuple[str, ...] = ("voidmarked", "casket", "varium", "tokens", "saves")
_cache: dict[str, Ruleset] = {}


def available(unoffered: bool = False) -> list[str]:
    """Ids of rulesets that are implemented (their package imports) and offered to players
    (`unoffered`: those not offered yet too)."""
    out = []
    for rid in RULESET_IDS:
        try:
            rs = get(rid)
        except KeyError:
            continue
        if rs.offered or unoffered:
            out.append(rid)
    return out


def get(ruleset_id: str) -> Ruleset:
    """The registered ruleset with this id; KeyError when unknown or not implemented."""
    if ruleset_id not in _cache:
        if ruleset_id not in RULESET_IDS:
            raise KeyError(ruleset_id)
        try:
            module = importlib.import_module(f"game.rulesets.{ruleset_id}")
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith(f"game.rulesets.{ruleset_id}"):
                raise KeyError(ruleset_id) from None
            raise
        _cache[ruleset_id] = module.RULESET
    return _cache[ruleset_id]
