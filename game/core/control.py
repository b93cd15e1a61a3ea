"""What a match waits for (`Need`: a human's action or answer), the input it refuses
(`IllegalInput`), and the controller that marks a side as played by a human at this desk."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.action import Action, Decision


@dataclass(frozen=True)
class Need:
    """What the match waits for: a human's action (decision None) or answer to a decision."""

    side: str
    decision: Decision | None = None
    legal: tuple[Action, ...] = ()


class IllegalInput(ValueError):
    """An input the rules do not allow right now."""


class HumanController:
    """Marks a side as played through the UI: the match waits for submit()/answer() (a
    `match.Controller` whose choices never get asked, so the match is not looked at)."""

    is_human = True

    def choose(self, match: object, legal: list[Action]) -> Action:  # pragma: no cover - never called
        raise RuntimeError("a human's actions come through Match.submit")

    def decide(self, match: object, decision: Decision) -> str:  # pragma: no cover - never called
        raise RuntimeError("a human's answers come through Match.answer")
