"""Headless AI-vs-AI skirmishes, replays and their summary (the `simulate` and `replay` commands)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.ai.controller import make_controller
from game.core import ruleset as registry
from game.core.match import Match, Scenario, load_board_for, map_name
from game.errors import UserError
from game.progress import progress_bar  # noqa: F401 - the callback cli.py hands to simulate

REPLAY_FORMAT = 1


def default_scenario(ruleset_id: str, map_path: str | None, seed: int,
                     squads: tuple[str, str] | None = None) -> Scenario:
    """A skirmish on the ruleset's default (or given) map with its default squads."""
    rs = registry.get(ruleset_id)
    if map_path is None:
        maps = rs.maps()
        if not maps:
            raise UserError(f"no shipped map for board kind {rs.board_kind}", "maps/")
        name = map_name(maps[0])
    else:
        name = map_path
    s1, s2 = squads or rs.default_squads()
    return Scenario(ruleset_id, name, {"p1": s1, "p2": s2}, seed)


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
    """Plays back recorded inputs for whichever side is asked."""

    is_human = False

    def __init__(self, inputs: list[dict[str, Any]], source: str) -> None:
        self.inputs = list(inputs)
        self.source = source
        self.pos = 0

    def _next(self, kind: str) -> dict[str, Any]:
        if self.pos >= len(self.inputs):
            raise UserError("the recorded inputs ran out before the match ended", self.source)
        item = self.inputs[self.pos]
        self.pos += 1
        if item.get("t") != kind:
            raise UserError(f"input {self.pos} is a {item.get('t')!r}, the match asked for {kind!r}",
                            self.source)
        return item

    def choose(self, match: Match, legal: list[Any]) -> Any:
        from game.core.action import Action

        return Action.from_json(self._next("action")["action"])

    def decide(self, match: Match, decision: Any) -> str:
        return str(self._next("answer")["key"])


def run_replay(path: Path) -> tuple[Match, dict[str, Any]]:
    """Re-run a replay file headless; returns the match and the file's data."""
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise UserError("no such file", str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read: {exc}", str(path)) from None
    except json.JSONDecodeError as exc:
        raise UserError(f"not JSON: {exc.msg}", str(path), f"line {exc.lineno}") from None
    if not isinstance(data, dict) or "scenario" not in data or "inputs" not in data:
        raise UserError("not a replay (needs 'scenario' and 'inputs')", str(path))
    try:
        scenario = Scenario.from_json(data["scenario"])
    except (KeyError, TypeError, ValueError) as exc:
        raise UserError(f"bad scenario: {exc}", str(path), "scenario") from None
    feed = _Feed(data["inputs"], str(path))
    board = load_board_for(scenario)
    try:
        rs = registry.get(scenario.ruleset)
    except KeyError:
        raise UserError(f"unknown ruleset {scenario.ruleset!r}", str(path), "scenario.ruleset") from None
    match = Match(rs, scenario, board, {"p1": feed, "p2": feed})  # type: ignore[dict-item]
    try:
        match.play()
    except ValueError as exc:
        raise UserError(f"input {feed.pos} does not fit the game: {exc}", str(path), "inputs") from None
    return match, data


def simulate(ruleset_id: str, map_path: str | None, games: int, seed: int,
             replay_dir: Path | None = None, p1: str = "baseline", p2: str = "baseline",
             progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play `games` AI-vs-AI games with seeds seed, seed+1, ...; returns the summary."""
    start = time.perf_counter()
    wins: dict[str, int] = {"p1": 0, "p2": 0}
    draws = 0
    rounds: list[int] = []
    if replay_dir is not None:
        replay_dir.mkdir(parents=True, exist_ok=True)
    for i in range(games):
        scenario = default_scenario(ruleset_id, map_path, seed + i)
        match = play_game(scenario, p1, p2)
        assert match.result is not None
        if match.result.winner is None:
            draws += 1
        else:
            wins[match.result.winner] = wins.get(match.result.winner, 0) + 1
        rounds.append(match.round)
        if replay_dir is not None:
            data = replay_data(match, p1, p2)
            (replay_dir / f"{ruleset_id}-{seed + i}.json").write_text(json.dumps(data))
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
