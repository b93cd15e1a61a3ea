"""Components every ruleset shares. Ruleset-specific ones live in the ruleset's package."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.world import component

Cell = tuple[int, int]


@component
@dataclass
class Name:
    """Display name and the content id the unit was built from."""

    text: str
    kind: str = ""


@component
@dataclass
class Side:
    """Which side ("p1", "p2") controls the entity."""

    side: str


@component
@dataclass
class Position:
    """The grid cell, in the board's logic coordinates (square x,y or hex axial q,r)."""

    cell: Cell


@component
@dataclass
class Facing:
    """Hex side the unit faces, 0..5 (see core.hexgrid for the directions)."""

    direction: int


@component
@dataclass
class Health:
    """Hit points. `current` may go below zero where a ruleset tracks that."""

    current: int
    maximum: int


@component
@dataclass
class Conditions:
    """Named conditions with their data (magnitude, rounds left, source...)."""

    active: dict[str, dict[str, Any]] = field(default_factory=dict)

    def has(self, name: str) -> bool:
        """Whether the condition is on."""
        return name in self.active


@component
@dataclass
class Status:
    """Life state: 'active', 'down' (out but may return), 'dead', 'fled'."""

    state: str = "active"

    @property
    def can_act(self) -> bool:
        """Only active units take turns."""
        return self.state == "active"


@component
@dataclass
class Table:
    """The match-level record: round, whose turn, ruleset scratch data. One entity holds it."""

    round: int = 1
    sides: tuple[str, ...] = ("p1", "p2")
    turn_side: str = "p1"
    actor: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
