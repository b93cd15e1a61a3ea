"""Headless AI-vs-AI skirmishes, replays and their summary (the `simulate` and `replay` commands)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from msgspec import UNSET

from game.ai.controller import make_controller
from game.ai.level_names import is_side_spec
from game.core import ruleset as registry
from game.core.files import write_atomic
from game.core.match import IllegalInput, Match, Scenario, load_board_for
from game.core.matchfile import ActionInput, AnswerInput
from game.core.scenario import default_scenario  # noqa: F401 - callers import it from here
from game.core.wording import plural
from game.errors import UserError
from game.progress import progress_bar  # noqa: F401 - the callback cli.py hands to simulate

REPLAY_FORMAT = 1


def play_game(scenario: Scenario, p1: str = "baseline", p2: str = "baseline") -> Match:
    """One AI-vs-AI game to the end."""
    controllers: dict[str, Any] = {
        "p1": make_controller(p1, scenario.seed * 2 + 1),
        "p2": make_controller(p2, scenario.seed * 2 + 2),
    }
    board = load_board_for(scenario)
    match = Match(registry.get(scenario.ruleset), scenario, board, controllers)  # type: ignore[arg-type]
    match.play()
    return match


def replay_data(match: Match, p1: str, p2: str) -> dict[str, Any]:
    """A replay file's content: seed, scenario, every input, and the final hash."""
    return {
        "format": REPLAY_FORMAT,
        "scenario": match.scenario.to_json(),
        "controllers": {"p1": p1, "p2": p2},
        "inputs": match.inputs,
        "rounds": match.round,
        "winner": match.result.winner if match.result else None,
        "final_hash": match.state_hash(),
    }


class _Feed:
    """Plays back recorded inputs (already validated) for whichever side is asked."""

    is_human = False

    def __init__(self, inputs: list[Any], source: str) -> None:
        self.inputs = inputs
        self.source = source
        self.pos = 0

    def _next(self, kind: type) -> Any:
        if self.pos >= len(self.inputs):
            raise UserError("the recorded inputs ran out before the match ended", self.source, "inputs")
        item = self.inputs[self.pos]
        self.pos += 1
        if not isinstance(item, kind):
            asked = "an action" if kind is ActionInput else "an answer"
            raise UserError(f"the match asked for {asked} here", self.source, f"inputs[{self.pos - 1}]")
        return item

    def choose(self, match: Match, legal: list[Any]) -> Any:
        from game.core.action import Action

        a = self._next(ActionInput).action
        return Action(a.kind, a.actor, a.target, a.cell, tuple(a.path), a.option, a.label)

    def decide(self, match: Match, decision: Any) -> str:
        return str(self._next(AnswerInput).key)


def read_replay(path: Path) -> tuple[Any, dict[str, Any], Scenario, Any, Any]:
    """A replay file decoded within bounds and checked against its schema (game.core.matchfile):
    (struct, plain data, scenario, ruleset, board); UserError naming the place otherwise."""
    from game.core.matchfile import (
        REPLAY_LIMIT,
        ReplayFile,
        board_for,
        check_format,
        decode_file,
        scenario_from,
    )

    file = str(path)
    replay, raw = decode_file(path, ReplayFile, REPLAY_LIMIT)
    check_format(replay.format, REPLAY_FORMAT, file, "format")
    for side, spec in sorted(replay.controllers.items()):
        if not is_side_spec(spec):
            raise UserError(f"unknown player {spec!r}", file, f"controllers.{side}")
    if replay.parent is not UNSET and replay.parent.input > len(replay.inputs):
        raise UserError(f"input {replay.parent.input} is past the {len(replay.inputs)} recorded",
                        file, "parent.input")
    scenario, rs = scenario_from(replay.scenario, file)
    board = board_for(scenario, rs, file, load=load_board_for)  # this module's name: tests patch it
    return replay, raw, scenario, rs, board


def load_timeline(path: Path) -> tuple[Any, dict[str, Any]]:
    """A replay file as a game.core.timeline.Timeline (played through once) and its plain data."""
    from game.core.timeline import BadInput, Timeline

    replay, raw, scenario, rs, board = read_replay(path)
    try:
        timeline = Timeline(rs, scenario, board, raw["inputs"])
    except BadInput as exc:
        raise UserError(str(exc), str(path), f"inputs[{exc.index}]") from None
    except UserError as exc:
        raise UserError(exc.line(), str(path), "scenario") from None
    return timeline, raw


def run_replay(path: Path) -> tuple[Match, dict[str, Any]]:
    """Re-run a replay file headless; returns the match and the file's data.

    The file is decoded within bounds and checked against its schema (game.core.matchfile);
    each recorded input must be legal when its turn comes, none may be left over, and the
    recorded winner and round count must be what the re-run gives.
    """
    file = str(path)
    replay, raw, scenario, rs, board = read_replay(path)
    feed = _Feed(replay.inputs, file)
    try:
        match = Match(rs, scenario, board, {"p1": feed, "p2": feed})  # type: ignore[dict-item]
    except UserError as exc:
        raise UserError(exc.line(), file, "scenario") from None
    try:
        match.play()
    except IllegalInput as exc:
        match.close()
        raise UserError(f"does not fit the game: {exc}", file, f"inputs[{feed.pos - 1}]") from None
    except BaseException:
        match.close()
        raise
    left = len(replay.inputs) - feed.pos
    problem = ""
    if left:
        problem = f"{plural(left, 'recorded input')} left over after the match ended"
        where = f"inputs[{feed.pos}]"
    elif replay.winner is not UNSET and match.result is not None and replay.winner != match.result.winner:
        problem = (f"the recorded winner {replay.winner or 'nobody'} is not the replayed "
                   f"{match.result.winner or 'nobody'}")
        where = "winner"
    elif replay.rounds is not UNSET and replay.rounds != match.round:
        problem = f"the recorded {replay.rounds} rounds are not the replayed {match.round}"
        where = "rounds"
    if problem:
        match.close()
        raise UserError(problem, file, where)
    return match, raw


def usable_folder(folder: Path) -> Path:
    """A folder the game can write into, created if missing; UserError (one line) otherwise."""
    import os
    import tempfile

    if folder.exists() and not folder.is_dir():
        raise UserError("exists and is not a folder", str(folder))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".probe-", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise UserError(f"cannot write there: {exc.strerror or exc}", str(folder)) from None
    return folder


def simulate(ruleset_id: str, map_path: str | None, games: int, seed: int,
             replay_dir: Path | None = None, p1: str = "baseline", p2: str = "baseline",
             progress: Callable[[int, int], None] | None = None,
             options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play `games` AI-vs-AI games with seeds seed, seed+1, ...; returns the summary."""
    start = time.perf_counter()
    wins: dict[str, int] = {"p1": 0, "p2": 0}
    draws = 0
    rounds: list[int] = []
    if replay_dir is not None:
        usable_folder(replay_dir)
    for i in range(games):
        scenario = default_scenario(ruleset_id, map_path, seed + i, options=options)
        match = play_game(scenario, p1, p2)
        assert match.result is not None
        if match.result.winner is None:
            draws += 1
        else:
            wins[match.result.winner] = wins.get(match.result.winner, 0) + 1
        rounds.append(match.round)
        if replay_dir is not None:
            data = replay_data(match, p1, p2)
            target = replay_dir / f"{ruleset_id}-{seed + i}.json"
            try:
                write_atomic(target, json.dumps(data))
            except OSError as exc:
                raise UserError(f"cannot write the replay: {exc.strerror or exc}", str(target)) from None
        match.close()
        if progress:
            progress(i + 1, games)
    seconds = time.perf_counter() - start
    return {
        "ruleset": ruleset_id,
        "games": games,
        "seed": seed,
        "wins": wins,
        "draws": draws,
        "mean_rounds": round(sum(rounds) / len(rounds), 3) if rounds else 0.0,
        "seconds": round(seconds, 3),
    }
