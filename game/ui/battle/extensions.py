"""What a ruleset adds to the battle screen, and the names players know sides by.

A ruleset may have one UI module, `game/ui/rulesets/<ruleset id>.py`, that registers its own prompt parts
(`prompt_parts.register_part`), die faces (`chancefx.register_faces`), card kinds
(`panels.register_card_kinds`), letter hotkeys (`prompt_parts.register_hotkeys`), a board layer
(`register_layer`) and screen hooks under its id (`register_hooks`):
- "path_label" (scene, move) -> str | None: the path preview's words ("\n" between lines);
- "move_path" (scene, move) -> list of cells | None: the squares a move walks through, its
  destination last, for a ruleset whose move actions carry no path;
- "auto_select" (model) -> unit | None: whose actions are listed when the side's units act in any
  order and the player has picked none;
- "ask_first" (model, action) -> Decision | None: the question the action's resolution would ask
  the person at once, asked in a chooser before the action is sent (`battle.asking`);
- "action_notes" (match, unit) -> [str]: why the unit is offered no action players look for;
- "unacted" (model) -> [names]: the side's units that have not acted yet; ending the whole side's
  turn while it names any asks the person to press End again (`DrivingMixin.press`);
- "quiet_popup" (event) -> bool: a chance event read in the log only, with no popup over the board;
- "help_rows" () -> [(keys, what)]: the keys of its own prompts, listed in the help (F1);
- "no_odds" (action) -> [lines]: what hovering an option with no odds preview says;
- "auto_setup" () -> (label, what it does, decision kinds): set-up prompts of those kinds the
  player may have answered for it with their defaults (varium's "Draw for me", `autosetup`).
Without one, the generic parts show everything its data hooks give.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.core.options import built_squads

if TYPE_CHECKING:
    import pygame

    from game.ui.session import Session, Step


class BattleLayer(Protocol):
    """A ruleset's own part of the battle screen: marks drawn on the board, and the pace at which
    a step's events are shown (a resolution played out one roll at a time)."""

    #: still showing the last input's events: prompts, handovers and the AI wait for it
    playing: bool
    #: frames are needed (playing, or a banner fading)
    animating: bool
    #: the layer says who won itself (a banner): the screen's own end toast stays away
    announces_end: bool

    def on_step(self, step: Step) -> bool:
        """An input's result arrives (before the screen re-reads the world); True when the layer
        shows its events itself (log lines, chance popups) at its own pace."""

    def update(self, dt: float) -> bool:
        """Advance its animation; True when the screen must be redrawn."""

    def draw_board(self, surface: pygame.Surface) -> None:
        """Marks under the unit tokens (clipped to the board)."""

    def draw_top(self, surface: pygame.Surface) -> None:
        """Marks over the tokens (banners; clipped to the board)."""


class MarksLayer:
    """A `BattleLayer` that only draws marks over the tokens: the events keep the screen's own
    pace. Subclasses give `draw_top` (and `draw_board` for marks under the tokens)."""

    playing = False
    animating = False
    announces_end = False

    def __init__(self, scene: Any) -> None:
        self.scene = scene

    def on_step(self, step: Step) -> bool:
        """The generic screen shows the events."""
        return False

    def update(self, dt: float) -> bool:
        """Nothing animates of its own."""
        return False

    def draw_board(self, surface: pygame.Surface) -> None:
        """Nothing under the tokens."""

    def draw_top(self, surface: pygame.Surface) -> None:
        """Nothing over them."""


#: ruleset id -> a maker of its layer for one battle scene
LAYERS: dict[str, Callable[[Any], BattleLayer]] = {}


def register_layer(ruleset_id: str, make: Callable[[Any], BattleLayer]) -> None:
    """Give every battle scene of this ruleset a layer made by `make(scene)`."""
    LAYERS[ruleset_id] = make

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
