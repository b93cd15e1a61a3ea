"""What a ruleset adds to the battle screen, and the names players know sides by.

A ruleset may have one UI module, `game/ui/rulesets/<ruleset id>.py`, that registers its own prompt parts
(`prompt_parts.register_part`), die faces (`chancefx.register_faces`) and card kinds
(`panels.register_card_kinds`), letter hotkeys (`prompt_parts.register_hotkeys`) and board marks
(`register_board_marks`). Without one, the generic parts show everything its data hooks give.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ui.session import Session


#: ruleset id -> a painter the battle screen calls after the tokens: `paint(scene, surface)` (marks
#: between units, such as varium's grapples); it reads the scene's unit views, never the match
BOARD_MARKS: dict[str, Callable[[Any, Any], None]] = {}


def register_board_marks(ruleset_id: str, paint: Callable[[Any, Any], None]) -> None:
    """Draw a ruleset's own marks on the board (clipped to it) after the tokens."""
    BOARD_MARKS[ruleset_id] = paint


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
        base[side] = getattr(info, "name", "") or f"Side {i + 1}"
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
