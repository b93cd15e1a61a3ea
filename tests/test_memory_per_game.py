"""What a game keeps goes with its board, its match or its world, not into module-level tables.

Memory for a batch of games must stay flat (benchmarks/memory.py): caches keyed by board, match,
world, entity ids, positions or game state that live at module level hold every past game's
entries until their caps (tokens grew 35 -> 141 MiB over 64 games, voidmarked, varium and casket
grew too). Each registered ruleset plays a baseline game, then one more; no module-level dict,
list or set in `game.*` may have grown in between, except the tables named in `ALLOWED`
(bounded by the content, or small and capped: tests/core/test_stackplay_memo.py checks the stack memos' cap).
"""

from __future__ import annotations

import gc
import sys
import weakref

import pytest

from game.core import ruleset as registry
from game.sim import default_scenario, play_game

#: module-level tables allowed to grow from one game to the next, each with why it stays flat
ALLOWED = {
    # per content: one entry per component class (its tuple-typed fields), filled as classes are
    # first snapshot
    "game.core.world._TUPLE_FIELDS",
    # bounded small: exact stack worths per (rule, payoff), pure functions of those, dropped past
    # `_MEMO_CAP` entries in all (about one varium game's worth, ~3 MiB); the three grow together
    "game.core.stackplay._MEMO",
    "game.core.stackplay._SOLVERS",
    "game.core.stackplay._FORGET",
    # bounded small: packed draw counts per pool profile, a pure function of it, cleared past 256
    "game.rulesets.varium.odds._ROWS",
    # bounded small: a check decision's worths per (kind, context, unseen pools), a pure function
    # of those, cleared past `WORTHS_KEPT` (4096 small dicts)
    "game.rulesets.varium.ai._WORTHS",
}


def _sizes() -> dict[str, int]:
    out: dict[str, int] = {}
    for name, mod in list(sys.modules.items()):
        if mod is None or not (name == "game" or name.startswith("game.")):
            continue
        for attr, value in list(vars(mod).items()):
            if attr.startswith("__"):
                continue
            if isinstance(value, (dict, list, set, weakref.WeakKeyDictionary, weakref.WeakValueDictionary)):
                out[f"{name}.{attr}"] = len(value)
    return out


def _one_game(rid: str, seed: int) -> None:
    match = play_game(default_scenario(rid, None, seed))
    match.close()
    del match
    gc.collect()


@pytest.mark.parametrize("rid", registry.RULESET_IDS)
def test_one_more_game_grows_no_module_level_table(rid: str) -> None:
    _one_game(rid, 1)
    before = _sizes()
    _one_game(rid, 2)
    after = _sizes()
    grown = {k: (before.get(k, 0), n) for k, n in after.items()
             if n > before.get(k, 0) and k not in ALLOWED}
    assert grown == {}

