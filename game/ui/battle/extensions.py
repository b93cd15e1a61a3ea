"""What a ruleset adds to the battle screen, and the names players know sides by.

A ruleset may have one UI module, `game/ui/rulesets/<ruleset id>.py`, that registers its own prompt parts
(`prompt_parts.register_part`), die faces (`chancefx.register_faces`) and card kinds
(`panels.register_card_kinds`). Without one, the generic parts show everything its data hooks give.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

from game.core.options import built_squads

if TYPE_CHECKING:
    from game.ui.session import Session


def load_ruleset_ui(ruleset_id: str) -> bool:
    """Import the ruleset's UI module if it has one (it registers itself); True if it did."""
    name = f"game.ui.rulesets.{ruleset_id}"
    try:
        found = importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        found = False
    if found:
        importlib.import_module(name)
    return found


def side_names(session: Session) -> dict[str, str]:
    """Each side by its squad's name; sides fielding the same squad also say who plays them."""
    match = session.match
    try:
        squads = match.ruleset.squads()
    except Exception:  # noqa: BLE001 - names are cosmetic; ids are a fallback
        squads = {}
    base: dict[str, str] = {}
    for i, side in enumerate(session.sides):
        squad = match.scenario.squads.get(side, "")
        info = squads.get(squad)
        built = built_squads(match.scenario.options).get(side)  # a squad from a squad builder
        name = str(built.get("name", "")) if isinstance(built, dict) else ""
        base[side] = name or getattr(info, "name", "") or f"Side {i + 1}"
    names = dict(base)
    humans = session.human_sides()
    for side in session.sides:
        if list(base.values()).count(base[side]) > 1:
            who = ("Player " + str(humans.index(side) + 1)) if side in humans and len(humans) > 1 else (
                "you" if side in humans else "AI")
            names[side] = f"{base[side]} ({who})"
    if len(set(names.values())) < len(names):
        names = {s: f"{n} {i + 1}" for i, (s, n) in enumerate(names.items())}
    return names
