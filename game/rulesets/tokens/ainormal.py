"""Normal's narrower ranking in tokens: the sprints it weighs (`normal_skip`) and its follow-up
read without a scratch copy (`attacks_after`).

A unit has some 25 sprints (8 tiles in a straight line, turning one tile a step), most of them to
tiles no plain move reaches, and Normal weighed each in full (the enemy fire and the unit's own
menace on every end tile) for every decision of the side's turn: most of its thinking. A sprint is
for closing fast or running away, so Normal weighs only the few that close most on a firing tile
and the few that end farthest from the enemy. Hard weighs them all (it gives Normal's ranking its
own width: `utility.NormalAI.rank`).

Normal's lookahead stepped each promising move (and unit choice) on a scratch copy of the match and
weighed the unit's best attack after it: the other half of its thinking. `attacks_after` lists
those attacks from what the action leaves the unit (where a move ends, its attack tokens and
rounds, a drawn weapon), so the same candidates are weighed on the match as it stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.action import Action
from game.rulesets.tokens.ai import _closest, _mover, closing_of
from game.rulesets.tokens.aiplan import _left_after
from game.rulesets.tokens.aithreat import (
    foes_known,
    hidden_now,
    menace,
    menace_cells,
    threat_by,
    threat_cells,
)
from game.rulesets.tokens.combat import in_reach, weapon
from game.rulesets.tokens.components import TkGear, TkTokens, get, side_of
from game.rulesets.tokens.kinds import Kind

if TYPE_CHECKING:
    from game.core.match import Match

#: per unit, the sprints worth most on a rough price of their end tile and those that end
#: farthest from the enemy, weighed in full
CLOSING_SPRINTS = 3
FLEEING_SPRINTS = 2
#: the rough price: Normal's tokens weights (`TokensRuleset.ai_weights`, `terms.WEIGHTS`) on the
#: closing in, the enemy fire there, the unit's menace from there, its volley there on a firing
#: tile (before armour) and the closing on the nearest enemy (in place of the planned target)
ROUGH = {"progress": 0.5, "safety": 0.5, "menace": 0.6, "followup": 0.85, "approach": 0.3}


def normal_skip(match: Match, legal: list[Action]) -> frozenset[int]:
    """The sprints Normal leaves unweighed: those ending where a plain move of the same unit does,
    and past each unit's few worth most on a rough price of their end tile (closing in, the enemy
    fire there, what it threatens from there) and few that end farthest from the enemy."""
    moved = {(a.actor, a.cell) for a in legal if a.kind == Kind.MOVE}
    per_unit: dict[int, list[int]] = {}
    skip: set[int] = set()
    for i, a in enumerate(legal):
        if a.kind == Kind.SPRINT and a.path and a.actor is not None:
            if (a.actor, a.path[-1]) in moved:
                skip.add(i)
            else:
                per_unit.setdefault(a.actor, []).append(i)
    for ent, ids in per_unit.items():
        if len(ids) <= CLOSING_SPRINTS + FLEEING_SPRINTS:
            continue
        mover = _mover(match, ent)
        foes = mover[3]
        ends = {i: legal[i].path[-1] for i in ids}
        near = {i: _closest(ends[i], foes) for i in ids}
        close = _best_rough(match, ent, ids, ends, near, mover)
        flee = sorted(ids, key=lambda i: (-near[i], i))[:FLEEING_SPRINTS]
        keep = set(close) | set(flee)
        skip.update(i for i in ids if i not in keep)
    return frozenset(skip)


def _best_rough(match: Match, ent: int, ids: list[int], ends: dict[int, tuple[int, int]],
                near: dict[int, int], mover: tuple) -> list[int]:
    """The `CLOSING_SPRINTS` sprints of `ent` worth most on `_rough` (ties: nearer an enemy, then
    listed first)."""
    volley = _volley(ent)
    at_start = mover[5].get(mover[0])
    fires, side = threat_cells(match, side_of(ent)), side_of(ent)
    menaces = menace_cells(match, ent)[0]
    worth = {}
    for i in ids:
        end = ends[i]
        by = fires.get(end)
        if by is None:
            by = threat_by(match, side, end)
        m = menaces.get(end)
        if m is None:
            m = menace(match, ent, end)
        worth[i] = _rough(mover, at_start, sum(by.values()), m, end, volley, near[i])
    return sorted(ids, key=lambda i: (-worth[i], near[i], i))[:CLOSING_SPRINTS]


def _rough(mover: tuple, at_start: int | None, fire: float, menace_: float, end: tuple[int, int],
           volley: float, closest: int) -> float:
    """`ROUGH`'s price of a sprint to `end` (`fire`: `threat_by`'s sum there, `menace_`: the unit's
    `menace` there, `volley`: what its tokens fire, before armour; `closest`: tiles from `end` to
    the nearest enemy; the unit's `_mover` given)."""
    # on a firing tile (an enemy in range and sight) the unit fires its volley
    return (ROUGH["progress"] * closing_of(mover, at_start, end) - ROUGH["safety"] * fire
            + ROUGH["menace"] * menace_
            + (ROUGH["followup"] * volley if mover[5].get(end) == 0 else 0.0)
            + ROUGH["approach"] * (mover[4] - closest))


def _volley(ent: int) -> float:
    """The damage (before armour) the attacks `ent`'s tokens and rounds pay for with its weapon in hand."""
    held = get(ent, TkGear).held
    if not held:
        return 0.0
    w = weapon(held)
    n = get(ent, TkTokens).attack // max(1, w.cost)
    if w.ammo:
        n = min(n, get(ent, TkGear).loaded.get(held, 0))
    return float(max(0, n) * w.damage)


def attacks_after(match: Match, action: Action) -> list[Action] | None:
    """The attacks the actor could make once the action is done, as things stand: its held (or
    drawn) weapon, with the attack tokens and rounds the action leaves it, on each enemy it can
    place in range and sight of where the action leaves it (none after an attack or an Await).
    None after a sneak: the first attack from hiding gains its successes (TK-SNEAK), which only
    playing the sneak tells."""
    ent = action.actor
    if action.kind == Kind.SNEAK:
        return None
    if ent is None or action.kind in (Kind.END, Kind.ATTACK, Kind.AWAIT):
        return []
    held = action.option if action.kind == Kind.DRAW else get(ent, TkGear).held
    if not held:
        return []
    w = weapon(held)
    cell, _move, attack, loaded = _left_after(match, action)
    if attack < w.cost or (w.ammo and loaded <= 0):
        return []
    side = side_of(ent)
    board = match.board
    # a hidden enemy cannot be attacked
    hidden = hidden_now(match, side)
    return [Action(Kind.ATTACK, ent, target=foe, option=held) for foe, c in foes_known(match, side).items()
            if foe not in hidden and in_reach(board, cell, c, w.range)]
