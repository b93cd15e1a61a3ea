"""Play the report's games on worker processes and keep a small summary of each.

Games run through the ladder's runner (`game.ai.ladder.play_game`) with a match factory that sets
up the report's squads and map and attaches a listener to the match log. The listener reads the
events as they are emitted (damage credited to an attacker, units leaving play) and the input
being resolved at that moment, so the summary is what the game itself recorded; nothing is
re-simulated. A worker returns only the summary (a few kB), never the match.
"""

from __future__ import annotations

import multiprocessing
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.ai.ladder import GameSpec, play_game
from game.core.events import Event
from game.core.kinds import DATA_ACTION, DATA_ATTACKER, DATA_DAMAGE, DATA_TARGET

#: budgets per decision the levels get in report games (the ladder's defaults)
BUDGETS: tuple[tuple[str, float], ...] = (("easy", 0.1), ("hard", 0.25), ("normal", 0.25))
#: `--exact`: budgets no decision reaches, so every level does the same work whatever the machine's
#: load, and Hard a fixed number of samples instead of as many as its time allows; slower, but the
#: same seed then writes the same figures
EXACT_BUDGETS: tuple[tuple[str, float], ...] = (("easy", 600.0), ("hard", 600.0), ("normal", 600.0))
EXACT_HARD_SAMPLES = 24


@dataclass(frozen=True)
class ReportSpec(GameSpec):
    """A ladder game whose two sides field squads `squad_a` / `squad_b` on `map`.

    `swapped` puts squad_b on p1; both sides are played by the same level (a == b), so a game
    measures the squads, not the AIs.
    """

    squad_a: str = ""
    squad_b: str = ""
    map: str = ""


def specs_for(ruleset: str, matchups: list[tuple[str, str]], maps: list[str], levels: list[str],
              games: int, seed: int, exact: bool = False) -> list[ReportSpec]:
    """`games` games per (level, map, matchup); odd games put squad_a on p1, even ones squad_b.

    Game k of a matchup plays scenario seed `seed + k // 2`, so the two seatings of a pair meet
    the same deal.
    """
    budgets, samples = (EXACT_BUDGETS, EXACT_HARD_SAMPLES) if exact else (BUDGETS, None)
    return [ReportSpec(ruleset, level, level, k // 2, bool(k % 2), seed, budgets, samples,
                       squad_a=a, squad_b=b, map=mp)
            for level in levels for mp in maps for a, b in matchups for k in range(games)]


#: the label of damage and take-outs that come as a turn ends (bleeding, a side's Resolve)
END_OF_TURN = "end of turn"


def readable(ident: str) -> str:
    """An id for reading: "cult_gunner" -> "Cult gunner", "dagger+dagger" -> "Dagger + dagger"."""
    text = ident.replace("_", " ").replace("-", " ").replace("+", " + ")
    return text[:1].upper() + text[1:]


def kind_label(text: str, kind: str, squads: set[str]) -> str:
    """What the report calls a unit's kind: its content id made readable; where the ruleset names
    a unit's squad instead (saves), its own name without a trailing number ("Raider 2" -> "Raider")."""
    if kind and kind not in squads:
        return readable(kind)
    return re.sub(r"\s+\d+$", "", text) or readable(kind)


class Collector:
    """Listens to one match's log and tallies damage and take-outs by unit and by action."""

    def __init__(self, match: Any) -> None:
        from game.core.components import Status

        self.match = match
        self.units: dict[int, tuple[str, str]] = {}
        self.state: dict[int, str] = {}
        self._status = Status
        self._read_units()
        #: the side that chose the game's first action (set-up decisions and initiative come before)
        self.first = ""
        #: victim -> (attacker, action label, index of the input) of the last damage it took
        self.last_hit: dict[int, tuple[int, str, int]] = {}
        self.damage: list[tuple[str, int, int | None, float]] = []
        self.kills: list[tuple[str, int, int | None]] = []
        match.listeners.append(self)
        match.controllers = {side: _Watched(ctrl, side, self) for side, ctrl in match.controllers.items()}

    def _read_units(self) -> None:
        import esper

        from game.core.components import Name, Side

        squads = set(self.match.ruleset.squads())
        with self.match.world:
            for ent, (name, side) in self.match.units(Name, Side):
                if ent not in self.units:
                    self.units[ent] = (kind_label(name.text, name.kind, squads), side.side)
                    st = esper.try_component(ent, self._status)
                    self.state[ent] = st.state if st is not None else "active"

    def chose(self, side: str) -> None:
        """A side is choosing an action: the first one to do so moved first."""
        if not self.first:
            self.first = side
            self._read_units()  # a set-up phase may have placed units after the match was built

    def _current(self) -> tuple[int, dict[str, Any] | None]:
        """The input being resolved: its index among the inputs and its action (None: set-up)."""
        for i in range(len(self.match.inputs) - 1, -1, -1):
            item = self.match.inputs[i]
            if item.get("t") == "action":
                return i, item["action"]
        return -1, None

    def label_of(self, act: dict[str, Any] | None) -> str:
        """An action's kind and option (a card, weapon or spell), no target."""
        if act is None:
            return "set-up"
        kind = str(act.get("kind", "?"))
        if kind in self.match.ruleset.turn_ending:
            return END_OF_TURN
        option = str(act.get("option") or "").split("@")[0]
        shown = self.match.ruleset.card_label(option) if option else ""
        label = f"{kind} {shown or readable(option).lower()}" if option else kind
        # an option naming a hand or nothing says no more than the kind: add who acted
        # ("attack main (Vire)"), the way a card or spell id names itself
        actor = act.get("actor")
        if option in ("", "main", "offhand") and actor in self.units:
            label += f" ({self.units[actor][0]})"
        return label

    def action_label(self) -> str:
        """The input being resolved, as `label_of` words it."""
        return self.label_of(self._current()[1])

    def _unit(self, value: Any) -> int | None:
        return value if isinstance(value, int) and value in self.units else None

    def __call__(self, ev: Event) -> None:
        data = ev.data
        amount = data.get(DATA_DAMAGE)
        attacker = self._unit(data.get(DATA_ATTACKER))
        target = self._unit(data.get(DATA_TARGET))
        if (attacker is not None and target is not None and isinstance(amount, int | float)
                and not isinstance(amount, bool) and amount > 0):
            # the event names the action when it is not the input (a declaration rolled on Resolve)
            act = data.get(DATA_ACTION)
            label = self.label_of(act) if isinstance(act, dict) else self.action_label()
            self.damage.append((label, attacker, target, float(amount)))
            self.last_hit[target] = (attacker, label, self._current()[0])
        self._scan()

    def _scan(self) -> None:
        """A unit leaving the active state for the first time is taken out by the current input."""
        import esper

        with self.match.world:
            for ent, before in self.state.items():
                if before != "active":
                    continue
                st = esper.try_component(ent, self._status) if esper.entity_exists(ent) else None
                now = st.state if st is not None else "gone"
                if now != "active":
                    self.state[ent] = now
                    self.kills.append(self._take_out(ent))

    def _take_out(self, ent: int) -> tuple[str, int, int | None]:
        """(label, victim, killer): the killer is the unit that last damaged it; the label is that
        damage's action when it came during this input (a declared attack rolled on Resolve, a
        revealed hit), else the input itself (bleeding out as a turn ends)."""
        hit = self.last_hit.get(ent)
        if hit is not None and hit[2] == self._current()[0]:
            return hit[1], ent, hit[0]
        label = self.action_label()
        if label == END_OF_TURN:
            # nothing this input dealt did it: say how it left (bled out, fled on a failed morale check)
            label += f" ({self.state[ent]})"
        return label, ent, None if hit is None else hit[0]


class _Watched:
    """A side's controller, passed through, that tells the collector when the side chooses an action.

    The ladder keeps its own reference to the controller (for decision times), so wrapping the
    match's copy changes nothing it reads.
    """

    def __init__(self, inner: Any, side: str, collector: Collector) -> None:
        self.inner = inner
        self.side = side
        self.collector = collector
        self.is_human = inner.is_human

    def choose(self, match: Any, legal: list[Any]) -> Any:
        self.collector.chose(self.side)
        return self.inner.choose(match, legal)

    def decide(self, match: Any, decision: Any) -> str:
        return self.inner.decide(match, decision)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


#: the collector of the game this worker process is playing (set by the factory)
_CURRENT: list[Collector] = []


def report_match(spec: GameSpec, controllers: dict[str, Any]) -> Any:
    """The ladder's match factory for report games: the spec's squads on the spec's map."""
    from game.core import ruleset as registry
    from game.core.match import Match, Scenario, load_board_for

    assert isinstance(spec, ReportSpec)
    squads = ({"p1": spec.squad_b, "p2": spec.squad_a} if spec.swapped
              else {"p1": spec.squad_a, "p2": spec.squad_b})
    scenario = Scenario(spec.ruleset, spec.map, squads, spec.seed + spec.pair)
    match = Match(registry.get(spec.ruleset), scenario, load_board_for(scenario), controllers)
    _CURRENT.clear()
    _CURRENT.append(Collector(match))
    return match


def play_one(spec: ReportSpec) -> dict[str, Any]:
    """Play one report game (in a worker) and return its summary."""
    res = play_game(spec, report_match)
    col = _CURRENT.pop()
    role = {"p1": "b" if spec.swapped else "a", "p2": "a" if spec.swapped else "b"}
    winner_side = None if res["winner"] is None else next(s for s, r in role.items() if r == res["winner"])
    return {
        "level": spec.a, "map": spec.map, "squad_a": spec.squad_a, "squad_b": spec.squad_b,
        "swapped": spec.swapped, "seed": spec.seed + spec.pair,
        # res["winner"] is the level's role; both levels are the same, so it is the squad's role
        "winner": res["winner"], "winner_side": winner_side,
        "first": col.first, "first_role": role.get(col.first, ""),
        "rounds": res["rounds"], "capped": res["capped"], "seconds": round(res["seconds"], 3),
        "units": {ent: [kind, role[side]] for ent, (kind, side) in col.units.items() if side in role},
        "damage": [list(d) for d in col.damage],
        "kills": [list(k) for k in col.kills],
    }


def run_games(specs: list[ReportSpec], jobs: int,
              progress: Callable[[int, int], None] | None = None) -> tuple[list[dict[str, Any]], float]:
    """Play every spec (on `jobs` processes); the summaries in spec order and the seconds taken."""
    start = time.perf_counter()
    out: list[dict[str, Any] | None] = [None] * len(specs)
    done = 0
    if jobs > 1 and len(specs) > 1:
        # as the ladder does: spawned workers, replaced every few games so caches cannot pile up
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(processes=min(jobs, len(specs)), maxtasksperchild=8) as pool:
            for i, res in pool.imap_unordered(_indexed, list(enumerate(specs))):
                out[i] = res
                done += 1
                if progress:
                    progress(done, len(specs))
    else:
        for i, spec in enumerate(specs):
            out[i] = play_one(spec)
            done += 1
            if progress:
                progress(done, len(specs))
    return [r for r in out if r is not None], time.perf_counter() - start


def _indexed(job: tuple[int, ReportSpec]) -> tuple[int, dict[str, Any]]:
    return job[0], play_one(job[1])
