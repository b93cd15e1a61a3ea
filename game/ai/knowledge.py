"""What an AI side may know, and scratch worlds built only from that.

The live match holds everything: opponents' hands, the deck order, the seeded future of
`match.chance`. An AI that looks ahead must not use any of it. `Sample` takes a scratch copy,
re-deals every card the side cannot see among the zones it cannot see (the ruleset's
`determinize` hook), re-places every unit hidden from it where it might be (`place_hidden`) and
replaces the match's chance with one seeded from the AI's own source,
so a simulated future is one the side could imagine from what it has seen — never the real one.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import esper

from game.ai.answers import default_answer
from game.core.action import Action, Decision
from game.core.chance import Chance
from game.core.components import Health, Status
from game.core.geometry import Cell
from game.core.knowledge import known_units, place_hidden
from game.core.match import Match

Answer = Callable[[Match, Decision], str]


def cpu() -> float:
    """This process's CPU seconds: what every AI budget counts.

    CPU rather than wall time, so that a level plays as strongly on a busy machine (a ladder
    beside other work, a window drawing beside the AI's process) as on an idle one; the AI's
    thinking runs on one thread of its own process (the window's AI process, a ladder worker), so
    its CPU seconds are its thinking alone."""
    return time.process_time()


class Deadline:
    """A cap on one decision's thinking, in CPU seconds of this process (`cpu`)."""

    def __init__(self, seconds: float) -> None:
        self.start = cpu()
        self.seconds = max(0.0, seconds)
        self.end = self.start + self.seconds
        # one thread's CPU seconds never outrun the wall clock's: until the wall clock says the
        # cap may have passed, `over` need not ask for the CPU time (a system call, ~0.6 us)
        self._wall_start = time.perf_counter()

    def left(self) -> float:
        """Seconds remaining (negative once over)."""
        return self.end - cpu()

    def over(self, margin: float = 0.0) -> bool:
        """Whether the cap (less a safety margin) has passed."""
        if time.perf_counter() - self._wall_start < self.seconds - margin:
            return False
        return cpu() >= self.end - margin

    def elapsed(self) -> float:
        """CPU seconds since the decision began."""
        return cpu() - self.start


@contextlib.contextmanager
def no_collection() -> Iterator[None]:
    """The cyclic garbage collector held off while an AI thinks, run again when it is done.

    A decision copies scratch worlds again and again: the allocations set off a collection every
    few copies, each of which finds the live scratch objects and promotes them, so that the full
    collections (the whole heap, the AI's memos with it) came about five times as often. They cost
    casket's Normal about a sixth of its CPU. Collecting after the decision finds the copies gone
    (freed by reference counts); a decision's cyclic garbage waits a fraction of a second."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@dataclass(frozen=True)
class UnitInfo:
    """A unit as a side knows it: `cell` is where the side believes it is (`hidden`: last seen)."""

    ent: int
    side: str
    cell: Cell
    hp: float
    hp_max: float
    active: bool
    hidden: bool = False

    @functools.cached_property
    def hp_frac(self) -> float:
        """Health left as a fraction (1 when the ruleset has no Health component)."""
        return 1.0 if self.hp_max <= 0 else max(0.0, min(1.0, self.hp / self.hp_max))


def units(match: Match, side: str | None) -> list[UnitInfo]:
    """Every unit `side` can place on the board, ascending id, where it believes each is
    (`core.knowledge.known_units`: hidden units at their last-seen cell, never-seen ones left
    out). None is the whole truth: only for spectators, never for a side's decisions."""
    out: list[UnitInfo] = []
    vitality = getattr(match.ruleset, "vitality", None)
    known = known_units(match, side)
    with match.world:
        for unit in known:
            if unit.cell is None:
                continue
            ent = unit.ent
            status = esper.try_component(ent, Status)
            vit = vitality(match, ent) if vitality is not None else None
            if vit is None:
                health = esper.try_component(ent, Health)
                vit = (float(health.current), float(health.maximum)) if health else (1.0, 1.0)
            out.append(UnitInfo(ent, unit.side, unit.cell, vit[0], vit[1],
                                status is None or status.can_act, unit.hidden))
    return out


def determinize(match: Match, side: str, chance: Chance) -> None:
    """Re-deal what `side` cannot see on a scratch match (the ruleset's hook, generic by default),
    then re-place the units hidden from it among the cells it cannot rule out."""
    hook = getattr(match.ruleset, "determinize", None)
    if hook is not None:
        with match.world:
            hook(match, side, chance)
    place_hidden(match, side, chance)


class Sample:
    """A scratch match holding one determinized sample of the live match, reusable by reset().

    The scratch gets the side's view: hidden cards re-dealt and a chance source seeded from the
    AI's own `chance`. reset() returns it to the sampled state for the next simulation.
    """

    def __init__(self, live: Match, side: str, chance: Chance) -> None:
        self.side = side
        # the world as a marshal of the components' fields where it can be (`World.freeze_plain`:
        # half the pickle's time, and two fifths to copy back, for every simulation)
        plain = live.world.freeze_plain()
        frozen = live.world.freeze() if plain is None else b""
        self.match = live.scratch(frozen, plain)
        idle = live.ruleset.determinize_idle(live, side)
        if not idle:
            determinize(self.match, side, chance)
        # the re-deal and re-placing edit components outside a resolution: what was kept for the
        # copied state (`core.memo.state_memo`) no longer holds
        self.match.touch()
        self.match.chance = Chance(chance.next_u64() & 0x7FFF_FFFF_FFFF)
        # nothing re-imagined: the copy is the live world as frozen
        self._plain = plain if idle else self.match.world.freeze_plain() if plain is not None else None
        self._world = frozen if idle or self._plain is not None else self.match.world.freeze()
        self._chance = self.match.chance.to_json()
        self._result = self.match.result
        self._legal: list[Action] | None = None
        #: whether the sample's world is the live one byte for byte (nothing was hidden from the
        #: side; equal marshals are equal worlds, though equal worlds may marshal apart)
        self.same = idle or (self._plain == plain if plain is not None else self._world == frozen)
        self.dirty = False

    def reset(self) -> Match:
        """The scratch back at the sampled state (fresh copies of it: nothing a simulation
        changes carries over to the next)."""
        if self.dirty:
            if self._plain is not None:
                self.match.world.thaw_plain(self._plain)
            else:
                self.match.world.thaw(self._world)
            self.match.chance = Chance.from_json(self._chance)
            self.match.result = self._result
            self.match.log.clear()
            self.match.inputs.clear()
        self.dirty = True
        return self.match

    def offer(self, legal: list[Action] | None) -> None:
        """The live match's legal actions, kept as the sample's where its world is the live one
        (`same`): no second listing."""
        if legal is not None and self.same and self._legal is None:
            self._legal = legal

    def legal(self) -> list[Action]:
        """The legal actions at the sampled state, listed once (call it right after `reset`,
        before any step: every reset returns to that state)."""
        if self._legal is None:
            self._legal = self.match.legal()
        return self._legal

    def close(self) -> None:
        """Free the scratch world."""
        self.match.close()

    def __enter__(self) -> Sample:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class StepError(RuntimeError):
    """A simulated step could not be completed (a ruleset refused a simulated input)."""


def step(match: Match, action: Action, answer: Answer = default_answer, max_answers: int = 64,
         legal: list[Action] | None = None) -> None:
    """Submit an action on a scratch match and answer every decision it raises.

    Like the match's own AI path it commits at once (no undo snapshot); `legal`, when the caller
    has it, saves listing the actions again. Illegal input still raises, as StepError.
    """
    try:
        commit = getattr(match, "_submit", None)
        if commit is not None:
            commit(action, legal, undo=False)
        else:
            match.submit(action)
        for _ in range(max_answers):
            pending = match.pending_decision
            if pending is None:
                return
            match.answer(answer(match, pending))
    except ValueError as exc:
        raise StepError(str(exc)) from exc
    raise StepError("a simulated action raised too many decisions")


def actor_of(match: Match) -> tuple[str, int | None]:
    """(side, unit) acting now."""
    turn = match.current()
    return turn.side, turn.unit


def side_turn_key(match: Match) -> tuple[Any, ...]:
    """Identifies one side turn: the round and the side. Where units take turns one at a time,
    every activation of the side's units in the round belongs to it (a side turn's budget is
    for all of them, not for each unit); where the side acts as one, it is that turn."""
    return (match.round, match.current().side)
