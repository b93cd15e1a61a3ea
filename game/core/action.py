"""Actions (what an actor does) and decisions (what a side is asked mid-resolution).

Both are plain data so a match's input log is JSON and replays exactly. A ruleset gives each
`kind` its meaning in its `actions.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.geometry import Cell


@dataclass(frozen=True)
class Action:
    """One intent of the acting unit or side: move, attack, play a card, end turn..."""

    kind: str
    actor: int | None = None
    target: int | None = None
    cell: Cell | None = None
    path: tuple[Cell, ...] = ()
    option: str = ""
    label: str = ""
    hotkey_group: str = ""

    def to_json(self) -> dict[str, Any]:
        """Plain data for replays and saves."""
        return {
            "kind": self.kind, "actor": self.actor, "target": self.target,
            "cell": list(self.cell) if self.cell is not None else None,
            "path": [list(c) for c in self.path], "option": self.option, "label": self.label,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Action:
        """Inverse of to_json."""
        cell = data.get("cell")
        return Action(
            kind=data["kind"], actor=data.get("actor"), target=data.get("target"),
            cell=tuple(cell) if cell is not None else None,  # type: ignore[arg-type]
            path=tuple(tuple(c) for c in data.get("path", [])),  # type: ignore[misc]
            option=data.get("option", ""), label=data.get("label", ""),
        )

    def same_intent(self, other: Action) -> bool:
        """Equal but for the display label."""
        # field by field, the kind first: a submitted action is looked for among every legal one
        return self is other or (self.kind == other.kind and self.actor == other.actor
                                 and self.target == other.target and self.cell == other.cell
                                 and self.path == other.path and self.option == other.option)


@dataclass(frozen=True)
class Option:
    """One answer to a decision, with what the side should know when choosing."""

    key: str
    label: str
    detail: str = ""


@dataclass(frozen=True)
class Decision:
    """A question for one side's controller in the middle of a resolution."""

    side: str
    kind: str
    prompt: str
    options: tuple[Option, ...]
    default: str = ""
    context: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def keys(self) -> list[str]:
        """The legal answers."""
        return [o.key for o in self.options]
