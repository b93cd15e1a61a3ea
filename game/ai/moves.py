"""How the AI levels read an action: a move or not, where it ends, how it is labelled."""

from __future__ import annotations

from game.core.action import Action
from game.core.geometry import Cell
from game.core.ruleset import Ruleset


def overrides(rs: Ruleset, name: str) -> bool:
    """Whether the ruleset refines a generic `Ruleset` hook (the AI then trusts its units)."""
    return getattr(type(rs), name, None) is not getattr(Ruleset, name, None)


def is_move(rs: Ruleset, action: Action) -> bool:
    """A positional action that ends on a cell: the ruleset's undoable kinds and its move kinds
    (a tokens sprint is a move the player cannot take back: it is weighed as a move all the same,
    by where it ends)."""
    kind = action.kind
    return (kind in rs.undoable or kind in rs.move_kinds) and (action.cell is not None or bool(action.path))


def destination(action: Action) -> Cell | None:
    """Where a move leaves its actor."""
    if action.cell is not None:
        return tuple(action.cell)  # type: ignore[return-value]
    return tuple(action.path[-1]) if action.path else None  # type: ignore[return-value]


def label_of(action: Action) -> str:
    """How an action reads in an explanation: its label, else its kind in words. Never an entity
    id or grid coordinates: players read these, and neither names anything on their screen."""
    if action.label:
        return action.label
    words = action.kind.replace("_", " ").replace("-", " ").strip().capitalize() or "Action"
    if action.target is not None:
        words += " a unit"
    if action.cell is not None or action.path:
        words += " to a chosen place" if action.target is None else " at a chosen place"
    return words
