"""A ruleset's screen marks read the match once per state: one memo the rulesets' parts share."""

from __future__ import annotations

from typing import Any


def memo(scene: Any, store_name: str, key: Any, read: Any) -> Any:
    """`read()` once per match state and viewer, kept in `scene.<store_name>`; while the AI's thread
    holds the world, the last reading of `key` (or None)."""
    store: dict[Any, Any] = scene.__dict__.setdefault(store_name, {})
    version = (scene.match.version, scene.viewer)
    if store.get("version") != version and not scene.model.world_busy:
        store.clear()
        store["version"] = version
    if key in store:
        return store[key]
    if scene.model.world_busy:
        return None
    try:
        with scene.match.world:
            value = read()
    except Exception:  # noqa: BLE001 - a mark must never take the screen down
        value = None
    store[key] = value
    return value
