"""Driving a match from the desktop: one input at a time, humans through the UI, AIs at watch pace.

The match's own controllers are all `HumanController`s so `advance()` stops before every input;
the session then asks the side's real controller (an AI, a replay feed) or waits for the player.
Nothing here draws; scenes read `Session` and call `submit`/`answer`/`step_ai`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.ai.controller import make_controller
from game.ai.explain import format_explanation
from game.core.action import Action, Decision
from game.core.components import Health, Position, Side
from game.core.events import Event
from game.core.geometry import Cell
from game.core.kinds import EVENT_AI_REASONING
from game.core.match import HumanController, Match, Need
from game.ui.withheld import WITHHELD, shown_candidates, withheld_candidates


@dataclass
class Move:
    """A unit's cell changed during one input: the path it slides along."""

    ent: int
    path: list[Cell]


@dataclass
class Thought:
    """Why an AI gave one input: its top candidates, and where in the match log the input began."""

    side: str
    level: str
    round: int
    log_at: int
    explanation: list[dict[str, Any]]
    #: per viewing side, the candidates (indices) naming a unit hidden from it when the AI chose
    withheld: dict[str, list[int]] = field(default_factory=dict)

    def shown(self, viewer: str | None) -> list[dict[str, Any]]:
        """The candidates `viewer` may read (None: an omniscient viewer reads them all)."""
        return shown_candidates(self.explanation, self.withheld.get(viewer, []) if viewer else [])

    def event(self, viewer: str | None = None) -> Event:
        """A log entry for the combat log as `viewer` may read it: the choice on the line, the
        runners-up as its math."""
        who = f"{self.side} AI ({self.level})"
        shown = self.shown(viewer)
        if shown and shown[0].get("withheld"):
            return Event(EVENT_AI_REASONING, f"∴ {who}: {WITHHELD}", [], round=self.round, side=self.side)
        lines = format_explanation(shown, who)
        return Event(EVENT_AI_REASONING, "∴ " + lines[0], lines[1:], round=self.round, side=self.side)


#: AI decisions whose reasoning the session keeps (older ones are dropped)
THOUGHTS_KEPT = 400


@dataclass
class Step:
    """What one input did: who gave it, what it was, the log lines it produced and who moved."""

    side: str
    action: Action | None = None
    answer: str = ""
    events: list[Event] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    #: why an AI gave this input (None for a person's input or a replay)
    thought: Thought | None = None


class ReplayFeed:
    """Plays recorded inputs back as if it were both sides' controller."""

    is_human = False
    level = "replay"

    def __init__(self, inputs: list[dict[str, Any]]) -> None:
        self.inputs = list(inputs)
        self.pos = 0

    @property
    def done(self) -> bool:
        """Whether every recorded input has been played."""
        return self.pos >= len(self.inputs)

    def _next(self, kind: str) -> dict[str, Any]:
        if self.done:
            raise ValueError("the recorded inputs ran out")
        item = self.inputs[self.pos]
        self.pos += 1
        if item.get("t") != kind:
            raise ValueError(f"recorded input {self.pos} is {item.get('t')!r}, the match asked for {kind!r}")
        return item

    def choose(self, match: Match, legal: list[Action]) -> Action:
        """The next recorded action."""
        return Action.from_json(self._next("action")["action"])

    def decide(self, match: Match, decision: Decision) -> str:
        """The next recorded answer."""
        return str(self._next("answer")["key"])


def is_human_spec(spec: str) -> bool:
    """Whether a side spec means a person at this desk."""
    return spec == "human"


class UnmadeController:
    """An AI side's controller, made when it is first asked (`Session.controller`): its level's
    modules (search, utility...) are imported after the battle's first frame, not before it."""

    is_human = False

    def __init__(self, spec: str, seed: int) -> None:
        self.spec = spec
        self.seed = seed
        self.level = spec.removeprefix("ai:")


@dataclass
class AiPlan:
    """An AI's chosen input for one need, not yet given to the match."""

    need: Need
    side: str
    before: object  # the controller's explanation before it thought (to tell a new one)
    key: str = ""
    action: Action | None = None


class Session:
    """A match plus who plays each side; the one place the UI changes game state through."""

    def __init__(
        self, match: Match, specs: dict[str, str], controllers: dict[str, Any] | None = None
    ) -> None:
        self.match = match
        self.specs = dict(specs)
        seed = match.scenario.seed
        self.sides: tuple[str, ...] = tuple(match.table.sides)
        self.players: dict[str, Any] = {}
        for i, side in enumerate(self.sides):
            spec = self.specs.get(side, "human")
            if controllers and side in controllers:
                self.players[side] = controllers[side]
            elif is_human_spec(spec):
                self.players[side] = None
            else:
                self.players[side] = UnmadeController(spec, seed * 2 + i + 1)
        match.controllers = {side: HumanController() for side in self.sides}
        # Health lost by enemies during each unit's inputs: the results chart's fallback when a
        # ruleset's events carry no "damage"/"attacker" data.
        self.damage_dealt: dict[int, int] = {}
        #: the reasoning behind recent AI inputs, oldest first (the client shows it on request)
        self.thoughts: list[Thought] = []
        self.need: Need | None = None
        self.refresh()

    def controller(self, side: str) -> Any:
        """The side's controller (None for a person), made now if it was not yet."""
        player = self.players.get(side)
        if isinstance(player, UnmadeController):
            player = self.players[side] = make_controller(player.spec, player.seed)
        return player

    def make_controllers(self) -> None:
        """Make every AI side's controller not made yet (after the first frame, before one thinks)."""
        for side in self.sides:
            self.controller(side)

    # -- state ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Ask the match what it waits for next."""
        self.need = None if self.match.over else self.match.advance()

    @property
    def over(self) -> bool:
        """Whether the match has a result."""
        return self.match.over

    def human_sides(self) -> list[str]:
        """Sides played by people at this desk."""
        return [s for s in self.sides if self.players.get(s) is None]

    @property
    def hotseat(self) -> bool:
        """Two or more people share the screen."""
        return len(self.human_sides()) >= 2

    @property
    def waiting_for_ai(self) -> bool:
        """The next input comes from an AI (or a replay feed)."""
        return self.need is not None and self.players.get(self.need.side) is not None

    @property
    def waiting_for_human(self) -> bool:
        """The next input comes from a person."""
        return self.need is not None and self.players.get(self.need.side) is None

    @property
    def decision(self) -> Decision | None:
        """The decision the next input answers, if any."""
        return self.need.decision if self.need is not None else None

    def legal(self) -> list[Action]:
        """Legal actions of the side that must act (empty while a decision is pending)."""
        if self.need is None or self.need.decision is not None:
            return []
        return list(self.need.legal)

    # -- inputs --------------------------------------------------------------------------------
    def _positions(self) -> dict[int, Cell]:
        with self.match.world:
            return {ent: tuple(pos.cell) for ent, (pos,) in self.match.units(Position)}  # type: ignore[misc]

    def _health(self) -> dict[int, tuple[str, int]]:
        with self.match.world:
            return {ent: (sd.side, hp.current) for ent, (hp, sd) in self.match.units(Health, Side)}

    def _credit(self, actor: int | None, before: dict[int, tuple[str, int]]) -> None:
        if actor is None:
            return
        after = self._health()
        own = before.get(actor, after.get(actor, ("", 0)))[0]
        lost = sum(max(0, hp - after[e][1]) for e, (sd, hp) in before.items() if e in after and sd != own)
        if lost:
            self.damage_dealt[actor] = self.damage_dealt.get(actor, 0) + lost

    def _run(self, side: str, fn: Any, action: Action | None = None, answer: str = "") -> Step:
        before = self._positions()
        health = self._health()
        acting = (
            action.actor
            if action is not None and action.actor is not None
            else (None if self.match.over else self.match.current().unit)
        )
        log_len = len(self.match.log)
        fn()
        self._credit(acting, health)
        after = self._positions()
        step = Step(side, action, answer, list(self.match.log[log_len:]))
        for ent, cell in after.items():
            old = before.get(ent)
            if old is not None and old != cell:
                path = [old]
                if action is not None and action.actor == ent and action.path and action.path[-1] == cell:
                    path.extend(action.path)
                else:
                    path.append(cell)
                step.moves.append(Move(ent, path))
        self.refresh()
        return step

    def submit(self, action: Action) -> Step:
        """A person's action (must be legal now)."""
        assert self.need is not None
        return self._run(self.need.side, lambda: self.match.submit(action), action=action)

    def answer(self, key: str) -> Step:
        """A person's answer to the pending decision."""
        assert self.need is not None
        return self._run(self.need.side, lambda: self.match.answer(key), answer=key)

    def step_ai(self) -> Step:
        """Let the AI (or replay feed) whose turn it is give one input."""
        return self.apply_ai(self.plan_ai())

    def plan_ai(self, view: Match | None = None) -> AiPlan:
        """The AI's choice for what the match waits for, thought out on `view` (a scratch copy of
        the match, so a worker thread never touches the live one) or on the match itself."""
        assert self.need is not None
        side = self.need.side
        player = self.controller(side)
        before = getattr(player, "last_explanation", None)
        m = view if view is not None else self.match
        if self.need.decision is not None:
            return AiPlan(self.need, side, before, key=player.decide(m, self.need.decision))
        return AiPlan(self.need, side, before, action=player.choose(m, list(self.need.legal)))

    def apply_ai(self, plan: AiPlan) -> Step:
        """Give the planned input to the live match (on the thread that owns it)."""
        assert self.need is plan.need, "the match moved on while the AI was thinking"
        thought = self._think(plan.side, self.controller(plan.side), plan.before)
        if plan.action is None:
            step = self.answer(plan.key)
        else:
            # Hand the match the legal instance so the step carries its label and path.
            found = next((a for a in self.need.legal if a.same_intent(plan.action)), plan.action)
            step = self.submit(found)
        step.thought = thought
        return step

    def _think(self, side: str, player: Any, before: object) -> Thought | None:
        expl = getattr(player, "last_explanation", None)
        if expl is None or expl is before:  # a replay feed, or a controller that kept no reasons
            return None
        cands = [dict(c) for c in expl]
        assert self.need is not None
        # read now, before the input is given: which units each other side cannot see as the AI chose
        hidden = withheld_candidates(self.match, self.need, side, cands, self.sides)
        thought = Thought(side, str(getattr(player, "level", "ai")), self.match.round,
                          len(self.match.log), cands, hidden)
        self.thoughts.append(thought)
        del self.thoughts[:-THOUGHTS_KEPT]
        return thought

    def thoughts_with_log(self, viewer: str | None = None) -> list[Event]:
        """The match log with each AI input's reasoning entry (as `viewer` may read it) placed just
        before its events."""
        events: list[Event] = []
        pending = [t for t in self.thoughts if t.log_at <= len(self.match.log)]
        k = 0
        for i, ev in enumerate(self.match.log):
            while k < len(pending) and pending[k].log_at <= i:
                events.append(pending[k].event(viewer))
                k += 1
            events.append(ev)
        events.extend(t.event(viewer) for t in pending[k:])
        return events

    @property
    def can_undo(self) -> bool:
        """Undo is open to a person on their own turn."""
        return self.waiting_for_human and self.match.can_undo

    def undo(self) -> bool:
        """Take back the last undoable move."""
        if not self.can_undo:
            return False
        done = self.match.undo()
        self.refresh()
        return done

    # -- saves ---------------------------------------------------------------------------------
    def save_data(self) -> dict[str, Any]:
        """What a save file holds: the match snapshot and who plays each side."""
        return {
            "format": 1,
            "kind": "skirmish-table-save",
            "snapshot": self.match.snapshot(),
            "controllers": dict(self.specs),
        }

    @property
    def can_save(self) -> bool:
        """Always: a save with a prompt open re-runs its inputs on load (Match.from_snapshot)."""
        return True
