"""Caches that live as long as a match's state stands still, keyed on `Match.version`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.core.match import Match

#: per cache name, the memo of each recent version (versions are unique across matches, so the
#: live match and the AI's scratch copies can take turns without evicting each other at once)
_SLOTS: dict[str, dict[int, dict[Any, Any]]] = {}
KEEP = 8


def state_memo(match: Match, name: str) -> dict[Any, Any]:
    """The dict cache `name` holds for the state `match` is in now (empty after any change)."""
    version = match.version
    slot = _SLOTS.get(name)
    if slot is None:
        slot = _SLOTS[name] = {}
    found = slot.get(version)
    if found is None:
        if len(slot) >= KEEP:
            del slot[next(iter(slot))]
        found = slot[version] = {}
    return found


def forget_all() -> None:
    """Drop every state memo (tests)."""
    _SLOTS.clear()


def keep(memo: dict[Any, Any], key: Any, value: Any, kept: int) -> Any:
    """Put `value` in `memo` under `key`, dropping the oldest entries so it holds at most `kept`:
    a memo whose old keys stop recurring (a side's turn is over) stays within a size measured for
    it, while every recent entry (the ones asked again) stays."""
    while len(memo) >= kept:
        del memo[next(iter(memo))]
    memo[key] = value
    return value
