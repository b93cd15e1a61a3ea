"""Conformance: every registered ruleset survives random legal play and replays exactly.

For each ruleset, RandomAI plays both sides to the end for many seeds (cycling through its shipped
maps and squad pairings). After set-up, after every logged event and after every input the
ruleset's own invariants must hold (cards conserved, health within bounds, occupancy, nobody in a
wall), plus engine-level checks: a running match always offers a legal action, every submitted
action is one of them, entity ids are never deleted, no card ever vanishes, units stand on open
cells, the round never goes back, the board never changes, and the match ends by a victory or the
round cap. Then the recorded inputs replay to the same final state hash, and a game saved mid-way
continues to the same end. Saves go through the real file path (tests/saveload.py: written as the
Save button writes, loaded with every check the Load screen runs): once at a random input of most
games (a decision may be open then), and at a random cut of every
fifth game, which then continues from the loaded file; a save the loader refuses, or that loads to
another state, fails the test. At the end of every game the loader's checks of the state run too
(without re-running the inputs: the replay does that).

A match that ends before the round cap without a winner passes only as a simultaneous wipe: no
unit on either side can act any more (both sides out at once is a decided game, not a stall).

The seeds of each ruleset are split into test cases so that parallel workers (pytest-xdist) share
them; every seed is still played. The README's `python -m pytest` plays the first QUICK_SEEDS of
each ruleset; the rest, up to SEEDS, are `deep` cases that `.ci/run` adds (SKIRMISH_DEEP=1).
SKIRMISH_CONFORMANCE_SEEDS overrides the number of seeds per ruleset (default 200).
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from dataclasses import astuple
from pathlib import Path
from typing import Any

import esper
import pytest
from replay_feed import Feed
from saveload import round_trip, save_data

from game.ai.controller import RandomAI
from game.core import ruleset as registry
from game.core.action import Action, Decision
from game.core.board import Board
from game.core.cards import Cards
from game.core.chance import Chance
from game.core.components import Position, Side, Status
from game.core.match import Match, Scenario, load_board_for, map_name
from game.core.matchfile import check_restored
from game.core.ruleset import Ruleset

SEEDS = int(os.environ.get("SKIRMISH_CONFORMANCE_SEEDS", "200"))
#: seeds per ruleset in the README's quick run: every ruleset's random play, replay and snapshot
#: continuation checked in well under a minute; the deep run plays the rest
QUICK_SEEDS = min(SEEDS, 6)
#: deep test cases per ruleset; each plays a consecutive run of the seeds after QUICK_SEEDS
CHUNKS = 8
#: rulesets left out until their random games are fast enough for 200 seeds in about a minute
NOT_YET: dict[str, str] = {}
#: inputs after which a game counts as stuck (a round cap of 30 is far below this for any ruleset)
MAX_INPUTS = 20_000
#: a save-and-load through the file before about one input in this many, once per game (each
#: load re-runs the inputs so far: kept to one so the test's time grows little)
SAVE_EVERY = 40


def _ruleset_params() -> list[Any]:
    """Every implemented ruleset; a package that fails to load is a failing case, not a skip."""
    found: list[Any] = []
    for rid in registry.RULESET_IDS:
        try:
            registry.get(rid)
        except KeyError:
            continue  # not implemented (no package)
        except Exception:  # reported by the test itself, with its traceback
            pass
        found.append(rid)
    if not found:
        return [pytest.param("none", 0, marks=pytest.mark.skip(reason="no ruleset is registered yet"))]
    params: list[Any] = []
    for rid in found:
        if rid in NOT_YET:
            params.append(pytest.param(rid, 0, id=f"{rid}-waits",
                                       marks=pytest.mark.skip(reason=NOT_YET[rid])))
            continue
        params.append(pytest.param(rid, -1, id=f"{rid}-quick"))
        params += [pytest.param(rid, chunk, id=f"{rid}-{chunk + 1}of{CHUNKS}", marks=pytest.mark.deep)
                   for chunk in range(CHUNKS)]
    return params


def chunk_seeds(chunk: int, seeds: int = SEEDS, chunks: int = CHUNKS, quick: int | None = None) -> range:
    """The seeds (1-based) one case plays: chunk -1 is the quick run's first `quick` seeds, the deep
    chunks split the rest; together they cover 1..seeds exactly once."""
    first = min(seeds, QUICK_SEEDS) if quick is None else quick
    if chunk < 0:
        return range(1, 1 + first)
    rest = seeds - first
    return range(1 + first + rest * chunk // chunks, 1 + first + rest * (chunk + 1) // chunks)


def simultaneous_wipe(match: Match) -> bool:
    """No unit on any side can act: a decided end even without a winner."""
    with match.world:
        units = [esper.try_component(ent, Status) for ent, _ in match.units(Side)]
    return bool(units) and all(s is not None and not s.can_act for s in units)


class Watch:
    """Engine-level state remembered between checks."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.entities: set[int] = set()
        self.cards: dict[tuple[int, str], Counter[str]] = {}
        self.round = 0
        self.board = _board_state(match.board)

    def problems(self, where: str) -> list[str]:
        """Broken invariants now, each prefixed with where the check ran."""
        match = self.match
        out: list[str] = []
        with match.world:
            out += list(match.ruleset.invariants(match))
            entities = set(esper.get_entities())
            lost = self.entities - entities
            if lost:
                out.append(f"entities deleted: {sorted(lost)}")
            self.entities = entities
            for key, cards in _card_piles():
                now = cards.all_cards()
                gone = self.cards.get(key, Counter()) - now
                if gone:
                    out.append(f"cards vanished from {key}: {sorted(gone.elements())}")
                self.cards[key] = now
            for ent, (_side, pos) in match.units(Side, Position):
                status = esper.try_component(ent, Status)
                if status is not None and status.state == "fled":
                    continue
                if pos.cell not in match.board:
                    out.append(f"unit {ent} at {pos.cell} is off the board")
                elif not match.board.passable(pos.cell):
                    out.append(f"unit {ent} at {pos.cell} stands inside a wall")
            rnd = match.table.round
        if rnd < self.round:
            out.append(f"round went back from {self.round} to {rnd}")
        self.round = rnd
        if rnd > match.ruleset.round_cap + 1:
            out.append(f"round {rnd} is past the cap {match.ruleset.round_cap}")
        return [f"{where}: {p}" for p in out]


def _card_piles() -> list[tuple[tuple[int, str], Cards]]:
    """Every Cards component, subclasses included (a pilot's wound deck), by (entity, class)."""
    return [((ent, type(comp).__name__), comp) for ent in sorted(esper.get_entities())
            for comp in esper.components_for_entity(ent) if isinstance(comp, Cards)]


def _board_state(board: Board) -> Any:
    return (sorted((c, astuple(t)) for c, t in board.terrain.items()),
            sorted((s, tuple(cells)) for s, cells in board.spawns.items()))


def _scenario(rs: Ruleset, seed: int, maps: list[str]) -> Scenario:
    """Seeds cycle through the shipped maps and every ordered pair of squads."""
    squads = sorted(rs.squads())
    pairs = [(a, b) for a in squads for b in squads] or [rs.default_squads()]
    pair = pairs[(seed // max(1, len(maps))) % len(pairs)]
    return Scenario(rs.id, maps[seed % len(maps)], {"p1": pair[0], "p2": pair[1]}, seed)


class _Stop(Exception):
    """Ends a checked game at the first problem."""


class Saves:
    """At most one save-and-load through the file per game, before a random input."""

    def __init__(self, seed: int, folder: Path | None) -> None:
        self.pick, self.folder, self.done = Chance(seed * 7919 + 3), folder, 0

    def maybe(self, match: Match) -> str:
        """"" or why the save at this input did not load back."""
        if self.folder is None or self.done or self.pick.below(SAVE_EVERY):
            return ""
        self.done += 1
        why = round_trip(match, self.folder)
        where = "with a decision open" if match.resolving else "between inputs"
        return f"saved before input {len(match.inputs) + 1} ({where}): {why}" if why else ""


class Checked:
    """Wraps a RandomAI: checks the match before every input and what the AI picks."""

    is_human = False

    def __init__(self, ai: RandomAI, watch: Watch, problems: list[str], saves: Saves) -> None:
        self.ai, self.watch, self.problems, self.saves = ai, watch, problems, saves

    def _check(self, match: Match) -> None:
        self.problems.extend(self.watch.problems(f"before input {len(match.inputs) + 1}"))
        if len(match.inputs) > MAX_INPUTS:
            self.problems.append(f"no end after {MAX_INPUTS} inputs (round {match.round})")
        if not self.problems:
            self.problems.extend(filter(None, [self.saves.maybe(match)]))
        if self.problems:
            raise _Stop

    def choose(self, match: Match, legal: list[Action]) -> Action:
        self._check(match)
        turn = match.current()
        if not legal:
            self.problems.append(f"no legal action for {turn.side} while the match runs")
        elif len(match.inputs) % 10 == 0 and list(match.legal()) != legal:
            self.problems.append("legal_actions is not stable between two calls")
        action = self.ai.choose(match, legal)
        if legal and not any(a.same_intent(action) for a in legal):
            self.problems.append(f"chosen action {action} is not legal")
        if self.problems:
            raise _Stop
        return action

    def decide(self, match: Match, decision: Decision) -> str:
        self._check(match)
        if not decision.options:
            self.problems.append(f"decision {decision.kind!r} offers no option")
            raise _Stop
        return self.ai.decide(match, decision)


def _play_checked(rs: Ruleset, scenario: Scenario, board: Board,
                  folder: Path | None = None) -> tuple[Match, list[str]]:
    """Random legal play to the end, checking everything at every step (and a save through
    `folder` at a random input)."""
    problems: list[str] = []
    match = Match(rs, scenario, board, {})
    watch = Watch(match)
    problems += watch.problems("after set-up")

    def on_event(event: Any) -> None:
        problems.extend(watch.problems(f"at event {event.kind!r} ({event.text})"))

    match.listeners.append(on_event)
    saves = Saves(scenario.seed, folder)
    match.controllers = {side: Checked(RandomAI(scenario.seed * 2 + n), watch, problems, saves)
                         for n, side in enumerate(("p1", "p2"), 1)}
    try:
        if not problems:
            match.play()
    except _Stop:
        pass
    match.listeners.remove(on_event)
    if not problems:
        problems += watch.problems("at the end")
    if not problems:
        if match.result is None:
            problems.append("the match stopped without a result")
        elif (match.result.winner not in ("p1", "p2") and match.round <= rs.round_cap
              and not simultaneous_wipe(match)):
            problems.append(f"ended as a draw before the round cap with units still able to act: "
                            f"{match.result.reason}")
        if _board_state(board) != watch.board:
            problems.append("the board changed during play (changing terrain belongs in the world)")
    return match, problems


def _replay_hash(rs: Ruleset, scenario: Scenario, board: Board, inputs: list[dict[str, Any]]) -> str:
    feed = Feed(inputs)
    match = Match(rs, scenario, board, {"p1": feed, "p2": feed})
    match.play()
    assert not feed.inputs, f"{len(feed.inputs)} recorded inputs left over"
    digest = match.state_hash()
    match.close()
    return digest


def _continue_from_save(rs: Ruleset, scenario: Scenario, board: Board,
                        inputs: list[dict[str, Any]], folder: Path) -> str:
    """Play the inputs up to a random cut, save to a file, load it as the Load screen does, play
    the rest: the end must not differ."""
    from game.ui.saves import load_game

    cut = Chance(scenario.seed).below(len(inputs) + 1)
    first = Match(rs, scenario, board, {})
    for item in inputs[:cut]:
        if item["t"] == "action":
            first.submit(Action.from_json(item["action"]))
        else:
            first.answer(str(item["key"]))
    path = folder / "cut.json"
    path.write_text(json.dumps(save_data(first)))
    first.close()
    back = load_game(path).match  # SaveError (the loader's one line) fails the test
    feed = Feed(inputs[cut:])
    back.controllers = {"p1": feed, "p2": feed}
    back.play()
    digest = back.state_hash()
    back.close()
    return digest


def test_the_chunks_cover_every_seed_once():
    for seeds in (SEEDS, 200, 7, 1):
        for quick in (min(seeds, QUICK_SEEDS), min(seeds, 10), 0):
            covered = [s for chunk in range(-1, CHUNKS) for s in chunk_seeds(chunk, seeds, quick=quick)]
            assert covered == list(range(1, seeds + 1))
    assert len(chunk_seeds(-1, 200, quick=10)) == 10
    assert len(chunk_seeds(0, 200, quick=10)) == 23
    assert chunk_seeds(CHUNKS - 1, 200, quick=6)[-1] == 200


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id,chunk", _ruleset_params())
def test_random_legal_play_conforms(ruleset_id, chunk, tmp_path):
    rs = registry.get(ruleset_id)
    maps = [map_name(p) for p in rs.maps()]
    assert maps, f"{ruleset_id} ships no map"
    boards: dict[str, Board] = {}
    started = time.perf_counter()
    rounds = Counter()
    seeds = chunk_seeds(chunk)
    for seed in seeds:
        scenario = _scenario(rs, seed, maps)
        board = boards.get(scenario.map) or boards.setdefault(scenario.map, load_board_for(scenario))
        try:
            match, problems = _play_checked(rs, scenario, board, tmp_path)
            assert not problems, "\n  ".join(problems[:5])
            final = match.state_hash()
            assert _replay_hash(rs, scenario, board, match.inputs) == final, "replay differs"
            # the end holds the most damage dealt (tokens' Health -7/6): the loader's checks of
            # the state at the end of every game (cheap: the inputs are not re-run, the replay
            # above does that)
            check_restored(match, "the save at the end")
            if seed % 5 == 0:
                assert _continue_from_save(rs, scenario, board, match.inputs, tmp_path) == final, \
                    "a game continued from a mid-game save ends differently"
        except Exception as exc:
            raise AssertionError(f"{ruleset_id} seed {seed} on {scenario.map} "
                                 f"({scenario.squads}): {exc}") from exc
        rounds["draw" if match.result.winner is None else "win"] += 1
        match.close()
    elapsed = time.perf_counter() - started
    print(f"\nconformance {ruleset_id}: seeds {seeds.start}-{seeds.stop - 1} of {SEEDS} "
          f"in {elapsed:.1f} s ({dict(rounds)})")


@pytest.mark.parametrize("ruleset_id", ["voidmarked", "casket"])
def test_a_simultaneous_wipe_is_told_from_a_stall(ruleset_id):
    rs = registry.get(ruleset_id)
    maps = [map_name(p) for p in rs.maps()]
    scenario = _scenario(rs, 1, maps)
    match = Match(rs, scenario, load_board_for(scenario), {})
    assert not simultaneous_wipe(match)
    with match.world:
        statuses = [esper.component_for_entity(ent, Status) for ent, _ in match.units(Side)]
    assert len(statuses) >= 2
    for s in statuses[1:]:
        s.state = "dead"
    assert not simultaneous_wipe(match)          # one unit can still act: not a wipe
    statuses[0].state = "down"
    assert simultaneous_wipe(match)
    match.close()
