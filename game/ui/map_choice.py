"""How the launcher names a map in its list: the map's title, and the ruleset it was made for
when that is another one (every ruleset plays every map of its board kind, docs/maps.md)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from game.ui.display_names import map_title


@lru_cache(maxsize=64)
def _props(path: str, mtime: float) -> dict[str, str]:
    try:
        root = ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError):
        return {}
    return {prop.get("name") or "": (prop.get("value") or "").strip()
            for prop in root.findall("properties/property")}


def _map_props(path: Path | str) -> dict[str, str]:
    from game.paths import resolve_map

    resolved = resolve_map(str(path))
    try:
        return _props(str(resolved), resolved.stat().st_mtime)
    except OSError:
        return {}


def made_for(path: Path | str) -> str:
    """The map's `ruleset` property (the ruleset it was drawn for), "" when it names none."""
    return _map_props(path).get("ruleset", "")


def _ruleset_name(rid: str) -> str:
    from game.core import ruleset as registry

    if rid in registry.NAMES:  # without importing that ruleset's rules (the launcher's first frame)
        return registry.NAMES[rid]
    try:
        return registry.get(rid).name
    except KeyError:
        return rid


def map_choice_label(path: Path | str, ruleset: Any) -> str:
    """"Old Ford" for saves; "Old Ford (a Saves map)" for tokens."""
    title = map_title(path)
    other = made_for(path)
    if not other or other == ruleset.id:
        return title
    return f"{title} (a {_ruleset_name(other)} map)"


def map_choice_line(path: Path | str, ruleset: Any) -> str:
    """The launcher's line about the chosen map (HTML): title, description, and how a map made
    for another ruleset is read."""
    title, props = map_title(path), _map_props(path)
    line = f"<b>Map: {_html(title)}</b>"
    if props.get("description"):
        line += f" — {_html(props['description'])}"
    other = props.get("ruleset", "")
    if other and other != ruleset.id:
        line += (f" Made for {_html(_ruleset_name(other))}; {_html(ruleset.name)} reads its ground in "
                 "its own terms: hover a square in battle to see what it does.")
    return line


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
