"""The utility AI's score terms: what one action is worth to the acting side, by named term.

- damage / kill: the ruleset's exact expected damage and kill chance (`assess`, `preview`); for a
  move, "potential" is what the ruleset expects it to allow from the new square;
- exposure: the enemy fire the ruleset expects there, weighed up when the unit is hurt;
- focus: prefer wounded targets that other units of the side can also reach, and the target the
  side plan (`plan.py`) assigned to this unit;
- safety, cover, facing: what the enemies could do next turn to the unit where the action leaves
  it (the ruleset's `threat_by` hook), the cover between them and it, and which arc they would
  hit; enemies are where the side believes they are (`knowledge.units`);
- menace: what the unit threatens from where the move leaves it, next turn (`Ruleset.menace`,
  where the ruleset has it), against what it threatens where it stands: the safety term's other half;
- approach, objective, progress, cost: closing on the planned target or an objective, and the
  resources the ruleset says the action spends;
- volley (Hard, where the ruleset has `volley_after`): every attack the unit can still make after
  the action, in place of "potential" and the move's follow-up;
- plan (Hard, where the ruleset has `plan_step`): the action is a step of the side's best joint
  plan for its turn (saves: who gangs up on whom, from where, priced on the resolution together).

Normal's lookahead (`utility.py`) adds "followup" and, for the moves worth it, cover and facing.
"""

from __future__ import annotations

import esper

from game.ai.knowledge import UnitInfo
from game.ai.moves import destination, is_move, overrides
from game.ai.plan import TurnCache, plan
from game.core.action import Action
from game.core.components import Facing
from game.core.geometry import Cell
from game.core.match import Match
from game.core.sight import cover_on_line, has_los

#: weight of each term (tuned on the ladder; see the module docstring)
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
    "menace": 0.5,
    "objective": 0.15,
    "progress": 0.3,
    "cost": 1.0,
    "plan": 4.0,
}
#: the generic threat counts enemies in reach; this turns it into damage-like units
GENERIC_THREAT_SCALE = 0.5


class Scorer:
    """The Normal level's utility function, shared with Hard (candidates and rollouts)."""

    def __init__(self, weights: dict[str, float] | None = None, exact: bool = False) -> None:
        self.weights = dict(WEIGHTS, **(weights or {}))
        #: weights given by the caller: they win over the ruleset's (`Ruleset.ai_weights`,
        #: `ai_weights_hard`)
        self.given = dict(weights or {})
        #: the ruleset and whether Hard's patience has run out, for which `weights` were made
        self.tuned_for: tuple[type, bool] | None = None
        #: price position by the ruleset's `exposure` hooks where it has them (Hard): one exact
        #: term for the enemy fire, with the defender's facing and movement, in place of the
        #: safety, cover and facing estimates
        self.exact = exact
        #: whether `terms` asks the ruleset's side plan (`plan_step`); off in the lookahead's
        #: follow-ups, which add up only the damage terms of what follows
        self.plans = True
        self.cache: TurnCache | None = None

    # -- side-level reasoning --------------------------------------------------------------------
    def context(self, match: Match, side: str) -> TurnCache:
        """The side's turn cache (`plan.plan`), rebuilt when a unit it knows of moved, fell or
        changed health."""
        self.tune(match)
        self.cache = plan(match, side, self.cache)
        return self.cache

    def tune(self, match: Match) -> None:
        """The weights for the match's ruleset (and Hard's patience, spent or not)."""
        rs = match.ruleset
        patience = getattr(rs, "hard_patience_rounds", None)
        # two sides that both wait would stand off until the round limit: Hard's own weights
        # hold only so long, then the shared ones close in
        spent = self.exact and patience is not None and match.round > patience
        if self.tuned_for != (type(rs), spent):
            self.tuned_for = (type(rs), spent)
            # Normal's weights and Hard's (its exact exposure in place of the safety estimate) are
            # each measured on the ladder: one ruleset's better Normal weights are not Hard's
            if self.exact:
                tuned = {} if spent else getattr(rs, "ai_weights_hard", {})
            else:
                tuned = getattr(rs, "ai_weights", {})
            self.weights = dict(WEIGHTS, **tuned, **self.given)

    def threat_at(self, match: Match, cache: TurnCache, cell: Cell) -> float:
        """Damage-like threat the enemies pose to a unit of the side on `cell` next turn."""
        if cell not in cache.threat:
            by = match.ruleset.threat_by(match, cache.side, cell)
            scale = 1.0 if overrides(match.ruleset, "threat_by") else GENERIC_THREAT_SCALE
            cache.threat_by[cell] = by
            cache.threat[cell] = scale * sum(by.values())
        return cache.threat[cell]

    def menace_at(self, match: Match, cache: TurnCache, ent: int, cell: Cell) -> float:
        """`Ruleset.menace` of unit `ent` on `cell`, kept for the side turn."""
        key = (ent, cell)
        found = cache.menace.get(key)
        if found is None:
            found = cache.menace[key] = match.ruleset.menace(match, ent, cell) or 0.0
        return found

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
        if self.exact and self.plans:
            with match.world:
                step = rs.plan_step(match, action)
            if step:
                out["plan"] = self.weights["plan"] * step
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
        if overrides(match.ruleset, "menace"):
            # what the unit threatens from there next turn, against what it threatens now: the
            # other half of the exchange the safety term prices (the enemy moves first: it may
            # step away or strike first, hence the weight below the safety's)
            now = self.menace_at(match, cache, actor.ent, actor.cell)
            then = self.menace_at(match, cache, actor.ent, dest)
            if now != then:
                out["menace"] = w["menace"] * (then - now)
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
