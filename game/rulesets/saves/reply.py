"""The enemies' ganged reply to a side plan (SV-GANG), for the Hard AI's side plan (sideplan.py).

The enemy declares as a side too: attackers on one unit pool their dice (keep the highest, +1 per
extra attacker) and the unit answers once. Pricing each enemy alone on the unit it hits hardest
misses what loses games: two or three enemies ganging on the weakest exposed unit for its
take-out. Here the enemies' reply is their own best assignment of attackers to the side's units,
from where the plan leaves them, each gang priced on the whole pool (after the unit's dodge and
armour, a take-out as `ai.KILL`), over the chance each enemy survives the plan's attacks.

Only enemies the side can see reply (the planner's own list); a reply depends on the side's
positions only through which enemy reaches which unit with which weapon, so the assignment is
kept per reach pattern: most of the plan's mixes share one.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from game.core.components import Health
from game.rulesets.saves.ai import KILL
from game.rulesets.saves.combat import dodge_chance
from game.rulesets.saves.components import SvScores, conditions, get
from game.rulesets.saves.odds import damage_distribution, gang_bonus, harm
from game.rulesets.saves.rules import armour_of, cell_of, held, save_mode

if TYPE_CHECKING:
    from game.core.match import Match

Cell = tuple[int, int]
#: an enemy whose survival chance is below this is left out of the reply's choice of targets (it
#: still joins, priced at its chance, the gang where it adds most)
LIKELY = 0.5
#: rounds of moving one enemy at a time to another target while the reply improves
PASSES = 3
#: assignments kept before the memo is cleared
MEMO_CAP = 50_000


class GangReply:
    """The visible enemies' best ganged reply on the side's `mine` (inside `with match.world`)."""

    def __init__(self, match: Match, foes: list[int], mine: list[int]) -> None:
        self.match = match
        self.mine = mine
        # Stunned and yet to serve it (SV-STUNNED): an enemy loses the turn the reply would come in
        self.foes = [e for e in foes if _acts(e)]
        self.foe_cells = {e: cell_of(e) for e in self.foes}
        self.gang_memo: dict[tuple[int, tuple[int, ...]], float] = {}
        self.plan_memo: dict[tuple[object, ...], dict[int, int]] = {}
        # per (enemy, unit): its weapons' (reach, die), best first against that unit
        self.arms: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for e in self.foes:
            speed = get(e, SvScores).speed
            dice = [(speed + (w.range or 1), w.damage) for w in held(e) if not w.blast]
            for u in mine:
                self.arms[(e, u)] = sorted(dice, key=lambda rd, u=u: -self.gang(u, (rd[1],)))

    def gang(self, u: int, dice: tuple[int, ...]) -> float:
        """What a gang rolling `dice` (sorted) does to `u`: harm and take-out as KILL, after its
        dodge (one answer to the whole group) and armour."""
        key = (u, dice)
        found = self.gang_memo.get(key)
        if found is None:
            s = get(u, SvScores)
            h = harm(damage_distribution(list(dice), gang_bonus(len(dice)), armour_of(u)),
                     get(u, Health).current, s.strength, None, 0, save_mode(u, "STR"))
            found = self.gang_memo[key] = (1.0 - dodge_chance(u)) * (h.expected + KILL * h.out)
        return found

    def reach(self, where: dict[int, Cell]) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per enemy, the units it reaches (each with the die of its best weapon that reaches)."""
        out = []
        for e in self.foes:
            ex, ey = self.foe_cells[e]
            row = []
            for u in self.mine:
                cx, cy = where[u]
                dist = max(abs(ex - cx), abs(ey - cy))  # square board: Chebyshev (Board.distance)
                die = next((d for r, d in self.arms[(e, u)] if dist <= r), 0)
                if die:
                    row.append((u, die))
            out.append(tuple(row))
        return tuple(out)

    def value(self, where: dict[int, Cell], survive: dict[int, float]) -> float:
        """The reply's expected worth to the enemy, the side's units on `where`."""
        if not self.foes:
            return 0.0
        rows = self.reach(where)
        likely = tuple(survive.get(e, 1.0) >= LIKELY for e in self.foes)
        key = (rows, likely)
        plan = self.plan_memo.get(key)
        if plan is None:
            if len(self.plan_memo) > MEMO_CAP:
                self.plan_memo.clear()
            plan = self.plan_memo[key] = self._assign(rows, likely)
        gangs: dict[int, list[tuple[int, float]]] = {}
        for i, e in enumerate(self.foes):
            u = plan.get(e)
            if u is not None:
                gangs.setdefault(u, []).append((dict(rows[i])[u], survive.get(e, 1.0)))
        return sum(self._expected(u, members) for u, members in gangs.items())

    def _expected(self, u: int, members: list[tuple[int, float]]) -> float:
        """A gang's worth over which of its members survive the plan's attacks."""
        if all(p >= 1.0 for _d, p in members):
            return self.gang(u, tuple(sorted(d for d, _p in members)))
        total = 0.0
        for alive in product((True, False), repeat=len(members)):
            p = 1.0
            dice = []
            for (d, q), ok in zip(members, alive, strict=True):
                p *= q if ok else 1.0 - q
                if ok:
                    dice.append(d)
            if dice and p > 0.0:
                total += p * self.gang(u, tuple(sorted(dice)))
        return total

    def _assign(self, rows: tuple[tuple[tuple[int, int], ...], ...],
                likely: tuple[bool, ...]) -> dict[int, int]:
        """The enemies' targets: each likely survivor first on the unit it hurts most alone, then
        moved one at a time to the gang it adds most to while that improves the reply; the likely
        fallen then join where each adds most."""
        dice = [dict(r) for r in rows]
        on: dict[int, int] = {}

        def pool(u: int, without: int | None = None, extra: int = 0) -> tuple[int, ...]:
            got = [dice[i][u] for i, e in enumerate(self.foes) if on.get(e) == u and e != without]
            return tuple(sorted(got + ([extra] if extra else [])))

        def gain(i: int, u: int) -> float:
            e = self.foes[i]
            here = pool(u, without=e)
            return self.gang(u, tuple(sorted(here + (dice[i][u],)))) - (self.gang(u, here) if here else 0.0)

        order = [i for i in range(len(self.foes)) if likely[i] and dice[i]]
        for i in order:
            on[self.foes[i]] = max(dice[i], key=lambda u, i=i: self.gang(u, (dice[i][u],)))
        for _ in range(PASSES):
            changed = False
            for i in order:
                e = self.foes[i]
                now = gain(i, on[e])
                best = max(dice[i], key=lambda u, i=i: gain(i, u))
                if best != on[e] and gain(i, best) > now + 1e-9:
                    on[e] = best
                    changed = True
            if not changed:
                break
        for i in range(len(self.foes)):
            if not likely[i] and dice[i]:
                on[self.foes[i]] = max(dice[i], key=lambda u, i=i: gain(i, u))
        return on


def _acts(e: int) -> bool:
    stun = conditions(e).active.get("stunned")
    return stun is None or bool(stun.get("served"))
