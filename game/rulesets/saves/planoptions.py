"""The options each unit has in Hard's side plan (sideplan.py): its best few attacks, each with the
square to make it from, a knock-down of each enemy it can stand next to, and no attack.

An attack's square: melee next to the target, ranged in range and sight and out of the enemies'
reach, out of cover if it can, then the square the enemies' reply hits least, then the nearest.
A knock-down (SV-MANEUVER: the target saves DEX or falls Prone) is made from the square next to
its target that the reply hits least; it is worth something only through what the plan's other
units do to its target (their attacks Enhanced: SV-IMPAIR) and the move the target loses getting
up, so the search adds knock-downs to its best mixes of attacks (`_Planner.best`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.sight import cover_on_line, has_los
from game.rulesets.saves.components import has
from game.rulesets.saves.groups import STUNT
from game.rulesets.saves.odds import damage_distribution
from game.rulesets.saves.rules import armour_of, cell_of, weapon_sets

if TYPE_CHECKING:
    from game.core.match import Match

Cell = tuple[int, int]
#: attacks (each with its best square) kept per unit: the search tries every mix of them
TOP = 3
#: a planned knock-down's option (as the declaration names it)
KNOCK = "knockdown"


@dataclass(frozen=True)
class Step:
    """One unit's part: attack `target` with `option` from `cell` (target None: no attack;
    option `KNOCK`: knock the target down)."""

    unit: int
    target: int | None
    option: str | None
    cell: Cell


def los(match: Match, a: Cell, b: Cell) -> bool:
    """Line of sight between two squares, kept on the board."""
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


class Options:
    """The option lists of `_Planner` (it supplies the state and the pricing named here)."""

    match: Match
    foes: list[int]
    targets: list[int]
    cells: dict[int, list[Cell]]

    def _exposure(self, u: int, cell: Cell) -> float:  # pragma: no cover - the planner's
        raise NotImplementedError

    def _value(self, steps: tuple[Step, ...]) -> float:  # pragma: no cover - the planner's
        raise NotImplementedError

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
                for cell in _around(tc):
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
                    if (blast not in best or key < best[blast][0]) and los(self.match, cell, tc):
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

    def knocks(self, u: int) -> list[Step]:
        """A knock-down of each standing enemy the unit can stand next to (not one Prone already),
        from the square next to it that the enemies' reply hits least, then the nearest."""
        board = self.match.board
        reach = set(self.cells[u])
        here = cell_of(u)
        out: list[Step] = []
        for t in self.foes:
            if t not in self.targets or has(t, "prone"):
                continue
            cells = [c for c in _around(cell_of(t)) if c in reach]
            if cells:
                cell = min(cells, key=lambda c: (self._exposure(u, c), board.distance(here, c)))
                out.append(Step(u, t, KNOCK, cell))
        return out

    def _solo(self, ws: tuple[Any, ...], target: int) -> float:
        """The weapons' damage on their own (dice only: ranks a unit's weapons)."""
        return float(damage_distribution([w.damage for w in ws], 0, armour_of(target)).expect())


def _around(c: Cell) -> list[Cell]:
    x, y = c
    return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
