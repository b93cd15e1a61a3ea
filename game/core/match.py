"""A match: scenario + esper world + seeded chance + log + the input record that replays it
(the scenario and its map: `scenario.py`; who plays a side: `control.py`).

The match is the only thing that talks to controllers. `advance()` runs the game until a human
must act or the match ends; `submit()` and `answer()` feed a human's intent back in. Every
input (action or decision answer) is recorded, so seed + scenario + inputs replay the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.core.action import Action, Decision
from game.core.chance import Chance
from game.core.components import Table
from game.core.control import HumanController, IllegalInput, Need
from game.core.events import Event
from game.core.kinds import EVENT_MATCH_OVER
from game.core.records import Outcome, Resolution, Turn
from game.core.scenario import Scenario, map_name
from game.core.world import VERSIONS, Plain, World, entities_with, state_hash
from game.errors import UserError

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.ruleset import Ruleset

# the scenario and what a match waits for have modules of their own; callers still import them here
__all__ = ["SAVE_FORMAT", "Controller", "HumanController", "IllegalInput", "Match", "Need", "Scenario",
           "check_board_kind", "load_board_for", "map_name", "new_match"]

SAVE_FORMAT = 1


class Controller(Protocol):
    """Whoever plays a side: the human at this desk or an AI."""

    is_human: bool

    def choose(self, match: Match, legal: list[Action]) -> Action:
        """Pick one of the legal actions for the current actor."""
        ...

    def decide(self, match: Match, decision: Decision) -> str:
        """Answer a decision with one of its option keys."""
        ...


class Match:
    """One skirmish in progress."""

    def __init__(self, ruleset: Ruleset, scenario: Scenario, board: Board,
                 controllers: dict[str, Controller] | None = None, *, setup: bool = True) -> None:
        self.ruleset = ruleset
        self.scenario = scenario
        self.board = board
        self.controllers: dict[str, Controller] = controllers or {}
        self.world = World()
        self.chance = Chance(scenario.seed)
        self.log: list[Event] = []
        self.inputs: list[dict[str, Any]] = []
        self.result: Outcome | None = None
        self.listeners: list[Any] = []
        self._resolution: Resolution | None = None
        self._decision: Decision | None = None
        self._undo: list[tuple[dict[str, Any], int]] = []
        self._setting_up = False
        self.table_entity = 0
        #: an AI's look-ahead copy (`scratch`): nobody is shown its decisions, so rulesets skip
        #: work done only for a person (varium's hit-check table)
        self.is_scratch = False
        self._version = next(VERSIONS)
        if setup:
            with self.world:
                self.table_entity = self._create_table()
                ruleset.setup(self)
                phase = ruleset.setup_phase(self)
            if phase is not None:
                # Set-up decisions wait like a resolution's: advance() hands them to the
                # controllers, answer() records them, a snapshot taken meanwhile re-runs them.
                self._resolution = phase
                self._setting_up = True
                self._pump(None)
            else:
                self._check_over()

    def _create_table(self) -> int:
        import esper

        return esper.create_entity(Table(sides=tuple(sorted(self.scenario.squads))))

    @property
    def version(self) -> int:
        """A token that changes whenever the state may have changed (every input, resolution
        step, event, undo and world restore), unique across matches: caches key on it instead of
        hand-made state tuples. Code that edits components outside a resolution calls `touch`."""
        world = self.world.version
        return world if world > self._version else self._version

    def touch(self) -> None:
        """Mark the state changed (invalidates every cache keyed on `version`)."""
        self._version = next(VERSIONS)

    # -- state access --------------------------------------------------------------------------
    @property
    def table(self) -> Table:
        """The match-level record component."""
        with self.world:
            import esper

            return esper.component_for_entity(self.table_entity, Table)

    @property
    def round(self) -> int:
        """Current round number."""
        return self.table.round

    @property
    def over(self) -> bool:
        """Whether the match has a result."""
        return self.result is not None

    def current(self) -> Turn:
        """Who acts now."""
        with self.world:
            return self.ruleset.turn(self)

    def legal(self) -> list[Action]:
        """The current actor's legal actions."""
        with self.world:
            return self.ruleset.legal_actions(self)

    @property
    def pending_decision(self) -> Decision | None:
        """The decision waiting for an answer, if any."""
        return self._decision

    @property
    def setting_up(self) -> bool:
        """Whether the ruleset's set-up phase still waits on decisions (no turn has begun)."""
        return self._setting_up

    @property
    def resolving(self) -> bool:
        """Whether an action's resolution is under way (running, or waiting for a decision).

        False exactly between inputs: invariants that only hold between actions (no cards left on
        the table) check this, since no decision is pending while a resolution emits its events.
        """
        return self._resolution is not None

    # -- events --------------------------------------------------------------------------------
    def emit(self, kind: str, text: str, math: list[str] | None = None, *, chance: bool = False,
             side: str = "", visible: str = "all", **data: Any) -> Event:
        """Append a log event (rulesets call this while resolving).

        `visible` is "all" or the one side allowed to read the event (a card drawn into a hidden
        hand); chance=True also marks anything that commits the turn (undo stops there).
        """
        with self.world:
            rnd = self.table.round
        ev = Event(kind, text, list(math or []), data, rnd, side, chance, visible)
        self.log.append(ev)
        self._version = next(VERSIONS)
        if chance:
            self._undo.clear()
        for fn in self.listeners:
            fn(ev)
        return ev

    # -- driving -------------------------------------------------------------------------------
    def advance(self, max_steps: int = 1_000_000) -> Need | None:
        """Run AI inputs until a human must act or the match ends; returns the human's need."""
        for _ in range(max_steps):
            if self.result is not None:
                return None
            if self._resolution is not None:
                assert self._decision is not None
                ctrl = self.controllers.get(self._decision.side)
                if ctrl is None or ctrl.is_human:
                    return Need(self._decision.side, self._decision)
                self.answer(ctrl.decide(self, self._decision))
                continue
            turn = self.current()
            legal = self.legal()
            ctrl = self.controllers.get(turn.side)
            if ctrl is None or ctrl.is_human:
                return Need(turn.side, None, tuple(legal))
            self._submit(ctrl.choose(self, list(legal)), legal, undo=False)
        raise RuntimeError("advance() made no progress")

    def submit(self, action: Action) -> None:
        """Start resolving an action of the current actor (a human's: undoable kinds can be taken back)."""
        self._submit(action, None, undo=True)

    def _submit(self, action: Action, legal: list[Action] | None, *, undo: bool) -> None:
        if self.result is not None:
            raise IllegalInput("the match is over")
        if self._resolution is not None:
            raise IllegalInput("a decision is pending")
        if legal is None:
            legal = self.legal()
        match = next((a for a in legal if a.same_intent(action)), None)
        if match is None:
            raise IllegalInput(f"illegal action {action.kind} now")
        # Only a human's own input is undoable; an AI's (or a replay's) commits at once, and
        # costs no snapshot.
        side = ""
        if undo and match.kind in self.ruleset.undoable:
            side = self.current().side
            self._undo.append((self._state(), len(self.log)))
        else:
            self._undo.clear()
        self.inputs.append({"t": "action", "action": match.to_json()})
        self._version = next(VERSIONS)
        with self.world:
            self._resolution = self.ruleset.resolve(self, match)
        self._pump(None)
        if side and self._undo and self._resolution is None and self.result is None \
                and self.current().side != side:
            self._undo.clear()  # it handed the turn over: the next side never undoes it

    def answer(self, key: str) -> None:
        """Answer the pending decision."""
        if self._decision is None:
            raise IllegalInput("no decision is pending")
        if key not in self._decision.keys():
            raise IllegalInput(f"{key!r} is not an option of {self._decision.kind}")
        self.inputs.append({"t": "answer", "key": key})
        self._version = next(VERSIONS)
        # an answer is an input of its own (often the other side's): undo never takes it back
        self._undo.clear()
        self._pump(key)

    def _pump(self, value: str | None) -> None:
        assert self._resolution is not None
        with self.world:
            try:
                self._decision = self._resolution.send(value) if value is not None else next(self._resolution)
            except StopIteration:
                self._resolution = None
                self._decision = None
                self._setting_up = False
        self._version = next(VERSIONS)
        if self._resolution is None:
            self._check_over()

    def _check_over(self) -> None:
        with self.world:
            out = self.ruleset.outcome(self)
            if out is None and self.table.round > self.ruleset.round_cap:
                out = Outcome(None, f"round cap ({self.ruleset.round_cap}) reached")
        if out is not None and self.result is None:
            self.result = out
            who = "draw" if out.winner is None else f"{out.winner} wins"
            self.emit(EVENT_MATCH_OVER, f"Match over: {who} ({out.reason}).")

    def play(self) -> Outcome:
        """Play to the end with AI controllers on both sides."""
        need = self.advance()
        if need is not None:
            raise RuntimeError(f"side {need.side} has no AI controller")
        assert self.result is not None
        return self.result

    # -- undo ----------------------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """Whether the last uncommitted move(s) can be taken back (no chance since)."""
        return bool(self._undo) and self._resolution is None

    def undo(self) -> bool:
        """Take back the last undoable action."""
        if not self.can_undo:
            return False
        snap, log_len = self._undo.pop()
        self._restore_state(snap)
        del self.log[log_len:]
        self._version = next(VERSIONS)
        return True

    # -- snapshots -----------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """Exact state between inputs: world, chance, log and input record."""
        snap = self._state()
        snap["log"] = [e.to_json() for e in self.log]
        return snap

    def _state(self) -> dict[str, Any]:
        """The snapshot without the log (undo keeps the log's length instead: no O(n) copy per move)."""
        return {
            "format": SAVE_FORMAT,
            "scenario": self.scenario.to_json(),
            "world": self.world.snapshot(),
            "chance": self.chance.to_json(),
            "table_entity": self.table_entity,
            "inputs": list(self.inputs),
            "result": None if self.result is None else {"winner": self.result.winner,
                                                        "reason": self.result.reason},
            # a resolution waiting on a decision is a generator, which JSON cannot hold
            "pending": self._resolution is not None,
        }

    def _restore_state(self, snap: dict[str, Any]) -> None:
        self.world.restore(snap["world"])
        self._version = next(VERSIONS)
        self.chance = Chance.from_json(snap["chance"])
        self.table_entity = int(snap["table_entity"])
        self.inputs = list(snap["inputs"])
        self._resolution = None
        self._decision = None
        self._setting_up = False
        res = snap.get("result")
        self.result = None if res is None else Outcome(res["winner"], res["reason"])

    @staticmethod
    def from_snapshot(ruleset: Ruleset, board: Board, snap: dict[str, Any],
                      controllers: dict[str, Controller] | None = None) -> Match:
        """Rebuild a match from snapshot() data."""
        if snap.get("pending"):
            return Match._rerun(ruleset, board, snap, controllers)
        match = Match(ruleset, Scenario.from_json(snap["scenario"]), board, controllers, setup=False)
        match._restore_state(snap)
        match.log = [Event.from_json(e) for e in snap.get("log", [])]
        return match

    @staticmethod
    def _rerun(ruleset: Ruleset, board: Board, snap: dict[str, Any],
               controllers: dict[str, Controller] | None) -> Match:
        """A snapshot taken while a decision was pending: re-run its inputs from the set-up.

        The resolution's generator cannot be saved, so the match is rebuilt the way a replay is
        and checked against the saved world and chance.
        """
        match = Match(ruleset, Scenario.from_json(snap["scenario"]), board, controllers)
        for item in snap["inputs"]:
            if item.get("t") == "action":
                match.submit(Action.from_json(item["action"]))
            else:
                match.answer(str(item["key"]))
        if match.world.snapshot() != snap["world"] or match.chance.to_json() != snap["chance"]:
            raise ValueError("the saved inputs do not lead back to the saved state")
        return match

    def scratch(self, frozen: bytes | None = None, plain: Plain | None = None) -> Match:
        """An independent copy for AI lookahead: never touches this match (`frozen`: this
        match's `world.freeze()`, or `plain` its `world.freeze_plain()`, when the caller has it)."""
        copy = Match(self.ruleset, self.scenario, self.board, {}, setup=False)
        # component objects copied whole (a pickle): a JSON snapshot's round trip costs 4x more
        if plain is not None:
            copy.world.thaw_plain(plain)
        else:
            copy.world.thaw(self.world.freeze() if frozen is None else frozen)
        copy.chance = self.chance.copy()
        copy.table_entity = self.table_entity
        copy.result = self.result
        copy.is_scratch = True
        return copy

    def close(self) -> None:
        """Free the esper world."""
        self.world.close()

    def state_hash(self) -> str:
        """Hash of world + chance + result: equal for equal games."""
        return state_hash({"world": self.world.snapshot(), "chance": self.chance.to_json(),
                           "result": None if self.result is None else [self.result.winner,
                                                                      self.result.reason]})

    # -- helpers for rulesets ------------------------------------------------------------------
    def units(self, *types_: type) -> list[tuple[int, list[Any]]]:
        """Entities with all the given components, ascending id (call inside `with world`)."""
        return list(entities_with(*types_))


def load_board_for(scenario: Scenario) -> Board:
    """Load the scenario's map (through core.tmx) and check it suits the scenario's ruleset.

    Every way a match meets a map (launcher, play, simulate, screenshot, ladder, saves, replays)
    comes through here, so this is where a board of the wrong kind is refused.
    """
    from game.core import ruleset as registry
    from game.core.tmx import load_board
    from game.paths import resolve_map

    board = load_board(resolve_map(scenario.map))
    try:
        rs = registry.get(scenario.ruleset)
    except (KeyError, TypeError):
        return board  # the caller reports an unknown ruleset in its own terms
    check_board_kind(rs, board)
    return board


def check_board_kind(ruleset: Ruleset, board: Board) -> None:
    """Refuse a board the ruleset cannot be played on (UserError naming the map)."""
    if board.kind != ruleset.board_kind:
        raise UserError(f"{ruleset.name} is played on {ruleset.board_kind} boards, this map is a "
                        f"{board.kind} board", board.source or "map")


def new_match(scenario: Scenario, controllers: dict[str, Controller] | None = None) -> Match:
    """Build a match from a scenario: ruleset lookup, board load, set-up."""
    from game.core import ruleset as registry

    return Match(registry.get(scenario.ruleset), scenario, load_board_for(scenario), controllers)
