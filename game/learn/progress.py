"""Lesson progress in the data folder's learn/<lesson>.json: the step reached, the chance forced
and every input made, so a lesson left half-way is rebuilt exactly where it was; and the mark that
the first-launch offer was made."""

from __future__ import annotations

import json
from typing import Any

from game.core import ruleset as registry
from game.core.action import Action
from game.core.match import Match, load_board_for
from game.core.scenario import Scenario
from game.learn.coach import Coach, ScriptedOpponent
from game.learn.lesson import Lesson
from game.paths import user_dir

OFFERED = "offered"


def progress_path(lesson: Lesson) -> Any:
    """Where a lesson's progress is kept."""
    return user_dir("learn") / f"{lesson.id}.json"


def new_match(lesson: Lesson) -> Match:
    """The lesson's match at its start."""
    scenario = Scenario(lesson.ruleset, lesson.map, dict(lesson.squads), lesson.seed, dict(lesson.options))
    return Match(registry.get(lesson.ruleset), scenario, load_board_for(scenario))


def opponent_side(lesson: Lesson, match: Match) -> str:
    """The side the scripted opponent plays."""
    return next(s for s in match.table.sides if s != lesson.player)


def start(lesson: Lesson) -> tuple[Match, Coach, ScriptedOpponent]:
    """A fresh lesson."""
    match = new_match(lesson)
    return match, Coach(lesson, match), ScriptedOpponent(lesson.opponent)


def _write(lesson: Lesson, data: dict[str, Any]) -> None:
    # best effort: a full disk only loses the resume point (or the Done mark)
    try:
        progress_path(lesson).write_text(json.dumps(data))
    except OSError:
        pass


def save(coach: Coach, opponent: ScriptedOpponent) -> None:
    """Keep where the lesson is (and whether it was once finished)."""
    data = {"lesson": coach.lesson.id, "step": coach.index, "forces": coach.forces,
            "inputs": coach.match.inputs, "script": opponent.pos, "done": done(coach.lesson)}
    _write(coach.lesson, data)


def done(lesson: Lesson) -> bool:
    """Whether the lesson was played to its end once (the list of lessons marks it Done)."""
    try:
        return bool(json.loads(progress_path(lesson).read_text()).get("done"))
    except (OSError, ValueError, AttributeError):
        return False


def finish(lesson: Lesson) -> None:
    """The lesson was played to its end: no resume point, the Done mark kept."""
    _write(lesson, {"lesson": lesson.id, "done": True})


def saved_step(lesson: Lesson) -> int | None:
    """The step a left lesson stopped at (None: not started or finished)."""
    try:
        data = json.loads(progress_path(lesson).read_text())
        return int(data["step"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def forget(lesson: Lesson) -> None:
    """Drop a lesson's progress (skipped, or damaged); a Done mark stays."""
    if done(lesson):
        finish(lesson)
        return
    try:
        progress_path(lesson).unlink()
    except OSError:
        pass


def resume(lesson: Lesson) -> tuple[Match, Coach, ScriptedOpponent]:
    """The lesson rebuilt where it was left: its inputs re-run with the chance forced where it was;
    a damaged or outdated file starts the lesson again."""
    try:
        data = json.loads(progress_path(lesson).read_text())
        match = new_match(lesson)
        forces = [list(f) for f in data["forces"]]
        pending = list(forces)
        for i, inp in enumerate(data["inputs"]):
            while pending and pending[0][0] <= i:
                _at, channel, outcomes = pending.pop(0)
                match.chance.force(channel, *outcomes)
            if inp["t"] == "action":
                match.submit(Action.from_json(inp["action"]))
            else:
                match.answer(str(inp["key"]))
        for _at, channel, outcomes in pending:
            match.chance.force(channel, *outcomes)
        step = int(data["step"])
        if not 0 <= step <= len(lesson.steps):
            raise ValueError("step out of range")
        coach = Coach(lesson, match, step, forces, begin=False)
        return match, coach, ScriptedOpponent(lesson.opponent, int(data["script"]))
    except Exception:  # noqa: BLE001 - any damage to the file: the lesson starts again
        forget(lesson)
        return start(lesson)


def first_launch() -> bool:
    """Whether the first-launch offer is still to be made (it is made once)."""
    try:
        return not (user_dir("learn") / OFFERED).exists()
    except OSError:
        return False


def mark_offered() -> None:
    """The first-launch offer was made."""
    try:
        (user_dir("learn") / OFFERED).write_text("1")
    except OSError:
        pass
