"""The plain records rulesets hand the match, the UI and the AI: whose turn it is, how a match
ended, an action's odds preview, the baseline AI's terms, a squad on offer, and the shape of a
resolution (a generator of decisions)."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field

from game.core.action import Decision

Resolution = Generator[Decision, str, None]


@dataclass(frozen=True)
class Turn:
    """Who must act now: a side, and the unit acting for it (None when the side acts as one)."""

    side: str
    unit: int | None


@dataclass(frozen=True)
class Outcome:
    """How a match ended. `winner` None is a draw."""

    winner: str | None
    reason: str


@dataclass
class Preview:
    """Exact odds of an action before committing, with the breakdown the rules will use."""

    title: str
    outcomes: list[tuple[str, float]] = field(default_factory=list)
    hit: float = 0.0
    crit: float = 0.0
    expected_damage: float = 0.0
    kill: float = 0.0
    lines: list[str] = field(default_factory=list)
    #: False for a ruleset with no critical hits: the odds shown then leave the crit chance out
    crits: bool = True
    #: an action that deals no damage itself (a dodge, a shove): its odds in words, said instead of
    #: "Hit · Kill · Expected damage" ("Dodge check stands 98%: attacks scoring below it miss")
    headline: str = ""


@dataclass
class Assessment:
    """What the baseline AI weighs for one action, from exact distributions."""

    expected_damage: float = 0.0
    kill_chance: float = 0.0
    exposure: float = 0.0
    progress: float = 0.0
    cost: float = 0.0

    def score(self) -> float:
        """Default weighting: damage, kills, closing in; minus return fire and spent resources."""
        return (self.expected_damage + 8.0 * self.kill_chance + 0.5 * self.progress
                - 0.6 * self.exposure - self.cost)


@dataclass(frozen=True)
class SquadInfo:
    """A squad a side can field."""

    id: str
    name: str
    description: str
    #: the units' display names in deployment order (shown to players, never ids)
    units: tuple[str, ...]
