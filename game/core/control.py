"""Who plays a side (a `Controller`: the human at this desk or an AI), what a match waits for
(`Need`), and the input it refuses (`IllegalInput`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.core.action import Action, Decision

if TYPE_CHECKING:
    from game.core.match import Match


class Controller(Protocol):
    """Whoever plays a side: the human at this desk or an AI."""

    is_human: bool

    def choose(self, match: Match, legal: list[Action]) -> Action:
        """Pick one of the legal actions for the current actor."""
        ...

    def decide(self, match: Match, decision: Decision) -> str:
        """Answer a decision with one of its option keys."""
        ...


class HumanController:
    """Marks a side as played through the UI: the match waits for submit()/answer()."""

    is_human = True

    def choose(self, match: Match, legal: list[Action]) -> Action:  # pragma: no cover - never called
        raise RuntimeError("a human's actions come through Match.submit")

    def decide(self, match: Match, decision: Decision) -> str:  # pragma: no cover - never called
        raise RuntimeError("a human's answers come through Match.answer")


@dataclass(frozen=True)
class Need:
    """What the match waits for: a human's action (decision None) or answer to a decision."""

    side: str
    decision: Decision | None = None
    legal: tuple[Action, ...] = ()


class IllegalInput(ValueError):
    """An input the rules do not allow right now."""
