"""What a ruleset adds to the battle screen, and the names players know sides by.

A ruleset may have one UI module, `game/ui/rulesets/<ruleset id>.py`, that registers its own prompt parts
(`prompt_parts.register_part`), die faces (`chancefx.register_faces`) and card kinds
(`panels.register_card_kinds`), and screen hooks under its id (`register_hooks`):
- "board_layer" (scene, surface): its own marks over the board, drawn after the unit tokens;
- "path_label" (scene, move) -> str | None: the path preview's words ("\n" between lines);
- "auto_select" (model) -> unit | None: whose actions are listed when the side's units act in any
  order and the player has picked none.
Without one, the generic parts show everything its data hooks give.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ui.session import Session

#: per ruleset id, the screen hooks its UI module registered (keyed by id so that one ruleset's
#: marks never appear in another's match opened later in the same window)
HOOKS: dict[str, dict[str, Callable[..., Any]]] = {}


def register_hooks(ruleset_id: str, **hooks: Callable[..., Any]) -> None:
    """A ruleset UI module's screen hooks (see the module docstring for the names)."""
    HOOKS.setdefault(ruleset_id, {}).update(hooks)


def ruleset_hook(ruleset_id: str, name: str) -> Callable[..., Any] | None:
    """The hook `name` a ruleset's UI module registered, if any."""
    return HOOKS.get(ruleset_id, {}).get(name)


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
