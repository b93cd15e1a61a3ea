"""Normal AI: utility scoring of the acting unit's options, reasoned for the whole side.

Every legal action gets a score made of named terms:

- damage / kill: the ruleset's exact expected damage and kill chance (`assess`, `preview`); for a
  move, "potential" is what the ruleset expects it to allow from the new square;
- exposure: the enemy fire the ruleset expects there, weighed up when the unit is hurt;
- focus: prefer wounded targets that other units of the side can also reach, and the target the
  side plan assigned to this unit;
- safety, cover, facing: what the enemies could do next turn to the unit where the action leaves
  it (the ruleset's `threat` hook), the cover between them and it, and which arc they would hit;
- followup: for the most promising moves, the best attack the unit has from the new cell (one
  move applied on a determinized scratch copy, so no hidden card or future roll is used); it
  replaces "potential", and those moves also get the cover and facing terms;
- approach, objective, progress, cost: closing on the planned target or an objective, and the
  resources the ruleset says the action spends;
- volley (Hard, where the ruleset has `volley_after`): every attack the unit can still make after
  the action, in place of "potential" and the move's follow-up.

What does not change within a side's turn (threat per cell, who can reach which enemy, the
side's focus target and per-unit assignments) is computed once and cached.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import esper

from game.ai.explain import Explanation, candidate, top
from game.ai.knowledge import Deadline, Sample, StepError, UnitInfo, step, units
from game.core.action import Action, Decision
from game.core.chance import Chance
from game.core.components import Facing
from game.core.geometry import Cell
from game.core.match import Match
from game.core.ruleset import Ruleset
from game.core.sight import cover_on_line, has_los

#: weight of each term (tuned on the ladder; see docs in the module docstring)
WEIGHTS: dict[str, float] = {
    "damage": 1.0,
    "kill": 6.0,
    "focus": 1.2,
    "assigned": 0.6,
    "exposure": 0.6,
    "safety": 0.8,
    "cover": 0.25,
    "facing": 0.4,
    "followup": 0.85,
    "approach": 0.3,
    "objective": 0.15,
    "progress": 0.3,
    "cost": 1.0,
}
#: the generic threat counts enemies in reach; this turns it into damage-like units
GENERIC_THREAT_SCALE = 0.5


def _overrides(rs: Ruleset, name: str) -> bool:
    return getattr(type(rs), name, None) is not getattr(Ruleset, name, None)


def is_move(rs: Ruleset, action: Action) -> bool:
    """A chance-free positional action (the ruleset's undoable kinds) that ends on a cell."""
    return action.kind in rs.undoable and (action.cell is not None or bool(action.path))


def destination(action: Action) -> Cell | None:
    """Where a move leaves its actor."""
    if action.cell is not None:
        return tuple(action.cell)  # type: ignore[return-value]
    return tuple(action.path[-1]) if action.path else None  # type: ignore[return-value]


@dataclass
class TurnCache:
    """What stays true for a side within one of its turns (refreshed when any unit changes)."""

    key: tuple[Any, ...]
    side: str
    units: list[UnitInfo]
    threat: dict[Cell, float] = field(default_factory=dict)
    threat_by: dict[Cell, dict[int, float]] = field(default_factory=dict)
    cover: dict[Cell, float] = field(default_factory=dict)
    support: dict[int, dict[int, float]] = field(default_factory=dict)
    priority: dict[int, float] = field(default_factory=dict)
    assigned: dict[int, int] = field(default_factory=dict)
    focus: int | None = None

    @property
    def friends(self) -> list[UnitInfo]:
        """The side's units able to act."""
        return [u for u in self.units if u.side == self.side and u.active]

    @property
    def enemies(self) -> list[UnitInfo]:
        """Enemy units able to act."""
        return [u for u in self.units if u.side != self.side and u.active]

    def unit(self, ent: int | None) -> UnitInfo | None:
        """A unit by id."""
        return next((u for u in self.units if u.ent == ent), None)


class Scorer:
    """The Normal level's utility function, shared with Hard (candidates and rollouts)."""

    def __init__(self, weights: dict[str, float] | None = None, exact: bool = False) -> None:
        self.weights = dict(WEIGHTS, **(weights or {}))
        #: price position by the ruleset's `exposure` hooks where it has them (Hard): one exact
        #: term for the enemy fire, with the defender's facing and movement, in place of the
        #: safety, cover and facing estimates
        self.exact = exact
        self.cache: TurnCache | None = None

    # -- side-level reasoning --------------------------------------------------------------------
    def context(self, match: Match, side: str) -> TurnCache:
        """The side's turn cache, rebuilt when a unit moved, fell or changed health."""
        infos = units(match)
        key = (match.round, side, tuple((u.ent, u.cell, u.hp, u.active) for u in infos))
        if self.cache is not None and self.cache.key == key:
            return self.cache
        cache = TurnCache(key, side, infos)
        rs = match.ruleset
        friends, enemies = cache.friends, cache.enemies
        for enemy in enemies:
            # who of this side could reach the enemy: the threat the enemy's side faces there
            cache.support[enemy.ent] = {e: v for e, v in rs.threat_by(match, enemy.side, enemy.cell).items()
                                        if any(f.ent == e for f in friends)}
            reach = sum(1 for v in cache.support[enemy.ent].values() if v >= 0.99)
            cache.priority[enemy.ent] = ((1.0 - enemy.hp_frac) + 0.5 * reach / max(1, len(friends))
                                         + 0.25 * enemy.hp_max / max(1.0, max(x.hp_max for x in enemies)))
        reachable = [e for e in enemies if cache.support.get(e.ent)]
        pool = reachable or enemies
        if pool:
            cache.focus = max(pool, key=lambda e: (cache.priority[e.ent], -e.ent)).ent
        for friend in friends:
            if not enemies:
                break
            def value(e: UnitInfo, f: UnitInfo = friend) -> tuple[float, int]:
                near = cache.support.get(e.ent, {}).get(f.ent, 0.0)
                dist = match.board.distance(f.cell, e.cell)
                return (cache.priority[e.ent] + near + (0.5 if e.ent == cache.focus else 0.0)
                        - 0.02 * dist, -e.ent)
            cache.assigned[friend.ent] = max(enemies, key=value).ent
        self.cache = cache
        return cache

    def threat_at(self, match: Match, cache: TurnCache, cell: Cell) -> float:
        """Damage-like threat the enemies pose to a unit of the side on `cell` next turn."""
        if cell not in cache.threat:
            by = match.ruleset.threat_by(match, cache.side, cell)
            scale = 1.0 if _overrides(match.ruleset, "threat_by") else GENERIC_THREAT_SCALE
            cache.threat_by[cell] = by
            cache.threat[cell] = scale * sum(by.values())
        return cache.threat[cell]

    def cover_at(self, match: Match, cache: TurnCache, cell: Cell) -> float:
        """Mean cover (0-3) next to `cell` on the lines from the enemies that threaten it."""
        if cell in cache.cover:
            return cache.cover[cell]
        self.threat_at(match, cache, cell)
        board = match.board
        covers = []
        for enemy in cache.enemies:
            if cache.threat_by[cell].get(enemy.ent, 0.0) <= 0.0 or board.distance(enemy.cell, cell) <= 1:
                continue
            if not has_los(board, enemy.cell, cell):
                covers.append(3.0)
                continue
            line = cover_on_line(board, enemy.cell, cell)
            near = [t.cover for c, t in line if board.distance(c, cell) <= 1]
            covers.append(float(max(near, default=0)))
        cache.cover[cell] = sum(covers) / len(covers) if covers else 0.0
        return cache.cover[cell]

    def facing_risk(self, match: Match, cache: TurnCache, ent: int, cell: Cell) -> float:
        """How much threat falls on the unit's flanks and rear (hex boards with facing only)."""
        grid = match.board.grid
        if match.board.kind != "hex" or not hasattr(grid, "arc"):
            return 0.0
        with match.world:
            facing = esper.try_component(ent, Facing)
        if facing is None:
            return 0.0
        self.threat_at(match, cache, cell)
        risk = 0.0
        for enemy in cache.enemies:
            weight = cache.threat_by[cell].get(enemy.ent, 0.0)
            if weight > 0.0:
                arc = grid.arc(cell, facing.direction, enemy.cell)
                risk += weight * {2: 0.5, 3: 1.0, 4: 0.5}.get(arc, 0.0)
        return risk

    # -- one action ------------------------------------------------------------------------------
    def terms(self, match: Match, cache: TurnCache, action: Action) -> dict[str, float]:
        """The immediate terms of an action (no lookahead)."""
        rs = match.ruleset
        w = self.weights
        with match.world:
            a = rs.assess(match, action)
            # the preview shares the ruleset's formulas; ask it only when assess is silent
            p = (rs.preview(match, action) if action.target is not None
                 and not (a.expected_damage or a.kill_chance) else None)
        dmg = a.expected_damage or (p.expected_damage if p else 0.0)
        kill = a.kill_chance or (p.kill if p else 0.0)
        out: dict[str, float] = {}
        target = cache.unit(action.target)
        actor = cache.unit(action.actor)
        move = is_move(rs, action)
        if move:
            # a move's damage terms are what the ruleset expects it to allow from the new square;
            # the lookahead replaces them with the best attack actually legal there
            if dmg or kill:
                out["potential"] = w["followup"] * (dmg + w["kill"] * kill)
        else:
            if dmg:
                out["damage"] = w["damage"] * dmg
            if kill:
                worth = 1.0 + (target.hp_max / max(1.0, max(e.hp_max for e in cache.enemies)) if target
                               and cache.enemies else 0.0)
                out["kill"] = w["kill"] * kill * worth
        if target is not None and target.side != cache.side and dmg and not move:
            share = min(1.0, dmg / max(1.0, target.hp))
            others = sum(v for e, v in cache.support.get(target.ent, {}).items() if e != action.actor)
            out["focus"] = w["focus"] * share * ((1.0 - target.hp_frac) + 0.3 * min(2.0, others))
            if actor is not None and cache.assigned.get(actor.ent) == target.ent:
                out["assigned"] = w["assigned"] * min(1.0, dmg)
        care = 1.5 - 0.5 * actor.hp_frac if actor is not None else 1.0
        if a.exposure:
            out["exposure"] = -w["exposure"] * care * a.exposure
        if a.progress:
            out["progress"] = w["progress"] * a.progress
        if a.cost:
            out["cost"] = -w["cost"] * a.cost
        exposed = self._exposure(match, action, actor, out) if self.exact else False
        if self.exact:
            self._volley(match, action, out)
        dest = destination(action) if move else None
        if actor is not None and dest is not None and dest != actor.cell:
            out.update(self._position_terms(match, cache, actor, dest, safety=not exposed))
        return out

    def _exposure(self, match: Match, action: Action, actor: UnitInfo | None,
                  out: dict[str, float]) -> bool:
        """The exact safety term (`Ruleset.exposure_after` against where the unit stands now);
        False when the ruleset has none for this action."""
        if actor is None:
            return False
        rs = match.ruleset
        after = rs.exposure_after(match, action)
        if after is None:
            return False
        # not kept in the turn cache: a turn in place changes it without moving anyone
        gain = (rs.exposure_now(match, actor.ent) or 0.0) - after
        out.pop("exposure", None)
        if gain:
            out["safety"] = self.weights["safety"] * (1.5 - 0.5 * actor.hp_frac) * gain
        return True

    def _volley(self, match: Match, action: Action, out: dict[str, float]) -> None:
        """The exact follow-up term (`Ruleset.volley_after`): every attack the unit can still make
        after the action, for attacks and moves alike; it replaces a move's "potential" (one
        attack) and the lookahead's follow-up."""
        rest = match.ruleset.volley_after(match, action)
        if rest is None:
            return
        out.pop("potential", None)
        if action.target is None and destination(action) is not None:
            # a move played as a card: its damage term is the same one-attack estimate
            out.pop("damage", None)
        if rest:
            out["volley"] = self.weights["followup"] * rest

    def _position_terms(self, match: Match, cache: TurnCache, actor: UnitInfo,
                        dest: Cell, safety: bool = True) -> dict[str, float]:
        w = self.weights
        out: dict[str, float] = {}
        care = 1.5 - 0.5 * actor.hp_frac
        gain = ((self.threat_at(match, cache, actor.cell) - self.threat_at(match, cache, dest))
                if safety else 0.0)
        if gain:
            out["safety"] = w["safety"] * care * gain
        target = cache.unit(cache.assigned.get(actor.ent))
        board = match.board
        if target is not None:
            closer = board.distance(actor.cell, target.cell) - board.distance(dest, target.cell)
            if closer:
                out["approach"] = w["approach"] * closer
        objectives = [c for o in board.objectives for c in o.cells] if (
            getattr(match.ruleset, "uses_objectives", False)
            or match.scenario.options.get("objectives")) else []
        if objectives:
            before = min(board.distance(actor.cell, c) for c in objectives)
            after = min(board.distance(dest, c) for c in objectives)
            gain = (before - after) + (2.0 if after == 0 else 0.0) - (2.0 if before == 0 else 0.0)
            if gain:
                out["objective"] = w["objective"] * gain
        return out


def label_of(action: Action) -> str:
    """How an action reads in an explanation."""
    if action.label:
        return action.label
    parts = [action.kind]
    if action.target is not None:
        parts.append(f"#{action.target}")
    if action.cell is not None:
        parts.append(f"to {tuple(action.cell)}")
    return " ".join(parts)


@dataclass
class Ranked:
    """A scored legal action."""

    index: int
    action: Action
    terms: dict[str, float]

    @property
    def score(self) -> float:
        """Sum of the terms."""
        return sum(self.terms.values())


class NormalAI:
    """Utility scoring with side-level planning and a one-move lookahead for the best moves."""

    is_human = False
    level = "normal"

    def __init__(self, seed: int = 0, budget: float = 0.25, lookahead: int = 8,
                 weights: dict[str, float] | None = None, exact: bool = False) -> None:
        self.seed = seed
        self.budget = budget
        self.lookahead = lookahead
        self.chance = Chance(seed ^ 0x4E4F524D)
        self.scorer = Scorer(weights, exact)
        self.last_explanation: Explanation = []
        self.times: list[float] = []

    def rank(self, match: Match, legal: list[Action], deadline: Deadline,
             lookahead: int | None = None) -> list[Ranked]:
        """Every legal action scored (as many as the deadline allows), best first."""
        side = match.current().side
        cache = self.scorer.context(match, side)
        ranked: list[Ranked] = []
        # attacks and other non-moves first: if the deadline cuts the list, moves are what is lost
        order = sorted(range(len(legal)), key=lambda i: (is_move(match.ruleset, legal[i]), i))
        for i in order:
            if ranked and deadline.over(margin=0.3 * deadline.seconds):
                break
            ranked.append(Ranked(i, legal[i], self.scorer.terms(match, cache, legal[i])))
        self._lookahead(match, cache, ranked, deadline, self.lookahead if lookahead is None else lookahead)
        ranked.sort(key=lambda r: (-r.score, r.index))
        return ranked

    def _lookahead(self, match: Match, cache: TurnCache, ranked: list[Ranked], deadline: Deadline,
                   width: int) -> None:
        """Apply the most promising moves (and, where the side picks which unit acts, the unit
        choices) on a determinized scratch copy and score the best attack that follows."""
        rs = match.ruleset
        moves = [r for r in ranked if is_move(rs, r.action)]
        picked: list[Ranked] = []
        if moves:
            moves.sort(key=lambda r: (-r.score, r.index))
            picked = moves[:width]
            # also the move that closes most on the assigned target: the likeliest attack position
            closing = max(moves, key=lambda r: (r.terms.get("approach", 0.0), -r.index))
            if closing not in picked:
                picked.append(closing)
        if match.current().unit is None:
            # the side chooses its next actor: try each unit-level choice that is not an attack
            picks = [r for r in ranked if not is_move(rs, r.action) and r.action.actor is not None
                     and r.action.target is None and r.action.cell is None and r.action.kind != "end"]
            picks.sort(key=lambda r: (-r.score, r.index))
            picked += picks[:width]
        if not picked or width <= 0 or deadline.over(margin=0.5 * deadline.seconds):
            return
        side = cache.side
        sample = Sample(match, side, self.chance)
        try:
            for r in picked:
                if deadline.over(margin=0.25 * deadline.seconds):
                    break
                self._follow(match, cache, sample, r, deadline)
        finally:
            self.scorer.cache = cache
            sample.close()

    def _follow(self, match: Match, cache: TurnCache, sample: Sample, r: Ranked, deadline: Deadline) -> None:
        """One lookahead: the action on the sample, then the best aimed action the side has next."""
        rs = match.ruleset
        side = cache.side
        move = is_move(rs, r.action)
        volleys = self.scorer.exact and _overrides(rs, "volley_after")
        if move and volleys:
            return  # its volley term already holds every attack that can follow
        sim = sample.reset()
        try:
            step(sim, r.action)
        except StepError:
            return
        if move:
            r.terms.pop("potential", None)
        if sim.over:
            r.terms["followup"] = sim.ruleset.evaluate(sim, side)
            return
        turn = sim.current()
        if turn.side != side:
            return
        best = 0.0
        sim_cache = self.scorer.context(sim, side)
        for nxt in sim.legal():
            if deadline.over(margin=0.15 * deadline.seconds):
                break
            if is_move(rs, nxt) or (nxt.target is None and nxt.cell is None):
                continue
            if move and turn.unit is not None and nxt.actor != r.action.actor:
                continue
            t = self.scorer.terms(sim, sim_cache, nxt)
            gain = sum(t.get(k, 0.0) for k in ("damage", "kill", "focus", "assigned", "volley"))
            best = max(best, gain + t.get("cost", 0.0))
        if best:
            r.terms["followup"] = self.scorer.weights["followup"] * best
        dest = destination(r.action) if move else None
        mover = cache.unit(r.action.actor)
        # the exact exposure already holds cover and facing
        exact = self.scorer.exact and _overrides(rs, "exposure_after")
        if mover is not None and dest is not None and not exact:
            # cover costs sight lines per enemy: only the moves worth a lookahead get it
            cover = self.scorer.cover_at(match, cache, dest) - self.scorer.cover_at(match, cache, mover.cell)
            if cover:
                r.terms["cover"] = self.scorer.weights["cover"] * cover
            before = self.scorer.facing_risk(match, cache, mover.ent, mover.cell)
            after = self.scorer.facing_risk(sim, sim_cache, mover.ent, dest)
            if before != after:
                r.terms["facing"] = self.scorer.weights["facing"] * (before - after)

    def choose(self, match: Match, legal: list[Action]) -> Action:
        """The best-scoring legal action; earlier listed wins ties."""
        deadline = Deadline(self.budget)
        if len(legal) == 1:
            self.last_explanation = [candidate(label_of(legal[0]), 0.0, {}, note="only legal action")]
            self.times.append(deadline.elapsed())
            return legal[0]
        ranked = self.rank(match, legal, deadline)
        self.last_explanation = top([candidate(label_of(r.action), r.score, r.terms) for r in ranked])
        self.times.append(deadline.elapsed())
        return ranked[0].action

    def decide(self, match: Match, decision: Decision) -> str:
        """The answer the ruleset values most for this side (its resources priced in by `advise`)."""
        return decide_by_advice(self, match, decision)


def decide_by_advice(ai: Any, match: Match, decision: Decision, thrift: float = 1.0,
                     exact: bool = False) -> str:
    """Answer with the ruleset's advice for the deciding side and record it as the explanation.

    `thrift` is how many times the advice's own price the answer's lasting resources cost
    (`Ruleset.spent`): 1 takes the advice as it is. `exact` asks for the ruleset's costlier
    `advise_exact` first."""
    with match.world:
        values = match.ruleset.advise_exact(match, decision) if exact else None
        if values is None:
            values = match.ruleset.advise(match, decision)
        if values and thrift != 1.0:
            for key, cost in match.ruleset.spent(match, decision).items():
                if key in values:
                    values[key] -= (thrift - 1.0) * cost
    keys = decision.keys()
    labels = {o.key: o.label or o.key for o in decision.options}
    if not values:
        key = decision.default if decision.default in keys else keys[0]
        ai.last_explanation = [candidate(labels[key], 0.0, {}, note="no advice; default answer")]
        return key
    order = sorted(range(len(keys)), key=lambda i: (-values.get(keys[i], float("-inf")), i))
    key = keys[order[0]]
    ai.last_explanation = [candidate(labels[keys[i]], values.get(keys[i], 0.0),
                                     {"advice": values.get(keys[i], 0.0)}) for i in order[:5]]
    return key
