"""A recorded game as a timeline that can be stepped both ways, one input or one log event at a time.

The game is played forward once from its scenario and inputs, keeping a snapshot of the state
every `every` inputs (only between inputs where no resolution waits on a decision: a waiting
resolution is a generator, which a snapshot cannot hold). `seek(i)` restores the nearest snapshot
at or before input i into the one live match and replays forward from there, so the state shown
at input i is exactly the one the game had there. States passed on the way are kept in a small
recent cache, so stepping back again right after is a restore only.

Stepping by event shows the state at the moment a log event was emitted inside an input: the
input is replayed with a listener that copies the world when that event is logged. Such a state is
for looking at only (its resolution is cut short); play and branching go from input boundaries.
"""

from __future__ import annotations

import bisect
from collections import OrderedDict
from typing import Any

import msgspec

from game.core.action import Action
from game.core.board import Board
from game.core.chance import Chance
from game.core.events import Event
from game.core.match import IllegalInput, Match, Scenario
from game.core.ruleset import Ruleset
from game.core.wording import plural

#: inputs between kept snapshots (a step back replays at most this many inputs, usually none)
SNAPSHOT_EVERY = 8
#: states kept from recent seeks (stepping back through them is a restore)
RECENT_KEPT = 96


class BadInput(ValueError):
    """A recorded input the game does not accept when its turn comes (`index` names it)."""

    def __init__(self, index: int, problem: str) -> None:
        super().__init__(problem)
        self.index = index


class Timeline:
    """A game's inputs and log, with exact seeking; `match` always holds the state shown."""

    def __init__(self, ruleset: Ruleset, scenario: Scenario, board: Board,
                 inputs: list[dict[str, Any]], every: int = SNAPSHOT_EVERY) -> None:
        self.inputs = [dict(x) for x in inputs]
        self.every = max(1, every)
        self.match = Match(ruleset, scenario, board, {})
        #: log length before input i (one more entry: the final length)
        self.log_at: list[int] = []
        #: round number before input i (and at the end)
        self.round_at: list[int] = []
        #: the side that gave input i
        self.side_at: list[str] = []
        # states kept as JSON bytes: compact, and each restore gets fresh objects (a restored
        # component may share lists with the dict it came from, and the game then changes them)
        self._snaps: dict[int, bytes] = {}
        self._recent: OrderedDict[int, bytes] = OrderedDict()
        self._build()
        #: the whole game's log
        self.events: list[Event] = list(self.match.log)
        self.over = self.match.result is not None
        #: inputs applied in the state shown
        self.pos = len(self.inputs)
        #: log events shown (log_at[pos] at an input boundary, fewer inside an input)
        self.shown = len(self.events)
        #: whether `match` is a live state at input `pos` (False inside an input)
        self.live = True

    # -- building ------------------------------------------------------------------------------
    def _build(self) -> None:
        m = self.match
        last = None
        for i in range(len(self.inputs)):
            if m.result is not None:
                left = plural(len(self.inputs) - i, "recorded input")
                raise BadInput(i, f"{left} left over after the match ended")
            self._note(i)
            if not m.resolving and (last is None or i - last >= self.every):
                self._snaps[i] = self._state()
                last = i
            self._apply(i)
        self._note(len(self.inputs))
        if not m.resolving:
            self._snaps[len(self.inputs)] = self._state()

    def _note(self, i: int) -> None:
        m = self.match
        self.log_at.append(len(m.log))
        self.round_at.append(m.round)
        if i < len(self.inputs):
            d = m.pending_decision
            self.side_at.append(d.side if d is not None else m.current().side)

    def _state(self) -> bytes:
        state = self.match._state()  # noqa: SLF001 - the timeline is the match's own replay tool
        state["log_len"] = len(self.match.log)
        return msgspec.json.encode(state)

    def _apply(self, i: int) -> None:
        item = self.inputs[i]
        m = self.match
        try:
            if item.get("t") == "action":
                # undo=False: a replay's inputs commit at once and cost no undo snapshot
                m._submit(Action.from_json(item["action"]), None, undo=False)  # noqa: SLF001
            elif item.get("t") == "answer":
                m.answer(str(item["key"]))
            else:
                raise BadInput(i, f"unknown input kind {item.get('t')!r}")
        except IllegalInput as exc:
            raise BadInput(i, f"does not fit the game: {exc}") from None
        except (KeyError, TypeError) as exc:
            raise BadInput(i, f"is not an input: {exc}") from None

    def _restore(self, data: bytes) -> None:
        state = msgspec.json.decode(data)
        m = self.match
        m._restore_state(state)  # noqa: SLF001
        m._undo.clear()  # noqa: SLF001
        m.log = self.events[: state["log_len"]]
        m.touch()

    def _remember(self, i: int) -> None:
        if i in self._snaps or self.match.resolving:
            return
        self._recent[i] = self._state()
        self._recent.move_to_end(i)
        while len(self._recent) > RECENT_KEPT:
            self._recent.popitem(last=False)

    # -- reading -------------------------------------------------------------------------------
    @property
    def length(self) -> int:
        """How many inputs the game has."""
        return len(self.inputs)

    @property
    def rounds(self) -> int:
        """The last round reached."""
        return self.round_at[-1] if self.round_at else 0

    def input_of_event(self, k: int) -> int:
        """The input during which the k-th event (1-based count) was logged; -1 for set-up events."""
        return bisect.bisect_left(self.log_at, k) - 1

    def round_start(self, rnd: int) -> int:
        """The first input of a round (the end when the game never reached it)."""
        i = bisect.bisect_left(self.round_at, rnd)
        return min(i, self.length)

    @property
    def round(self) -> int:
        """The round of the state shown."""
        return self.round_at[self.pos]

    # -- seeking -------------------------------------------------------------------------------
    def seek(self, i: int) -> None:
        """Show the state after the first i inputs (clamped to the game)."""
        i = max(0, min(self.length, i))
        if self.live and self.pos == i:
            return
        start = self.pos if self.live and self.pos <= i else -1
        base = max((k for k in (*self._snaps, *self._recent) if k <= i), default=-1)
        if base > start:
            self._restore(self._snaps[base] if base in self._snaps else self._recent[base])
            if base in self._recent:
                self._recent.move_to_end(base)
            start = base
        if start < 0:
            # a set-up phase waits on decisions before input 0: no snapshot can hold it, so the
            # game is set up afresh (callers re-read `match`)
            old = self.match
            self.match = Match(old.ruleset, old.scenario, old.board, {})
            self.match.log = list(self.match.log)
            old.close()
            start = 0
        for k in range(start, i):
            self._apply(k)
            self._remember(k + 1)
        self.pos, self.shown, self.live = i, self.log_at[i], True

    def seek_event(self, k: int) -> None:
        """Show the state when the k-th log event was logged (k = events shown, clamped)."""
        k = max(0, min(len(self.events), k))
        i = self.input_of_event(k)
        if i < 0:
            self.seek(0)
            return
        if k == self.log_at[i + 1] or k == self.log_at[i]:
            self.seek(i + 1 if k == self.log_at[i + 1] else i)
            return
        self.seek(i)
        m = self.match
        caught: dict[str, Any] = {}

        def catch(ev: Event) -> None:
            if len(m.log) == k:
                caught["world"] = m.world.snapshot()
                caught["chance"] = m.chance.to_json()
                caught["result"] = m.result

        m.listeners.append(catch)
        try:
            self._apply(i)
        finally:
            m.listeners.remove(catch)
        # the input ran to its end: put back the world as it was when event k was logged
        m.world.restore(caught["world"])
        m.chance = Chance.from_json(caught["chance"])
        m.result = caught["result"]
        m._resolution = None  # noqa: SLF001 - a state to look at, never to play on
        m._decision = None  # noqa: SLF001
        m.inputs = self.inputs[:i]
        m.log = self.events[:k]
        m.touch()
        self.pos, self.shown, self.live = i, k, False

    def step(self, n: int = 1) -> None:
        """n inputs forward (negative: back); from inside an input, back goes to its start."""
        if not self.live and n < 0:
            self.seek(self.pos + n + 1)
        else:
            self.seek(self.pos + n)

    def step_event(self, n: int = 1) -> None:
        """n log events forward (negative: back)."""
        self.seek_event(self.shown + n)

    def next_round(self) -> None:
        """The first input of the next round (the end in the last one)."""
        self.seek(self.round_start(self.round + 1))

    def previous_round(self) -> None:
        """The first input of this round, or of the one before when already there."""
        start = self.round_start(self.round)
        if start >= self.pos and self.live:
            start = self.round_start(self.round - 1)
        self.seek(start)

    def branch_snapshot(self) -> dict[str, Any]:
        """The snapshot of the input boundary shown (inside an input: its start), for a new match."""
        if not self.live:
            self.seek(self.pos)
        return self.match.snapshot()

    def close(self) -> None:
        """Free the match's world."""
        self.match.close()
