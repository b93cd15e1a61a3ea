"""The whole side's declarations planned together (SV-TURN, SV-GANG, SV-BLAST), for the Hard AI.

A side declares every unit's move and attack and then rolls them all at once, so an attack is
worth what its whole group does: the keep-highest pool, +1 per extra attacker, answered by the
defender with a dodge or a counter-attack. Normal scores one declaration at a time, each against
the group declared so far. The plan here chooses, for every unit still to declare, a target (and
the square to attack it from) or none, by the value of the resolution they will have together:

- each group's worth is the defender's own best answer to it (`ai.defender_choice`: harm taken,
  a take-out as `ai.KILL` points, less what its counter-attack deals), from the same exact odds
  the prompt and the resolution use;
- less the enemies' reply: each standing enemy, unless the plan takes it out, strikes the unit it
  reaches where the plan leaves it, with its best weapon against that unit's armour and dodge.

A unit's options are every attack Normal prices (`ai.attack_value`): plain or as a risky stunt
(its fall priced as Normal prices it), a blast (on every unit it reaches, grouped as the
resolution groups it: `combat.plan_groups`; a friend's harm at -1.5), and a finishing blow on an
Unconscious enemy (a quarter, as `ai.HELPLESS`). Units are tried on the squares the plan puts them
(their real positions are restored before it returns). The search is exhaustive over each unit's
best few attacks. `plan_step` tells how far an action follows the plan; the Hard AI adds that as
its "plan" term.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING, Any

from game.core.components import Health, Position
from game.core.sight import cover_on_line, has_los
from game.rulesets.saves.ai import (
    FINISH,
    HELPLESS,
    KILL,
    STUNT_FALL,
    STUNT_MOVE,
    answer_value,
    defender_choice,
)
from game.rulesets.saves.combat import dodge_chance, weapons_of
from game.rulesets.saves.components import (
    SvGear,
    SvScores,
    SvTurn,
    conditions,
    get,
    has,
    is_standing,
    side_of,
    units,
)
from game.rulesets.saves.groups import STUNT, blast_victims, is_stunt, plan_groups, stunt_chance
from game.rulesets.saves.kinds import Kind
from game.rulesets.saves.odds import damage_distribution, harm
from game.rulesets.saves.rules import armour_of, cell_of, held, helpless, save_mode, weapon_sets
from game.rulesets.saves.turns import may_act, table

if TYPE_CHECKING:
    from game.core.match import Match

Cell = tuple[int, int]
#: attacks (each with its best square) kept per unit: the search tries every mix of them
TOP = 3
#: what a friend's harm from the side's own blast weighs against an enemy's (as `ai.attack_value`)
FRIEND = 1.5
#: weight of the enemies' expected reply against the side's own harm dealt
REPLY = 0.6


@dataclass(frozen=True)
class Step:
    """One unit's part: attack `target` with `option` from `cell` (target None: no attack)."""

    unit: int
    target: int | None
    option: str | None
    cell: Cell


@dataclass
class Plan:
    """The best joint declaration found: each undeclared unit's step, and its value."""

    value: float
    steps: dict[int, Step]


def side_plan(match: Match, side: str) -> Plan:
    """The plan for `side` in the state as it stands (inside `with match.world`); kept on the
    match until something it reads changes."""
    # the whole state the plan reads (a scratch copy's log and inputs restart on every reset)
    stamp = (side, tuple((e, cell_of(e), is_standing(e), tuple(conditions(e).active), get(e, Health).current)
                         for e in units()),
             tuple(sorted((k, d["kind"], d.get("target"), d.get("option"))
                          for k, d in table(match).data.get("declared", {}).items())),
             tuple((get(e, SvTurn).moved, get(e, SvTurn).swapped, tuple(get(e, SvGear).held))
                   for e in units()))
    memo = match.__dict__.get("_saves_plan")
    if memo is not None and memo[0] == stamp:
        return memo[1]
    plan = _Planner(match, side).best()
    match.__dict__["_saves_plan"] = (stamp, plan)
    return plan


def plan_step(match: Match, action: Any) -> float:
    """1 for an action the plan takes next (a planned move, a planned attack: the same weapons on
    the same target, plain or as a risky stunt, which Normal's exact price of the stunt's two
    outcomes then decides), 0.5 for a move to another square from which the planned attack can be
    made, else 0."""
    ent = action.actor
    if ent is None or action.kind not in (Kind.MOVE, Kind.ATTACK):
        return 0.0
    plan = side_plan(match, side_of(ent))
    step = plan.steps.get(ent)
    if step is None or step.target is None:
        return 0.0
    if action.kind == Kind.ATTACK:
        same = action.option.removeprefix(STUNT) == step.option.removeprefix(STUNT)  # type: ignore[union-attr]
        return 1.0 if action.target == step.target and same else 0.0
    cell = tuple(action.cell)
    if cell == step.cell:
        return 1.0
    ws = weapons_of(step.option)  # type: ignore[arg-type]
    dist = match.board.distance(cell, cell_of(step.target))
    if not ws[0].ranged:
        return 0.5 if dist <= 1 else 0.0
    return 0.5 if 1 <= dist <= ws[0].range and _los(match, cell, cell_of(step.target)) else 0.0


def _los(match: Match, a: Cell, b: Cell) -> bool:
    memo: dict[tuple[Cell, Cell], bool] = match.board.__dict__.setdefault("_saves_los", {})
    key = (a, b)
    found = memo.get(key)
    if found is None:
        if len(memo) > 200_000:
            memo.clear()
        found = memo[key] = has_los(match.board, a, b)
    return found


def _cover(match: Match, a: Cell, b: Cell) -> bool:
    memo: dict[tuple[Cell, Cell], bool] = match.board.__dict__.setdefault("_saves_cover", {})
    key = (a, b)
    found = memo.get(key)
    if found is None:
        if len(memo) > 200_000:
            memo.clear()
        found = memo[key] = bool(cover_on_line(match.board, a, b))
    return found


class _Planner:
    """One search (all inside `with match.world`)."""

    def __init__(self, match: Match, side: str) -> None:
        from game.rulesets.saves.actions import move_targets, targetable

        self.match = match
        self.side = side
        t = table(match)
        self.declared: dict[str, dict[str, Any]] = t.data.get("declared", {})
        mine = [e for e in units() if side_of(e) == side and is_standing(e)]
        self.todo = [e for e in mine if may_act(match, e) and str(e) not in self.declared]
        self.foes = [e for e in units() if side_of(e) != side and is_standing(e) and not has(e, "hidden")]
        # an Unconscious enemy is a target too (SV-UNCONSCIOUS): it cannot answer or reply
        known = [e for e in units() if side_of(e) != side and not has(e, "hidden")
                 and (is_standing(e) or helpless(e))]
        self.targets = [e for e in known if targetable(self.todo[0], e)] if self.todo else []
        self.last = len([e for e in units() if side_of(e) != side and is_standing(e)]) == 1
        self.cells = {u: [cell_of(u)] + ([] if get(u, SvTurn).moved or get(u, SvTurn).swapped
                                         else move_targets(match, u)) for u in self.todo}
        self.group_memo: dict[Any, tuple[float, float]] = {}
        self.threat_memo: dict[tuple[int, int], list[tuple[int, float]]] = {}
        self.exposure_memo: dict[tuple[int, Cell], float] = {}
        self.fall_memo: dict[tuple[int, Cell], float] = {}
        self.victims_memo: dict[Step, list[int]] = {}
        self.mine = mine
        # the units the declared attacks already reach (a declared blast: every unit in its area),
        # each priced with whatever the plan adds to its group
        self.declared_on = {g.target for g in plan_groups(match, self.declared)
                            if not g.score and self._known(g.target)}

    def _known(self, e: int) -> bool:
        return side_of(e) == self.side or not has(e, "hidden")

    # -- the options -----------------------------------------------------------------------------
    def options(self, u: int) -> list[Step]:
        """The unit's best few attacks (target, weapons, square; plain, risky stunt or blast) and no
        attack where it stands."""
        board = self.match.board
        foe_cells = [cell_of(e) for e in self.foes]
        reach = set(self.cells[u])
        here = cell_of(u)
        sets_free = [ws for ws in weapon_sets(self.match, u, False) if not ws[0].score]
        melee = [ws for ws in sets_free if not ws[0].ranged]
        ranged = [ws for ws in sets_free if ws[0].ranged]
        found: list[tuple[float, Step]] = []
        for t in self.targets:
            tc = cell_of(t)
            # the best square for a weapon-borne attack, and for a blast
            best: dict[bool, tuple[tuple[Any, ...], Step]] = {}
            for ws in melee:
                option = "+".join(x.id for x in ws)
                solo = self._solo(ws, t)
                x, y = tc
                for cell in ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy):
                    if cell not in reach:
                        continue
                    key = (False, -solo, self._exposure(u, cell), board.distance(here, cell))
                    if False not in best or key < best[False][0]:
                        best[False] = (key, Step(u, t, option, cell))
            tx, ty = tc
            for ws in ranged:
                w = ws[0]
                option = w.id
                solo = self._solo(ws, t)
                blast = bool(w.blast)
                for cell in reach:
                    cx, cy = cell
                    dist = max(abs(cx - tx), abs(cy - ty))  # square board: Chebyshev (Board.distance)
                    if not 1 <= dist <= w.range or any(
                            abs(cx - fx) <= 1 and abs(cy - fy) <= 1 for fx, fy in foe_cells):
                        continue
                    exposure = self._exposure(u, cell)
                    impaired = _cover(self.match, cell, tc)
                    key = (impaired, -solo, exposure, board.distance(here, cell))
                    if (blast not in best or key < best[blast][0]) and _los(self.match, cell, tc):
                        best[blast] = (key, Step(u, t, option, cell))
            variants = [step for _key, step in best.values()]
            if False in best:  # the weapon-borne attack as a risky stunt too (SV-IMPAIR)
                plain = best[False][1]
                variants.append(Step(u, t, STUNT + plain.option, plain.cell))  # type: ignore[operator]
            if variants:
                # the best way to attack each target: the search mixes targets, not variants
                found.append(max(((self._value((v,)), v) for v in variants), key=lambda kv: kv[0]))
        found.sort(key=lambda kv: -kv[0])
        return [s for _, s in found[:TOP]] + [Step(u, None, None, here)]

    def _fall(self, u: int, cell: Cell) -> float:
        """A risky stunt's expected cost on `cell`, as Normal prices it (`ai.attack_value`): if the
        DEX save fails, the unit lies Prone through the enemies' turn (their attacks Enhanced, two
        of them counted at most) and gets up with its next move."""
        key = (u, cell)
        found = self.fall_memo.get(key)
        if found is None:
            near = sum(1 for e in self.foes if self._threat(e, u, cell) > 0.0)
            fails = 1.0 - float(stunt_chance(u))
            found = self.fall_memo[key] = fails * (STUNT_MOVE + STUNT_FALL * min(2, near))
        return found

    def _victims(self, step: Step) -> list[int]:
        """The units a step's attack reaches: its target, or everyone in a blast's area that the
        side knows of."""
        found = self.victims_memo.get(step)
        if found is None:
            radius = weapons_of(step.option)[0].blast  # type: ignore[arg-type]
            if not radius:
                found = [step.target]  # type: ignore[list-item]
            else:
                found = [e for e in blast_victims(self.match, step.target, radius)  # type: ignore[arg-type]
                         if self._known(e)]
            self.victims_memo[step] = found
        return found

    def _solo(self, ws: tuple[Any, ...], target: int) -> float:
        """The weapons' damage on their own (dice only: ranks a unit's weapons)."""
        return float(damage_distribution([w.damage for w in ws], 0, armour_of(target)).expect())

    def _exposure(self, u: int, cell: Cell) -> float:
        """The enemies' reply on `u` standing on `cell`, each enemy's best weapon (no surviving
        chance applied)."""
        key = (u, cell)
        found = self.exposure_memo.get(key)
        if found is None:
            found = self.exposure_memo[key] = sum(self._threat(e, u, cell) for e in self.foes)
        return found

    def _threat(self, e: int, u: int, cell: Cell) -> float:
        """Enemy `e`'s best attack next turn on unit `u` on `cell` (harm and take-out as KILL,
        after u's dodge and armour), 0 when it cannot reach the square or loses that turn."""
        by_reach = self.threat_memo.get((e, u))
        if by_reach is None:
            s = get(u, SvScores)
            speed = get(e, SvScores).speed
            miss = 1.0 - dodge_chance(u)
            by_reach = []
            stun = conditions(e).active.get("stunned")
            # Stunned and yet to serve it (SV-STUNNED): it loses the turn the reply would come in
            for w in held(e) if stun is None or stun.get("served") else ():
                if w.blast:
                    continue
                h = harm(damage_distribution([w.damage], 0, armour_of(u)), get(u, Health).current, s.strength,
                         None, 0, save_mode(u, "STR"))
                by_reach.append((speed + (w.range or 1), miss * (h.expected + KILL * h.out)))
            self.threat_memo[(e, u)] = by_reach
        (ex, ey), (cx, cy) = cell_of(e), cell
        dist = max(abs(ex - cx), abs(ey - cy))  # square board: Chebyshev (Board.distance)
        return max((v for r, v in by_reach if dist <= r), default=0.0)

    # -- the search ------------------------------------------------------------------------------
    def _group(self, target: int, members: tuple[Step, ...]) -> tuple[float, float]:
        """(worth, take-out chance) of what the side's declared attacks and the plan's `members`
        do to `target`, grouped as the resolution groups them (`plan_groups`: a blast joins the
        gang on each unit it reaches, or is rolled apart, as the table's reading says), the planned
        attackers standing on their squares. An enemy's harm counts in full (a quarter if it is
        Unconscious already), a friend's at -FRIEND."""
        key = (target, members)
        found = self.group_memo.get(key)
        if found is not None:
            return found
        moved: list[tuple[Position, Cell]] = []
        try:
            for st in members:
                pos = get(st.unit, Position)
                moved.append((pos, pos.cell))
                pos.cell = st.cell
            planned = {**self.declared, **{str(st.unit): {"kind": Kind.ATTACK, "target": st.target,
                                                          "option": st.option} for st in members}}
            answers = [defender_choice(self.match, g) for g in plan_groups(self.match, planned)
                       if g.target == target and not g.score]
        finally:
            for pos, cell in reversed(moved):
                pos.cell = cell
        worth, stays = 0.0, 1.0
        for a in answers:
            if side_of(target) == self.side:
                worth -= FRIEND * (a.taken + KILL * a.taken_out)
            elif helpless(target):
                # already out of the fight: finishing it off only keeps it from being woken
                worth += HELPLESS * (a.taken + KILL * a.taken_dead)
            else:
                worth += -answer_value(a) + (FINISH - 1.0) * KILL * a.taken_out * self.last
                stays *= 1.0 - a.taken_out
        found = self.group_memo[key] = (worth, 1.0 - stays)
        return found

    def _value(self, steps: tuple[Step, ...]) -> float:
        by_target: dict[int, list[Step]] = {}
        worth = 0.0
        for st in steps:
            if st.target is not None:
                for e in self._victims(st):
                    by_target.setdefault(e, []).append(st)
                if is_stunt(st.option):  # type: ignore[arg-type]
                    worth -= REPLY * self._fall(st.unit, st.cell)
        cells = [st.cell for st in steps]
        if len(set(cells)) < len(cells):
            return float("-inf")
        survive = {e: 1.0 for e in self.foes}
        for t in set(by_target) | self.declared_on:
            w, out = self._group(t, tuple(by_target.get(t, ())))
            worth += w
            if t in survive:
                survive[t] = 1.0 - out
        where = {st.unit: st.cell for st in steps}
        reply = 0.0
        for e in self.foes:
            hit = max((self._threat(e, u, where.get(u, cell_of(u))) for u in self.mine), default=0.0)
            reply += survive[e] * hit
        return worth - REPLY * reply

    def best(self) -> Plan:
        """Every mix of the units' options; the best (ties: fewer attacks, then the first)."""
        if not self.todo:
            return Plan(0.0, {})
        choices = [self.options(u) for u in self.todo]
        best_val, best_steps = float("-inf"), None
        for combo in product(*choices):
            v = self._value(combo)
            if v > best_val + 1e-9:
                best_val, best_steps = v, combo
        # a group's worth is worked out with its own members placed; a group without the plan's
        # members (declared attacks only) is evaluated where everyone stands
        steps = {st.unit: st for st in best_steps or ()}
        return Plan(best_val, steps)


