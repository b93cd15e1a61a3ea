"""A lesson: a ruleset, a small map, squads, a seed, a scripted opponent and the steps a person
follows, read from game/learn/data/<ruleset>.toml and checked on load.

A step's `wait` says what completes it, `point` what it points at, `force` the chance outcomes
queued when it begins (cards, dice, coins the lesson needs):

    wait  = "next"                      the Next button
            "select:<unit>"             that unit selected (clicked)
            "hover:<unit>"              the mouse over that unit (its odds)
            "card:<name>"               that card of the hand strip picked (its targets shown)
            "act:<kind>[:<target>[:<option>]]"   an action of that kind (on that unit, with that option)
            "answer:<key>"              that answer to the open prompt
            "over"                      the battle ends (any input)
    point = "board" | "unit:<name>" | "cell:<x>,<y>" | "prompt" | "option:<key>" | "actions" | "action:<kind>"
            | "end_turn" | "turnbar" | "panel" | "log" | "hand" | "card:<name>" (a hand-strip card)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from game.core.content import Schema, decode, entry_error, load_toml
from game.errors import UserError

DATA_DIR = Path(__file__).parent / "data"
WAITS = ("next", "select", "hover", "card", "act", "answer", "over")
POINTS = ("board", "unit", "cell", "prompt", "option", "actions", "action", "end_turn", "turnbar",
          "panel", "log", "hand", "card", "")
#: parts a point names after its colon, and which of them need one
NAMED = ("unit", "cell", "option", "action", "card")


class Step(Schema):
    """One short instruction and what completes it."""

    text: str
    wait: str = "next"
    point: str = ""
    title: str = ""
    force: dict[str, list[str]] = msgspec.field(default_factory=dict)

    @property
    def wait_kind(self) -> str:
        """The part of `wait` before its first colon."""
        return self.wait.split(":", 1)[0]

    @property
    def wait_args(self) -> list[str]:
        """The parts of `wait` after its first colon."""
        return self.wait.split(":")[1:]


class Lesson(Schema):
    """A guided battle."""

    id: str
    title: str
    ruleset: str
    map: str
    squads: dict[str, str]
    seed: int = 1
    player: str = "p1"
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    #: the scripted opponent's inputs in order: "act:<kind>[:<target>[:<option>]]" or "answer:<key>"
    opponent: list[str] = msgspec.field(default_factory=list)
    #: one line for the list of lessons: what the battle teaches
    about: str = ""
    summary: str = ""
    step: list[Step] = msgspec.field(default_factory=list)

    @property
    def steps(self) -> list[Step]:
        """The steps in order."""
        return self.step


def _check(lesson: Lesson, file: Path) -> None:
    if not lesson.step:
        raise entry_error(file, "lesson", "a lesson needs at least one step", "step")
    for i, st in enumerate(lesson.step, 1):
        place = f"step.{i}"
        if st.wait_kind not in WAITS:
            known = ", ".join(WAITS)
            raise entry_error(file, place, f"unknown wait {st.wait_kind!r} (known: {known})", "wait")
        if st.wait_kind in ("select", "hover", "card", "act", "answer") and not st.wait_args:
            raise entry_error(file, place, f"wait {st.wait_kind!r} needs what after a colon", "wait")
        kind = st.point.split(":", 1)[0]
        if kind not in POINTS:
            known = ", ".join(p for p in POINTS if p)
            raise entry_error(file, place, f"unknown point {kind!r} (known: {known})", "point")
        if kind in NAMED and ":" not in st.point:
            raise entry_error(file, place, f"point {kind!r} needs a name after a colon", "point")
        for channel, outcomes in st.force.items():
            if not outcomes:
                raise entry_error(file, place, f"nothing to force on {channel!r}", f"force.{channel}")
    for i, entry in enumerate(lesson.opponent, 1):
        if entry.split(":", 1)[0] not in ("act", "answer") or ":" not in entry:
            raise entry_error(file, "lesson", f"opponent input {entry!r} is not act:... or answer:...",
                              f"opponent.{i}")
    cards = [c for st in lesson.step for c in st.force.get("card", [])]
    twice = sorted({c for c in cards if cards.count(c) > 1})
    if twice:
        # a card already dealt cannot be forced again: the draw would fall back to the deck's top
        raise entry_error(file, "step", f"cards forced twice: {', '.join(twice)}", "force.card")


def load_lesson(path: Path) -> Lesson:
    """Read and check one lesson file (UserError naming file, entry and field)."""
    doc = load_toml(path)
    raw = doc.get("lesson")
    if not isinstance(raw, dict):
        raise UserError("a lesson file needs a [lesson] table", str(path))
    raw = {**raw, "id": path.stem, "step": doc.get("step", [])}
    unknown = sorted(set(doc) - {"lesson", "step"})
    if unknown:
        raise UserError(f"unknown table [{unknown[0]}] (known: lesson, step)", str(path))
    lesson = decode(raw, Lesson, path, "lesson")
    _check(lesson, path)
    return lesson


@cache
def lessons() -> dict[str, Lesson]:
    """The shipped lessons by ruleset id."""
    out: dict[str, Lesson] = {}
    for path in sorted(DATA_DIR.glob("*.toml")):
        lesson = load_lesson(path)
        out[lesson.ruleset] = lesson
    return out


def lesson_squads(ruleset_id: str) -> set[str]:
    """The squads only a ruleset's guided battle fields (the launcher does not offer them)."""
    lesson = lessons().get(ruleset_id)
    return set(lesson.squads.values()) if lesson is not None else set()
